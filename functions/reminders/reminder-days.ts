/**
 * The calendar of the daily schedule (issue 27), pure: which days a run covers and which days each of
 * its reads asks the indexes for. Days are the program's calendar days (yyyy-MM-dd, Program Settings'
 * time zone), counted as dates, never as instants, so daylight saving never moves one.
 */

/** A proof of insurance is reminded of this many days before it ends, once each. */
export const PROOF_EXPIRY_REMINDER_DAYS = [30, 7] as const;
export type ProofExpiryReminder = (typeof PROOF_EXPIRY_REMINDER_DAYS)[number];

/**
 * How many missed days a run makes up for (the schedule did not run: a failed deploy, an outage): their
 * reminders go late rather than never. Beyond this ops run the days by hand (docs/operations.md).
 */
export const CATCH_UP_DAYS = 7;

/**
 * How far back the end of proofs looks: a proof whose day has passed and that is still watched (a day
 * the schedule missed, a proof staff accepted after its end, a tenant write refused on its day) is ended
 * on the next run. A proof more than this long past its day when accepted stays until staff change it.
 */
export const PROOF_END_LOOKBACK_DAYS = 62;

const DAY_MS = 86_400_000;

export const isDay = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** The day `n` days after `day` (before it when n < 0). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A range of days, both ends included. */
export interface DayRange { from: string; to: string }

/**
 * The run days a run on `day` covers: `day` itself, and the days since the last completed run that
 * none covered (at most CATCH_UP_DAYS back). Run again on a day already covered, it covers that day
 * again: every reminder is claimed once (reminder-claims.ts), so nothing goes twice.
 */
export function runDaysCovered(day: string, lastRun: string | null): DayRange {
  if (!lastRun || lastRun >= day) return { from: day, to: day };
  const earliest = addDays(day, -CATCH_UP_DAYS);
  const next = addDays(lastRun, 1);
  return { from: next > earliest ? next : earliest, to: day };
}

/** The range `n` days after each run day of `runs`: the days whose proofs (or deadlines) are due a reminder `n` days before. */
export const shifted = (runs: DayRange, n: number): DayRange => ({ from: addDays(runs.from, n), to: addDays(runs.to, n) });

/** The months ('2027-03') a range of days touches, in order: the proof-expiry index's partitions. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  for (let m = range.from.slice(0, 7); m <= range.to.slice(0, 7);) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  return months;
}

/**
 * The sort-key bounds of a range of days in the proof-expiry index (sort key `{day}#...`): BETWEEN the
 * first day and the last day followed by '$', which sorts after its '#' and before the next day.
 */
export const sortKeyBounds = (range: DayRange): { low: string; high: string } => ({ low: range.from, high: `${range.to}$` });
