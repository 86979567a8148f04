/**
 * The archive calls through the real HTTP path, table, queue and bucket (docs/decisions.md "Archives:
 * the calls and records"): the Archives list newest first by cursor with its filters and exact total,
 * download-export by file name (the pattern, unknown names, an export still being written), the wizard's
 * proposed dates, execute, the single-step facility archive and Archive Cycle (what each queues, the
 * export's name and its `_2`, the 409s of a retired facility, an archive already running, an import
 * running, an archived cycle), every refusal leaving everything as it was, a facility with no tenants
 * archived to the end, and the Retired tab's kept numbers. Every test makes its own facility; rows are
 * found by filter.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import type { ApiResponse } from './helpers';
import { makeManagerWithFacility, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, retire, stem, tenant } from './facility-fixtures';
import { createJobRecordOnly } from './job-fixture';
import { plusMonths } from '../../functions/archives/archive-dates';
import { ARCHIVE_JOB_TYPE, ARCHIVE_QUEUE } from '../../functions/archives/archive-job-input';
import type { ArchiveJobInput } from '../../functions/archives/archive-job-input';
import { archivingOf, lockForArchive, registerRunningJob } from '../../functions/archives/archive-lock';
import { facilityArchiveRoutes } from '../../functions/archives/archive-routes';
import { ARCHIVES_COUNT_KEY, archiveCount, archiveItem, claimExportFilename, exportFilenameClaim, recordArchive } from '../../functions/archives/archive-store';
import type { ArchiveRecord } from '../../functions/archives/archive-store';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo, s3Client, s3Commands } from '../../functions/aws/clients';
import { bucketName, tableName } from '../../functions/aws/config';
import { getCycle, updateCycle } from '../../functions/cycles/cycle-store';
import { getFacility, getFacilityCounters, retiredStatsOf, updateFacility } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { getJob, updateJob } from '../../functions/jobs/job-store';
import { programToday } from '../../functions/program/program-settings';
import type { ArchiveView, QueuedArchive } from '../../shared/contracts/archives';
import { ARCHIVES_PREFIX } from '../../shared/resources';

let monitor: string;
let admin: string;
let manager: string;
beforeAll(async () => {
  [monitor, admin] = await Promise.all([tokenFor('monitor'), tokenFor('admin')]);
  manager = (await makeManagerWithFacility()).token;
});

const DATES = { letter_effective_date: '2026-11-30', initial_letter_send_date: '2026-10-01', reminder_letter_send_date: '2026-10-31' };
const programFacility = (fields: Partial<FacilityRecord> = {}) => facilityWith(stem(), { prime_site_id: `P${stem()}`, ...DATES, ...fields });

const archivesList = (query: Record<string, string | number>, token = monitor) => call('GET', '/api/facility-archives', { token, query });
const rowsOf = (res: ApiResponse) => res.body.data as ArchiveView[];
const downloadExport = (filename: string, token = monitor) => call('GET', '/api/facility-archives/download-export', { token, query: { filename } });

function expectError(res: ApiResponse, status: number, message: string | RegExp, field?: string): void {
  expect(res.status, res.text).toBe(status);
  if (typeof message === 'string') expect(res.body.error).toBe(message);
  else expect(res.body.error).toMatch(message);
  if (field) expect(res.body.field).toBe(field);
}

/** What a refused call must leave as it was: the facility record, no archive lock, no claimed export name. */
async function expectUntouched(facility: FacilityRecord): Promise<void> {
  const now = (await getFacility(facility.id))!;
  expect(now.updated_at).toBe(facility.updated_at);
  expect(now.retired_at).toBe(facility.retired_at);
  expect(await archivingOf(facility.id)).toBeNull();
  expect(await exportFilenameClaim(`${facility.facility_number}_${facility.prime_site_id}_${facility.letter_effective_date ?? 'no-date'}.xlsx`)).toBeNull();
}

async function queuedInput(queued: QueuedArchive): Promise<ArchiveJobInput> {
  const job = await getJob(queued.job_id);
  expect(job, `job ${queued.job_id}`).not.toBeNull();
  expect(job!.type).toBe(ARCHIVE_JOB_TYPE);
  expect(job!.queue).toBe(ARCHIVE_QUEUE);
  return job!.input as unknown as ArchiveJobInput;
}

