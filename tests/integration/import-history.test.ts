/**
 * Import History through the real calls, queue, worker, table and bucket: every import is on record
 * once it finishes or its file is refused (who, when, software, files, the card's counts), its
 * duplicates list and refused-rows report download by import while kept and answer 410 after 90 days,
 * the list pages newest first by cursor with its filters, and the local bucket carries the same
 * 90-day rule as CDK. Every test makes its own facility (own number and Prime Site ID); rows are
 * found by filter.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from './helpers';
import type { ApiResponse } from './helpers';
import { makeManagerWithFacility, tokenFor } from './fixtures';
import { facilityWith, stem } from './facility-fixtures';
import { firstSheetAt } from './download-fixture';
import { s3Client, s3Commands } from '../../functions/aws/clients';
import { bucketName } from '../../functions/aws/config';
import { createCycle, requireCycle, updateCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { doneRecord, putImportRecord } from '../../functions/imports/import-record';
import { writeImportReports } from '../../functions/imports/import-reports';
import type { DuplicateRow } from '../../functions/imports/import-reports';
import type { ImportRecordView } from '../../shared/contracts/import-history';
import type { ImportResult } from '../../shared/contracts/imports';
import type { ImportSoftware } from '../../shared/import-software';
import { IMPORT_REPORT_DAYS, IMPORT_REPORTS_PREFIX } from '../../shared/resources';

let monitor: string;
let manager: string;
beforeAll(async () => {
  monitor = await tokenFor('monitor');
  manager = (await makeManagerWithFacility()).token;
});

const DAY_MS = 24 * 60 * 60 * 1000;

// A SiteLink - Web rent roll (the formats themselves are the unit tests').
const HEADERS = ['Site ID', 'Unit', 'Tenant ID', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip', 'Email', 'Moved In', 'Paid Thru'];
async function rentRoll(site: string, ledgers: readonly number[], badDateFor: readonly number[] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rent Roll');
  sheet.addRow(HEADERS);
  for (const n of ledgers) {
    sheet.addRow([site, `U${n}`, `L${n}`, `First${n}`, `Last${n}`, '1 Main St', 'Austin', 'TX', '78701', `t${n}@example.com`, badDateFor.includes(n) ? '31/31/2024' : '3/4/2024', '12/31/2026']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function facilityAndCycle(): Promise<{ cycle: CycleRecord; site: string; facilityNumber: string }> {
  const site = `S${stem()}`;
  const facility = await facilityWith(stem(), { prime_site_id: site, software: 'sitelink_web' });
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Cycle ${stem()}` });
  return { cycle, site, facilityNumber: facility.facility_number };
}

/** The spec's multipart call into a cycle, then its job polled until it settles. */
async function importInto(cycle: CycleRecord, bytes: Buffer, name: string): Promise<{ id: string; status: string; error: string | null; result: ImportResult | null }> {
  const form = new FormData();
  form.append('software', 'sitelink_web');
  form.append('cycle_id', cycle.id);
  form.append('rent_roll', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(new URL('/api/cycles/import-tenants', baseUrl()), { method: 'POST', headers: { authorization: `Bearer ${monitor}` }, body: form });
  expect(res.status).toBe(202);
  const { job } = (await res.json()) as { job: { id: string } };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const polled = (await call('GET', `/api/jobs/${job.id}`, { token: monitor })).body as { id: string; status: string; error: string | null; result: ImportResult | null };
    if (polled.status === 'done' || polled.status === 'failed') return polled;
    if (Date.now() > deadline) throw new Error(`import job ${job.id} stayed ${polled.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const history = (query: Record<string, string | number>, token = monitor) => call('GET', '/api/import-history', { token, query });
const download = (id: string, report: string, token = monitor) => call('GET', `/api/import-history/${id}/download`, { token, query: { report } });
const rowsOf = (res: ApiResponse) => res.body.data as ImportRecordView[];

describe('every import is on record', () => {
  it('a finished import: who, when, software, file, the card\'s counts, and both reports downloadable by import', async () => {
    const { cycle, site, facilityNumber } = await facilityAndCycle();
    expect((await importInto(cycle, await rentRoll(site, [1, 2]), 'spring.xlsx')).status).toBe('done');
    await updateCycle(await requireCycle(cycle.id), { archived_at: new Date().toISOString() });
    const next = await createCycle({ facility_id: cycle.facility_id, facility_number: facilityNumber, label: `Next ${stem()}` });
    const job = await importInto(next, await rentRoll(site, [1, 2, 3, 4], [4]), 'autumn.xlsx');
    expect(job.result).toMatchObject({ insert_count: 1, duplicate_tenant_count: 2, error_count: 1 });

    const listed = await history({ facility_number: facilityNumber });
    expect(listed.status, listed.text).toBe(200);
    const rows = rowsOf(listed);
    // Newest first: the second import, then the first.
    expect(rows.map((r) => r.files[0]!.name)).toEqual(['autumn.xlsx', 'spring.xlsx']);
    const record = rows[0]!;
    expect(record).toMatchObject({
      id: job.id, status: 'done', username: 'monitor', software: 'sitelink_web', facility_number: facilityNumber, cycle_id: next.id, cycle_label: next.label,
      files: [{ role: 'rent_roll', name: 'autumn.xlsx' }], refusal: null, duplicates_list: true, refused_rows_report: true,
      counts: { rows_read: 4, insert_count: 1, active_tenants_count: 0, error_count: 1, missing_prime_ids: 0, missing_prime_site_ids: [], duplicate_tenant_count: 2 },
    });
    expect(Date.parse(record.reports_expire_at!) - Date.parse(record.finished_at)).toBe(IMPORT_REPORT_DAYS * DAY_MS);
    expect(Date.parse(record.started_at)).toBeLessThanOrEqual(Date.parse(record.finished_at));
    expect(rows[1]).toMatchObject({ duplicates_list: false, refused_rows_report: false, reports_expire_at: null, counts: { insert_count: 2 } });
    expect(listed.body.pagination).toMatchObject({ current_page: 1, total: 2, exact: false, next_cursor: null, from: 1, to: 2 });

    // The reports are real workbooks, named after the facility.
    const duplicates = await download(job.id, 'duplicates');
    expect(duplicates.status, duplicates.text).toBe(200);
    expect(duplicates.body.filename).toBe(`${facilityNumber}_duplicate_tenants.xlsx`);
    const sheet = await firstSheetAt(duplicates.body.url as string);
    expect([2, 3].map((r) => String(sheet.getRow(r).getCell(3).value)).sort()).toEqual(['L1', 'L2']);
    const refused = await download(job.id, 'refused_rows');
    expect(refused.status, refused.text).toBe(200);
    expect(String((await firstSheetAt(refused.body.url as string)).getRow(2).getCell(2).value)).toBe('Moved In');

    // Kept under the import reports' prefix, not the week-long temporary exports: the export download refuses the key.
    expect(job.result!.duplicate_tenant_filename!.startsWith(IMPORT_REPORTS_PREFIX)).toBe(true);
    expect((await call('GET', '/api/exports/download', { token: monitor, query: { file_key: job.result!.duplicate_tenant_filename! } })).status).toBe(422);

    // An import that left no report says so; an import not on record is 404; a report name not known is 422.
    const first = rows[1]!;
    const none = await download(first.id, 'duplicates');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('This import left no duplicates list.');
    expect((await download(randomUUID(), 'duplicates')).status).toBe(404);
    expect((await download(job.id, 'everything')).status).toBe(422);
  });

  it('the same rent roll again: the tenants already active are counted and listed, downloadable where the count is', async () => {
    const { cycle, site, facilityNumber } = await facilityAndCycle();
    const first = await importInto(cycle, await rentRoll(site, [1, 2]), 'roll.xlsx');
    expect(first.result).toMatchObject({ insert_count: 2, active_tenants_count: 0, active_tenant_filename: null });
    const again = await importInto(cycle, await rentRoll(site, [1, 2, 3]), 'roll-again.xlsx');
    expect(again.result).toMatchObject({ insert_count: 1, active_tenants_count: 2 });

    const rows = rowsOf(await history({ facility_number: facilityNumber }));
    expect(rows.find((r) => r.id === again.id)).toMatchObject({ already_active_list: true, duplicates_list: false, refused_rows_report: false });
    expect(rows.find((r) => r.id === again.id)!.reports_expire_at).not.toBeNull();
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ already_active_list: false, reports_expire_at: null });

    const list = await download(again.id, 'active');
    expect(list.status, list.text).toBe(200);
    expect(list.body.filename).toBe(`${facilityNumber}_already_active_tenants.xlsx`);
    const sheet = await firstSheetAt(list.body.url as string);
    expect(sheet.rowCount).toBe(3);
    expect([2, 3].map((r) => String(sheet.getRow(r).getCell(3).value)).sort()).toEqual(['L1', 'L2']);
    const none = await download(first.id, 'active');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('This import left no list of tenants already active.');
  });

  it('a refused file: the refusal, the cycle it was meant for, no counts and no reports', async () => {
    const { cycle, facilityNumber } = await facilityAndCycle();
    const job = await importInto(cycle, await rentRoll('NOWHERE', [1]), 'wrong-site.xlsx');
    expect(job.status).toBe('failed');
    const [record] = rowsOf(await history({ facility_number: facilityNumber }));
    expect(record).toMatchObject({
      id: job.id, status: 'refused', refusal: job.error, facility_number: facilityNumber, cycle_id: cycle.id, counts: null,
      files: [{ role: 'rent_roll', name: 'wrong-site.xlsx' }], duplicates_list: false, refused_rows_report: false, reports_expire_at: null,
    });
    expect(record!.refusal).toContain('NOWHERE');
  });

  it('is staff\'s: a manager is refused the list and the reports', async () => {
    expect((await history({}, manager)).status).toBe(403);
    expect((await download(randomUUID(), 'duplicates', manager)).status).toBe(403);
    expect((await call('GET', '/api/import-history')).status).toBe(401);
  });
});

describe('reports are kept 90 days', () => {
  /** A record of an import that finished `daysAgo` days ago, with a real duplicates workbook in the bucket. */
  async function recordFinished(daysAgo: number): Promise<{ id: string; key: string }> {
    const id = randomUUID();
    const facilityNumber = stem();
    const files = await writeImportReports(id, facilityNumber, {
      duplicates: [{ row: 2, prime_site_id: 'S1', ledger_id: 'L1', first_name: 'Ann', last_name: 'Lee', unit: 'U1' } as DuplicateRow], refused: [], active: [],
    });
    const result = {
      facility_id: 'f', facility_number: facilityNumber, cycle_id: 'c', cycle_label: 'Spring', rows_read: 1, insert_count: 0, active_tenants_count: 0,
      error_count: 0, missing_prime_ids: 0, missing_prime_site_ids: [], duplicate_tenant_count: 1, duplicate_tenant_filename: files.duplicates, error_report_filename: null, active_tenant_filename: null,
    } satisfies ImportResult;
    const finishedAt = new Date(Date.now() - daysAgo * DAY_MS);
    const job = { id, created_at: finishedAt.toISOString(), input: { software: 'sitelink_web' as const, cycle_id: 'c', files: { rent_roll: { key: 'k', name: 'r.xlsx' } }, user_id: 'u', username: 'monitor' } };
    await putImportRecord(doneRecord(job, result, finishedAt));
    return { id, key: files.duplicates! };
  }

  it('downloadable on day 89; refused with 410 past day 90, and when the file is gone early', async () => {
    const kept = await recordFinished(IMPORT_REPORT_DAYS - 1);
    expect((await download(kept.id, 'duplicates')).status).toBe(200);

    const expired = await recordFinished(IMPORT_REPORT_DAYS + 1);
    const gone = await download(expired.id, 'duplicates');
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe(`The duplicates list of this import was kept for ${IMPORT_REPORT_DAYS} days and has been deleted.`);

    const deleted = await recordFinished(1);
    const { DeleteObjectCommand } = await s3Commands();
    await (await s3Client()).send(new DeleteObjectCommand({ Bucket: bucketName('exports'), Key: deleted.key }));
    expect((await download(deleted.id, 'duplicates')).status).toBe(410);
  });

  it('the local exports bucket carries the lifecycle rule CDK deploys: import reports expire after 90 days', async () => {
    const { GetBucketLifecycleConfigurationCommand } = await s3Commands();
    const out = await (await s3Client()).send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucketName('exports') }));
    // S3 answers a rule's prefix where it was given: in a Filter, or as the rule's own Prefix (CloudFormation from CDK).
    const rules = (out.Rules ?? []).map((rule) => ({ ...rule, prefix: rule.Filter?.Prefix ?? rule.Prefix }));
    expect(rules).toContainEqual(expect.objectContaining({
      ID: 'expire-import-reports', Status: 'Enabled', prefix: IMPORT_REPORTS_PREFIX, Expiration: expect.objectContaining({ Days: IMPORT_REPORT_DAYS }),
    }));
  });
});

describe('the list: newest first, 100 a page by cursor, filtered by facility and software', () => {
  /** `count` records of one facility, a minute apart, the newest `minutesAgo` minutes ago. */
  async function records(facilityNumber: string, software: ImportSoftware, count: number, minutesAgo: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, async (_, i) => {
      const finishedAt = new Date(Date.now() - (minutesAgo + i) * 60_000);
      const job = { id: randomUUID(), created_at: finishedAt.toISOString(), input: { software, cycle_id: null, files: { rent_roll: { key: 'k', name: `roll-${minutesAgo + i}.xlsx` } }, user_id: 'u', username: 'monitor' } };
      const result = {
        facility_id: 'f', facility_number: facilityNumber, cycle_id: 'c', cycle_label: 'Spring', rows_read: 1, insert_count: 1, active_tenants_count: 0, error_count: 0,
        missing_prime_ids: 0, missing_prime_site_ids: [], duplicate_tenant_count: 0, duplicate_tenant_filename: null, error_report_filename: null, active_tenant_filename: null,
      } satisfies ImportResult;
      await putImportRecord(doneRecord(job, result, finishedAt));
    }));
  }

  it('pages a facility\'s 103 imports: 100, then 3, newest first; software narrows; a cursor is good only for its own list', async () => {
    const facilityNumber = stem();
    await records(facilityNumber, 'storedge', 101, 10);
    await records(facilityNumber, 'syrasoft', 2, 5);

    const first = await history({ facility_number: facilityNumber });
    expect(first.status, first.text).toBe(200);
    const page1 = rowsOf(first);
    expect(page1).toHaveLength(100);
    expect(page1.map((r) => r.finished_at)).toEqual([...page1.map((r) => r.finished_at)].sort().reverse());
    expect(page1.slice(0, 2).map((r) => r.software)).toEqual(['syrasoft', 'syrasoft']);
    const cursor = first.body.pagination.next_cursor as string;
    expect(first.body.pagination).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 100, total: 100, exact: false });
    expect(cursor).toEqual(expect.any(String));

    const second = await history({ facility_number: facilityNumber, page: 2, cursor });
    expect(second.status, second.text).toBe(200);
    const page2 = rowsOf(second);
    expect(page2).toHaveLength(3);
    expect(second.body.pagination).toMatchObject({ current_page: 2, last_page: 2, from: 101, to: 103, total: 103, next_cursor: null });
    expect(new Set([...page1, ...page2].map((r) => r.id)).size).toBe(103);
    expect(page2[0]!.finished_at < page1.at(-1)!.finished_at).toBe(true);

    const syrasoft = rowsOf(await history({ facility_number: facilityNumber, software: 'syrasoft' }));
    expect(syrasoft.map((r) => r.software)).toEqual(['syrasoft', 'syrasoft']);
    // Program-wide by software: every row of that software, ours among them.
    const bySoftware = rowsOf(await history({ software: 'syrasoft' }));
    expect(bySoftware.every((r) => r.software === 'syrasoft')).toBe(true);
    expect(bySoftware.filter((r) => r.facility_number === facilityNumber)).toHaveLength(2);

    // Cursors: another list's, a made-up one, and a later page without one are 422, never a server error.
    const refusals = [
      await history({ software: 'storedge', page: 2, cursor }),
      await history({ facility_number: facilityNumber, page: 2, cursor: 'bm90IGEgY3Vyc29y' }),
      await history({ facility_number: facilityNumber, page: 2, cursor: Buffer.from(JSON.stringify({ pk: 'USER#1', sk: 'PROFILE' })).toString('base64url') }),
      await history({ facility_number: facilityNumber, page: 2 }),
      await history({ software: 'abacus' }),
      await history({ page: 0 }),
    ];
    for (const res of refusals) expect(res.status, res.text).toBe(422);
  });
});
