/**
 * When a chosen coverage plan starts: one rule for whoever records the choice (the tenant on the
 * portal, the facility's manager, staff), docs/decisions.md "One coverage start date". The letter
 * promised the plan from its effective date, so a plan chosen before that date starts on it; once the
 * date has passed (or the cycle has none) the plan starts today; a date the person enters wins.
 */

/** The letter dates the rule reads: the cycle's letter effective date (YYYY-MM-DD, or with a time). */
export interface LetterPromise { letter_effective_date: string | null }

/**
 * The date the tenant's letter promised: its cycle's letter effective date, or the facility's (the
 * newest cycle's copy) where the cycle has none, as the letter itself prints it (letter-content.ts).
 */
export const letterPromiseOf = (cycle: LetterPromise | null, facility: LetterPromise): LetterPromise =>
  ({ letter_effective_date: cycle?.letter_effective_date ?? facility.letter_effective_date });

/**
 * The plan's insurance effective date (YYYY-MM-DD). `today` is the program's calendar day (the
 * server's `programToday`), never the machine's, so a choice at 8 pm in Chicago is that day's.
 */
export function coverageStartDate(cycle: LetterPromise, today: string, entered?: string | null): string {
  if (entered) return entered.slice(0, 10);
  const promised = cycle.letter_effective_date?.slice(0, 10) ?? null;
  return promised && promised > today ? promised : today;
}
