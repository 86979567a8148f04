/**
 * Rent-roll imports through the real calls, bucket, queue and worker: both import calls (multipart and
 * presigned upload), the job's result and progress, the tenants, counters and history they write, the
 * rules of docs/import-formats.md (already active, already went through the system, Prime Site ID not in
 * the system, refused rows), rent rolls as the software writes them (sorted by unit, the site in the title
 * rows or given by the cycle), whole files refused with nothing written, and the job's exactly-once
 * behaviour (a second run, a run that dies half way). Every test makes its own facility (with its own
 * Prime Site ID) and cycles; rows are found by filter.
 */
import { GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, deadLetterQueueUrl } from './helpers';
import type { ApiResponse } from './helpers';
import { makeManagerWithFacility, tokenFor } from './fixtures';
import { facilityWith, stem } from './facility-fixtures';
import { firstSheetAt } from './download-fixture';
import { createCycle, getCycleCounters, requireCycle, updateCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { importRunner } from '../../functions/imports/import-job';
import { importFileKey, putImportFile } from '../../functions/imports/import-files';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import { JobRunElsewhere } from '../../functions/jobs/job-run-elsewhere';
import { readCheckpoint } from '../../functions/imports/import-checkpoint';
import { getJob } from '../../functions/jobs/job-store';
import type { JobRecord } from '../../functions/jobs/job-store';
import { createJobRecordOnly } from './job-fixture';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { ledgersOfFacility } from '../../functions/tenants/tenant-list';
import { findAccessCode } from '../../functions/tenants/access-codes';
import { getTenants } from '../../functions/tenants/tenant-store';
import { uploadedSize } from '../../functions/aws/uploads';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../../shared/access-code';
import type { ImportResult } from '../../shared/contracts/imports';
import { queueEnvName } from '../../shared/jobs';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let monitor: string;
let manager: string;
beforeAll(async () => {
  monitor = await tokenFor('monitor');
  manager = (await makeManagerWithFacility()).token;
});

// ---------------------------------------------------------------------------------------------------
// Rent rolls (SiteLink - Web headers; the formats themselves are the unit tests')

interface Line { site: string; ledger: string; first: string; last: string; unit: string; movedIn?: string | number; city?: string }
const HEADERS = ['Site ID', 'Unit', 'Tenant ID', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip', 'Email', 'Moved In', 'Paid Thru'];

async function rentRoll(lines: readonly Line[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rent Roll');
  sheet.addRow(['Rent Roll Report']);
  sheet.addRow([]);
  sheet.addRow(HEADERS);
  for (const l of lines) {
    sheet.addRow([l.site, l.unit, l.ledger, l.first, l.last, '1 Main St', l.city ?? 'Austin', 'TX', '78701', `${l.first.toLowerCase()}@example.com`, l.movedIn ?? '3/4/2024', '12/31/2026']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const line = (site: string, n: number, extra: Partial<Line> = {}): Line =>
  ({ site, ledger: `L${n}`, first: `First${n}`, last: `Last${n}`, unit: `U${n}`, ...extra });

/** A Prime Site ID of its own; with a digit, as a title row's site must have ('Site ID: S…1'). */
const siteId = (): string => `S${stem()}1`;

async function facilityAndCycle(): Promise<{ facility: FacilityRecord; cycle: CycleRecord; site: string }> {
  const site = siteId();
  const facility = await facilityWith(stem(), { prime_site_id: site, software: 'sitelink_web' });
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Cycle ${stem()}` });
  return { facility, cycle, site };
}

/** The spec's multipart call with file parts. */
async function postFiles(path: string, fields: Record<string, string>, files: Record<string, { name: string; bytes: Buffer }>, token = monitor): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await fetch(new URL(path, baseUrl()), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  let body: unknown;
  try { body = JSON.parse(text); } catch { body = undefined; }
  return { status: res.status, headers: res.headers, text, body };
}

interface JobAnswer { id: string; status: string; progress: number; progress_detail: Record<string, number> | null; error: string | null; result: ImportResult | null }

async function finished(res: ApiResponse, timeoutMs = 30_000): Promise<JobAnswer> {
  expect(res.status, res.text).toBe(202);
  const id = (res.body as { job: { id: string } }).job.id;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const polled = await call('GET', `/api/jobs/${id}`, { token: monitor });
    const job = polled.body as JobAnswer;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import job ${id} stayed ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An import job of `cycle`'s rent roll at `key`, as the import call leaves it, but with no queue message: no poller races the test for it. */
const importJobRecord = (cycle: CycleRecord, key: string, id?: string): Promise<JobRecord> => createJobRecordOnly({
  id, queue: 'rent-roll-imports', type: IMPORT_JOB_TYPE, createdBy: 'test',
  input: { software: 'sitelink_web', cycle_id: cycle.id, files: { rent_roll: { key, name: 'roll.xlsx' } }, user_id: 'test', username: 'test' },
});

const importToCycle = (cycle: CycleRecord, bytes: Buffer, name = 'rent_roll.xlsx') =>
  postFiles('/api/cycles/import-tenants', { software: 'sitelink_web', cycle_id: cycle.id }, { rent_roll: { name, bytes } });

async function cycleLedgers(cycle: CycleRecord): Promise<string[]> {
  return (await ledgersOfFacility(cycle.facility_id)).filter((t) => t.cycle_id === cycle.id).map((t) => t.ledger_id).sort();
}

// ---------------------------------------------------------------------------------------------------

describe('POST /api/cycles/import-tenants (multipart)', () => {
  it('imports the rows into the cycle: tenants, counters, history, refused rows and other sites counted', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll([
      line(site, 1), line(site, 2), line(site, 3),
      line(site, 4, { movedIn: '31/31/2024' }),
      line('NO-SUCH-SITE', 5),
    ]);
    const job = await finished(await importToCycle(cycle, bytes));
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({
      cycle_id: cycle.id, rows_read: 5, insert_count: 3, active_tenants_count: 0, error_count: 1,
      missing_prime_ids: 1, missing_prime_site_ids: ['NO-SUCH-SITE'], duplicate_tenant_count: 0, duplicate_tenant_filename: null,
    });
    expect(job.progress_detail).toMatchObject({ rows_total: 5, rows_read: 5, rows_written: 3, rows_refused: 1 });
    expect(await cycleLedgers(cycle)).toEqual(['L1', 'L2', 'L3']);
    expect((await getCycleCounters(cycle.id)).total).toBe(3);

    // The refused row's report names the row and the column.
    const report = await call('GET', `/api/import-history/${job.id}/download`, { token: monitor, query: { report: 'refused_rows' } });
    expect(report.status, report.text).toBe(200);
    const sheet = await firstSheetAt(report.body.url as string);
    expect(sheet.rowCount).toBe(2);
    expect(String(sheet.getRow(2).getCell(2).value)).toBe('Moved In');

    // Each imported tenant's history starts with the import, by the monitor.
    const [one] = (await ledgersOfFacility(cycle.facility_id)).filter((t) => t.cycle_id === cycle.id);
    const entries = await tenantHistory(one!.id);
    expect(entries.at(-1)).toMatchObject({ action: 'import', by: { username: 'monitor' } });

    // The list shows them.
    const listed = await call('GET', '/api/tenants', { token: monitor, query: { cycle_id: cycle.id } });
    expect((listed.body.data as { unit: string }[]).map((t) => t.unit).sort()).toEqual(['U1', 'U2', 'U3']);
  });

  it('the same file again imports nobody: every tenant is already active', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll([line(site, 1), line(site, 2)]);
    expect((await finished(await importToCycle(cycle, bytes))).result).toMatchObject({ insert_count: 2 });
    const again = await finished(await importToCycle(cycle, bytes));
    expect(again.result).toMatchObject({ insert_count: 0, active_tenants_count: 2 });
    expect(await cycleLedgers(cycle)).toEqual(['L1', 'L2']);
    expect((await getCycleCounters(cycle.id)).total).toBe(2);
  });

  it('tenants of an archived cycle already went through the system: listed in the duplicates workbook, not imported', async () => {
    const { facility, cycle, site } = await facilityAndCycle();
    expect((await finished(await importToCycle(cycle, await rentRoll([line(site, 1), line(site, 2)])))).result).toMatchObject({ insert_count: 2 });
    await updateCycle(await requireCycle(cycle.id), { archived_at: new Date().toISOString() });
    const next = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Next ${stem()}` });
    const job = await finished(await importToCycle(next, await rentRoll([line(site, 1), line(site, 2), line(site, 3)])));
    expect(job.result).toMatchObject({ insert_count: 1, duplicate_tenant_count: 2, active_tenants_count: 0 });
    expect(await cycleLedgers(next)).toEqual(['L3']);
    const link = await call('GET', `/api/import-history/${job.id}/download`, { token: monitor, query: { report: 'duplicates' } });
    expect(link.status, link.text).toBe(200);
    const sheet = await firstSheetAt(link.body.url as string);
    expect([2, 3].map((r) => String(sheet.getRow(r).getCell(3).value)).sort()).toEqual(['L1', 'L2']);
    // The duplicates list is staff's: a manager cannot have it.
    expect((await call('GET', `/api/import-history/${job.id}/download`, { token: manager, query: { report: 'duplicates' } })).status).toBe(403);
  });

  it('POST /api/tenants/import puts the tenants in the newest open cycle of the file\'s facility', async () => {
    const { facility, site } = await facilityAndCycle();
    const newest = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Newest ${stem()}` });
    const job = await finished(await postFiles('/api/tenants/import', { software: 'sitelink_web' }, { rent_roll: { name: 'r.xlsx', bytes: await rentRoll([line(site, 7)]) } }));
    expect(job.result).toMatchObject({ cycle_id: newest.id, insert_count: 1, facility_number: facility.facility_number });
  });
});

// ---------------------------------------------------------------------------------------------------
// Rent rolls as the software writes them

/** A workbook of these rows (titles, header and data as given). */
async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Rent Roll').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const WEB_HEADER = ['Unit', 'Tenant ID', 'First Name', 'Last Name', 'City'];

async function cycleTenants(cycle: CycleRecord) {
  const ids = (await ledgersOfFacility(cycle.facility_id)).filter((t) => t.cycle_id === cycle.id).map((t) => t.id);
  return (await getTenants(ids)).sort((a, b) => a.ledger_id.localeCompare(b.ledger_id));
}

describe('rent rolls as the software writes them', () => {
  it('sorted by unit: a tenant\'s rows apart are one tenant with all its units, counted once', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll([
      line(site, 1, { unit: 'A101' }), line(site, 2, { unit: 'A102' }), line(site, 1, { unit: 'B201', city: 'Dallas' }),
      line(site, 3, { unit: 'B202' }), line(site, 2, { unit: 'C301' }), line(site, 1, { unit: 'C302' }),
    ]);
    const job = await finished(await importToCycle(cycle, bytes));
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ rows_read: 3, insert_count: 3, error_count: 0 });
    expect((await cycleTenants(cycle)).map((t) => [t.ledger_id, t.unit, t.units, t.city])).toEqual([
      ['L1', 'A101', ['A101', 'B201', 'C302'], 'Austin'],
      ['L2', 'A102', ['A102', 'C301'], 'Austin'],
      ['L3', 'B202', [], 'Austin'],
    ]);
    expect((await getCycleCounters(cycle.id)).total).toBe(3);
  });

  it("the site in the title rows ('Site ID: …'), no site column: imported into that facility, by either call", async () => {
    const { facility, cycle, site } = await facilityAndCycle();
    const titled = (n: number) => workbookOf([['Rent Roll'], [`Site ID: ${site}`], [], WEB_HEADER, ['A1', `L${n}`, 'Ana', 'Lee', 'Austin'], ['A2', `L${n + 1}`, 'Bo', 'Park', 'Austin']]);
    expect((await finished(await importToCycle(cycle, await titled(1)))).result).toMatchObject({ insert_count: 2, missing_prime_ids: 0 });
    const job = await finished(await postFiles('/api/tenants/import', { software: 'sitelink_web' }, { rent_roll: { name: 'r.xlsx', bytes: await titled(3) } }));
    expect(job.result).toMatchObject({ facility_number: facility.facility_number, cycle_id: cycle.id, insert_count: 2 });
    expect(await cycleLedgers(cycle)).toEqual(['L1', 'L2', 'L3', 'L4']);
  });

  it("no site anywhere in the file: a cycle's Import Tenants takes the cycle's facility's; the other call refuses it", async () => {
    const { cycle } = await facilityAndCycle();
    const bytes = await workbookOf([['Rent Roll'], WEB_HEADER, ['A1', 'L1', 'Ana', 'Lee', 'Austin']]);
    expect((await finished(await importToCycle(cycle, bytes))).result).toMatchObject({ insert_count: 1 });
    const refused = await finished(await postFiles('/api/tenants/import', { software: 'sitelink_web' }, { rent_roll: { name: 'nosite.xlsx', bytes } }));
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe("The rent roll 'nosite.xlsx' names no Prime Site ID: it has no Site ID column and no line such as 'Site ID: 40101' above its header. "
      + "Import it from its cycle's Import Tenants (the cycle's facility then gives it), or export it with the site.");
    expect(await cycleLedgers(cycle)).toEqual(['L1']);
  });

  it('samples as each software writes them, sorted by unit with the site in a title row, import every tenant', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'import-samples-'));
    try {
      for (const software of ['sitelink_web', 'storedge'] as const) {
        const site = siteId();
        const facility = await facilityWith(stem(), { prime_site_id: site, software });
        const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Cycle ${stem()}` });
        const sample = await writeSampleRentRoll({ software, primeSiteId: site, rows: 80, seed: 31, dir });
        expect(sample.site).toBe('title');
        const job = await finished(await postFiles('/api/cycles/import-tenants', { software, cycle_id: cycle.id }, { rent_roll: { name: 'r.xlsx', bytes: await readFile(sample.files.rent_roll) } }));
        expect(job.result, job.error ?? '').toMatchObject({ insert_count: sample.tenants.length, error_count: 0, missing_prime_ids: 0 });
        const several = sample.tenants.find((t) => t.units.length > 1)!;
        const imported = await cycleTenants(cycle);
        expect(imported.find((t) => t.ledger_id === several.ledger_id)!.units).toEqual(several.units);
        // Each tenant has the program's own access code, claimed for it; the file's gate code is nowhere on it.
        expect(imported).toHaveLength(sample.tenants.length);
        expect(new Set(imported.map((t) => t.access_code)).size).toBe(imported.length);
        for (const t of imported) {
          expect(t.access_code).toMatch(new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`));
          expect(await findAccessCode(t.access_code)).toEqual({ tenant_id: t.id });
          const gate = sample.tenants.find((x) => x.ledger_id === t.ledger_id)!.gate_code;
          expect(gate).not.toBe('');
          expect(Object.values(t).flat()).not.toContain(gate);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Prime Site IDs that disagree refuse the file, naming both, and change nothing', () => {
  const refusedWith = async (cycle: CycleRecord, bytes: Buffer) => {
    const job = await finished(await importToCycle(cycle, bytes, 'May.xlsx'));
    expect(job.status).toBe('failed');
    expect(await cycleLedgers(cycle)).toEqual([]);
    expect((await getCycleCounters(cycle.id)).total).toBe(0);
    return job.error!;
  };

  it('the title rows and a row\'s site column', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await workbookOf([[`Facility ID: ${site}`], [], ['Site ID', ...WEB_HEADER], [site, 'A1', 'L1', 'Ana', 'Lee', 'Austin'], ['40999', 'A2', 'L2', 'Bo', 'Park', 'Austin']]);
    expect(await refusedWith(cycle, bytes)).toBe(`The rent roll 'May.xlsx' names two Prime Site IDs: ${site} above its header (row 1) and 40999 in its Site ID column (row 5). A rent roll is one facility's: export it again for one facility.`);
  });

  it("the file's site and the cycle's facility's", async () => {
    const { cycle, site } = await facilityAndCycle();
    const other = await facilityAndCycle();
    const titled = await workbookOf([[`Site ID: ${other.site}`], WEB_HEADER, ['A1', 'L1', 'Ana', 'Lee', 'Austin']]);
    expect(await refusedWith(cycle, titled)).toBe(
      `This rent roll is for Prime Site ID ${other.site} (facility ${other.facility.facility_number}), not for this cycle's facility ${cycle.facility_number} (Prime Site ID ${site}).`,
    );
    const unknown = await workbookOf([['Site ID: 40998'], WEB_HEADER, ['A1', 'L1', 'Ana', 'Lee', 'Austin']]);
    expect(await refusedWith(cycle, unknown)).toBe(`No facility has the Prime Site ID 40998 of 'May.xlsx'. This cycle's facility ${cycle.facility_number} has Prime Site ID ${site}.`);
  });
});

describe('files refused as a whole change nothing', () => {
  const refused = async (cycle: CycleRecord, bytes: Buffer, name = 'rent_roll.xlsx') => {
    const job = await finished(await importToCycle(cycle, bytes, name));
    expect(job.status).toBe('failed');
    expect(await cycleLedgers(cycle)).toEqual([]);
    expect((await getCycleCounters(cycle.id)).total).toBe(0);
    return job.error!;
  };

  it('not a workbook, no header row, two facilities, no known Prime Site ID, another facility\'s cycle', async () => {
    const { cycle, site } = await facilityAndCycle();
    expect(await refused(cycle, Buffer.from('Site ID,Unit\n1,2\n'))).toMatch(/rent roll 'rent_roll.xlsx'.*not an? .*xlsx/i);
    const noHeader = new ExcelJS.Workbook();
    noHeader.addWorksheet('x').addRow(['Something', 'Else']);
    expect(await refused(cycle, Buffer.from(await noHeader.xlsx.writeBuffer()))).toMatch(/header/i);
    const other = await facilityAndCycle();
    expect(await refused(cycle, await rentRoll([line(site, 1), line(other.site, 2)]))).toMatch(/more than one facility/);
    expect(await refused(cycle, await rentRoll([line('NOWHERE', 1)]))).toContain('No facility has the Prime Site ID NOWHERE');
    expect(await refused(cycle, await rentRoll([line(other.site, 1)]))).toContain(`not for this cycle's facility ${cycle.facility_number}`);
  });
});

describe('an unreadable file', () => {
  it('fails its job at once with the reader\'s message, and its message goes on to the dead-letter queue', async () => {
    const { cycle } = await facilityAndCycle();
    const job = await finished(await importToCycle(cycle, Buffer.from('not a workbook at all'), 'broken.xlsx'));
    expect(job.status).toBe('failed');
    expect(job.error).toContain("'broken.xlsx'");
    // The runtime's poller receives it again at once (the worker lets it go) until SQS moves it to the DLQ.
    const sqs = new SQSClient({});
    const dlq = await deadLetterQueueUrl(process.env[queueEnvName('rent-roll-imports')]!);
    const deadline = Date.now() + 20_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, VisibilityTimeout: 0 }));
      found = (out.Messages ?? []).some((m) => (JSON.parse(m.Body ?? '{}') as { job_id?: string }).job_id === job.id);
    }
    expect(found, 'the refused job\'s message in the dead-letter queue').toBe(true);
    // Nothing was written, and the job stays failed with its message.
    expect(await cycleLedgers(cycle)).toEqual([]);
    expect((await getJob(job.id))).toMatchObject({ status: 'failed', dead_letter: true });
  });
});

