/**
 * The export workbook is a real .xlsx: read back with exceljs (an independent reader), it has the
 * header, rows, numbers, booleans and true dates it was given. The export key layout tells the owner.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zip } from '../../functions/exports/zip';
import { buildWorkbook, columnLetter, excelSerial, safeSheetName } from '../../functions/exports/workbook';
import type { ExportColumn } from '../../functions/exports/workbook';
import { exportKey, ownerFacilityId, parseExportKey, safeFilename, STAFF_ONLY_OWNER } from '../../functions/exports/export-keys';
import { attachmentDisposition } from '../../functions/exports/download';
import { HttpError } from '../../functions/runtime/http-error';

async function read(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

interface Row { number: string; name: string; tenants: number | string | null; active: boolean; letter_date: string | null; created: Date | string }
const columns: ExportColumn<Row>[] = [
  { header: 'Facility Number', key: 'number' },
  { header: 'Account Name', key: 'name' },
  { header: 'Tenants', key: 'tenants', type: 'number' },
  { header: 'Active', key: 'active', type: 'boolean' },
  { header: 'Letter Date', key: 'letter_date', type: 'date' },
  { header: 'Created', key: 'created', type: 'datetime' },
  { header: 'Label', key: 'unused', value: (r) => `${r.number}-${r.name.length}` },
];

describe('buildWorkbook', () => {
  it('writes a workbook exceljs reads back: header, typed cells and dates', async () => {
    const rows: Row[] = [
      { number: '1001', name: 'Alpha & <Sons> "Storage"', tenants: 120, active: true, letter_date: '2026-03-15', created: new Date(Date.UTC(2026, 0, 2, 13, 45, 30)) },
      { number: '0042', name: '  spaced  ', tenants: '7', active: false, letter_date: null, created: '2025-12-31 23:59:59' },
      { number: '1003', name: 'Ünïcödé 日本 \u0001bad', tenants: null, active: true, letter_date: '2026-02-31', created: 'not a date' },
    ];
    const workbook = await read(buildWorkbook([{ sheet: 'Facilities', columns, rows }]));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Facilities']);
    const sheet = workbook.getWorksheet('Facilities')!;
    expect(sheet.rowCount).toBe(4);
    expect(rowValues(sheet, 1)).toEqual(columns.map((c) => c.header));
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    expect(rowValues(sheet, 2)).toEqual([
      '1001', 'Alpha & <Sons> "Storage"', 120, true, new Date(Date.UTC(2026, 2, 15)), new Date(Date.UTC(2026, 0, 2, 13, 45, 30)), '1001-24',
    ]);
    expect(sheet.getCell('E2').numFmt).toBe('m/d/yyyy');
    expect(sheet.getCell('F2').numFmt).toBe('m/d/yyyy h:mm:ss');
    // Leading zeros of identifiers survive (text), a numeric string in a number column becomes a number,
    // empty values leave the cell empty, a wall-clock date-time string keeps its clock time.
    const second = rowValues(sheet, 3);
    expect(second.slice(0, 4)).toEqual(['0042', '  spaced  ', 7, false]);
    expect(second[4]).toBeUndefined();
    expect(second[5]).toEqual(new Date(Date.UTC(2025, 11, 31, 23, 59, 59)));
    // Characters XML cannot carry are dropped; a date not in the calendar stays as the text it was.
    const third = rowValues(sheet, 4);
    expect(third[1]).toBe('Ünïcödé 日本 bad');
    expect(third[2]).toBeUndefined();
    expect(third[4]).toBe('2026-02-31');
    expect(third[5]).toBe('not a date');
  });

  it('fits column widths and honours a given width', async () => {
    const sheet = (await read(buildWorkbook([{
      sheet: 'W',
      columns: [{ header: 'Id', key: 'id' }, { header: 'Note', key: 'note', width: 42 }],
      rows: [{ id: 'x'.repeat(30), note: 'n' }],
    }]))).getWorksheet('W')!;
    expect(sheet.getColumn(1).width).toBe(32);
    expect(sheet.getColumn(2).width).toBe(42);
  });

  it('writes a header-only sheet when there are no rows, and several sheets with safe names', async () => {
    const workbook = await read(buildWorkbook([
      { sheet: 'Stats: 2026/05 [all]?', columns: [{ header: 'A', key: 'a' }], rows: [] },
      { sheet: 'Stats: 2026/05 [all]?', columns: [{ header: 'B', key: 'b' }], rows: [{ b: 1 }] },
    ]));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Stats  2026 05  all', 'Stats  2026 05  all (2)']);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
    expect(rowValues(workbook.worksheets[1]!, 2)).toEqual([1]);
  });

  it('holds a few thousand rows', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ n: String(i), d: '2026-01-01' }));
    const bytes = buildWorkbook([{ sheet: 'Big', columns: [{ header: 'N', key: 'n' }, { header: 'D', key: 'd', type: 'date' }], rows }]);
    const sheet = (await read(bytes)).getWorksheet('Big')!;
    expect(sheet.rowCount).toBe(3001);
    expect(sheet.getCell('A3001').value).toBe('2999');
  });

  it('refuses a sheet without columns', () => {
    expect(() => buildWorkbook([{ sheet: 'x', columns: [], rows: [] }])).toThrow(/no columns/);
    expect(() => buildWorkbook([])).toThrow(/at least one sheet/);
  });
});

describe('zip', () => {
  it("is a valid archive to another implementation (Python's zipfile checks every CRC)", () => {
    const big = new TextEncoder().encode('<row>'.repeat(5000));
    const tiny = new Uint8Array([0xff, 0x00, 0x7f]);
    const bytes = zip([['[Content_Types].xml', big], ['a/tiny.bin', tiny], ['empty.txt', new Uint8Array()], ['ü.txt', new TextEncoder().encode('ü')]],
      new Date(Date.UTC(2026, 4, 1, 13, 45, 2)));
    expect(bytes.length).toBeLessThan(big.length / 10);
    const file = join(mkdtempSync(join(tmpdir(), 'zip-')), 'test.zip');
    writeFileSync(file, bytes);
    const script = [
      'import json, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps([[i.filename, i.compress_type, i.file_size, list(i.date_time), z.read(i).hex()[:12]] for i in z.infolist()]))',
    ].join('\n');
    const entries = JSON.parse(execFileSync('python3', ['-c', script, file]).toString());
    expect(entries).toEqual([
      ['[Content_Types].xml', 8, 25000, [2026, 5, 1, 13, 45, 2], '3c726f773e3c'],
      ['a/tiny.bin', 0, 3, [2026, 5, 1, 13, 45, 2], 'ff007f'],
      ['empty.txt', 0, 0, [2026, 5, 1, 13, 45, 2], ''],
      ['ü.txt', 0, 2, [2026, 5, 1, 13, 45, 2], 'c3bc'],
    ]);
  });
});

describe('workbook helpers', () => {
  it('names columns like Excel', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('counts dates from Excel epoch', () => {
    expect(excelSerial('1900-03-01', false)).toBe(61);
    expect(excelSerial('2026-01-01', false)).toBe(46023);
    expect(excelSerial('2026-01-01T12:00:00Z', true)).toBe(46023.5);
    expect(excelSerial('2026-13-01', false)).toBeNull();
    expect(excelSerial('1899-01-01', false)).toBeNull();
  });

  it('cleans sheet names', () => {
    expect(safeSheetName("'x/y'")).toBe('x y');
    expect(safeSheetName('   ')).toBe('Sheet1');
    expect(safeSheetName('a'.repeat(40))).toHaveLength(31);
  });
});

describe('export keys', () => {
  it('staff and facility layouts read back to their owner', () => {
    const staff = exportKey({ kind: 'staff' }, 'abc-123', 'all_facilities.xlsx');
    expect(staff).toBe('temporary/staff/abc-123/all_facilities.xlsx');
    expect(parseExportKey(staff)).toEqual({ owner: { kind: 'staff' }, filename: 'all_facilities.xlsx' });
    expect(ownerFacilityId(parseExportKey(staff).owner)).toBe(STAFF_ONLY_OWNER);

    const facility = exportKey({ kind: 'facility', facility_id: 'demo-facility-1001' }, 'abc', '1001 tenants.xlsx');
    expect(facility).toBe('temporary/facility/demo-facility-1001/abc/1001 tenants.xlsx');
    expect(parseExportKey(facility)).toEqual({ owner: { kind: 'facility', facility_id: 'demo-facility-1001' }, filename: '1001 tenants.xlsx' });
    const odd = exportKey({ kind: 'facility', facility_id: 'a b/c' }, 'abc', 'x.xlsx');
    expect(parseExportKey(odd).owner).toEqual({ kind: 'facility', facility_id: 'a b/c' });
  });

  it('anything outside the layout is 422', () => {
    const bad = [
      'exports/staff/a/x.xlsx', 'temporary/staff/../facility/1/a/x.xlsx', 'temporary/staff/a/..', 'temporary/staff/a', 'temporary/staff/a/b/x.xlsx',
      'temporary/other/a/x.xlsx', 'temporary/facility/f/a/.hidden', 'temporary/facility//a/x.xlsx', 'temporary/facility/%zz/a/x.xlsx',
      'temporary/facility/a b/a/x.xlsx', 'temporary/staff/a/x\u0000.xlsx', '', 'temporary/',
    ];
    for (const key of bad) {
      let status = 0;
      try {
        parseExportKey(key);
      } catch (err) {
        expect(err).toBeInstanceOf(HttpError);
        status = (err as HttpError).status;
      }
      expect(status, key).toBe(422);
    }
  });

  it('filenames are safe and end in .xlsx', () => {
    expect(safeFilename('all_facilities')).toBe('all_facilities.xlsx');
    expect(safeFilename('1001_2026-05-01_export.xlsx')).toBe('1001_2026-05-01_export.xlsx');
    expect(safeFilename('../../etc/passwd')).toBe('_._etc_passwd.xlsx');
    expect(safeFilename('..')).toBe('export.xlsx');
    expect(safeFilename('a"b\r\n')).toBe('a_b.xlsx');
    expect(() => exportKey({ kind: 'staff' }, '../x', 'a.xlsx')).toThrow();
  });

  it('Content-Disposition names the file for every browser', () => {
    expect(attachmentDisposition('all_facilities.xlsx')).toBe('attachment; filename="all_facilities.xlsx"; filename*=UTF-8\'\'all_facilities.xlsx');
    expect(attachmentDisposition('Ünï "x".xlsx')).toBe('attachment; filename="_n_ _x_.xlsx"; filename*=UTF-8\'\'%C3%9Cn%C3%AF%20%22x%22.xlsx');
  });
});
