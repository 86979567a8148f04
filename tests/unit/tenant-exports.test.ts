/**
 * The tenant exports' runners (monitor-tenants-export, manager-tenants-export), run with lists of our
 * own in place of the tenants capability's: a cycle's or facility's list read whole, the program's read
 * page after page through its cursor and streamed into the workbook, the limit of a program-wide export,
 * and the columns as the master list shows them. Each workbook is read back with exceljs.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportRunners } from '../../functions/exports/export-runners';
import { EXPORT_JOB_TYPES } from '../../functions/exports/export-jobs';
import type { ExportJobFile } from '../../functions/exports/export-jobs';
import { buildSpreadsheet } from '../../functions/exports/spreadsheet';
import {
  MAX_TENANT_EXPORT_ROWS, PROGRAM_EXPORT_PAGE, TENANT_EXPORT_COLUMNS, tenantsExportJobInput, tenantStatusLabel, tooManyTenantsMessage, welcomeLetterCell,
} from '../../functions/exports/tenants-export';
import type { TenantExportLists } from '../../functions/exports/tenants-export';
import type { JobRecord } from '../../functions/jobs/job-store';
import type { TenantListRequest, TenantPage } from '../../functions/tenants/tenant-list';
import { TENANT_DEFAULTS } from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';
import { viewOf } from '../../functions/tenants/tenant-view';

async function read(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.getWorksheet('Tenants')!;
}
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
const column = (name: string) => TENANT_EXPORT_COLUMNS.findIndex((c) => c.header === name) + 1;

const record = (i: number, extra: Partial<TenantRecord> = {}): TenantRecord => ({
  ...TENANT_DEFAULTS, id: `t${i}`, facility_id: 'f1', facility_number: '1001', cycle_id: 'c1', first_name: `First${i}`, last_name: `Last${i}`,
  unit: `U${i}`, ledger_id: `L${i}`, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...extra,
});
const context = { reader: 'staff' as const, cycles: new Map([['c1', { label: 'Spring 2026', archived_at: null }]]), software: new Map([['f1', 'storedge']]) };

const jobOf = (type: string, input: Record<string, unknown>): JobRecord => ({
  id: 'job-1', type, queue: 'archive-exports', status: 'running', progress: 0, progress_detail: null, error: null, result: null,
  created_by: 'u', facility_id: null, input, created_at: '', updated_at: '',
});
const FILE: ExportJobFile = { file_key: 'temporary/staff/0b7f7a8e-1c1d-4e59-9f0a-4a4d1b8e2f10/all_tenants.xlsx', filename: 'all_tenants.xlsx' };

/** Runners over lists that record what they were asked; `pages` answers the program-wide pages in turn. */
function setup(options: { all?: TenantRecord[]; pages?: { rows: TenantRecord[]; exact: boolean; total: number }[] } = {}) {
  const asked: { all: unknown[]; pages: TenantListRequest[] } = { all: [], pages: [] };
  const stored: { file: ExportJobFile; body: Buffer }[] = [];
  const tenantLists: TenantExportLists = {
    allTenantsOf: async (req) => {
      asked.all.push(req);
      return options.all ?? [];
    },
    listTenants: async (req): Promise<TenantPage> => {
      asked.pages.push(req);
      const n = asked.pages.length;
      const page = options.pages?.[n - 1] ?? { rows: [], exact: true, total: 0 };
      const more = n < (options.pages?.length ?? 0);
      return {
        rows: page.rows, textMatch: 'prefix',
        pagination: {
          current_page: n, last_page: n, per_page: req.perPage, from: null, to: null, total: page.total, exact: page.exact,
          next_cursor: more ? `cursor-${n + 1}` : null,
        },
      };
    },
    viewsOf: async (tenants) => tenants.map((t) => viewOf(t, context)),
  };
  const runners = exportRunners({
    listFacilities: async () => [], listFacilityStats: async () => [], tenantLists, store: async (file, body) => { stored.push({ file, body }); },
  });
  const progress: number[] = [];
  const run = (type: string, input: Record<string, unknown>) => runners[type as keyof typeof runners]({
    job: jobOf(type, { ...FILE, ...input }), progress: async (p: number) => { progress.push(p); }, report: async () => {},
  });
  return { asked, stored, progress, run };
}

