/**
 * Issue 27 at the program's scale: the daily schedule reads only what is due that day. Run at each step of
 * the tenant phase (150,000 tenants, then 1.5 million) on a fixed day ahead of today, so that proofs of the
 * scale seed end on it and are reminded of (the seed gives every accepted proof the day its policy ends,
 * localstack/demo/cycles.ts proofExpiryOf), with the deadline reminder turned on in Program Settings.
 *
 * Every DynamoDB command of the run is recorded with its index and the items it returned: a Scan fails the
 * run, and the items read are set beside what was due. What is due on the day is counted, not assumed:
 * the report's own counts (ended, reminded, unsubscribed, no address...) say how many tenants the run
 * acted on, and the items read must stay of that order whatever the number of tenants in the program.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { programSettingsFields } from '../../shared/contracts/program-settings';
import { readProgramSettings, saveProgramSettings } from '../../functions/program/program-settings';
import { addDays } from '../../functions/reminders/reminder-days';
import { LAST_RUN_KEY, runDailySchedule } from '../../functions/schedule/daily-schedule';
import type { DailyReport } from '../../functions/schedule/daily-schedule';
import { READS, itemsOf } from './recorded-operations';

/** The deadline reminder's days before, turned on for the bench (off by default in Program Settings). */
export const BENCH_DEADLINE_REMINDER_DAYS = '5';

export interface ScheduleTiming {
  day: string;
  error: string | null;
  seconds: number | null;
  report: DailyReport | null;
  /** Tenants the run acted on or looked at for a reason of the day: ended, and each reminder's outcome. */
  due: number;
  /** Per command and index ('Query texpiry'), how many were sent and the items they returned. */
  reads: { command: string; calls: number; items: number }[];
  itemsRead: number;
  writes: number;
  scans: number;
}

interface Seen { command: string; calls: number; items: number; read: boolean }

/** Records this process's DynamoDB commands (the schedule runs in it) until `stop`. */
function recordSchedule(): { stop: () => Seen[] } {
  const seen = new Map<string, Seen>();
  const name = 'benchScheduleRecorder';
  dynamo().middlewareStack.add((next, context) => async (args) => {
    const command = String(context.commandName ?? 'unknown').replace(/Command$/, '');
    const index = (args.input as { IndexName?: string }).IndexName;
    const result = await next(args);
    const key = index ? `${command} ${index}` : command;
    const entry = seen.get(key) ?? { command: key, calls: 0, items: 0, read: READS.has(command) };
    entry.calls += 1;
    entry.items += itemsOf(command, result.output as Record<string, unknown>);
    seen.set(key, entry);
    return result;
  }, { step: 'initialize', name });
  return { stop: () => { dynamo().middlewareStack.remove(name); return [...seen.values()]; } };
}

/** Turns the deadline reminder on (an admin's save in Program Settings), once. */
async function turnOnDeadlineReminders(): Promise<void> {
  const view = await readProgramSettings();
  if (view.settings.deadline_reminder_days === BENCH_DEADLINE_REMINDER_DAYS) return;
  // Through the contract, as the Program Settings page's save is checked.
  const fields = programSettingsFields.parse({ ...view.settings, deadline_reminder_days: BENCH_DEADLINE_REMINDER_DAYS });
  await saveProgramSettings(fields, view.version, { user_id: 'bench', username: 'bench' });
}

const dueOf = (r: DailyReport): number => {
  const counts = [r.proof_reminders?.[30], r.proof_reminders?.[7], r.deadline_reminders].filter((c) => c != null);
  return r.proofs_ended.ended + r.proofs_ended.failed
    + counts.reduce((n, c) => n + c.sent + c.suppressed + c.unsubscribed + c.no_address + c.already_sent + c.failed, 0);
};

/**
 * Runs the program's day `today + daysAhead` as EventBridge would start it, alone: the record of the last
 * run is removed first, so the run covers that one day (not the days since an earlier step's run).
 */
export async function timeDailySchedule(today: string, daysAhead: number): Promise<ScheduleTiming> {
  const day = addDays(today, daysAhead);
  try {
    await turnOnDeadlineReminders();
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: LAST_RUN_KEY }));
    const recorder = recordSchedule();
    const started = performance.now();
    let report: DailyReport;
    let seen: Seen[];
    try {
      report = await runDailySchedule(day);
    } finally {
      seen = recorder.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    const reads = seen.filter((s) => s.read).map(({ command, calls, items }) => ({ command, calls, items }));
    const scans = seen.filter((s) => s.command.startsWith('Scan')).reduce((n, s) => n + s.calls, 0);
    return {
      day, error: scans > 0 ? `the daily schedule sent ${scans} Scan` : report.reminders_waiting ? `reminders waited: ${report.reminders_waiting}` : null,
      seconds, report, due: dueOf(report), reads, itemsRead: reads.reduce((n, r) => n + r.items, 0),
      writes: seen.filter((s) => !s.read).reduce((n, s) => n + s.calls, 0), scans,
    };
  } catch (err) {
    return { day, error: (err as Error).message, seconds: null, report: null, due: 0, reads: [], itemsRead: 0, writes: 0, scans: 0 };
  }
}

/** One line for the bench's log. */
export function scheduleSummary(t: ScheduleTiming): string {
  if (t.error && !t.report) return `daily schedule of ${t.day}: FAIL ${t.error}`;
  const r = t.report!;
  const reminders = (c: { sent: number } | null | undefined) => (c ? c.sent : 0);
  return `daily schedule of ${t.day}: ${t.seconds!.toFixed(1)} s; ended ${r.proofs_ended.ended}, e-mailed ${reminders(r.proof_reminders?.[30])} at 30 days, `
    + `${reminders(r.proof_reminders?.[7])} at 7, ${reminders(r.deadline_reminders)} of a deadline (${r.deadline_reminders?.cycles ?? 0} cycles); `
    + `${t.due} tenants due, ${t.itemsRead} items read (${t.reads.map((x) => `${x.command} ×${x.calls}: ${x.items}`).join(', ')}), ${t.scans} Scan${t.error ? `; FAIL ${t.error}` : ''}`;
}
