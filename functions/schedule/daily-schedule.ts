/**
 * The program's day (issue 27), run once a day: EventBridge starts it deployed (infra/api-stack.ts,
 * shared/schedules.ts), the local runtime on its own clock (localstack/runtime/daily-clock.ts), and the
 * tests with a fixed day. In this order:
 *   1. proofs of insurance that ended (on the day, or on a day no run covered) take their tenants back
 *      to no response (functions/reminders/proof-expiry.ts);
 *   2. proofs ending in 30 and in 7 days are reminded by e-mail;
 *   3. when Program Settings turn it on, tenants who have not answered are reminded of their cycle's
 *      response deadline (functions/reminders/deadline-reminders.ts).
 * Reminders need the program's identity (its name, website for the portal's link, return address): while
 * it is incomplete they wait, and go on the first run after it is set (the days missed are made up, up
 * to CATCH_UP_DAYS). Every reminder is claimed once, so running a day again sends nothing twice.
 *
 *   SCHEDULE#daily / LAST_RUN   { day, at, report }   the last run that finished: the next one makes up the days after it
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { deadlineReminderDays } from '../../shared/contracts/program-settings';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { identityProblem, programToday, readProgramSettings } from '../program/program-settings';
import { remindDeadlines } from '../reminders/deadline-reminders';
import { endExpiredProofs, remindProofExpiries } from '../reminders/proof-expiry';
import type { EndCounts, ReminderCounts } from '../reminders/proof-expiry';
import { isDay, runDaysCovered } from '../reminders/reminder-days';
import type { DayRange } from '../reminders/reminder-days';
import { logger } from '../runtime/logger';
import { flushMetrics } from '../runtime/metric-flush';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';

export const LAST_RUN_KEY = { pk: 'SCHEDULE#daily', sk: 'LAST_RUN' } as const;

export interface DailyReport {
  day: string;
  /** The run days covered: the day, and those no run covered since the last one. */
  covered: DayRange;
  proofs_ended: EndCounts;
  proof_reminders: { 30: ReminderCounts; 7: ReminderCounts } | null;
  deadline_reminders: (ReminderCounts & { cycles: number; days_before: number }) | null;
  /** Why reminders waited (the program's identity is incomplete), or null. */
  reminders_waiting: string | null;
}

/** The day of the last run that finished, or null before the first. */
export async function lastRunDay(): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: LAST_RUN_KEY, ConsistentRead: true }));
  return (out.Item?.day as string | undefined) ?? null;
}

/** Records the run; a run of an earlier day (by hand, to make one up) never moves the day back. */
async function recordRun(report: DailyReport): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: LAST_RUN_KEY,
    UpdateExpression: 'SET #type = :type, #day = :day, #at = :at, #report = :report',
    ConditionExpression: 'attribute_not_exists(#day) OR #day <= :day',
    ExpressionAttributeNames: { '#type': 'type', '#day': 'day', '#at': 'at', '#report': 'report' },
    ExpressionAttributeValues: { ':type': 'schedule_run', ':day': report.day, ':at': new Date().toISOString(), ':report': report },
  })).catch((err: unknown) => {
    if (!isConditionalCheckFailed(err)) throw err;
  });
}

/** Runs the program's day `day` (yyyy-MM-dd, the program's calendar). */
export async function runDailySchedule(day: string): Promise<DailyReport> {
  if (!isDay(day)) throw new Error(`runDailySchedule needs a day as yyyy-MM-dd, not '${day}'`);
  const covered = runDaysCovered(day, await lastRunDay());
  const proofsEnded = await endExpiredProofs(day);
  const view = await readProgramSettings();
  const waiting = identityProblem(view, 'reminders are e-mailed');
  const days = deadlineReminderDays(view.settings);
  const report: DailyReport = {
    day, covered, proofs_ended: proofsEnded, reminders_waiting: waiting,
    proof_reminders: waiting ? null : await remindProofExpiries(covered, view.settings),
    deadline_reminders: waiting || days === null ? null : { ...(await remindDeadlines(covered, days, view.settings)), days_before: days },
  };
  if (waiting) logger.warn('reminders wait for the program settings', { reason: waiting });
  // Reminders that waited are not covered: the day is recorded only once they could go.
  if (!waiting) await recordRun(report);
  return report;
}

/**
 * The Lambda EventBridge starts: today in the program's time zone. Ops may invoke it with `{ "day":
 * "yyyy-MM-dd" }` to run a day by hand (docs/operations.md "The daily schedule"); EventBridge's own event has no `day`.
 */
export async function handleDailySchedule(event?: { day?: unknown }): Promise<DailyReport> {
  try {
    const day = typeof event?.day === 'string' ? event.day : await programToday();
    const report = await runDailySchedule(day);
    logger.info('daily schedule done', { report });
    return report;
  } finally {
    flushMetrics();
  }
}