/** An archive on record as the job records it, with its export in the bucket when `bytes` are given. */
async function archiveOnRecord(fields: Partial<ArchiveRecord> & Pick<ArchiveRecord, 'facility_number'>, bytes?: Buffer): Promise<ArchiveRecord> {
  const id = randomUUID();
  const facilityId = fields.facility_id ?? `facility-${stem()}`;
  const led = fields.letter_effective_date === undefined ? '2026-05-01' : fields.letter_effective_date;
  const filename = await claimExportFilename(`${fields.facility_number}_P1_${led ?? 'no-date'}_${id.slice(0, 8)}`, id);
  const record: ArchiveRecord = {
    id, scope: 'facility', facility_id: facilityId, prime_site_id: 'P1', letter_effective_date: led, percent_complete: 40,
    cycle_id: null, cycle_label: null, tenant_count: 3, export_filename: filename, archived_at: new Date().toISOString(), archived_by: 'monitor',
    retired: false, file_key: `${ARCHIVES_PREFIX}${facilityId}/${id}/${filename}`, job_id: randomUUID(), ...fields,
  };
  if (bytes) {
    const { PutObjectCommand } = await s3Commands();
    await (await s3Client()).send(new PutObjectCommand({ Bucket: bucketName('exports'), Key: record.file_key, Body: bytes }));
  }
  await recordArchive(record);
  return record;
}

