/**
 * Export workbooks are real .xlsx files written by the archive-exports worker with exceljs: the runners
 * of the export jobs are run here with lists and a store of our own, and every workbook is read back with
 * exceljs (header, typed cells, true dates, frozen bold header, widths). The column conversions and the
 * export key layout (which tells the owner and the job) are pure rules.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildSpreadsheet } from '../../functions/exports/spreadsheet';
import { cellValueOf, columnWidths, dateOf, safeSheetName } from '../../functions/exports/columns';
import type { ExportColumn } from '../../functions/exports/columns';
import { exportRunners } from '../../functions/exports/export-runners';
import { EXPORT_JOB_TYPES, exportJobId } from '../../functions/exports/export-jobs';
import type { ExportJobFile } from '../../functions/exports/export-jobs';
import { FACILITY_EXPORT_COLUMNS } from '../../functions/exports/facilities-export';
import type { FacilityExportFilters, FacilityExportRow } from '../../functions/exports/facilities-export';
import { FACILITY_STATS_EXPORT_COLUMNS, facilityStatsExportKey } from '../../functions/exports/facility-stats-export';
import type { JobRecord } from '../../functions/jobs/job-store';
import { exportKey, ownerFacilityId, parseExportKey, safeFilename, STAFF_ONLY_OWNER } from '../../functions/exports/export-keys';
import { attachmentDisposition } from '../../functions/exports/presign';
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

describe('buildSpreadsheet (exceljs streaming writer)', () => {
  it('writes a workbook exceljs reads back: bold frozen header with a filter, typed cells and true dates', async () => {
    const rows: Row[] = [
      { number: '1001', name: 'Alpha & <Sons> "Storage"', tenants: 120, active: true, letter_date: '2026-03-15', created: new Date(Date.UTC(2026, 0, 2, 13, 45, 30)) },
      { number: '0042', name: '  spaced  ', tenants: '7', active: false, letter_date: null, created: '2025-12-31 23:59:59' },
      { number: '1003', name: 'Ünïcödé 日本 \u0001bad', tenants: null, active: true, letter_date: '2026-02-31', created: 'not a date' },
    ];
    const workbook = await read(await buildSpreadsheet({ sheet: 'Facilities', columns, rows }));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Facilities']);
    const sheet = workbook.getWorksheet('Facilities')!;
    expect(sheet.rowCount).toBe(4);
    expect(rowValues(sheet, 1)).toEqual(columns.map((c) => c.header));
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:G4');

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
    const sheet = (await read(await buildSpreadsheet({
      sheet: 'W',
      columns: [{ header: 'Id', key: 'id' }, { header: 'Note', key: 'note', width: 42 }],
      rows: [{ id: 'x'.repeat(30), note: 'n' }],
    }))).getWorksheet('W')!;
    expect(sheet.getColumn(1).width).toBe(32);
    expect(sheet.getColumn(2).width).toBe(42);
  });

  it('writes a header-only sheet when there are no rows, under a safe sheet name', async () => {
    const workbook = await read(await buildSpreadsheet({ sheet: 'Stats: 2026/05 [all]?', columns: [{ header: 'A', key: 'a' }], rows: [] }));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Stats  2026 05  all']);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });

  it('streams a few thousand rows, reporting progress as it goes', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ n: String(i), d: '2026-01-01' }));
    const seen: number[] = [];
    const bytes = await buildSpreadsheet({ sheet: 'Big', columns: [{ header: 'N', key: 'n' }, { header: 'D', key: 'd', type: 'date' }], rows }, (written) => {
      seen.push(written);
    });
    expect(seen).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3000]);
    const sheet = (await read(bytes)).getWorksheet('Big')!;
    expect(sheet.rowCount).toBe(3001);
    expect(sheet.getCell('A3001').value).toBe('2999');
    expect(sheet.getCell('B3001').value).toEqual(new Date(Date.UTC(2026, 0, 1)));
  });

  it('refuses a sheet without columns', async () => {
    await expect(buildSpreadsheet({ sheet: 'x', columns: [], rows: [] })).rejects.toThrow(/no columns/);
  });
});

/** A job record as the worker hands it to a runner. */
function jobOf(type: string, input: Record<string, unknown>): JobRecord {
  return {
    id: 'job-1', type, queue: 'archive-exports', status: 'running', progress: 0, progress_detail: null, error: null, result: null,
    created_by: 'u', facility_id: null, input, created_at: '', updated_at: '',
  };
}