describe('tenant export runners', () => {
  it("a cycle's export reads its whole list with the filters and writes every row in the list's order", async () => {
    const rows = [
      record(1, {
        status: 'cov-2000-12', coverage_id: 'cov-2000-12', units: ['U1', 'U1B'], move_in_date: '2025-06-15', billing_date: '2026-02-01',
        charge_apply_date: '2026-02-01', charge_applied_date: '2026-02-03', payment_confirmed_date: '2026-02-10', setup_insurance_date: '2026-02-05',
        setup_via_api: true, welcome_letter_sent_date: '2026-03-01', welcome_certificate_emailed_date: '2026-03-02', note: 'Called twice',
      }),
      record(2, { status: 'opt_out', tagged_for_removal: true, setup_insurance_date: '2026-02-05', welcome_letter_sent_date: '2026-03-01' }),
      record(3, { last_name: null, first_name: 'Acme Storage LLC', welcome_certificate_emailed_date: '2026-03-02' }),
    ];
    const { asked, stored, progress, run } = setup({ all: rows });
    const filters = { filter: 'all', status: 'any_coverage', tagged_for_removal: true, name: 'last', unit: 'u1', policy_number: 'P-1', sort: '-unit' };
    const result = await run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'cycle', cycle_id: 'c1' }, filters });
    expect(result).toEqual(FILE);
    expect(asked.all).toEqual([{
      scope: { kind: 'cycle', cycleId: 'c1' }, filter: 'all', status: 'any_coverage', tagged: true, name: 'last', unit: 'u1', policyNumber: 'P-1', sort: '-unit',
    }]);
    expect(asked.pages).toEqual([]);
    expect(progress).toEqual([10, 40, 90]);
    expect(stored.map((s) => s.file)).toEqual([FILE]);

    const sheet = await read(stored[0]!.body);
    expect(rowValues(sheet, 1)).toEqual(TENANT_EXPORT_COLUMNS.map((c) => c.header));
    expect(sheet.rowCount).toBe(4);
    expect(rowValues(sheet, 2)).toEqual([
      // No email or address: empty cells.
      '1001', 'Spring 2026', 'Last1', 'First1', 'U1, U1B', 'Selected Coverage', undefined, undefined, undefined, undefined, undefined,
      new Date(Date.UTC(2025, 5, 15)), new Date(Date.UTC(2026, 1, 1)), new Date(Date.UTC(2026, 1, 1)), new Date(Date.UTC(2026, 1, 3)),
      new Date(Date.UTC(2026, 1, 10)), 'API', 'Mailed + certificate emailed', false, 'Called twice',
    ]);
    expect(sheet.getRow(2).getCell(column('Move-In Date')).numFmt).toBe('m/d/yyyy');
    const cell = (r: number, name: string) => sheet.getRow(r).getCell(column(name)).value;
    expect([cell(3, 'Status'), cell(3, 'Setup Confirmed'), cell(3, 'Welcome Letter'), cell(3, 'Tagged for Removal'), cell(3, 'Unit(s)')])
      .toEqual(['Opted Out', 'Confirmed', 'Mailed', true, 'U2']);
    expect([cell(4, 'Last Name'), cell(4, 'First Name'), cell(4, 'Status'), cell(4, 'Setup Confirmed'), cell(4, 'Welcome Letter')])
      .toEqual([null, 'Acme Storage LLC', 'No response', null, 'Certificate emailed']);
  });

  it("a facility's export (the manager's job type too) reads the facility's list", async () => {
    const { asked, stored, run } = setup({ all: [record(1)] });
    await run(EXPORT_JOB_TYPES.managerTenants, { scope: { kind: 'facility', facility_id: 'f1' }, filters: { filter: 'non_responder' } });
    expect(asked.all).toEqual([expect.objectContaining({ scope: { kind: 'facility', facilityId: 'f1' }, filter: 'non_responder' })]);
    expect((await read(stored[0]!.body)).rowCount).toBe(2);
  });

  it('filters that name no list (an unknown facility number) write the header only and read nothing', async () => {
    const { asked, stored, run } = setup({ all: [record(1)] });
    await run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'none' }, filters: { facility_number: 'nope' } });
    expect(asked).toEqual({ all: [], pages: [] });
    const sheet = await read(stored[0]!.body);
    expect(sheet.rowCount).toBe(1);
    expect(rowValues(sheet, 1)).toEqual(TENANT_EXPORT_COLUMNS.map((c) => c.header));
  });

  it('a program-wide export pages through the list with its cursor and streams every page in order', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => record(from + i));
    const pages = [
      { rows: page(0, 300), exact: true, total: 700 },
      { rows: page(300, 300), exact: true, total: 700 },
      { rows: page(600, 100), exact: true, total: 700 },
    ];
    const { asked, stored, progress, run } = setup({ pages });
    await run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'program' }, filters: { status: 'opt_out', name: 'la' } });
    expect(asked.pages.map((r) => [r.page, r.cursor, r.perPage, r.scope.kind, r.status, r.name])).toEqual([
      [1, undefined, PROGRAM_EXPORT_PAGE, 'program', 'opt_out', 'la'],
      [2, 'cursor-2', PROGRAM_EXPORT_PAGE, 'program', 'opt_out', 'la'],
      [3, 'cursor-3', PROGRAM_EXPORT_PAGE, 'program', 'opt_out', 'la'],
    ]);
    const sheet = await read(stored[0]!.body);
    expect(sheet.rowCount).toBe(701);
    expect([2, 301, 302, 701].map((r) => sheet.getRow(r).getCell(column('First Name')).value)).toEqual(['First0', 'First299', 'First300', 'First699']);
    // Reading and writing go together: 10 once started, then by rows written of the known total.
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(90);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(sheet.autoFilter).toBe('A1:T701');
  });

  it('a program-wide export past the limit is refused before anything is written', async () => {
    const { stored, run } = setup({ pages: [{ rows: [record(1)], exact: true, total: MAX_TENANT_EXPORT_ROWS + 1 }] });
    await expect(run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'program' }, filters: {} })).rejects.toThrow(tooManyTenantsMessage(MAX_TENANT_EXPORT_ROWS + 1));
    expect(stored).toEqual([]);
  });

  it('a program-wide search whose total is unknown stops once it has read past the limit', async () => {
    const one = record(1);
    const { stored, run } = setup({ pages: [{ rows: new Array<TenantRecord>(MAX_TENANT_EXPORT_ROWS + 1).fill(one), exact: false, total: 1 }] });
    await expect(run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'program' }, filters: { name: 'sm' } })).rejects.toThrow(/^More than 100,000 tenants match/);
    expect(stored).toEqual([]);
  });

  it('a job input that is not a tenant export is refused before any work', async () => {
    const { asked, stored, run } = setup();
    await expect(run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'cycle' }, filters: {} })).rejects.toThrow();
    await expect(run(EXPORT_JOB_TYPES.monitorTenants, { scope: { kind: 'program' }, filters: { status: 'gone' } })).rejects.toThrow();
    expect(tenantsExportJobInput.safeParse({ ...FILE, scope: { kind: 'everything' }, filters: {} }).success).toBe(false);
    expect(asked).toEqual({ all: [], pages: [] });
    expect(stored).toEqual([]);
  });
});