async function waitForJob(id: string, timeoutMs = 60_000): Promise<{ status: string; error: string | null; result: Record<string, unknown> | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const polled = (await call('GET', `/api/jobs/${id}`, { token: monitor })).body as { status: string; error: string | null; result: Record<string, unknown> | null };
    if (polled.status === 'done' || polled.status === 'failed') return polled;
    if (Date.now() > deadline) throw new Error(`archive job ${id} stayed ${polled.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('GET /api/facility-archives', () => {
  it('lists a facility\'s archives newest first, 100 a page by cursor, matched by number without regard to case', async () => {
    const number = stem();
    const start = Date.now() - 200_000;
    const made: ArchiveRecord[] = [];
    for (let i = 0; i < 103; i += 1) {
      made.push(await archiveOnRecord({ facility_number: number, archived_at: new Date(start + i * 1000).toISOString(), letter_effective_date: i % 2 ? '2026-05-01' : '2026-08-01' }));
    }
    const newestFirst = [...made].reverse().map((r) => r.id);

    const first = await archivesList({ facility_number: ` ${number.toLowerCase()} ` });
    expect(first.status, first.text).toBe(200);
    expect(rowsOf(first).map((r) => r.id)).toEqual(newestFirst.slice(0, 100));
    expect(first.body.pagination).toMatchObject({ current_page: 1, per_page: 100, from: 1, to: 100, exact: false, next_cursor: expect.any(String) });
    const row = rowsOf(first)[0]!;
    expect(row).toEqual({
      id: made[102]!.id, scope: 'facility', facility_id: made[102]!.facility_id, facility_number: number, prime_site_id: 'P1', letter_effective_date: '2026-08-01',
      percent_complete: 40, cycle_id: null, cycle_label: null, tenant_count: 3, export_filename: made[102]!.export_filename, archived_at: made[102]!.archived_at,
      archived_by: 'monitor', retired: false,
    });
    expect(row).not.toHaveProperty('file_key');

    const second = await archivesList({ facility_number: number, page: 2, cursor: first.body.pagination.next_cursor as string });
    expect(second.status, second.text).toBe(200);
    expect(rowsOf(second).map((r) => r.id)).toEqual(newestFirst.slice(100));
    expect(second.body.pagination).toMatchObject({ current_page: 2, from: 101, to: 103, total: 103, next_cursor: null, last_page: 2 });

    // With a letter effective date too (yyyy-M-d accepted): the facility's archives of that date only.
    const dated = await archivesList({ facility_number: number, letter_effective_date: '2026-5-1' });
    expect(dated.status, dated.text).toBe(200);
    expect(rowsOf(dated).map((r) => r.id)).toEqual(newestFirst.filter((id) => made.find((r) => r.id === id)!.letter_effective_date === '2026-05-01'));
  });

  it('filters by letter effective date alone, and the unfiltered list is exact from the count kept with each record', async () => {
    const date = `2199-0${1 + Math.floor(Math.random() * 9)}-${10 + Math.floor(Math.random() * 18)}`;
    const mine = [await archiveOnRecord({ facility_number: stem(), letter_effective_date: date }), await archiveOnRecord({ facility_number: stem(), letter_effective_date: date })];
    const byDate = await archivesList({ letter_effective_date: date });
    expect(byDate.status, byDate.text).toBe(200);
    expect(rowsOf(byDate).every((r) => r.letter_effective_date === date)).toBe(true);
    expect(rowsOf(byDate).map((r) => r.id)).toEqual(expect.arrayContaining(mine.map((r) => r.id)));

    const all = await archivesList({});
    expect(all.status, all.text).toBe(200);
    const total = all.body.pagination.total as number;
    expect(all.body.pagination.exact).toBe(true);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(total).toBeLessThanOrEqual(await archiveCount());
    expect(all.body.pagination.last_page).toBe(Math.max(1, Math.ceil(total / 100)));
    const stamps = rowsOf(all).map((r) => r.archived_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('recording an archive twice (a redelivered job) lists it once and counts it once', async () => {
    const record = await archiveOnRecord({ facility_number: stem() });
    const before = await archiveCount();
    await recordArchive({ ...record, tenant_count: 999 });
    expect(await archiveCount()).toBe(before);
    const listed = rowsOf(await archivesList({ facility_number: record.facility_number }));
    expect(listed.map((r) => [r.id, r.tenant_count])).toEqual([[record.id, 3]]);
  });

  it('the whole list (its total exact) is also asked by page number, as the tab\'s numbered pager asks it', async () => {
    const total = (await archivesList({})).body.pagination.total as number;
    for (let i = total; i < 101; i += 1) await archiveOnRecord({ facility_number: stem() });
    const first = await archivesList({});
    expect(first.body.pagination).toMatchObject({ exact: true, last_page: Math.ceil((first.body.pagination.total as number) / 100) });
    const byCursor = await archivesList({ page: 2, cursor: first.body.pagination.next_cursor as string });
    const byNumber = await archivesList({ page: 2 });
    expect(byNumber.status, byNumber.text).toBe(200);
    expect(rowsOf(byNumber).map((r) => r.id)).toEqual(rowsOf(byCursor).map((r) => r.id));
    expect(rowsOf(byNumber).length).toBeGreaterThan(0);
    expect(byNumber.body.pagination).toMatchObject({ current_page: 2, from: 101, exact: true });
  });

  it('refuses pages without their cursor, foreign cursors and bad filters with a clear 422; managers 403', async () => {
    expectError(await archivesList({ letter_effective_date: '2026-05-01', page: 2 }), 422, 'Page 2 starts where page 1 ended: send the next_cursor it answered.', 'cursor');
    const foreign = Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE', gsi1pk: 'ARCHIVES', gsi1sk: 'x' })).toString('base64url');
    expectError(await archivesList({ page: 2, cursor: foreign }), 422, 'cursor is not one this list answered for these filters. Start again from page 1.', 'cursor');
    expectError(await archivesList({ page: 2, cursor: 'not-base64-json' }), 422, /^cursor is not one this list answered/, 'cursor');
    // A cursor of one filter is not one of another.
    const number = stem();
    await archiveOnRecord({ facility_number: number });
    const other = Buffer.from(JSON.stringify({ pk: 'ARCHIVE#x', sk: 'RECORD', gsi2pk: 'ARCHIVES#FACILITY#someone-else', gsi2sk: 'x' })).toString('base64url');
    expectError(await archivesList({ facility_number: number, page: 2, cursor: other }), 422, /^cursor is not one this list answered/, 'cursor');
    expect((await archivesList({ letter_effective_date: '2026-02-30' })).status).toBe(422);
    expect((await archivesList({ letter_effective_date: 'soon' })).status).toBe(422);
    expect((await archivesList({ page: 0 })).status).toBe(422);
    expect((await archivesList({ facility_number: 'x'.repeat(21) })).status).toBe(422);
    expect((await archivesList({}, manager)).status).toBe(403);
    expect((await archivesList({}, null as unknown as string)).status).toBe(401);
  });
});

describe('GET /api/facility-archives at 10,000 archives', () => {
  const SCALE = 10_000;
  /** As the program grows them: 3,000 facilities a few archives each, one letter effective date a month. */
  const FACILITIES = 3_000;
  const DATES = 24;
  const prefix = stem();
  const facilityOf = (i: number) => `${prefix}-${i % FACILITIES}`;
  // Dates no other test uses, so a date's partition holds only these.
  const dateOf = (i: number) => `2198-${String((i % DATES) % 12 + 1).padStart(2, '0')}-${i % DATES < 12 ? '01' : '15'}`;

  /** The records as the job leaves them (archiveItem), written 25 a call, and counted as recordArchive counts them. */
  beforeAll(async () => {
    const start = Date.now() - SCALE * 1000;
    const items = Array.from({ length: SCALE }, (_, i) => archiveItem({
      id: randomUUID(), scope: 'facility', facility_id: `facility-${facilityOf(i)}`, facility_number: facilityOf(i), prime_site_id: 'P1',
      letter_effective_date: dateOf(i), percent_complete: 50, cycle_id: null, cycle_label: null, tenant_count: 150,
      export_filename: `${facilityOf(i)}_P1_${dateOf(i)}_${i}.xlsx`, archived_at: new Date(start + i * 1000).toISOString(), archived_by: 'monitor', retired: false,
      file_key: `${ARCHIVES_PREFIX}facility-${facilityOf(i)}/${i}/${facilityOf(i)}_P1_${dateOf(i)}.xlsx`, job_id: randomUUID(),
    }));
    const batches = Array.from({ length: SCALE / 25 }, (_, b) => items.slice(b * 25, b * 25 + 25));
    for (let b = 0; b < batches.length; b += 8) {
      await Promise.all(batches.slice(b, b + 8).map(async (batch) => {
        let pending: Record<string, unknown>[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
        while (pending?.length) {
          const out: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
          pending = out.UnprocessedItems?.[tableName()];
        }
      }));
    }
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: ARCHIVES_COUNT_KEY, UpdateExpression: 'ADD #total :n', ExpressionAttributeNames: { '#total': 'total' }, ExpressionAttributeValues: { ':n': SCALE },
    }));
  }, 180_000);

  /** The DynamoDB commands one list call sends and how many items they answer (this process's client, the route's own code). */
  async function readsOf(query: Record<string, unknown>): Promise<{ commands: string[]; items: number; rows: number }> {
    const commands: string[] = [];
    let items = 0;
    const name = `archives-list-reads-${randomUUID()}`;
    dynamo().middlewareStack.add((next, context) => async (args) => {
      const out = await next(args);
      commands.push(String(context.commandName).replace(/Command$/, ''));
      const answer = out.output as { Items?: unknown[]; Item?: unknown };
      items += answer.Items?.length ?? (answer.Item ? 1 : 0);
      return out;
    }, { step: 'initialize', name });
    try {
      const reply = await facilityArchiveRoutes['GET /api/facility-archives'].handle({ params: undefined, query, body: undefined, caller: null, requestId: 'test', sourceIp: '127.0.0.1' });
      return { commands: commands.sort(), items, rows: (reply.body as { data: unknown[] }).data.length };
    } finally {
      dynamo().middlewareStack.remove(name);
    }
  }

  it('a page is one Query of one index partition (at most 101 items) and the count, never the whole list', async () => {
    expect(await readsOf({})).toEqual({ commands: ['GetItem', 'Query'], items: 102, rows: 100 });
    const date = dateOf(0);
    expect(await readsOf({ letter_effective_date: date })).toEqual({ commands: ['Query'], items: 101, rows: 100 });
    const first = await archivesList({ letter_effective_date: date });
    expect(await readsOf({ letter_effective_date: date, page: 2, cursor: first.body.pagination.next_cursor as string })).toEqual({ commands: ['Query'], items: 101, rows: 100 });
    // One facility: its few archives; with a date too, the same partition with the date as a filter.
    const facility = facilityOf(7);
    const own = Math.ceil((SCALE - 7) / FACILITIES);
    expect(await readsOf({ facility_number: facility })).toEqual({ commands: ['Query'], items: own, rows: own });
    const both = await readsOf({ facility_number: facility, letter_effective_date: dateOf(7) });
    expect(both.commands).toEqual(['Query']);
    expect(both.rows).toBeGreaterThanOrEqual(1);
    expect(both.items).toBe(both.rows);
  });
});

describe('GET /api/facility-archives/download-export', () => {
  it('answers a short-lived link to a recorded export, whatever the case of the name', async () => {
    const bytes = Buffer.from(`archive workbook ${randomUUID()}`);
    const record = await archiveOnRecord({ facility_number: stem() }, bytes);
    const res = await downloadExport(record.export_filename.toUpperCase().replace('.XLSX', '.xlsx'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ filename: record.export_filename, expires_in_seconds: expect.any(Number) });
    const file = await fetch(res.body.url as string);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses names outside the export pattern (422) and unknown names (404); managers 403', async () => {
    for (const name of ['../secret.xlsx', 'a/b.xlsx', 'x.pdf', '.xlsx', 'temporary%2Fx.xlsx', 'a..b.xlsx', ' ']) {
      expect((await downloadExport(name)).status, name).toBe(422);
    }
    const unknown = `${stem()}_P_2026-05-01.xlsx`;
    expectError(await downloadExport(unknown), 404, `No archive export is named ${unknown}.`);
    expect((await downloadExport('x.xlsx', manager)).status).toBe(403);
  });

  it('an export whose archive is still at work answers 409; one whose archive failed, 404', async () => {
    const job = await createJobRecordOnly({ queue: ARCHIVE_QUEUE, type: ARCHIVE_JOB_TYPE, createdBy: 'test' });
    const filename = await claimExportFilename(`${stem()}_P_2026-05-01`, randomUUID(), job.id);
    expectError(await downloadExport(filename), 409, `The archive export ${filename} is not ready yet: its archive is still writing and checking it.`);
    await updateJob(job.id, { status: 'failed', error: 'test' });
    expectError(await downloadExport(filename), 404, `The archive that was to write ${filename} did not finish, so no export was kept. Archive the facility again.`);
  });
});

describe('GET /api/facility-archives/{id}/new-dates', () => {
  it('proposes each of the facility\'s dates plus 3 months, end of month clamped', async () => {
    const facility = await programFacility();
    const res = await call('GET', `/api/facility-archives/${facility.id}/new-dates`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ letter_effective_date: '2027-02-28', initial_letter_date: '2027-01-01', reminder_letter_date: '2027-01-31' });
  });

  it('a date the facility lacks is the program\'s today plus 3 months', async () => {
    const facility = await programFacility({ letter_effective_date: null, initial_letter_send_date: null, reminder_letter_send_date: null });
    const res = await call('GET', `/api/facility-archives/${facility.id}/new-dates`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    const proposed = plusMonths(await programToday(), 3);
    expect(res.body).toEqual({ letter_effective_date: proposed, initial_letter_date: proposed, reminder_letter_date: proposed });
  });

  it('404 for an unknown facility, 409 for a retired one, 403 for managers', async () => {
    expectError(await call('GET', '/api/facility-archives/no-such-facility/new-dates', { token: monitor }), 404, 'Facility not found.');
    const retired = await retire(await programFacility());
    expectError(await call('GET', `/api/facility-archives/${retired.id}/new-dates`, { token: monitor }), 409, `Facility ${retired.facility_number} is retired; a retired facility cannot be archived.`);
    expect((await call('GET', `/api/facility-archives/${retired.id}/new-dates`, { token: manager })).status).toBe(403);
  });
});

describe('POST /api/facility-archives/{id}/execute', () => {
  const execute = (id: string, form: Record<string, string>, token = monitor) => call('POST', `/api/facility-archives/${id}/execute`, { token, form });

  it('queues the facility archive with the new letter dates: its tenants counted, its export named, its lock taken', async () => {
    const facility = await programFacility();
    await cycleWithTenants(facility, [tenant(1, null), tenant(2, 'opt_out'), tenant(3, 'moved_out')]);
    const res = await execute(facility.id, { letter_effective_date: '2027-03-01', initial_letter_date: '2027-01-05', reminder_letter_date: '2027-02-01' });
    expect(res.status, res.text).toBe(202);
    const queued = res.body as QueuedArchive;
    const name = `${facility.facility_number}_${facility.prime_site_id}_2026-11-30.xlsx`;
    expect(queued).toEqual({ job_id: expect.any(String), archive_id: expect.any(String), export_filename: name, filename: name, tenant_count: 3 });
    expect(await queuedInput(queued)).toEqual({
      archive_id: queued.archive_id, scope: 'facility', facility_id: facility.id, cycle_id: null,
      letter_dates: { letter_effective_date: '2027-03-01', initial_letter_date: '2027-01-05', reminder_letter_date: '2027-02-01' }, retire: false,
      export_filename: name, file_key: `${ARCHIVES_PREFIX}${facility.id}/${queued.archive_id}/${name}`,
      requested_by: { user_id: expect.any(String), username: 'monitor' },
    });
    expect((await exportFilenameClaim(name))?.archive_id).toBe(queued.archive_id);
  });

  it('skip_letter_dates queues no dates; retire queues the retiring archive (no dates)', async () => {
    const skipped = await programFacility();
    const skip = await execute(skipped.id, { skip_letter_dates: 'true' });
    expect(skip.status, skip.text).toBe(202);
    expect(await queuedInput(skip.body as QueuedArchive)).toMatchObject({ letter_dates: null, retire: false });

    const leaving = await programFacility();
    const ret = await execute(leaving.id, { retire: 'true', letter_effective_date: '2027-03-01' });
    expect(ret.status, ret.text).toBe(202);
    expect(await queuedInput(ret.body as QueuedArchive)).toMatchObject({ letter_dates: null, retire: true });
  });

  it('every bad input is a clear 4xx that changes nothing', async () => {
    const facility = await programFacility();
    expectError(await execute(facility.id, {}), 422, 'letter_effective_date is required unless skip_letter_dates is set (YYYY-MM-DD).', 'letter_effective_date');
    expectError(await execute(facility.id, { letter_effective_date: '2027-03-01', initial_letter_date: '2027-01-05' }), 422,
      'reminder_letter_date is required unless skip_letter_dates is set (YYYY-MM-DD).', 'reminder_letter_date');
    const bad = await execute(facility.id, { letter_effective_date: '2027-02-30', initial_letter_date: '2027-01-05', reminder_letter_date: '2027-02-01' });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.field).toBe('letter_effective_date');
    expect((await execute(facility.id, { skip_letter_dates: 'maybe' })).status).toBe(422);
    expectError(await execute('no-such-facility', { skip_letter_dates: 'true' }), 404, 'Facility not found.');
    expect((await execute(facility.id, { skip_letter_dates: 'true' }, manager)).status).toBe(403);
    await expectUntouched(facility);

    const retired = await retire(await programFacility());
    expectError(await execute(retired.id, { skip_letter_dates: 'true' }), 409, `Facility ${retired.facility_number} is retired; a retired facility cannot be archived.`);
    await expectUntouched(retired);
  });
});

describe('POST /api/facilities/{id}/archive (single step)', () => {
  const archive = (id: string, token = monitor) => call('POST', `/api/facilities/${id}/archive`, { token });

  it('queues the archive without new dates, named after the facility\'s letter effective date', async () => {
    const facility = await programFacility();
    const first = await archive(facility.id);
    expect(first.status, first.text).toBe(202);
    const name = `${facility.facility_number}_${facility.prime_site_id}_2026-11-30.xlsx`;
    expect(first.body).toMatchObject({ filename: name, export_filename: name, tenant_count: 0 });
    expect(await queuedInput(first.body as QueuedArchive)).toMatchObject({ scope: 'facility', cycle_id: null, letter_dates: null, retire: false });
    expect((await exportFilenameClaim(name))?.archive_id).toBe(first.body.archive_id);
  });

  it('a second click while the archive runs is 409 and changes nothing', async () => {
    const facility = await programFacility();
    const running = await createJobRecordOnly({ queue: ARCHIVE_QUEUE, type: ARCHIVE_JOB_TYPE, createdBy: 'test' });
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, randomUUID(), running.id);
    const before = (await getFacility(facility.id))!;
    expectError(await archive(facility.id), 409, `Facility ${facility.facility_number} is already being archived.`);
    expect((await getFacility(facility.id))!.updated_at).toBe(before.updated_at);
    expect((await archivingOf(facility.id))?.lock.job_id).toBe(running.id);
    expect(await exportFilenameClaim(`${facility.facility_number}_${facility.prime_site_id}_2026-11-30.xlsx`)).toBeNull();
  });

  it('an archive while an import job writes the facility\'s tenants is 409 and changes nothing', async () => {
    const facility = await programFacility();
    const { cycle } = await cycleWithTenants(facility, [tenant(1, null)]);
    const importJob = await createJobRecordOnly({ queue: 'rent-roll-imports', type: 'rent-roll-import', createdBy: 'test' });
    await updateJob(importJob.id, { status: 'running' });
    await registerRunningJob(importJob.id, [{ facility, cycleIds: [cycle.id] }], 'import');
    expectError(await archive(facility.id), 409, `An import or letter job for facility ${facility.facility_number} is running; archive it when the job is done.`);
    await expectUntouched(facility);
  });

  it('404 unknown, 409 retired, 403 managers, 401 nobody', async () => {
    expectError(await archive('no-such-facility'), 404, 'Facility not found.');
    const retired = await retire(await programFacility());
    expectError(await archive(retired.id), 409, `Facility ${retired.facility_number} is retired; a retired facility cannot be archived.`);
    await expectUntouched(retired);
    expect((await archive(retired.id, manager)).status).toBe(403);
    expect((await call('POST', `/api/facilities/${retired.id}/archive`)).status).toBe(401);
  });

  it('a facility with no tenants archives cleanly: done, on record, downloadable, its period reset', async () => {
    const facility = await programFacility({ initial_letter_sent_date: '2026-10-02', confirmed_no_move_outs_date: '2026-09-28', can_tag_removal: false });
    const res = await archive(facility.id);
    expect(res.status, res.text).toBe(202);
    const queued = res.body as QueuedArchive;
    const done = await waitForJob(queued.job_id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ archive_id: queued.archive_id, export_filename: queued.export_filename, tenant_count: 0, retired: false });

    const listed = rowsOf(await archivesList({ facility_number: facility.facility_number }));
    expect(listed).toEqual([expect.objectContaining({ id: queued.archive_id, scope: 'facility', tenant_count: 0, export_filename: queued.export_filename, letter_effective_date: '2026-11-30', retired: false, archived_by: 'monitor' })]);
    const link = await downloadExport(queued.export_filename);
    expect(link.status, link.text).toBe(200);
    expect((await fetch(link.body.url as string)).status).toBe(200);

    const after = (await getFacility(facility.id))!;
    expect(after).toMatchObject({
      initial_letter_send_date: null, reminder_letter_send_date: null, letter_effective_date: null, initial_letter_sent_date: null,
      confirmed_no_move_outs_date: null, can_tag_removal: true, retired_at: null,
    });
    expect(await archivingOf(facility.id)).toBeNull();
  });
});

describe('POST /api/cycles/{id}/archive', () => {
  const archiveCycle = (id: string, token = monitor) => call('POST', `/api/cycles/${id}/archive`, { token });

  it('queues the cycle\'s archive: its tenants counted, named after the cycle\'s letter effective date', async () => {
    const facility = await programFacility();
    const { cycle } = await cycleWithTenants(facility, [tenant(1, null), tenant(2, 'provide_proof')]);
    const dated = await updateCycle(cycle, { letter_effective_date: '2026-12-15' });
    const res = await archiveCycle(dated.id);
    expect(res.status, res.text).toBe(202);
    const name = `${facility.facility_number}_${facility.prime_site_id}_2026-12-15.xlsx`;
    expect(res.body).toMatchObject({ filename: name, tenant_count: 2 });
    expect(await queuedInput(res.body as QueuedArchive)).toMatchObject({ scope: 'cycle', facility_id: facility.id, cycle_id: cycle.id, letter_dates: null, retire: false });
  });

  it('a second export of the same name is `_2`: two cycles of one letter effective date', async () => {
    const facility = await programFacility();
    const [{ cycle: one }, { cycle: two }] = [await cycleWithTenants(facility, [tenant(1, null)]), await cycleWithTenants(facility, [tenant(2, null)])];
    for (const cycle of [one, two]) await updateCycle(cycle, { letter_effective_date: '2026-12-15' });
    const name = `${facility.facility_number}_${facility.prime_site_id}_2026-12-15`;
    const first = await archiveCycle(one.id);
    expect(first.status, first.text).toBe(202);
    expect(first.body.filename).toBe(`${name}.xlsx`);
    const second = await archiveCycle(two.id);
    expect(second.status, second.text).toBe(202);
    expect(second.body.filename).toBe(`${name}_2.xlsx`);
    expect((await exportFilenameClaim(`${name}_2.xlsx`))?.archive_id).toBe(second.body.archive_id);
  });

  it('404 unknown, 409 archived, retired or already being archived, 403 managers; nothing changes', async () => {
    expectError(await archiveCycle('no-such-cycle'), 404, 'Cycle not found.');

    const facility = await programFacility();
    const { cycle } = await cycleWithTenants(facility, [tenant(1, null)]);
    const archived = await updateCycle(cycle, { archived_at: new Date().toISOString() });
    expectError(await archiveCycle(archived.id), 409, `Cycle ${archived.label} of facility ${facility.facility_number} is already archived.`);
    expect((await getCycle(archived.id))!.updated_at).toBe(archived.updated_at);

    const other = await programFacility();
    const { cycle: open } = await cycleWithTenants(other, [tenant(1, null)]);
    const running = await createJobRecordOnly({ queue: ARCHIVE_QUEUE, type: ARCHIVE_JOB_TYPE, createdBy: 'test' });
    await lockForArchive({ kind: 'facility', facilityId: other.id }, randomUUID(), running.id);
    expectError(await archiveCycle(open.id), 409, `Facility ${other.facility_number} is already being archived.`);
    expect((await getCycle(open.id))!.archived_at).toBeNull();

    const leaving = await programFacility();
    const { cycle: ofRetired } = await cycleWithTenants(leaving, []);
    const retired = await retire(leaving);
    expectError(await archiveCycle(ofRetired.id), 409, `Facility ${retired.facility_number} is retired; a retired facility cannot be archived.`);
    await expectUntouched(retired);
    expect((await archiveCycle(ofRetired.id, manager)).status).toBe(403);
  });
});

/** The facility's row of the Retired tab, page after page. */
async function retiredRow(facilityId: string): Promise<Record<string, unknown> | undefined> {
  for (let page = 1; ; page += 1) {
    const res = await call('GET', '/api/retired-facilities', { token: admin, query: { page, per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    const found = (res.body.data as Record<string, unknown>[]).find((r) => r.id === facilityId);
    if (found || page >= res.body.pagination.last_page) return found;
  }
}

describe('the Retired tab', () => {
  it('a facility retired by the wizard shows the numbers it had, and refuses new cycles and archives', async () => {
    const facility = await programFacility();
    await cycleWithTenants(facility, [tenant(1, null), tenant(2, 'opt_out'), tenant(3, 'provide_proof', { charge_applied_date: '2026-10-05' }), tenant(4, 'moved_out')]);
    const kept = retiredStatsOf(await getFacilityCounters(facility.id));
    expect(kept.total).toBe(4);
    const res = await call('POST', `/api/facility-archives/${facility.id}/execute`, { token: monitor, form: { retire: 'true' } });
    expect(res.status, res.text).toBe(202);
    const done = await waitForJob(res.body.job_id as string);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ retired: true, tenant_count: 4 });

    expect((await getFacilityCounters(facility.id)).total).toBe(0);
    expect(await retiredRow(facility.id)).toMatchObject({ facility_number: facility.facility_number, ...kept });
    expect(rowsOf(await archivesList({ facility_number: facility.facility_number }))).toEqual([expect.objectContaining({ id: res.body.archive_id, retired: true, tenant_count: 4 })]);
    const retired = (await getFacility(facility.id))!;
    expect(retired.retired_at).toEqual(expect.any(String));
    expectError(await call('POST', `/api/facilities/${facility.id}/archive`, { token: monitor }), 409, `Facility ${facility.facility_number} is retired; a retired facility cannot be archived.`);
    expectError(await call('POST', '/api/cycles', { token: monitor, json: { facility_number: facility.facility_number, label: 'After' } }), 422, `Facility ${facility.facility_number} is retired.`, 'facility_number');
    expect((await getFacility(facility.id))!.updated_at).toBe(retired.updated_at);
  });

  it('shows the numbers a retired facility had when it was retired', async () => {
    const facility = await programFacility();
    const kept = { total: 40, charge_applied: 12, chose_coverage: 15, non_responders: 9 };
    await updateFacility((await getFacility(facility.id))!, { retired_at: new Date().toISOString(), retired_stats: kept });
    expect(await retiredRow(facility.id)).toMatchObject({ facility_number: facility.facility_number, ...kept });
  });
});
