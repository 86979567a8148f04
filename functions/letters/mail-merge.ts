/**
 * The mail-merge workbook that goes with a letter batch: one row per letter, in the PDF's order, for
 * a mailing house or a word processor's mail merge (envelopes, labels, a merged copy of the letters).
 * Every column is text: zip codes keep their leading zeros, and the letter date is written as
 * MM/DD/YYYY so a merge prints it as such rather than as a serial number. The access code is printed
 * as on the letter ('K7PX-3M9Q'), with the portal's address and the address the letter's QR code
 * carries, so a mail house can print the same letter (never a facility gate code: docs/decisions.md
 * "Access codes are the program's own").
 */
import { LETTER_TYPE_LABELS } from '../../shared/contracts/letters';
import type { ExportColumn } from '../exports/columns';
import { buildSpreadsheet } from '../exports/spreadsheet';
import { letterPortal } from './letter-copy';
import type { LetterPortal } from './letter-copy';
import { facilityName, fullName, slashDate } from './letter-text';
import type { LetterPage, LetterProgram } from './letter-types';

export const MAIL_MERGE_SHEET = 'Mail Merge';

/** A letter and the portal it sends its tenant to (null: no code, the letter says to call). */
interface MailMergeRow {
  letter: LetterPage;
  portal: LetterPortal | null;
}

const text = (header: string, value: (l: LetterPage, portal: LetterPortal | null) => string): ExportColumn<MailMergeRow> =>
  ({ header, key: header, value: (row) => value(row.letter, row.portal), type: 'text' });

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
];

/** The .xlsx bytes: sheet 'Mail Merge', a header row, then one row per letter. */
export async function mailMergeWorkbook(letters: readonly LetterPage[], program: Pick<LetterProgram, 'website'>): Promise<Buffer> {
  const rows = letters.map((letter): MailMergeRow => ({ letter, portal: letterPortal(letter, program) }));
  return buildSpreadsheet({ sheet: MAIL_MERGE_SHEET, columns: MAIL_MERGE_COLUMNS, rows });
}
