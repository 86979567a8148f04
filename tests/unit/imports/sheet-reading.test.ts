/**
 * How a sheet is read, whatever the software: the header found among title rows (merged cells,
 * report name, date printed) and blank rows, only the first sheet, report total and page lines passed
 * over, cells as Excel stores them (shared and inline strings, numbers, hyperlinks, 1904 dates).
 */
import fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isReportLine } from '../../../functions/imports/sheet-columns';
import { readRentRoll } from '../../../functions/imports/rent-roll-reader';
import { writeDamagedRentRoll, writeSampleRentRoll } from '../../../localstack/samples/rent-rolls';
import { expectedTenant, readAll } from './expected-tenants';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-roll-sheets-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const HEADER = ['Site #', 'Space', 'Account #', 'Name', 'Move In'];

async function write(name: string, fill: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  const path = join(dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

describe('the header row', () => {
  it('is found under merged title rows and blank rows, and blank rows between tenants do not count', async () => {
    const path = await write('titles.xlsx', (wb) => {
      const sheet = wb.addWorksheet('Rent Roll');
      sheet.addRow(['SYRASOFT RENT ROLL']);
      sheet.mergeCells('A1:E1');
      sheet.addRow(['Run date', new Date('2026-05-01T00:00:00Z')]);
      sheet.addRow([]);
      sheet.addRow([' space ', 'NAME:', 'site', 'ACCOUNT #', 'move-in']);
      sheet.addRow([]);
      sheet.addRow(['1000', 'Lee, Ana', 40101, 'A1', '1/5/2024']);
      sheet.addRow(['', '   ', '']);
      sheet.addRow(['1001', 'Lee, Ana', 40101, 'A1', '1/5/2024']);
    });
    const { tenants } = await readAll('syrasoft', { rent_roll: path });
    expect(tenants).toEqual([{ row: 6, tenant: expect.objectContaining({ prime_site_id: '40101', ledger_id: 'A1', unit: '1000', units: ['1000', '1001'], move_in_date: '2024-01-05' }) }]);
  });

  it('reads optional columns only when the file has them', async () => {
    const path = await write('bare.xlsx', (wb) => { wb.addWorksheet('S').addRows([HEADER.slice(0, 4), ['40101', 7, 'A9', 'Acme Landscaping']]); });
    const { tenants } = await readAll('syrasoft', { rent_roll: path });
    expect(tenants[0]!.tenant).toEqual({
      prime_site_id: '40101', ledger_id: 'A9', first_name: 'Acme Landscaping', last_name: null, unit: '7', units: [], email: '', address: '', city: '',
      state: '', zip_code: '', country: 'US', move_in_date: null, billing_date: null, insur_ledger_id: '', policy_number: '',
    });
  });
});

describe('the sheet', () => {
  it('only the first sheet is read', async () => {
    const path = await write('two-sheets.xlsx', (wb) => {
      wb.addWorksheet('Rent Roll').addRows([HEADER, ['40101', '1000', 'A1', 'Lee, Ana', '']]);
      wb.addWorksheet('Vacant').addRows([HEADER, ['40101', '2000', 'A2', 'Park, Bo', '']]);
    });
    const { tenants } = await readAll('syrasoft', { rent_roll: path });
    expect(tenants.map((t) => t.tenant.ledger_id)).toEqual(['A1']);
  });

  it('passes over report totals and page lines, but not a business named Total Fitness', async () => {
    const path = await write('totals.xlsx', (wb) => {
      wb.addWorksheet('S').addRows([HEADER,
        ['40101', '1000', 'A1', 'Lee, Ana', ''],
        ['Page 1 of 2'],
        ['40101', '1001', 'A2', 'Total Fitness', ''],
        [null, 'Total: 2 spaces', null, null, '$1,240.00'],
        ['Grand Total'],
        ['End of Report']]);
    });
    const { items } = await readAll('syrasoft', { rent_roll: path });
    expect(items.map((i) => ('tenant' in i ? i.tenant.first_name : i.errors))).toEqual(['Ana', 'Total Fitness']);
    expect(isReportLine([undefined, 'Subtotal 12'])).toBe(true);
    expect(isReportLine([undefined, 'Totals'])).toBe(true);
    expect(isReportLine([undefined, 'Total Storage Solutions'])).toBe(false);
  });

  it('reads hyperlinks as their text, and dates of a workbook counting from 1904', async () => {
    const path = await write('mac.xlsx', (wb) => {
      wb.properties.date1904 = true;
      wb.addWorksheet('S').addRows([[...HEADER, 'Email'],
        ['40101', '1000', 'A1', 'Lee, Ana', new Date('2024-01-05T00:00:00Z'), { text: 'ana@mail.example', hyperlink: 'mailto:ana@mail.example' }]]);
    });
    const { tenants } = await readAll('syrasoft', { rent_roll: path });
    expect(tenants[0]!.tenant).toMatchObject({ move_in_date: '2024-01-05', email: 'ana@mail.example' });
  });

  it('reads strings kept in the cells as well as shared ones', async () => {
    const path = join(dir, 'inline.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
    const sheet = workbook.addWorksheet('S');
    for (const row of [HEADER, ['40101', '1000', 'A1', 'Lee, Ana', '2024-01-05']]) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
    const { tenants } = await readAll('syrasoft', { rent_roll: path });
    expect(tenants[0]!.tenant).toMatchObject({ ledger_id: 'A1', first_name: 'Ana', last_name: 'Lee', move_in_date: '2024-01-05' });
  });

  it('keeps the shared strings when the disk is slow to take exceljs\'s temporary copy of the sheet', async () => {
    // Excel writes the shared strings after the sheet; exceljs copies the sheet to a temporary file
    // first, and its zip parser used to lose the entries after it when that copy finished late.
    const sample = await writeSampleRentRoll({ software: 'syrasoft', primeSiteId: '40101', rows: 40, seed: 7, dir });
    const createWriteStream = fs.createWriteStream;
    const slow = vi.spyOn(fs, 'createWriteStream').mockImplementation((...args: Parameters<typeof fs.createWriteStream>) => {
      const stream = createWriteStream(...args);
      const emit = stream.emit;
      stream.emit = ((event: string, ...rest: unknown[]) => {
        if (event !== 'finish') return emit.call(stream, event, ...rest);
        setTimeout(() => emit.call(stream, event, ...rest), 30);
        return true;
      }) as typeof stream.emit;
      return stream;
    });
    try {
      const { tenants } = await readAll('syrasoft', sample.files);
      expect(slow).toHaveBeenCalled();
      expect(tenants.map((t) => t.tenant)).toEqual(sample.tenants.map((t) => expectedTenant('syrasoft', t)));
    } finally {
      slow.mockRestore();
    }
  });

  it('leaves none of exceljs\'s temporary copies of sheets behind, however the reading ends', async () => {
    // A refused row: the first item comes while the sheet is still being read (tenants come at its end).
    const sample = await writeDamagedRentRoll('bad_date', { software: 'sitelink_web', primeSiteId: '40101', rows: 300, seed: 3, dir, line: 5 });
    const temporary = await mkdtemp(join(dir, 'tmp-'));
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      // exceljs deletes its copies without waiting for the deletion, so they are gone a moment later.
      const noneLeft = () => vi.waitFor(async () => expect(await readdir(temporary)).toEqual([]), { timeout: 2000 });
      await readAll('sitelink_web', sample.files);
      await noneLeft();
      await expect(readAll('storedge', sample.files)).rejects.toThrow(/has no header row/);
      await noneLeft();
      let copies = 0;
      for await (const item of readRentRoll('sitelink_web', sample.files)) {
        copies = (await readdir(temporary)).length;
        if ('errors' in item) break;
      }
      expect(copies).toBe(1);
      await noneLeft();
    } finally {
      // Assigning undefined would set the text 'undefined'.
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
  });
});
