/**
 * The letter dates as a sequence (docs/decisions.md "Letters: what each letter says"): the audit letter
 * goes before the reminder, both before coverage starts, and the respond-by date falls after the letter
 * and before coverage starts. A letter that breaks the sequence would tell a tenant to answer after the
 * plan is already on their rent; generating it is refused. Pure: the generate call and the tests use it.
 */
import type { LetterDates, MailedLetterType } from './letter-types';
import { slashDate } from './letter-text';

const LABELS = {
  audit_letter_date: 'Audit Letter Date',
  reminder_letter_date: 'Reminder Letter Date',
  letter_effective_date: 'Letter Effective Date',
  update_responses_deadline_date: 'Update Responses Deadline',
} as const;
type DateKey = keyof typeof LABELS;

/** The planned dates of a letter, the letter's own date standing in for its type's. */
function sequenceOf(type: MailedLetterType, d: LetterDates): Record<DateKey, string | null> {
  return {
    audit_letter_date: type === 'initial' ? d.letter_date : d.audit_letter_date,
    reminder_letter_date: type === 'reminder' ? d.letter_date : d.reminder_letter_date,
    letter_effective_date: d.letter_effective_date,
    update_responses_deadline_date: d.update_responses_deadline_date,
  };
}

/** Each pair [earlier, later] that must hold when both are set. */
const ORDER: readonly [DateKey, DateKey][] = [
  ['audit_letter_date', 'reminder_letter_date'],
  ['audit_letter_date', 'letter_effective_date'],
  ['reminder_letter_date', 'letter_effective_date'],
  ['update_responses_deadline_date', 'letter_effective_date'],
];

/** What is wrong with the dates of an audit or reminder letter, one sentence each (none for welcome letters). */
export function letterDateProblems(type: MailedLetterType, dates: LetterDates): string[] {
  if (type === 'welcome') return [];
  const d = sequenceOf(type, dates);
  const problems = ORDER.flatMap(([earlier, later]) => {
    const a = d[earlier];
    const b = d[later];
    return a && b && a >= b ? [`The ${LABELS[earlier]} (${slashDate(a)}) must be before the ${LABELS[later]} (${slashDate(b)}).`] : [];
  });
  const deadline = d.update_responses_deadline_date;
  if (deadline && deadline <= dates.letter_date) {
    problems.push(`The Update Responses Deadline (${slashDate(deadline)}) must be after the date of the letter (${slashDate(dates.letter_date)}): tenants need time to answer.`);
  }
  return problems;
}
