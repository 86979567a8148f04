import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { mailMergeWorkbook } from '../../../functions/letters/mail-merge';
import { renderLetterBatch } from '../../../functions/letters/letter-pdf';
import type { LetterPage } from '../../../functions/letters/letter-pdf';
import { longDate } from '../../../functions/letters/letter-text';
import { formatAccessCode } from '../../../shared/access-code';
import { BUSINESS, PROGRAM, letter, letterBatch } from './letter-fixtures';
import { pageText, readPdf } from './pdf-reader';

const HEADER = ['letter_type', 'tenant_id', 'first_name', 'last_name', 'full_name', 'address', 'city', 'state', 'zip_code', 'country', 'unit',
  'access_code', 'portal_url', 'portal_qr_url', 'facility_number', 'facility_name', 'letter_date',
  'respond_by', 'first_notice_date', 'reminder_date', 'default_plan_coverage', 'default_plan_monthly_premium', 'default_plan_start_date', 'coverage_options',
  'plan_coverage', 'plan_monthly_premium', 'plan_effective_date', 'lease_update_to_accept', 'lease_section', 'lease_text', 'brochure_url', 'certificate_url'];

/** '12/23/2026' -> 'December 23, 2026', as the letter prints it. */
const printed = (slash: string) => { const [m, d, y] = slash.split('/'); return longDate(`${y}-${m}-${d}`); };

async function rowsOf(bytes: Buffer): Promise<{ sheets: string[]; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Mail Merge')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheets: workbook.worksheets.map((s) => s.name), rows };
}

