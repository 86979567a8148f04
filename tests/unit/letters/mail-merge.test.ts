import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { mailMergeWorkbook } from '../../../functions/letters/mail-merge';
import { formatAccessCode } from '../../../shared/access-code';
import { BUSINESS, PROGRAM, letter, letterBatch } from './letter-fixtures';

const HEADER = ['letter_type', 'tenant_id', 'first_name', 'last_name', 'full_name', 'address', 'city', 'state', 'zip_code', 'country', 'unit',
  'access_code', 'portal_url', 'portal_qr_url', 'facility_number', 'facility_name', 'letter_date'];

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

  it('writes the header alone for no letters', async () => {
    const { rows } = await rowsOf(await mailMergeWorkbook([], PROGRAM));
    expect(rows).toEqual([HEADER]);
  });
});
