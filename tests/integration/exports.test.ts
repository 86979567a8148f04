/**
 * Exports through the real path: a create call answers the file and its job at once; the local runtime's
 * poller hands the job to the archive-exports worker, which writes the workbook with exceljs to the
 * emulator's exports bucket; GET /api/jobs/{id} reports it done; the download call answers a presigned
 * link, fetched like a browser would and parsed with exceljs. Before the job is done the download is 409.
 * Who may read which export (and poll which job) is unchanged: told by the key, and by who started it.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_FACILITY_ID, uniqueName } from './helpers';
import { makeFacility, makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { exportDone, waitForExportJob } from './export-jobs';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { updateJob } from '../../functions/jobs/job-store';
import type { JobRecord } from '../../functions/jobs/job-store';
import { buildSpreadsheet, putSpreadsheet } from '../../functions/exports/spreadsheet';
import { EXPORT_JOB_TYPES, exportJobId } from '../../functions/exports/export-jobs';
import type { ExportJobFile } from '../../functions/exports/export-jobs';
import { exportKey, safeFilename } from '../../functions/exports/export-keys';
import type { ExportOwner } from '../../functions/exports/export-keys';
import { XLSX_CONTENT_TYPE } from '../../functions/exports/presign';
import { FACILITY_EXPORT_COLUMNS } from '../../functions/exports/facilities-export';
import { FACILITY_STATS_EXPORT_COLUMNS, facilityStatsCreateExportRoute, facilityStatsExportKey, facilityStatsExportName } from '../../functions/exports/facility-stats-export';
import type { RouteImpl } from '../../functions/runtime/route';

let monitor = '';
let admin = '';
let manager = '';
let ownExport: ExportJobFile;

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

/**
 * A facility export as the worker writes it (its writer and store), for the download rules without
 * waiting for a job: a manager may read only its own facility's. (The manager's tenant export is written
 * by its job in tests/integration/manager-tenants.test.ts.)
 */
async function writeFacilityExport(owner: ExportOwner, name: string): Promise<ExportJobFile> {
  const filename = safeFilename(name);
  const file = { file_key: exportKey(owner, randomUUID(), filename), filename };
  await putSpreadsheet(file, await buildSpreadsheet({ sheet: 'Tenants', columns: COLUMNS, rows: ROWS }));
  return file;
}

beforeAll(async () => {
  const [m, a, g] = await Promise.all([makeUser({ is_monitor: true }), makeUser({ is_admin: true }), makeUser({ facility_id: DEMO_FACILITY_ID })]);
  [monitor, admin, manager] = await Promise.all([tokenFor(m), tokenFor(a), tokenFor(g)]);
  ownExport = await writeFacilityExport({ kind: 'facility', facility_id: DEMO_FACILITY_ID }, '1001 tenants');
});

const download = (token: string | null, query: Record<string, string>) => call('GET', '/api/exports/download', { token, query });
const createFacilitiesExport = (token: string | null, query: Record<string, string> = {}) => call('GET', '/api/exports/facilities', { token, query });

/** Fetches the presigned link as the browser does (no session header) and parses the workbook. */
async function fetchWorkbook(url: string): Promise<{ res: Response; workbook: ExcelJS.Workbook }> {
  const res = await fetch(url);
  expect(res.status, await res.clone().text().catch(() => '')).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return { res, workbook };
}

const column = (name: string) => FACILITY_EXPORT_COLUMNS.findIndex((c) => c.header === name) + 1;
const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

/** Two facilities whose numbers share a stem (and sort '-2' before '-10'), and one that does not match. */
async function facilitiesToExport() {
  const stem = uniqueName('XP').replace(/[^A-Za-z0-9-]/g, '-').slice(0, 14);
  const [a, b] = await Promise.all([makeFacility(uniqueName('xp-facility'), null, `${stem}-2`), makeFacility(uniqueName('xp-facility'), null, `${stem}-10`)]);
  await makeFacility(uniqueName('xp-facility'), null);
  return { stem, a, b };
}

