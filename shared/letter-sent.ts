/**
 * Which tenant fields record that a letter type went out (a welcome letter: by post, or the certificate
 * by e-mail). A tenant carrying one was sent that letter, and mailing it again takes the explicit
 * `resend` of the generate call (docs/decisions.md "Letters: no tenant is mailed twice by accident").
 * Its own module, without zod, so the mailing rule every tenant write runs does not bundle the contracts.
 */
import type { MailedLetterType } from './contracts/letters';

export const LETTER_SENT_FIELDS = {
  initial: ['initial_letter_sent_date'],
  reminder: ['reminder_letter_sent_date'],
  welcome: ['welcome_letter_sent_date', 'welcome_certificate_emailed_date'],
} as const satisfies Record<MailedLetterType, readonly string[]>;
export type LetterSentField = (typeof LETTER_SENT_FIELDS)[MailedLetterType][number];

export const wasSentLetter = (t: Partial<Record<LetterSentField, string | null>>, type: MailedLetterType): boolean =>
  LETTER_SENT_FIELDS[type].some((field) => Boolean(t[field]));
