/**
 * The letter dates the archive wizard proposes (spec facilities-cycles-shell §9: the current dates plus
 * 3 months; docs/decisions.md "Archives: the calls and records"): each of the facility's dates moved
 * ARCHIVE_DATE_MONTHS months on, a date the facility lacks counted from the program's today.
 */
import type { ArchiveLetterDates } from '../../shared/contracts/archives';
import { ARCHIVE_DATE_MONTHS } from '../../shared/contracts/archives';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar date (YYYY-MM-DD) moved by whole months; a day the target month lacks becomes its last day
 * (11-30 + 3 months = 02-28, or 02-29 in a leap year), so the date never spills into the month after.
 */
export function plusMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}

/** The facility's dates the wizard starts from (facility fields; the wizard names them differently). */
export interface FacilityLetterDates {
  letter_effective_date: string | null;
  initial_letter_send_date: string | null;
  reminder_letter_send_date: string | null;
}

/** The proposed dates: each current date plus ARCHIVE_DATE_MONTHS, or `today` plus as much when the facility has none. */
export function proposedLetterDates(facility: FacilityLetterDates, today: string): ArchiveLetterDates {
  const next = (date: string | null) => plusMonths(date ?? today, ARCHIVE_DATE_MONTHS);
  return {
    letter_effective_date: next(facility.letter_effective_date),
    initial_letter_date: next(facility.initial_letter_send_date),
    reminder_letter_date: next(facility.reminder_letter_send_date),
  };
}
