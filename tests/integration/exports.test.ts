/**
 * Exports through the real path: a workbook written to the emulator's exports bucket with the program's
 * own writer, GET /api/exports/download answering a presigned link, the link fetched like a browser
 * would and the file parsed with exceljs. Who may read which export is told by its key.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_FACILITY_ID, uniqueName } from './helpers';
import { makeFacility, makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { writeExport } from '../../functions/exports/write-export';
import type { ExportFile } from '../../functions/exports/write-export';
import { exportKey } from '../../functions/exports/export-keys';
import { XLSX_CONTENT_TYPE } from '../../functions/exports/download';
import { FACILITY_EXPORT_COLUMNS, facilitiesExportRoute } from '../../functions/exports/facilities-export';
import type { FacilityExportFilters, FacilityExportRow } from '../../functions/exports/facilities-export';
import { facilityStatsCreateExportRoute, facilityStatsExportName } from '../../functions/exports/facility-stats-export';
import type { RouteImpl } from '../../functions/runtime/route';

let monitor = '';
let admin = '';
let manager = '';
let staffExport: ExportFile;
let ownExport: ExportFile;

const ROWS = [
  { facility_number: '1001', account_name: 'Alpha Storage', tenants: 120, letter_effective_date: '2026-03-15', can_tag_removal: true },
  { facility_number: '0042', account_name: 'Beta & Sons', tenants: 7, letter_effective_date: null, can_tag_removal: false },
];
const COLUMNS = [
  { header: 'Facility Number', key: 'facility_number' },
  { header: 'Account Name', key: 'account_name' },
  { header: 'Tenants', key: 'tenants', type: 'number' as const },
  { header: 'Letter Effective Date', key: 'letter_effective_date', type: 'date' as const },
  { header: 'Can Tag Removal', key: 'can_tag_removal', type: 'boolean' as const },
];

beforeAll(async () => {
  const [m, a, g] = await Promise.all([makeUser({ is_monitor: true }), makeUser({ is_admin: true }), makeUser({ facility_id: DEMO_FACILITY_ID })]);
  [monitor, admin, manager] = await Promise.all([tokenFor(m), tokenFor(a), tokenFor(g)]);
  [staffExport, ownExport] = await Promise.all([
    writeExport({ owner: { kind: 'staff' }, name: 'all_facilities', sheet: 'Facilities', columns: COLUMNS, rows: ROWS }),
    writeExport({ owner: { kind: 'facility', facility_id: DEMO_FACILITY_ID }, name: '1001 tenants', sheet: 'Tenants', columns: COLUMNS, rows: ROWS.slice(0, 1) }),
  ]);
});

const download = (token: string | null, query: Record<string, string>) => call('GET', '/api/exports/download', { token, query });

/** Fetches the presigned link as the browser does (no session header) and parses the workbook. */
async function fetchWorkbook(url: string): Promise<{ res: Response; workbook: ExcelJS.Workbook }> {
  const res = await fetch(url);
  expect(res.status, await res.clone().text().catch(() => '')).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return { res, workbook };
}

describe('writeExport', () => {
  it('keys tell the owner and end in the file name', () => {
    expect(staffExport.filename).toBe('all_facilities.xlsx');
    expect(staffExport.file_key).toMatch(/^temporary\/staff\/[0-9a-f-]{36}\/all_facilities\.xlsx$/);
    expect(ownExport.file_key).toMatch(new RegExp(`^temporary/facility/${DEMO_FACILITY_ID}/[0-9a-f-]{36}/1001 tenants\\.xlsx$`));
  });
});