describe('bad calls are refused before anything is stored', () => {
  it('unknown software, a file that is not .xlsx, a missing EasyStorage file, no file, an unknown or archived cycle', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll([line(site, 1)]);
    const post = (fields: Record<string, string>, files: Record<string, { name: string; bytes: Buffer }>) => postFiles('/api/cycles/import-tenants', { cycle_id: cycle.id, ...fields }, files);
    const cases: [ApiResponse, number, string][] = [
      [await post({ software: 'abacus' }, { rent_roll: { name: 'r.xlsx', bytes } }), 422, 'No such software as abacus.'],
      [await post({ software: 'sitelink_web' }, { rent_roll: { name: 'r.csv', bytes } }), 422, "The rent roll 'r.csv' is not an .xlsx workbook"],
      [await post({ software: 'easystorage' }, { rent_roll: { name: 'r.xlsx', bytes } }), 422, 'EasyStorage needs the tenant address list.'],
      [await post({ software: 'sitelink_web' }, {}), 422, 'Choose the files to import.'],
      [await postFiles('/api/cycles/import-tenants', { software: 'sitelink_web', cycle_id: 'nope' }, { rent_roll: { name: 'r.xlsx', bytes } }), 404, ''],
    ];
    for (const [res, status, text] of cases) {
      expect(res.status, res.text).toBe(status);
      expect(res.text).toContain(text);
    }
    await updateCycle(await requireCycle(cycle.id), { archived_at: new Date().toISOString() });
    const archived = await post({ software: 'sitelink_web' }, { rent_roll: { name: 'r.xlsx', bytes } });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toContain('is archived');
    expect(await cycleLedgers(cycle)).toEqual([]);
  });

  it('managers may not import', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll([line(site, 1)]);
    expect((await postFiles('/api/cycles/import-tenants', { software: 'sitelink_web', cycle_id: cycle.id }, { rent_roll: { name: 'r.xlsx', bytes } }, manager)).status).toBe(403);
    expect((await call('POST', '/api/tenants/import-uploads', { token: manager, json: { software: 'sitelink_web', files: [{ role: 'rent_roll', name: 'r.xlsx', size: 10 }] } })).status).toBe(403);
  });
});