describe('GET /api/exports/facilities: a job the worker turns into a workbook', () => {
  it('answers the file and its job at once; the job finishes with the file; staff download it and the rows match', async () => {
    const { stem, a, b } = await facilitiesToExport();
    const created = await createFacilitiesExport(monitor, { facility_number: stem });
    expect(created.status, created.text).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(['file_key', 'filename', 'job_id']);
    expect(created.body.filename).toBe('all_facilities.xlsx');
    expect(created.body.file_key).toBe(`temporary/staff/${created.body.job_id}/all_facilities.xlsx`);
    expect(created.body.job_id).toMatch(/^[0-9a-f-]{36}$/);

    const job = await exportDone(created.body, monitor);
    expect(job.type).toBe(EXPORT_JOB_TYPES.facilities);

    const link = await download(monitor, { file_key: created.body.file_key, filename: 'all_facilities' });
    expect(link.status, link.text).toBe(200);
    expect(Object.keys(link.body).sort()).toEqual(['expires_in_seconds', 'filename', 'url']);
    expect(link.body).toMatchObject({ filename: 'all_facilities.xlsx', expires_in_seconds: 60 });
    const url = new URL(link.body.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const { res: file, workbook } = await fetchWorkbook(link.body.url);
    expect(file.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="all_facilities\.xlsx"/);
    const sheet = workbook.getWorksheet('Facilities')!;
    expect(values(sheet, 1)).toEqual(FACILITY_EXPORT_COLUMNS.map((c) => c.header));
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(3);
    // The list's order: numeric-aware facility numbers ('-2' before '-10').
    expect([2, 3].map((r) => sheet.getRow(r).getCell(column('Facility Number')).value)).toEqual([a.facility_number, b.facility_number]);
    expect(sheet.getRow(2).getCell(column('Account Name')).value).toBe(a.account_name);
    expect(sheet.getRow(2).getCell(column('Tenants')).value).toBe(0);
    expect(sheet.getRow(2).getCell(column('State')).value).toBe('TX');
  });

  it('saves under the name the caller asks for (the spec sends all_facilities), made safe', async () => {
    const { stem } = await facilitiesToExport();
    const created = await createFacilitiesExport(admin, { facility_number: stem });
    await exportDone(created.body, admin);
    const res = await download(admin, { file_key: created.body.file_key, filename: 'facilities "May"/2026' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toBe('facilities _May_2026.xlsx');
    const { res: file } = await fetchWorkbook(res.body.url);
    expect(file.headers.get('content-disposition')).toContain('filename="facilities _May_2026.xlsx"');
  });

  it('no matching facility still writes a workbook with the header row', async () => {
    const created = await createFacilitiesExport(monitor, { facility_number: uniqueName('none-match') });
    await exportDone(created.body, monitor);
    const res = await download(monitor, { file_key: created.body.file_key });
    const sheet = (await fetchWorkbook(res.body.url)).workbook.getWorksheet('Facilities')!;
    expect(sheet.rowCount).toBe(1);
  });

  it('staff poll any export job; a manager neither polls nor downloads a staff export', async () => {
    const created = await createFacilitiesExport(monitor, { facility_number: uniqueName('none-match') });
    await exportDone(created.body, monitor);
    expect((await waitForExportJob(created.body.job_id, admin)).status).toBe('done');
    const polled = await call('GET', `/api/jobs/${created.body.job_id}`, { token: manager });
    expect(polled.status).toBe(404);
    expect(polled.text).not.toContain(created.body.file_key);
    const refused = await download(manager, { file_key: created.body.file_key, filename: 'mine' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toBe('This record belongs to another facility.');
  });

  it('bad filters are 422 and queue nothing; managers 403; nobody 401', async () => {
    const bad = await createFacilitiesExport(monitor, { software: 'floppy' });
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('software');
    expect(bad.body.job_id).toBeUndefined();
    expect((await createFacilitiesExport(manager)).status).toBe(403);
    expect((await createFacilitiesExport(null)).status).toBe(401);
  });
});

/** A job record for `file` with no queue message (no worker races the test), in the state given. */
async function pendingJob(file: ExportJobFile, facilityId: string | null, createdBy: string): Promise<JobRecord> {
  const now = new Date().toISOString();
  const job: JobRecord = {
    id: exportJobId(file.file_key), type: EXPORT_JOB_TYPES.facilities, queue: 'archive-exports', status: 'queued', progress: 0, progress_detail: null, error: null, result: null,
    created_by: createdBy, facility_id: facilityId, input: { ...file }, created_at: now, updated_at: now,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { pk: `JOB#${job.id}`, sk: 'JOB', ...job } }));
  return job;
}

describe('downloading before the job is done', () => {
  it("is 409 'The export is not ready yet.' while the job is queued or running, 404 once it failed", async () => {
    const filename = 'all_facilities.xlsx';
    const file = { file_key: exportKey({ kind: 'staff' }, randomUUID(), filename), filename };
    const job = await pendingJob(file, null, 'someone');
    const early = await download(monitor, { file_key: file.file_key });
    expect(early.status, early.text).toBe(409);
    expect(early.body.error).toBe('The export is not ready yet.');
    await updateJob(job.id, { status: 'running', progress: 40 });
    expect((await download(admin, { file_key: file.file_key })).status).toBe(409);
    await updateJob(job.id, { status: 'failed', error: 'boom' });
    const failed = await download(monitor, { file_key: file.file_key });
    expect(failed.status).toBe(404);
    expect(failed.body.error).toBe('This export does not exist or has expired. Please export again.');
  });

  it("a facility's manager gets 409 for its own pending export; a staff export stays 403 for a manager", async () => {
    const filename = '1001 tenants.xlsx';
    const own = { file_key: exportKey({ kind: 'facility', facility_id: DEMO_FACILITY_ID }, randomUUID(), filename), filename };
    await pendingJob(own, DEMO_FACILITY_ID, 'someone');
    expect((await download(manager, { file_key: own.file_key })).status).toBe(409);
    const staff = { file_key: exportKey({ kind: 'staff' }, randomUUID(), 'x.xlsx'), filename: 'x.xlsx' };
    await pendingJob(staff, null, 'someone');
    expect((await download(manager, { file_key: staff.file_key })).status).toBe(403);
  });

  it('a job of another file under the same name does not make a missing file pending', async () => {
    const id = randomUUID();
    const other = { file_key: exportKey({ kind: 'staff' }, id, 'a.xlsx'), filename: 'a.xlsx' };
    await pendingJob(other, null, 'someone');
    expect((await download(monitor, { file_key: exportKey({ kind: 'staff' }, id, 'b.xlsx') })).status).toBe(404);
  });
});

describe('GET /api/exports/download: who may read which export', () => {
  it("a manager downloads its own facility's export", async () => {
    const res = await download(manager, { file_key: ownExport.file_key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toBe('1001 tenants.xlsx');
    const { workbook } = await fetchWorkbook(res.body.url);
    const sheet = workbook.getWorksheet('Tenants')!;
    expect(values(sheet, 2)).toEqual(['1001', 'Alpha Storage', 120, new Date(Date.UTC(2026, 2, 15)), true]);
    expect(values(sheet, 3).slice(0, 2)).toEqual(['0042', 'Beta & Sons']);
  });

  it("a manager is refused another facility's export, whatever else it sends; staff reach every facility's", async () => {
    const other = await makeManagerWithFacility();
    const theirs = await writeFacilityExport({ kind: 'facility', facility_id: other.facility.id }, 'theirs');
    expect((await download(manager, { file_key: theirs.file_key })).status).toBe(403);
    expect((await download(manager, { file_key: theirs.file_key, filename: 'mine' })).status).toBe(403);
    expect((await download(other.token, { file_key: theirs.file_key })).status).toBe(200);
    expect((await download(other.token, { file_key: ownExport.file_key })).status).toBe(403);
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

  it('a well-formed key with no object and no job is 404 (expired or never written)', async () => {
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
    const res = await download(null, { file_key: ownExport.file_key });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-token-gone')).toBe('1');
    expect(res.text).not.toContain('X-Amz-Signature');
  });

  it('a user with no export permission is refused', async () => {
    const plain = await tokenFor(await makeUser({ username: uniqueName('plain') }));
    expect((await download(plain, { file_key: ownExport.file_key })).status).toBe(403);
  });
});

/** Runs a route the way the api handler does after validation, here with a staff caller. */
async function run(route: RouteImpl, query: unknown = {}) {
  const caller = { user: await makeUser({ is_monitor: true }), permissions: ['monitor' as const], sessionId: 'test' };
  const parsed = route.contract.query ? route.contract.query.parse(query) : undefined;
  return route.handle({ params: undefined, query: parsed, body: undefined, caller, requestId: 'test', sourceIp: '127.0.0.1' });
}

describe('facility stats export: create-export (a job) and GET /api/facility-stats/download-export', () => {
  it('create-export answers the filename and job; once done staff download it by that name', async () => {
    const created = await call('GET', '/api/facility-stats/create-export', { token: admin });
    expect(created.status, created.text).toBe(200);
    const { filename, file_key: fileKey, job_id: jobId } = created.body;
    expect(filename).toMatch(/^facility_stats_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx$/);
    expect(fileKey).toBe(facilityStatsExportKey(filename));
    expect(jobId).toBe(exportJobId(fileKey));
    const job = await exportDone(created.body, admin);
    expect(job.type).toBe(EXPORT_JOB_TYPES.facilityStats);

    const res = await call('GET', '/api/facility-stats/download-export', { token: admin, query: { filename } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ filename, expires_in_seconds: 60 });
    const { res: got, workbook } = await fetchWorkbook(res.body.url);
    expect(got.headers.get('content-disposition')).toContain(`filename="${filename}"`);
    const sheet = workbook.getWorksheet('Facility Stats')!;
    expect(values(sheet, 1)).toEqual(FACILITY_STATS_EXPORT_COLUMNS.map((c) => c.header));
    // The demo facility is active: its row is there.
    expect(sheet.getColumn(1).values).toContain('1001');
    // Through the general download route too (staff), never for a manager.
    expect((await download(monitor, { file_key: fileKey })).status).toBe(200);
    expect((await download(manager, { file_key: fileKey })).status).toBe(403);
  });

  it('two create-export calls in the same second share one job and one file', async () => {
    const at = new Date(Date.UTC(2031, 4, 1, 13, 45, 2, 500));
    const route = facilityStatsCreateExportRoute(() => at);
    const first = (await run(route)).body as { filename: string; file_key: string; job_id: string };
    const second = (await run(route)).body as typeof first;
    expect(first).toEqual({
      filename: 'facility_stats_2031-05-01_134502.xlsx',
      file_key: 'temporary/staff/facility-stats/facility_stats_2031-05-01_134502.xlsx',
      job_id: 'facility-stats_facility_stats_2031-05-01_134502',
    });
    expect(second).toEqual(first);
    await exportDone(first, admin);
    const res = await call('GET', '/api/facility-stats/download-export', { token: monitor, query: { filename: first.filename } });
    expect(res.status, res.text).toBe(200);
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

  it('create-export: managers 403; nobody 401', async () => {
    expect((await call('GET', '/api/facility-stats/create-export', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/facility-stats/create-export')).status).toBe(401);
  });
});