describe('mailMergeWorkbook', () => {
  it('has one sheet, the header row and one row per letter with its access code as printed and its portal addresses, in order', async () => {
    const letters = letterBatch(7);
    const { sheets, rows } = await rowsOf(await mailMergeWorkbook(letters, PROGRAM));
    expect(sheets).toEqual(['Mail Merge']);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(letters.length + 1);
    expect(rows.slice(1).map((r) => r[HEADER.indexOf('access_code')])).toEqual(letters.map((l) => formatAccessCode(l.recipient.access_code)));
    expect(new Set(rows.slice(1).map((r) => r[HEADER.indexOf('portal_url')]))).toEqual(new Set(['https://www.storageprotection.example/respond']));
    expect(rows.slice(1).map((r) => r[HEADER.indexOf('portal_qr_url')]))
      .toEqual(letters.map((l) => `https://www.storageprotection.example/respond#code=${formatAccessCode(l.recipient.access_code)}`));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Audit', 'Reminder', 'Welcome', 'Audit', 'Reminder', 'Welcome', 'Audit']);
  });

  it('writes every column as text: leading zeros kept, the date as MM/DD/YYYY, a business without a last name', async () => {
    const page = letter('welcome', { recipient: { ...BUSINESS, zip_code: '02134', access_code: '2345ABCD', country: '' }, dates: { ...letter('welcome').dates, letter_date: '2026-03-05' } });
    const { rows } = await rowsOf(await mailMergeWorkbook([page], PROGRAM));
    const row = Object.fromEntries(HEADER.map((h, i) => [h, rows[1]![i]]));
    expect(row).toMatchObject({
      letter_type: 'Welcome', tenant_id: 'tnt_0002', first_name: BUSINESS.first_name, full_name: BUSINESS.first_name, zip_code: '02134',
      access_code: '2345-ABCD', portal_qr_url: 'https://www.storageprotection.example/respond#code=2345-ABCD', unit: 'C-2040', facility_number: '1001', facility_name: 'Sunrise Self Storage - Mesa', letter_date: '03/05/2026',
    });
    expect(row.last_name ?? null).toBeNull();
  });

  it('leaves the code and the portal addresses empty for a tenant without a program code (its letter says to call)', async () => {
    const { rows } = await rowsOf(await mailMergeWorkbook([letter('initial', { recipient: { ...BUSINESS, access_code: '' } })], PROGRAM));
    const row = Object.fromEntries(HEADER.map((h, i) => [h, rows[1]![i] ?? '']));
    expect(row).toMatchObject({ access_code: '', portal_url: '', portal_qr_url: '' });
  });

  it('states every fact its letter prints, in the values the PDF prints, and leaves empty what a letter of its type does not print', async () => {
    const noDeadline = letter('initial', { dates: { ...letter('initial').dates, update_responses_deadline_date: null, reminder_letter_date: null } });
    const letters: LetterPage[] = [letter('initial'), letter('reminder'), letter('welcome'), noDeadline];
    const { rows } = await rowsOf(await mailMergeWorkbook(letters, PROGRAM));
    const pdf = await readPdf(await renderLetterBatch(letters, PROGRAM));
    const [audit, reminder, welcome, within] = rows.slice(1).map((r) => Object.fromEntries(HEADER.map((h, i) => [h, String(r[i] ?? '')])));
    expect(audit).toMatchObject({
      respond_by: '12/23/2026', first_notice_date: '', reminder_date: '12/14/2026', default_plan_coverage: '$2,000', default_plan_monthly_premium: '$12.00',
      default_plan_start_date: '01/01/2027', coverage_options: '$2,000 for $12.00 per month; $3,000 for $16.00 per month; $5,000 for $24.00 per month',
      plan_coverage: '', plan_monthly_premium: '', plan_effective_date: '', lease_update_to_accept: 'No', lease_section: '14',
    });
    expect(reminder).toMatchObject({ respond_by: '12/23/2026', first_notice_date: '11/23/2026', reminder_date: '', default_plan_coverage: '$2,000', default_plan_start_date: '01/01/2027' });
    expect(welcome).toMatchObject({
      respond_by: '', first_notice_date: '', reminder_date: '', default_plan_coverage: '', default_plan_monthly_premium: '', default_plan_start_date: '', coverage_options: '',
      plan_coverage: '$3,000', plan_monthly_premium: '$16.00', plan_effective_date: '12/05/2026', lease_update_to_accept: '', lease_section: '', lease_text: '',
    });
    expect(within).toMatchObject({ respond_by: 'Within 30 days', reminder_date: '' });

    // The PDF says the same: each letter's page holds every fact its row states.
    for (const [i, row] of [audit, reminder, welcome, within].entries()) {
      const text = pageText(pdf.pages[i]!);
      for (const column of ['first_notice_date', 'reminder_date', 'default_plan_start_date', 'plan_effective_date']) {
        if (row![column]) expect(text, column).toContain(printed(row![column]!));
      }
      if (row!.respond_by) expect(text).toContain(row!.respond_by === 'Within 30 days' ? 'Respond by Within 30 days' : `Respond by ${printed(row!.respond_by)}`);
      if (row!.default_plan_coverage) expect(text).toContain(`${row!.default_plan_coverage} of coverage through the facility\u2019s tenant insurance plan will be added to your account, and its premium of ${row!.default_plan_monthly_premium} per month`);
      if (row!.plan_coverage) expect(text).toContain(`Your plan covers up to ${row!.plan_coverage} for a premium of ${row!.plan_monthly_premium} per month`);
      for (const option of row!.coverage_options ? row!.coverage_options.split('; ') : []) {
        const [coverage, premium] = option.split(' for ');
        expect(text).toMatch(new RegExp(`\\${coverage}\\s+\\${premium}`));
      }
      if (row!.lease_text) expect(text).toContain(`Section ${row!.lease_section} of your lease: \u201c${row!.lease_text}\u201d`);
      expect(text).toContain(`: ${row!.brochure_url}`);
      expect(text).toContain(`: ${row!.certificate_url}`);
    }
  });

  it('writes the header alone for no letters', async () => {
    const { rows } = await rowsOf(await mailMergeWorkbook([], PROGRAM));
    expect(rows).toEqual([HEADER]);
  });
});