describe('presigned uploads', () => {
  it('the browser\'s way: ask, POST the file to S3, start with the upload id; a second start answers the same job', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll([line(site, 1), line(site, 2)]);
    const asked = await call('POST', '/api/tenants/import-uploads', { token: monitor, json: { software: 'sitelink_web', cycle_id: cycle.id, files: [{ role: 'rent_roll', name: 'roll.xlsx', size: bytes.length }] } });
    expect(asked.status, asked.text).toBe(200);
    const { upload_id: uploadId, files } = asked.body as { upload_id: string; files: { role: string; url: string; fields: Record<string, string> }[] };

    // Started before the file arrived: refused, nothing queued.
    const early = await call('POST', '/api/cycles/import-tenants', { token: monitor, form: { software: 'sitelink_web', cycle_id: cycle.id, upload_id: uploadId } });
    expect(early.status, early.text).toBe(422);
    expect(early.body.error).toContain("has not been uploaded yet");

    const form = new FormData();
    for (const [k, v] of Object.entries(files[0]!.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'roll.xlsx');
    const sent = await fetch(files[0]!.url, { method: 'POST', body: form });
    expect(sent.status, await sent.text()).toBeLessThan(300);

    // Someone else's upload id is unknown to them; another software or cycle is refused.
    const otherStaff = await tokenFor('admin');
    expect((await call('POST', '/api/cycles/import-tenants', { token: otherStaff, form: { software: 'sitelink_web', cycle_id: cycle.id, upload_id: uploadId } })).status).toBe(404);
    expect((await call('POST', '/api/cycles/import-tenants', { token: monitor, form: { software: 'storedge', cycle_id: cycle.id, upload_id: uploadId } })).status).toBe(422);

    const start = () => call('POST', '/api/cycles/import-tenants', { token: monitor, form: { software: 'sitelink_web', cycle_id: cycle.id, upload_id: uploadId } });
    const first = await start();
    const second = await start();
    expect(second.body.job.id).toBe(first.body.job.id);
    const job = await finished(first);
    expect(job.result).toMatchObject({ insert_count: 2 });
    expect(await cycleLedgers(cycle)).toEqual(['L1', 'L2']);
  });

  it('the POST policy holds the size: a file over the declared limit is refused by S3', async () => {
    const asked = await call('POST', '/api/tenants/import-uploads', { token: monitor, json: { software: 'sitelink_web', files: [{ role: 'rent_roll', name: 'r.xlsx', size: 10 }] } });
    expect(asked.status, asked.text).toBe(200);
    const policy = JSON.parse(Buffer.from(asked.body.files[0].fields.Policy as string, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 25 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual({ key: `imports/${asked.body.upload_id}/rent_roll.xlsx` });
  });

  // S3 (LocalStack's, as AWS's) checks the policy's conditions, not only our own check.
  it('S3 refuses a file over the range (25 MB) and an empty one, and stores neither', async () => {
    const asked = await call('POST', '/api/tenants/import-uploads', { token: monitor, json: { software: 'sitelink_web', files: [{ role: 'rent_roll', name: 'r.xlsx', size: 10 }] } });
    expect(asked.status, asked.text).toBe(200);
    const target = asked.body.files[0] as { url: string; fields: Record<string, string> };
    for (const [bytes, code] of [[25 * 1024 * 1024 + 1, 'EntityTooLarge'], [0, 'EntityTooSmall']] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), 'r.xlsx');
      const sent = await fetch(target.url, { method: 'POST', body: form });
      expect(sent.status, `${bytes} bytes`).toBe(400);
      expect(await sent.text()).toContain(code);
    }
    expect(await uploadedSize(target.fields.key!)).toBeNull();
  });
});