describe('GET /api/exports/download', () => {
  it('staff get a short-lived link to a real workbook, saved under its name', async () => {
    const res = await download(monitor, { file_key: staffExport.file_key });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_in_seconds', 'filename', 'url']);
    expect(res.body).toMatchObject({ filename: 'all_facilities.xlsx', expires_in_seconds: 60 });
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const { res: file, workbook } = await fetchWorkbook(res.body.url);
    expect(file.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="all_facilities\.xlsx"/);
    const sheet = workbook.getWorksheet('Facilities')!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['1001', 'Alpha Storage', 120, new Date(Date.UTC(2026, 2, 15)), true]);
    expect((sheet.getRow(3).values as unknown[]).slice(1, 3)).toEqual(['0042', 'Beta & Sons']);
  });

  it('saves under the name the caller asks for (the spec sends all_facilities), made safe', async () => {
    const res = await download(admin, { file_key: staffExport.file_key, filename: 'facilities "May"/2026' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toBe('facilities _May_2026.xlsx');
    const { res: file } = await fetchWorkbook(res.body.url);
    expect(file.headers.get('content-disposition')).toContain('filename="facilities _May_2026.xlsx"');
  });

  it("a manager downloads its own facility's export", async () => {
    const res = await download(manager, { file_key: ownExport.file_key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toBe('1001 tenants.xlsx');
    const { workbook } = await fetchWorkbook(res.body.url);
    expect(workbook.getWorksheet('Tenants')!.getCell('B2').value).toBe('Alpha Storage');
  });

  it("a manager is refused staff exports and another facility's, by key whatever else it sends", async () => {
    const staff = await download(manager, { file_key: staffExport.file_key, filename: 'mine' });
    expect(staff.status, staff.text).toBe(403);
    expect(staff.body.error).toBe('This record belongs to another facility.');

    const other = await makeManagerWithFacility();
    const theirs = await writeExport({ owner: { kind: 'facility', facility_id: other.facility.id }, name: 'theirs', sheet: 'S', columns: COLUMNS, rows: ROWS });
    expect((await download(manager, { file_key: theirs.file_key })).status).toBe(403);
    expect((await download(other.token, { file_key: theirs.file_key })).status).toBe(200);
    expect((await download(other.token, { file_key: ownExport.file_key })).status).toBe(403);
    // Staff reach every facility's exports.
    expect((await download(monitor, { file_key: theirs.file_key })).status).toBe(200);
  });

  it('keys outside the temporary exports are 422 for everyone, before any lookup', async () => {
    const bad: [string, RegExp][] = [
      ['letters/2026/batch.pdf', /must start with 'temporary\/'/],
      ['temporary/../letters/batch.pdf', /must not contain '\.\.'/],
      [`temporary/facility/${DEMO_FACILITY_ID}/../../staff/x/all.xlsx`, /must not contain '\.\.'/],
      ['temporary/staff/only-two-parts.xlsx', /does not name an export/],
      [`temporary/facility/${DEMO_FACILITY_ID}/x.xlsx`, /does not name an export/],
      ['temporary/other/a/b.xlsx', /does not name an export/],
    ];
    for (const token of [monitor, manager]) {
      for (const [fileKey, message] of bad) {
        const res = await download(token, { file_key: fileKey });
        expect(res.status, `${fileKey}: ${res.text}`).toBe(422);
        expect(res.body.error).toMatch(message);
        expect(res.body.field).toBe('file_key');
      }
      const missing = await download(token, {});
      expect(missing.status).toBe(422);
      expect(missing.body).toMatchObject({ error: 'file_key is required.', field: 'file_key' });
    }
  });

  it('a well-formed key with no object is 404 (expired or never written)', async () => {
    const staffKey = exportKey({ kind: 'staff' }, 'no-such-export', 'gone.xlsx');
    const facilityKey = exportKey({ kind: 'facility', facility_id: DEMO_FACILITY_ID }, 'no-such-export', 'gone.xlsx');
    for (const [token, key] of [[monitor, staffKey], [admin, facilityKey], [manager, facilityKey]] as const) {
      const res = await download(token, { file_key: key });
      expect(res.status, res.text).toBe(404);
      expect(res.body.error).toEqual(expect.any(String));
    }
    // A manager learns nothing about staff exports: 403 whether or not one exists.
    expect((await download(manager, { file_key: staffKey })).status).toBe(403);
  });

  it('needs a session: 401 with x-token-gone', async () => {
    const res = await download(null, { file_key: staffExport.file_key });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-token-gone')).toBe('1');
    expect(res.text).not.toContain('X-Amz-Signature');
  });

  it('a user with no export permission is refused', async () => {
    const plain = await tokenFor(await makeUser({ username: uniqueName('plain') }));
    expect((await download(plain, { file_key: staffExport.file_key })).status).toBe(403);
  });
});

/** Runs a route the way the api handler does after validation, here with a staff caller. */
async function run(route: RouteImpl, query: unknown = {}) {
  const caller = { user: await makeUser({ is_monitor: true }), permissions: ['monitor' as const], sessionId: 'test' };
  const parsed = route.contract.query ? route.contract.query.parse(query) : undefined;
  return route.handle({ params: undefined, query: parsed, body: undefined, caller, requestId: 'test', sourceIp: '127.0.0.1' });
}

describe('the facilities export (route of GET /api/exports/facilities, given the list query)', () => {
  const facility = (n: string, extra: Partial<FacilityExportRow> = {}): FacilityExportRow => ({
    facility_number: n, prime_site_id: `P${n}`, account_name: `Account ${n}`, corporate_group: 'CG', insurance_program_label: 'PMA',
    software: 'storedge', address: '1 Road', city: 'Austin', state: 'TX', zip_code: '78701', contact_name: 'Pat', email: `f${n}@x.example`,
    phone: '5125550100', fax: null, tenant_count: 40, can_tag_removal: true, confirmed_move_outs_date: '2026-04-01',
    confirmed_no_move_outs_date: null, initial_letter_send_date: '2026-03-01', reminder_letter_send_date: null, welcome_letter_send_date: null,
    letter_effective_date: '2026-05-01', note: '', stats: { selected_coverage: 10, charge_applied: 5, percent_complete: 37 }, ...extra,
  });

  it('passes the filters to the list and writes every row as all_facilities.xlsx that staff download', async () => {
    const seen: FacilityExportFilters[] = [];
    const route = facilitiesExportRoute(async (filters) => {
      seen.push(filters);
      return [facility('1001'), facility('1002', { stats: undefined, fax: '5125550199' })];
    });
    const { body } = await run(route, { account_name: '  Acc ', software: 'storedge', filter: 'doing_move_outs', insurance_program_key: '' });
    expect(seen).toEqual([{ account_name: 'Acc', software: 'storedge', filter: 'doing_move_outs', insurance_program_key: undefined }]);
    const file = body as ExportFile;
    expect(file.filename).toBe('all_facilities.xlsx');
    expect(file.file_key).toMatch(/^temporary\/staff\//);

    const res = await download(monitor, { file_key: file.file_key, filename: 'all_facilities' });
    expect(res.status, res.text).toBe(200);
    const sheet = (await fetchWorkbook(res.body.url)).workbook.getWorksheet('Facilities')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(FACILITY_EXPORT_COLUMNS.map((c) => c.header));
    const header = (name: string) => FACILITY_EXPORT_COLUMNS.findIndex((c) => c.header === name) + 1;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(header('Facility Number')).value).toBe('1001');
    expect(sheet.getRow(2).getCell(header('Letter Effective Date')).value).toEqual(new Date(Date.UTC(2026, 4, 1)));
    expect(sheet.getRow(2).getCell(header('Percent Complete')).value).toBe(37);
    expect(sheet.getRow(3).getCell(header('Fax')).value).toBe('5125550199');
    expect(sheet.getRow(3).getCell(header('Selected Coverage')).value).toBeNull();
    // A manager may not read a staff export.
    expect((await download(manager, { file_key: file.file_key })).status).toBe(403);
  });

  it('an empty list still writes a workbook with the header row', async () => {
    const { body } = await run(facilitiesExportRoute(async () => []));
    const res = await download(monitor, { file_key: (body as ExportFile).file_key });
    const sheet = (await fetchWorkbook(res.body.url)).workbook.getWorksheet('Facilities')!;
    expect(sheet.rowCount).toBe(1);
  });
});

describe('facility stats export: create-export (given the stats list) and GET /api/facility-stats/download-export', () => {
  const statsRow = (n: string) => ({
    facility_number: n, prime_site_id: `P${n}`, account_name: `Account ${n}`, was_prime: false, upload_count: 1, tenant_count: 50,
    audit_letters_sent: 50, reminder_letters_sent: 20, welcome_letters_sent: 0, selected_coverage: 10, confirmed_payment: 2, provided_proof: 5,
    opted_out: 3, moved_out: 1, bad_address: 1, requires_setup: 4, total_all: 50, charge_applied: 8, non_responder: 22,
    selected_coverage_percentage: 20, confirmed_payment_percentage: 4, provided_proof_percentage: 10, opted_out_percentage: 6,
    moved_out_percentage: 2, bad_address_percentage: 2, charge_applied_percentage: 16, non_responder_percentage: 44, percent_complete: 56,
  });

  it('create-export answers the filename; staff download it by that name', async () => {
    const at = new Date(Date.UTC(2026, 4, 1, 13, 45, 2, 500));
    const { body } = await run(facilityStatsCreateExportRoute(async () => [statsRow('1001'), statsRow('1002')], () => at));
    const file = body as ExportFile;
    expect(file).toEqual({ filename: 'facility_stats_2026-05-01_134502.xlsx', file_key: 'temporary/staff/facility-stats/facility_stats_2026-05-01_134502.xlsx' });

    const res = await call('GET', '/api/facility-stats/download-export', { token: admin, query: { filename: file.filename } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ filename: file.filename, expires_in_seconds: 60 });
    const { res: got, workbook } = await fetchWorkbook(res.body.url);
    expect(got.headers.get('content-disposition')).toContain(`filename="${file.filename}"`);
    const sheet = workbook.getWorksheet('Facility Stats')!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 8)).toEqual(['1001', 'P1001', 'Account 1001', false, 1, 50, 50]);
    // Through the general download route too (staff), never for a manager.
    expect((await download(monitor, { file_key: file.file_key })).status).toBe(200);
    expect((await download(manager, { file_key: file.file_key })).status).toBe(403);
  });

  it('download-export: a name that is no stats export is 422, one never written 404, managers and nobody refused', async () => {
    for (const filename of ['../all_facilities.xlsx', 'all_facilities.xlsx', 'facility_stats_2026-05-01.xlsx']) {
      const res = await call('GET', '/api/facility-stats/download-export', { token: monitor, query: { filename } });
      expect(res.status, `${filename}: ${res.text}`).toBe(422);
      expect(res.body).toMatchObject({ error: 'filename does not name a facility stats export.', field: 'filename' });
    }
    expect((await call('GET', '/api/facility-stats/download-export', { token: monitor })).status).toBe(422);
    const never = facilityStatsExportName(new Date(Date.UTC(1999, 0, 1)));
    expect((await call('GET', '/api/facility-stats/download-export', { token: monitor, query: { filename: never } })).status).toBe(404);
    expect((await call('GET', '/api/facility-stats/download-export', { token: manager, query: { filename: never } })).status).toBe(403);
    expect((await call('GET', '/api/facility-stats/download-export', { query: { filename: never } })).status).toBe(401);
  });
});

describe('GET /api/exports/facilities (over the facilities catalog)', () => {
  it('writes the filtered active facilities for staff; the file downloads with their rows', async () => {
    const stem = uniqueName('XP').replace(/[^A-Za-z0-9-]/g, '-').slice(0, 14);
    const [a, b] = await Promise.all([makeFacility(uniqueName('xp-facility'), null, `${stem}-2`), makeFacility(uniqueName('xp-facility'), null, `${stem}-10`)]);
    await makeFacility(uniqueName('xp-facility'), null);
    const res = await call('GET', '/api/exports/facilities', { token: monitor, query: { facility_number: stem } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toBe('all_facilities.xlsx');
    expect(res.body.file_key).toMatch(/^temporary\/staff\/[0-9a-f-]{36}\/all_facilities\.xlsx$/);

    const link = await download(monitor, { file_key: res.body.file_key, filename: 'all_facilities' });
    expect(link.status, link.text).toBe(200);
    const sheet = (await fetchWorkbook(link.body.url)).workbook.getWorksheet('Facilities')!;
    const column = (name: string) => FACILITY_EXPORT_COLUMNS.findIndex((c) => c.header === name) + 1;
    const numbers = [2, 3].map((r) => sheet.getRow(r).getCell(column('Facility Number')).value);
    // The list's order: numeric-aware facility numbers ('-2' before '-10').
    expect(numbers).toEqual([a.facility_number, b.facility_number]);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(column('Account Name')).value).toBe(a.account_name);
  });

  it('bad filters are 422; managers 403; nobody 401', async () => {
    const bad = await call('GET', '/api/exports/facilities', { token: monitor, query: { software: 'floppy' } });
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('software');
    expect((await call('GET', '/api/exports/facilities', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/exports/facilities')).status).toBe(401);
  });
});
