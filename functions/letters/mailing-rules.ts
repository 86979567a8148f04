/**
 * Which letter each tenant is ready for (the Send Letters filters and their counts, spec §2, §3 'Filter
 * counts for mailing'); docs/decisions.md "Letters: who is ready for which letter". Pure: the tenant
 * store's counters, the slim list index and the letter job all read the same rule.
 */
import type { MailedLetterType, MailingCountKey } from '../../shared/contracts/letters';
import { LETTER_SENT_FIELDS } from '../../shared/letter-sent';

/** The tenant fields the rule reads. */
export interface MailingTenant {
  status: string | null;
  tagged_for_removal: boolean;
  email?: string;
  address?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  initial_letter_sent_date: string | null;
  reminder_letter_sent_date: string | null;
  welcome_letter_sent_date: string | null;
  welcome_certificate_emailed_date?: string | null;
}

const KEYWORDS = new Set(['provide_proof', 'opt_out', 'moved_out', 'bad_address', 'no_response']);
const hasCoverage = (status: string | null) => status !== null && status !== '' && !KEYWORDS.has(status);
const noResponse = (status: string | null) => status === null || status === '' || status === 'no_response';

/** Mail cannot reach a tenant whose address misses a part; the Send Letters table hides them (spec §2). */
export const isMailable = (t: MailingTenant): boolean =>
  t.address === undefined || [t.address, t.city, t.state, t.zip_code].every((v) => Boolean((v ?? '').trim()));

export const hasEmail = (t: Pick<MailingTenant, 'email'>): boolean => Boolean((t.email ?? '').trim());

/**
 * The mailing keys a tenant is counted under (besides 'all'). Tenants tagged for removal are ready for
 * nothing: they block every letter until removed or untagged (spec §2).
 *  - initial_letter_ready: has not answered and was never sent an audit letter;
 *  - reminder_letter_ready: was sent the audit letter, still has not answered, no reminder yet;
 *  - welcome_letter_ready: chose a coverage plan and has neither a welcome letter nor an e-mailed certificate;
 *  - welcome_letter_skipped: of those, the ones with an e-mail address: they get the certificate by e-mail
 *    instead of a mailed letter (spec: only tenants without an email set receive a welcome letter).
 */
export function mailingKeysOf(t: MailingTenant): Exclude<MailingCountKey, 'all'>[] {
  if (t.tagged_for_removal) return ['tagged_for_removal'];
  if (!isMailable(t)) return [];
  const keys: Exclude<MailingCountKey, 'all'>[] = [];
  if (noResponse(t.status) && !t.initial_letter_sent_date) keys.push('initial_letter_ready');
  if (noResponse(t.status) && t.initial_letter_sent_date && !t.reminder_letter_sent_date) keys.push('reminder_letter_ready');
  if (hasCoverage(t.status) && !t.welcome_letter_sent_date && !t.welcome_certificate_emailed_date) {
    keys.push('welcome_letter_ready');
    if (hasEmail(t)) keys.push('welcome_letter_skipped');
  }
  return keys;
}

/**
 * Whether the tenant is ready for this letter type now (the generate call and the letter worker ask).
 * `resend` reads the tenant as if it had not been sent this letter yet: staff chose to mail it again,
 * and the rest of the rule (no answer yet, an address, not tagged, a plan for a welcome letter) holds
 * all the same.
 */
export function isReadyFor(t: MailingTenant, type: MailedLetterType, resend = false): boolean {
  const read = resend ? { ...t, ...Object.fromEntries(LETTER_SENT_FIELDS[type].map((field) => [field, null])) } : t;
  return mailingKeysOf(read).includes(`${type}_letter_ready`);
}