describe('the job runs once, whatever happens', () => {
  it('a run that dies half way resumes after its last batch: each tenant once, the counts of a clean run', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll(Array.from({ length: 130 }, (_, i) => line(site, i + 1)));
    const job = await importJobRecord(cycle, 'not-read: the test hands the runner its bytes');
    // The worker dies right after its first batch was stored (its first progress report).
    const dying = importRunner(async () => Readable.from([bytes]));
    const dies = async (_percent: number, detail?: Record<string, number>) => {
      if (detail?.rows_written) throw new Error('the worker died');
    };
    await expect(dying({ job: (await getJob(job.id))!, progress: dies, report: async () => {} })).rejects.toThrow('the worker died');
    const progress = async () => {};
    const checkpoint = await readCheckpoint(job.id);
    const halfway = await cycleLedgers(cycle);
    expect(halfway.length).toBeGreaterThan(0);
    expect(halfway.length).toBeLessThan(130);
    expect(halfway.length).toBe(checkpoint.inserted);

    const result = await importRunner(async () => Readable.from([bytes]))({ job: (await getJob(job.id))!, progress, report: async () => {} }) as unknown as ImportResult;
    expect(result).toMatchObject({ insert_count: 130, active_tenants_count: 0, rows_read: 130 });
    expect(await cycleLedgers(cycle)).toHaveLength(130);
    expect((await getCycleCounters(cycle.id)).total).toBe(130);

    // Run once more (a redelivered message after the job's record was lost): still 130, nothing doubled.
    const again = await importRunner(async () => Readable.from([bytes]))({ job: (await getJob(job.id))!, progress, report: async () => {} }) as unknown as ImportResult;
    expect(again.insert_count).toBe(130);
    expect((await getCycleCounters(cycle.id)).total).toBe(130);
    const ids = (await ledgersOfFacility(cycle.facility_id)).map((t) => t.id);
    expect((await getTenants(ids)).length).toBe(130);
  });
});

