/**
 * The mail-merge workbook that goes with a letter batch: one row per letter, in the PDF's order, for
 * a mailing house or a word processor's mail merge (envelopes, labels, a merged copy of the letters).
 * Every column is text: zip codes keep their leading zeros, and the letter date is written as
 * MM/DD/YYYY so a merge prints it as such rather than as a serial number. The access code is printed
 * as on the letter ('K7PX-3M9Q'), with the portal's address and the address the letter's QR code
 * carries, so a mail house can print the same letter (never a facility gate code: docs/decisions.md
 * "Access codes are the program's own"). Every other fact the letter prints is a column too, in the
 * letter's own values (docs/decisions.md "The mail merge carries every fact the letter prints"): the
 * respond-by date, the dates of the other notice, the default plan and its premium and from when it is
 * added, the coverage options, the tenant's own plan (welcome letters), the lease clause and the links.
 * A column a letter of its type does not print is empty, so a merge never states what the PDF does not.
 */
import { LETTER_TYPE_LABELS } from '../../shared/contracts/letters';
import type { ExportColumn } from '../exports/columns';
import { buildSpreadsheet } from '../exports/spreadsheet';
import { letterPortal } from './letter-copy';
import type { LetterPortal } from './letter-copy';
import { RESPOND_WITHIN_30_DAYS, coverageAmount, facilityName, fullName, planSummary, premiumAmount, slashDate } from './letter-text';
import type { LetterCoverage, LetterPage, LetterProgram } from './letter-types';

export const MAIL_MERGE_SHEET = 'Mail Merge';

/** A letter and the portal it sends its tenant to (null: no code, the letter says to call). */
interface MailMergeRow {
  letter: LetterPage;
  portal: LetterPortal | null;
}

const text = (header: string, value: (l: LetterPage, portal: LetterPortal | null) => string): ExportColumn<MailMergeRow> =>
  ({ header, key: header, value: (row) => value(row.letter, row.portal), type: 'text' });

/** Audit and reminder letters ask for an answer; a welcome letter confirms the tenant's own plan. */
const asks = (l: LetterPage) => l.type !== 'welcome';
const whenAsking = (l: LetterPage, value: () => string) => (asks(l) ? value() : '');
const date = (iso: string | null | undefined) => (iso && iso.trim() ? slashDate(iso) : '');
const plan = (p: LetterCoverage | null, part: 'coverage' | 'premium') => (!p ? '' : part === 'coverage' ? coverageAmount(p.coverage) : premiumAmount(p.premium));

/** The columns, in order; the headers are the merge field names. */
export const MAIL_MERGE_COLUMNS: readonly ExportColumn<MailMergeRow>[] = [
  text('letter_type', (l) => LETTER_TYPE_LABELS[l.type]),
  text('tenant_id', (l) => l.recipient.tenant_id),
  text('first_name', (l) => l.recipient.first_name),
  text('last_name', (l) => l.recipient.last_name ?? ''),
  text('full_name', (l) => fullName(l.recipient)),
  text('address', (l) => l.recipient.address),
  text('city', (l) => l.recipient.city),
  text('state', (l) => l.recipient.state),
  text('zip_code', (l) => l.recipient.zip_code),
  text('country', (l) => l.recipient.country),
  text('unit', (l) => l.recipient.unit),
  text('access_code', (_, portal) => portal?.code ?? ''),
  text('portal_url', (_, portal) => portal?.url ?? ''),
  text('portal_qr_url', (_, portal) => portal?.qr ?? ''),
  text('facility_number', (l) => l.facility.facility_number),
  text('facility_name', (l) => facilityName(l.facility)),
  text('letter_date', (l) => slashDate(l.dates.letter_date)),
  // What an audit or reminder letter asks and what happens without an answer.
  text('respond_by', (l) => whenAsking(l, () => date(l.dates.update_responses_deadline_date) || RESPOND_WITHIN_30_DAYS)),
  text('first_notice_date', (l) => (l.type === 'reminder' ? date(l.dates.audit_letter_date) : '')),
  text('reminder_date', (l) => (l.type === 'initial' ? date(l.dates.reminder_letter_date) : '')),
  text('default_plan_coverage', (l) => whenAsking(l, () => plan(l.default_plan, 'coverage'))),
  text('default_plan_monthly_premium', (l) => whenAsking(l, () => plan(l.default_plan, 'premium'))),
  text('default_plan_start_date', (l) => whenAsking(l, () => date(l.dates.letter_effective_date))),
  text('coverage_options', (l) => whenAsking(l, () => l.coverages.map(planSummary).join('; '))),
  // What a welcome letter confirms: the tenant's own plan and its own date.
  text('plan_coverage', (l) => (asks(l) ? '' : plan(l.enrollment.plan, 'coverage'))),
  text('plan_monthly_premium', (l) => (asks(l) ? '' : plan(l.enrollment.plan, 'premium'))),
  text('plan_effective_date', (l) => (asks(l) ? '' : date(l.enrollment.insurance_effective_date))),
  // The lease clause an audit or reminder letter quotes (asked to be accepted when the facility updated it).
  text('lease_update_to_accept', (l) => whenAsking(l, () => (l.facility.uses_updated_lease_language ? 'Yes' : 'No'))),
  text('lease_section', (l) => whenAsking(l, () => l.facility.lease_section_number.trim())),
  text('lease_text', (l) => whenAsking(l, () => l.facility.lease_section_text.trim())),
  // The links every letter prints below its text.
  text('brochure_url', (l) => l.facility.brochure_url.trim()),
  text('certificate_url', (l) => l.facility.certificate_url.trim()),
];

/** The .xlsx bytes: sheet 'Mail Merge', a header row, then one row per letter. */
export async function mailMergeWorkbook(letters: readonly LetterPage[], program: Pick<LetterProgram, 'website'>): Promise<Buffer> {
  const rows = letters.map((letter): MailMergeRow => ({ letter, portal: letterPortal(letter, program) }));
  return buildSpreadsheet({ sheet: MAIL_MERGE_SHEET, columns: MAIL_MERGE_COLUMNS, rows });
}
