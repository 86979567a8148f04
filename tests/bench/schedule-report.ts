/** docs/benchmarks.md: the daily schedule at each tenant step (tests/bench/schedule-timing.ts), its target row and its table. */
import { row } from './report-parts';
import type { TargetLine } from './report-parts';
import type { ScheduleTiming } from './schedule-timing';
import { drainedSummary } from './queues-drained';
import type { QueuesDrained } from './queues-drained';
import { BENCH_DEADLINE_REMINDER_DAYS } from './schedule-timing';
import { verdict } from './targets';

const count = (n: number) => n.toLocaleString('en-US');

interface Step { tenants: number; schedule: ScheduleTiming; drained?: QueuesDrained }

export const schedulePasses = (t: ScheduleTiming): boolean => t.error === null && t.scans === 0;

/** One target row: every step's run read no Scan and finished; the items read set beside what was due. */
export function scheduleTargetLine(prefix: string, steps: readonly Step[]): TargetLine {
  return {
    target: `${prefix}${steps.map((s) => `${count(s.tenants)} tenants`).join(' and ')}: the daily schedule reads only what is due that day (no Scan)`,
    measured: steps.map((s) => (s.schedule.report
      ? `${count(s.tenants)}: ${count(s.schedule.due)} due, ${count(s.schedule.itemsRead)} items read, ${s.schedule.scans} Scan, ${s.schedule.seconds!.toFixed(1)} s${s.schedule.error ? ` (FAIL: ${s.schedule.error})` : ''}`
      : `${count(s.tenants)}: FAIL ${s.schedule.error}`)).join('; '),
    pass: steps.length > 0 && steps.every((s) => schedulePasses(s.schedule)),
    machine: null,
  };
}

const reminded = (c: { sent: number; suppressed: number; unsubscribed: number; no_address: number; already_sent: number; failed: number } | null | undefined) =>
  (c ? `${c.sent} sent${c.no_address ? `, ${c.no_address} no address` : ''}${c.unsubscribed ? `, ${c.unsubscribed} unsubscribed` : ''}${c.suppressed ? `, ${c.suppressed} suppressed` : ''}${c.already_sent ? `, ${c.already_sent} already sent` : ''}${c.failed ? `, ${c.failed} failed` : ''}` : 'off');

export function scheduleSection(steps: readonly Step[]): string[] {
  return [
    '### The daily schedule at each step',
    '',
    'After each step\'s archive, the daily schedule (`functions/schedule/daily-schedule.ts`, as EventBridge starts it) runs alone on a day',
    'ahead of today (10 days at the first step, 20 at the next, so each meets proofs no earlier run ended; the record of the last run is',
    'removed first, so the run covers that one day), with the deadline reminder turned on in Program Settings',
    `(${BENCH_DEADLINE_REMINDER_DAYS} days before). The scale seed gives each accepted proof the day its policy ends, within a year of the upload`,
    '(`localstack/demo/cycles.ts` `proofExpiryOf`). Every DynamoDB command of the run is recorded with its index and the items it returned',
    '(`tests/bench/schedule-timing.ts`); "due" counts the tenants the run acted on or looked at for a reason of the day (ended, and each',
    'reminder\'s outcome). The e-mails go to LocalStack\'s SES, which puts an event of each on the email-events queue; the bench waits',
    'for the program\'s queues to empty before it measures anything else (`tests/bench/queues-drained.ts`).',
    '',
    row(['Step', 'Day', 'Run (s)', 'Proofs ended', '30-day reminders', '7-day reminders', 'Deadline reminders', 'Due', 'Items read', 'Reads (calls: items)', 'Writes', 'Scan', 'Result']),
    row(['---', '---', '---:', '---:', '---', '---', '---', '---:', '---:', '---', '---:', '---:', '---']),
    ...steps.map((s) => {
      const t = s.schedule;
      const r = t.report;
      if (!r) return row([`${count(s.tenants)} tenants`, t.day, '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', `FAIL: ${t.error}`]);
      return row([
        `${count(s.tenants)} tenants`, t.day, t.seconds!.toFixed(1), `${r.proofs_ended.ended}${r.proofs_ended.failed ? ` (${r.proofs_ended.failed} refused)` : ''}`,
        reminded(r.proof_reminders?.[30]), reminded(r.proof_reminders?.[7]),
        r.deadline_reminders ? `${reminded(r.deadline_reminders)} (${r.deadline_reminders.cycles} cycles)` : 'off',
        count(t.due), count(t.itemsRead), t.reads.map((x) => `${x.command} ${x.calls}: ${count(x.items)}`).join(', '), count(t.writes), t.scans,
        t.error ? `FAIL: ${t.error}` : verdict(schedulePasses(t)),
      ]);
    }),
    '',
    ...steps.filter((s) => s.drained).map((s) => `- ${count(s.tenants)} tenants, after the run: ${drainedSummary(s.drained!)}.`),
    '',
  ];
}
