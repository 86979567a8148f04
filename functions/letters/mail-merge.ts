/**
 * The mail-merge workbook that goes with a letter batch: one row per letter, in the PDF's order, for
 * a mailing house or a word processor's mail merge (envelopes, labels, a merged copy of the letters).
 * Every column is text: zip codes and access codes keep their leading zeros, and the letter date is
 * written as MM/DD/YYYY so a merge prints it as such rather than as a serial number.
 */
import { LETTER_TYPE_LABELS } from '../../shared/contracts/letters';
import type { ExportColumn } from '../exports/columns';
import { buildSpreadsheet } from '../exports/spreadsheet';
import { facilityName, fullName, slashDate } from './letter-text';
import type { LetterPage } from './letter-types';

export const MAIL_MERGE_SHEET = 'Mail Merge';

const text = (header: string, value: (l: LetterPage) => string): ExportColumn<LetterPage> => ({ header, key: header, value, type: 'text' });

/** The columns, in order; the headers are the merge field names. */
export const MAIL_MERGE_COLUMNS: readonly ExportColumn<LetterPage>[] = [
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
  text('access_code', (l) => l.recipient.access_code),
  text('facility_number', (l) => l.facility.facility_number),
  text('facility_name', (l) => facilityName(l.facility)),
  text('letter_date', (l) => slashDate(l.dates.letter_date)),
];

/** The .xlsx bytes: sheet 'Mail Merge', a header row, then one row per letter. */
export async function mailMergeWorkbook(letters: readonly LetterPage[]): Promise<Buffer> {
  return buildSpreadsheet({ sheet: MAIL_MERGE_SHEET, columns: MAIL_MERGE_COLUMNS, rows: letters });
}