describe('tenant export cells', () => {
  it('labels statuses as the master list does', () => {
    expect(tenantStatusLabel(null)).toBe('No response');
    expect(tenantStatusLabel('no_response')).toBe('No response');
    expect(tenantStatusLabel('provide_proof')).toBe('Provided Proof');
    expect(tenantStatusLabel('opt_out')).toBe('Opted Out');
    expect(tenantStatusLabel('moved_out')).toBe('Moved Out');
    expect(tenantStatusLabel('bad_address')).toBe('Bad Address');
    expect(tenantStatusLabel('cov-5000-18.5')).toBe('Selected Coverage');
  });

  it('says how the welcome letter went out: mailed, certificate emailed, both, or NULL', () => {
    expect(welcomeLetterCell({ welcome_letter_sent_date: '2026-01-01', welcome_certificate_emailed_date: null })).toBe('Mailed');
    expect(welcomeLetterCell({ welcome_letter_sent_date: null, welcome_certificate_emailed_date: '2026-01-01' })).toBe('Certificate emailed');
    expect(welcomeLetterCell({ welcome_letter_sent_date: '2026-01-01', welcome_certificate_emailed_date: '2026-01-02' })).toBe('Mailed + certificate emailed');
    expect(welcomeLetterCell({ welcome_letter_sent_date: null, welcome_certificate_emailed_date: null })).toBe('NULL');
  });
});

describe('buildSpreadsheet with streamed rows', () => {
  it('writes rows as they arrive, fits widths to the first rows and spans the filter over all of them', async () => {
    async function* rows() {
      for (let i = 0; i < 1200; i += 1) yield { n: String(i), text: i < 200 ? 'short' : 'a much longer text that arrives late' };
    }
    const seen: [number, number | null][] = [];
    const bytes = await buildSpreadsheet({ sheet: 'Tenants', columns: [{ header: 'N', key: 'n' }, { header: 'Text', key: 'text' }], rows: rows() }, (written, total) => {
      seen.push([written, total]);
    });
    expect(seen).toEqual([[500, null], [1000, null], [1200, 1200]]);
    const sheet = await read(bytes);
    expect(sheet.rowCount).toBe(1201);
    expect(sheet.getCell('A1201').value).toBe('1199');
    expect(sheet.autoFilter).toBe('A1:B1201');
    // Widths come from the header and the first 200 rows, read before the header is written.
    expect(sheet.getColumn(2).width).toBe(8);
  });

  it('writes a header-only sheet for an empty stream, and reports a known total', async () => {
    async function* none() { /* no rows */ }
    const seen: [number, number | null][] = [];
    const sheet = await read(await buildSpreadsheet({ sheet: 'Tenants', columns: [{ header: 'N', key: 'n' }], rows: none(), total: 0 }, (w, t) => {
      seen.push([w, t]);
    }));
    expect(sheet.rowCount).toBe(1);
    expect(seen).toEqual([[0, 0]]);
  });
});