describe('a message delivered more than once', () => {
  /** A job whose file is in the uploads bucket, as the import call leaves it, but without its queue message. */
  async function jobWithFile(cycle: CycleRecord, bytes: Buffer): Promise<string> {
    const id = randomUUID();
    const key = importFileKey(id, 'rent_roll');
    await putImportFile(key, bytes);
    await importJobRecord(cycle, key, id);
    return id;
  }

  const sqs = new SQSClient({});
  const queue = () => process.env[queueEnvName('rent-roll-imports')]!;
  const deliver = (jobId: string) => sqs.send(new SendMessageCommand({ QueueUrl: queue(), MessageBody: JSON.stringify({ job_id: jobId }) }));

  async function settled(jobId: string): Promise<JobRecord> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = (await getJob(jobId))!;
      if (job.status === 'done' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`import job ${jobId} stayed ${job.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('twice at once through the queue, then again once done: each tenant once, the job done with a clean run\'s counts', async () => {
    const { cycle, site } = await facilityAndCycle();
    const jobId = await jobWithFile(cycle, await rentRoll(Array.from({ length: 300 }, (_, i) => line(site, i + 1))));
    await Promise.all([deliver(jobId), deliver(jobId)]);
    const job = await settled(jobId);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ insert_count: 300, active_tenants_count: 0, rows_read: 300 });
    expect(await cycleLedgers(cycle)).toHaveLength(300);
    expect((await getCycleCounters(cycle.id)).total).toBe(300);

    // Once more after it is done: the worker skips a finished job, so its record and result stay as they are.
    const before = await getJob(jobId);
    await deliver(jobId);
    const deadline = Date.now() + 20_000;
    const left = async () => {
      const out = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue(), AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
      return Number(out.Attributes!.ApproximateNumberOfMessages) + Number(out.Attributes!.ApproximateNumberOfMessagesNotVisible);
    };
    while ((await left()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await getJob(jobId)).toEqual(before);
    expect((await getCycleCounters(cycle.id)).total).toBe(300);
  });

  it('a run that finds another run of its job ahead stops, and the run ahead imports every tenant once', async () => {
    const { cycle, site } = await facilityAndCycle();
    const bytes = await rentRoll(Array.from({ length: 130 }, (_, i) => line(site, i + 1)));
    const job = await importJobRecord(cycle, 'not-read: the test hands the runners its bytes');
    // B reads the checkpoint, then waits; A starts only then, and lets B go on once its first batch is stored.
    let bHasCheckpoint!: () => void;
    const bReady = new Promise<void>((r) => { bHasCheckpoint = r; });
    let releaseB!: () => void;
    const bGo = new Promise<void>((r) => { releaseB = r; });
    let bOpens = 0;
    const runB = importRunner(async () => {
      bOpens += 1;
      // The second open is the import pass, after the checkpoint was read.
      if (bOpens === 2) { bHasCheckpoint(); await bGo; }
      return Readable.from([bytes]);
    });
    const runA = importRunner(async () => { await bReady; return Readable.from([bytes]); });
    const b = runB({ job: (await getJob(job.id))!, progress: async () => {}, report: async () => {} });
    const a = runA({
      job: (await getJob(job.id))!,
      progress: async (_p, detail) => { if (detail?.rows_written) releaseB(); },
      report: async () => {},
    });
    await expect(b).rejects.toBeInstanceOf(JobRunElsewhere);
    expect(await a).toMatchObject({ insert_count: 130, active_tenants_count: 0 });
    expect(await cycleLedgers(cycle)).toHaveLength(130);
    expect((await getCycleCounters(cycle.id)).total).toBe(130);
  });
});