describe('the export job runners (archive-exports worker)', () => {
  const facility = (n: string, extra: Partial<FacilityExportRow> = {}): FacilityExportRow => ({
    facility_number: n, prime_site_id: `P${n}`, account_name: `Account ${n}`, corporate_group: 'CG', insurance_program_label: 'PMA',
    software: 'storedge', address: '1 Road', city: 'Austin', state: 'TX', zip_code: '78701', contact_name: 'Pat', email: `f${n}@x.example`,
    phone: '5125550100', fax: null, tenant_count: 40, can_tag_removal: true, confirmed_move_outs_date: '2026-04-01',
    confirmed_no_move_outs_date: null, initial_letter_send_date: '2026-03-01', reminder_letter_send_date: null, welcome_letter_send_date: null,
    letter_effective_date: '2026-05-01', note: '', stats: { selected_coverage: 10, charge_applied: 5, percent_complete: 37 }, ...extra,
  });
  const statsRow = (n: string) => ({
    facility_number: n, prime_site_id: `P${n}`, account_name: `Account ${n}`, was_prime: true, upload_count: 1, tenant_count: 50,
    audit_letters_sent: 50, reminder_letters_sent: 20, welcome_letters_sent: 0, selected_coverage: 10, confirmed_payment: 2, provided_proof: 5,
    opted_out: 3, moved_out: 1, bad_address: 1, requires_setup: 4, total_all: 50, charge_applied: 8, non_responder: 22,
    selected_coverage_percentage: 20, confirmed_payment_percentage: 4, provided_proof_percentage: 10, opted_out_percentage: 6,
    moved_out_percentage: 2, bad_address_percentage: 2, charge_applied_percentage: 16, non_responder_percentage: 44, percent_complete: 56,
  });

  function setup() {
    const stored: { file: ExportJobFile; body: Buffer }[] = [];
    const filtersSeen: FacilityExportFilters[] = [];
    const runners = exportRunners({
      listFacilities: async (filters) => {
        filtersSeen.push(filters);
        return [facility('1001'), facility('1002', { stats: undefined, fax: '5125550199' })];
      },
      listFacilityStats: async () => [statsRow('1001')],
      // The tenant exports have their own tests (tests/unit/tenant-exports.test.ts).
      tenantLists: { allTenantsOf: async () => [], listTenants: async () => { throw new Error('not used'); }, viewsOf: async () => [] },
      store: async (file, body) => { stored.push({ file, body }); },
    });
    const progress: number[] = [];
    const ctx = (type: string, input: Record<string, unknown>) => ({ job: jobOf(type, input), progress: async (p: number) => { progress.push(p); }, report: async () => {} });
    return { runners, stored, filtersSeen, progress, ctx };
  }

  it('facilities-export: lists with the job\'s filters and stores the workbook at the job\'s key', async () => {
    const { runners, stored, filtersSeen, progress, ctx } = setup();
    const file = { file_key: 'temporary/staff/0b7f7a8e-1c1d-4e59-9f0a-4a4d1b8e2f10/all_facilities.xlsx', filename: 'all_facilities.xlsx' };
    const result = await runners[EXPORT_JOB_TYPES.facilities](ctx('facilities-export', { ...file, filters: { account_name: 'Acc', software: 'storedge', filter: 'doing_move_outs' } }));
    expect(result).toEqual(file);
    expect(filtersSeen).toEqual([{ account_name: 'Acc', software: 'storedge', filter: 'doing_move_outs' }]);
    expect(progress).toEqual([10, 40, 90]);
    expect(stored.map((s) => s.file)).toEqual([file]);

    const sheet = (await read(stored[0]!.body)).getWorksheet('Facilities')!;
    expect(rowValues(sheet, 1)).toEqual(FACILITY_EXPORT_COLUMNS.map((c) => c.header));
    const column = (name: string) => FACILITY_EXPORT_COLUMNS.findIndex((c) => c.header === name) + 1;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(column('Facility Number')).value).toBe('1001');
    expect(sheet.getRow(2).getCell(column('Letter Effective Date')).value).toEqual(new Date(Date.UTC(2026, 4, 1)));
    expect(sheet.getRow(2).getCell(column('Letter Effective Date')).numFmt).toBe('m/d/yyyy');
    expect(sheet.getRow(2).getCell(column('Can Tag Removal')).value).toBe(true);
    expect(sheet.getRow(2).getCell(column('Percent Complete')).value).toBe(37);
    expect(sheet.getRow(3).getCell(column('Fax')).value).toBe('5125550199');
    expect(sheet.getRow(3).getCell(column('Selected Coverage')).value).toBeNull();
    expect(sheet.getCell('A1').font?.bold).toBe(true);
  });

  it('facility-stats-export: every stats row as the Facility Stats sheet', async () => {
    const { runners, stored, ctx } = setup();
    const file = { file_key: facilityStatsExportKey('facility_stats_2026-05-01_134502.xlsx'), filename: 'facility_stats_2026-05-01_134502.xlsx' };
    expect(await runners[EXPORT_JOB_TYPES.facilityStats](ctx('facility-stats-export', file))).toEqual(file);
    const sheet = (await read(stored[0]!.body)).getWorksheet('Facility Stats')!;
    expect(rowValues(sheet, 1)).toEqual(FACILITY_STATS_EXPORT_COLUMNS.map((c) => c.header));
    expect(rowValues(sheet, 2).slice(0, 7)).toEqual(['1001', 'P1001', 'Account 1001', true, 1, 50, 50]);
  });

  it('a job input that is not an export is refused before any work', async () => {
    const { runners, stored, ctx } = setup();
    await expect(runners[EXPORT_JOB_TYPES.facilities](ctx('facilities-export', { filename: 'x.xlsx' }))).rejects.toThrow();
    await expect(runners[EXPORT_JOB_TYPES.facilities](ctx('facilities-export', { file_key: 'k', filename: 'x.xlsx', filters: { software: 'floppy' } }))).rejects.toThrow();
    expect(stored).toEqual([]);
  });
});

describe('column rules', () => {
  it('converts raw values under their column type', () => {
    expect(cellValueOf('0042')).toBe('0042');
    expect(cellValueOf(12)).toBe(12);
    expect(cellValueOf('12', 'number')).toBe(12);
    expect(cellValueOf('twelve', 'number')).toBe('twelve');
    expect(cellValueOf(true, 'boolean')).toBe(true);
    expect(cellValueOf('', 'text')).toBeNull();
    expect(cellValueOf(null, 'date')).toBeNull();
    expect(cellValueOf('2026-03-15', 'date')).toEqual(new Date(Date.UTC(2026, 2, 15)));
    expect(cellValueOf('x'.repeat(40_000))).toHaveLength(32_767);
  });

  it('reads dates as the calendar has them, from 1900 on', () => {
    expect(dateOf('2026-01-01', false)).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(dateOf('2026-01-01T12:00:00Z', true)).toEqual(new Date(Date.UTC(2026, 0, 1, 12)));
    expect(dateOf('2026-01-01T12:00:00-05:00', true)).toEqual(new Date(Date.UTC(2026, 0, 1, 17)));
    expect(dateOf('2026-13-01', false)).toBeNull();
    expect(dateOf('2026-02-29', false)).toBeNull();
    expect(dateOf('1899-01-01', false)).toBeNull();
  });

  it('cleans sheet names and fits widths', () => {
    expect(safeSheetName("'x/y'")).toBe('x y');
    expect(safeSheetName('   ')).toBe('Sheet1');
    expect(safeSheetName('a'.repeat(40))).toHaveLength(31);
    expect(columnWidths([{ header: 'Id', key: 'id' }, { header: 'D', key: 'd', type: 'date' }], [{ id: 'x'.repeat(100), d: '2026-01-01' }])).toEqual([60, 12]);
  });
});

describe('export jobs', () => {
  it('an export in its own folder is named by its job; one in a shared folder by folder and file', () => {
    const id = '0b7f7a8e-1c1d-4e59-9f0a-4a4d1b8e2f10';
    expect(exportJobId(exportKey({ kind: 'staff' }, id, 'all_facilities.xlsx'))).toBe(id);
    expect(exportJobId(exportKey({ kind: 'facility', facility_id: 'f-1' }, id, '1001 tenants.xlsx'))).toBe(id);
    expect(exportJobId(facilityStatsExportKey('facility_stats_2026-05-01_134502.xlsx'))).toBe('facility-stats_facility_stats_2026-05-01_134502');
    expect(() => exportJobId('temporary/../x')).toThrow(HttpError);
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
