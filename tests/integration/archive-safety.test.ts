/**
 * What keeps everything else out while an archive runs, and what survives it (docs/decisions.md
 * "Archives: the lock and what it refuses"), against the real table, queue and routes: the lock taken
 * straight through lockForArchive (as the archive routes do), tenant edits refused with the 409 both up
 * front and by the tenant store's transaction itself (a write that moves a counter, one that moves none,
 * a creation, a deletion), the archive's own writes let through, release, a cycle lock beside its
 * facility's other cycles, a lock whose job failed taken over, the lock refused while an import is
 * registered, an import and a letter batch refused while locked (the calls with 409, the jobs with
 * their refusal), and the import rule 'already went through the system' from the archived ledger ids
 * once the tenants are gone. Every test makes its own facility; rows are found by id.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { siteLinkRentRoll } from './rent-roll-fixture';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from './helpers';
import { TEST_WRITE, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { createJobRecordOnly } from './job-fixture';
import {
  lockForArchive, registerRunningJob, releaseArchiveLock, whileRegistered,
} from '../../functions/archives/archive-lock';
import type { ArchiveScope } from '../../functions/archives/archive-lock';
import { archivedLedgerKeys, recordArchivedLedgers } from '../../functions/archives/archived-ledgers';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { getCycleCounters } from '../../functions/cycles/cycle-store';
import { facilityStatsKey, getFacilityCounters } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { importRunner } from '../../functions/imports/import-job';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import { ledgerStandings } from '../../functions/imports/import-target';
import { JobRefused } from '../../functions/jobs/job-refused';
import { getJob, updateJob } from '../../functions/jobs/job-store';
import type { JobRecord } from '../../functions/jobs/job-store';
import { letterRunners } from '../../functions/letters/letter-job';
import { LETTER_JOB_TYPES, LETTER_QUEUE } from '../../functions/letters/letter-job-type';
import type { LetterBatchInput } from '../../functions/letters/letter-job-type';
import { HttpError } from '../../functions/runtime/http-error';
import { createTenants, deleteTenants, getTenant, getTenants, saveTenant } from '../../functions/tenants/tenant-store';
import type { TenantRecord, TenantWrite } from '../../functions/tenants/tenant-store';
import type { ImportResult } from '../../shared/contracts/imports';
import type { JobQueueName } from '../../shared/jobs';

let monitor = '';
beforeAll(async () => {
  monitor = await tokenFor('monitor');
});

const lockedMessage = (f: FacilityRecord) => `Facility ${f.facility_number} is being archived; its tenants cannot change until the archive is done.`;

/** A job record that is running (no queue message: nothing else picks it up). */
async function runningJob(queue: JobQueueName = 'archive-exports', type = 'archive'): Promise<JobRecord> {
  const job = await createJobRecordOnly({ queue, type, createdBy: 'test' });
  await updateJob(job.id, { status: 'running' });
  return (await getJob(job.id))!;
}

/** A facility with a Prime Site ID of its own (imports find it by it) and one cycle of these tenants. */
async function facilityWithTenants(count: number) {
  const site = `S${stem()}1`;
  const facility = await facilityWith(stem(), { prime_site_id: site, software: 'sitelink_web', letter_effective_date: '2027-01-15' });
  const { cycle, tenants } = await cycleWithTenants(facility, Array.from({ length: count }, (_, i) => tenant(i + 1, null, { email: '' })));
  return { facility, cycle, tenants, site };
}

/** Expects the promise to fail with the 409 of the lock. */
async function refusedByLock(work: Promise<unknown>, facility: FacilityRecord): Promise<void> {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err, 'the write was let through').toBeInstanceOf(HttpError);
  expect((err as HttpError).status).toBe(409);
  expect((err as HttpError).message).toBe(lockedMessage(facility));
}

async function conflictOf(work: Promise<unknown>): Promise<string> {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err, 'expected a 409').toBeInstanceOf(HttpError);
  expect((err as HttpError).status).toBe(409);
  return (err as HttpError).message;
}

async function facilityStats(facility: FacilityRecord): Promise<Record<string, unknown>> {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: facilityStatsKey(facility.id), ConsistentRead: true }))).Item ?? {};
}

const rentRoll = siteLinkRentRoll;

/** Runs an import of `bytes` into the cycle in this process (the worker's runner, the file handed over directly). */
async function runImport(cycleId: string, bytes: Buffer): Promise<{ job: JobRecord; result: Promise<ImportResult> }> {
  const job = await createJobRecordOnly({
    queue: 'rent-roll-imports', type: IMPORT_JOB_TYPE, createdBy: 'test',
    input: { software: 'sitelink_web', cycle_id: cycleId, files: { rent_roll: { key: `test/${randomUUID()}`, name: 'roll.xlsx' } }, user_id: 'test', username: 'test' },
  });
  const result = importRunner(async () => Readable.from([bytes]))({ job, progress: async () => {}, report: async () => {} }) as unknown as Promise<ImportResult>;
  return { job, result };
}

describe('a facility archive holding the lock', () => {
  it('refuses every tenant write but its own, up front and in the transaction, and lets them through again once released', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants(4);
    const [t1, t2, t3, t4] = tenants as [TenantRecord, TenantRecord, TenantRecord, TenantRecord];
    const job = await runningJob();
    const archiveId = randomUUID();
    const scope: ArchiveScope = { kind: 'facility', facilityId: facility.id };
    await lockForArchive(scope, archiveId, job.id);

    // The calls answer 409 before any work.
    const status = await call('POST', `/api/tenants/${t1.id}/status`, { token: monitor, form: { status: 'opt_out', updated_at: t1.updated_at } });
    expect(status.status, status.text).toBe(409);
    expect(status.body.error).toBe(lockedMessage(facility));
    const bulk = await call('POST', '/api/tenants/bulk', { token: monitor, form: { field: 'first_name', ids: `${t1.id},${t2.id}`, value: 'Renamed' } });
    expect(bulk.status, bulk.text).toBe(409);
    expect(bulk.body.error).toBe(lockedMessage(facility));
    const deleted = await call('DELETE', '/api/tenants/bulk', { token: monitor, query: { ids: t3.id } });
    expect(deleted.status, deleted.text).toBe(409);

    // The tenant store refuses by itself: a write moving counters, one moving none (a ConditionCheck), a creation, a deletion.
    await refusedByLock(saveTenant(t1, { status: 'opt_out', opt_out_date: '2026-11-01' }, TEST_WRITE), facility);
    await refusedByLock(saveTenant(t1, { first_name: 'Renamed' }, TEST_WRITE), facility);
    await refusedByLock(createTenants(cycle, [{ ...tenant(9, null), facility_number: facility.facility_number }], TEST_WRITE), facility);
    await refusedByLock(deleteTenants([t2], TEST_WRITE), facility);
    // Another archive's write is not this one's.
    await refusedByLock(deleteTenants([t2], { ...TEST_WRITE, action: 'archive', archive_id: randomUUID() }), facility);
    expect((await getTenants(tenants.map((t) => t.id))).map((t) => [t.id, t.updated_at, t.first_name])).toEqual(tenants.map((t) => [t.id, t.updated_at, t.first_name]));
    expect((await getCycleCounters(cycle.id)).total).toBe(4);

    // The archive's own writes pass, and move the counters exactly.
    const own: TenantWrite = { ...TEST_WRITE, action: 'archive', archive_id: archiveId };
    await deleteTenants([t4], own);
    expect(await getTenant(t4.id)).toBeNull();
    expect((await getCycleCounters(cycle.id)).total).toBe(3);
    expect((await getFacilityCounters(facility.id)).total).toBe(3);
    // Taking the lock again for the same archive (the job asserting it) changes nothing.
    expect((await lockForArchive(scope, archiveId, job.id)).archive_id).toBe(archiveId);

    await releaseArchiveLock(scope, archiveId);
    await releaseArchiveLock(scope, archiveId);
    const again = await call('POST', `/api/tenants/${t1.id}/status`, { token: monitor, form: { status: 'opt_out', updated_at: t1.updated_at } });
    expect(again.status, again.text).toBe(200);
    const renamed = await saveTenant(t2, { first_name: 'Renamed' }, TEST_WRITE);
    expect(renamed.first_name).toBe('Renamed');
    // A lost optimistic lock keeps its own answer.
    expect(await conflictOf(saveTenant(t2, { first_name: 'Stale' }, TEST_WRITE))).toBe('This tenant was changed by someone else. Reload and try again.');
  });

  it('refuses a second archive of the facility or of one of its cycles; a lock whose job failed is taken over, a young one whose job is not queued yet is not', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants(1);
    const first = await runningJob();
    const firstId = randomUUID();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, firstId, first.id);

    const second = await runningJob();
    const secondId = randomUUID();
    expect(await conflictOf(lockForArchive({ kind: 'facility', facilityId: facility.id }, secondId, second.id))).toBe(`Facility ${facility.facility_number} is already being archived.`);
    expect(await conflictOf(lockForArchive({ kind: 'cycle', facilityId: facility.id, cycleId: cycle.id }, secondId, second.id))).toBe(`Facility ${facility.facility_number} is already being archived.`);

    await updateJob(first.id, { status: 'failed', error: 'test: the archive failed' });
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, secondId, second.id);
    await refusedByLock(saveTenant(tenants[0]!, { first_name: 'Old' }, { ...TEST_WRITE, archive_id: firstId }), facility);
    expect((await saveTenant(tenants[0]!, { first_name: 'New' }, { ...TEST_WRITE, archive_id: secondId })).first_name).toBe('New');
    await releaseArchiveLock({ kind: 'facility', facilityId: facility.id }, secondId);

    // The route takes the lock before it queues the job it names: a missing job is not over yet.
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, randomUUID(), randomUUID());
    expect(await conflictOf(lockForArchive({ kind: 'facility', facilityId: facility.id }, randomUUID(), second.id))).toBe(`Facility ${facility.facility_number} is already being archived.`);
  });
});

describe('a cycle archive holding the lock', () => {
  it('refuses the cycle\'s tenant writes only, and a facility archive or a second archive of the cycle', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants(1);
    const other = await cycleWithTenants(facility, [tenant(5, null)]);
    const job = await runningJob();
    const archiveId = randomUUID();
    await lockForArchive({ kind: 'cycle', facilityId: facility.id, cycleId: cycle.id }, archiveId, job.id);

    await refusedByLock(saveTenant(tenants[0]!, { first_name: 'Renamed' }, TEST_WRITE), facility);
    const edit = await call('POST', `/api/tenants/${tenants[0]!.id}/status`, { token: monitor, form: { status: 'opt_out', updated_at: tenants[0]!.updated_at } });
    expect(edit.status, edit.text).toBe(409);
    expect((await saveTenant(other.tenants[0]!, { first_name: 'Free' }, TEST_WRITE)).first_name).toBe('Free');

    const next = await runningJob();
    expect(await conflictOf(lockForArchive({ kind: 'facility', facilityId: facility.id }, randomUUID(), next.id))).toBe(`Cycle ${cycle.label} of facility ${facility.facility_number} is being archived.`);
    expect(await conflictOf(lockForArchive({ kind: 'cycle', facilityId: facility.id, cycleId: cycle.id }, randomUUID(), next.id))).toBe(`Cycle ${cycle.label} of facility ${facility.facility_number} is being archived.`);
    // Another cycle of the facility can be archived meanwhile.
    const otherId = randomUUID();
    await lockForArchive({ kind: 'cycle', facilityId: facility.id, cycleId: other.cycle.id }, otherId, next.id);
    await releaseArchiveLock({ kind: 'cycle', facilityId: facility.id, cycleId: other.cycle.id }, otherId);

    // A facility archive takes over the lock of a cycle archive that failed.
    await updateJob(job.id, { status: 'failed', error: 'test: the archive failed' });
    const facilityArchive = randomUUID();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, facilityArchive, next.id);
    await deleteTenants([tenants[0]!], { ...TEST_WRITE, action: 'archive', archive_id: facilityArchive });
    await releaseArchiveLock({ kind: 'facility', facilityId: facility.id }, facilityArchive);
  });
});

describe('running jobs and the lock', () => {
  it('refuses the lock while an import is registered, prunes the job once it has failed, and refuses a job while locked', async () => {
    const { facility, cycle } = await facilityWithTenants(1);
    const importJob = await runningJob('rent-roll-imports', IMPORT_JOB_TYPE);
    await registerRunningJob(importJob.id, [{ facility, cycleIds: [cycle.id] }], 'import');
    expect([...(await facilityStats(facility)).active_jobs as Set<string>]).toEqual([importJob.id]);

    const archive = await runningJob();
    const message = `An import or letter job for facility ${facility.facility_number} is running; archive it when the job is done.`;
    expect(await conflictOf(lockForArchive({ kind: 'facility', facilityId: facility.id }, randomUUID(), archive.id))).toBe(message);
    expect(await conflictOf(lockForArchive({ kind: 'cycle', facilityId: facility.id, cycleId: cycle.id }, randomUUID(), archive.id))).toBe(message);

    // A worker that died without taking itself out: once its job has failed, the archive may start.
    await updateJob(importJob.id, { status: 'failed', error: 'test: killed' });
    const archiveId = randomUUID();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, archiveId, archive.id);
    expect((await facilityStats(facility)).active_jobs).toBeUndefined();

    const late = await runningJob('rent-roll-imports', IMPORT_JOB_TYPE);
    const refused = await registerRunningJob(late.id, [{ facility, cycleIds: [cycle.id] }], 'import').then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(JobRefused);
    expect((refused as JobRefused).message).toBe(`Facility ${facility.facility_number} is being archived; no rent roll can be imported into it until the archive is done.`);
    expect((await facilityStats(facility)).active_jobs).toBeUndefined();
    await releaseArchiveLock({ kind: 'facility', facilityId: facility.id }, archiveId);
  });

  it('takes a job out of active_jobs however its work ends', async () => {
    const { facility, cycle } = await facilityWithTenants(1);
    const job = await runningJob('letter-generation', LETTER_JOB_TYPES.batch);
    const failed = whileRegistered(job.id, [{ facility, cycleIds: [cycle.id] }], 'letters', async () => {
      expect([...(await facilityStats(facility)).active_jobs as Set<string>]).toEqual([job.id]);
      throw new Error('test: the work failed');
    });
    await expect(failed).rejects.toThrow('test: the work failed');
    expect((await facilityStats(facility)).active_jobs).toBeUndefined();
  });
});

describe('imports and letters while a facility is being archived', () => {
  it('answers the import call with 409 and refuses the import job, nothing written', async () => {
    const { facility, cycle, site } = await facilityWithTenants(1);
    const archiveId = randomUUID();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, archiveId, (await runningJob()).id);
    const bytes = await rentRoll(site, ['L1', 'L7']);
    const form = new FormData();
    form.append('software', 'sitelink_web');
    form.append('cycle_id', cycle.id);
    form.append('rent_roll', new Blob([new Uint8Array(bytes)]), 'roll.xlsx');
    const res = await fetch(new URL('/api/cycles/import-tenants', baseUrl()), { method: 'POST', headers: { authorization: `Bearer ${monitor}` }, body: form });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(`Facility ${facility.facility_number} is being archived; no rent roll can be imported into it until the archive is done.`);

    // The job itself (queued before the lock was taken, or by the call that names no cycle) refuses to start.
    const { result } = await runImport(cycle.id, bytes);
    const err = await result.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(JobRefused);
    expect((err as JobRefused).message).toBe(`Facility ${facility.facility_number} is being archived; no rent roll can be imported into it until the archive is done.`);
    expect((await getCycleCounters(cycle.id)).total).toBe(1);
    expect((await facilityStats(facility)).active_jobs).toBeUndefined();
    await releaseArchiveLock({ kind: 'facility', facilityId: facility.id }, archiveId);
  });

  it('answers Generate Letters with 409 and refuses the letter batch, no tenant marked', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants(2);
    const archiveId = randomUUID();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, archiveId, (await runningJob()).id);
    const message = `Facility ${facility.facility_number} is being archived; no letters can be generated for its tenants until the archive is done.`;
    const res = await call('GET', `/api/facilities/${facility.id}/generate-letters`, {
      token: monitor, query: { letter_type: 'initial', audit_letter_date: '2026-12-01', reminder_letter_date: '2026-12-20', cycle_id: cycle.id },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toBe(message);

    const input: LetterBatchInput = {
      letter_type: 'initial', letter_date: '2026-12-01', audit_letter_date: '2026-12-01', reminder_letter_date: null, facility_id: facility.id,
      cycle_id: cycle.id, state: null, tenant_ids: tenants.map((t) => t.id), file_stem: `archive-safety-${randomUUID()}`, created_by_username: 'test', resend: false,
    };
    const job = await createJobRecordOnly({ queue: LETTER_QUEUE, type: LETTER_JOB_TYPES.batch, createdBy: 'test', input: { ...input } });
    const err = await letterRunners()[LETTER_JOB_TYPES.batch]!({ job, progress: async () => {}, report: async () => {} }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(JobRefused);
    expect((err as JobRefused).message).toBe(message);
    expect((await getTenants(tenants.map((t) => t.id))).map((t) => t.initial_letter_sent_date)).toEqual([null, null]);
    expect((await facilityStats(facility)).active_jobs).toBeUndefined();
    await releaseArchiveLock({ kind: 'facility', facilityId: facility.id }, archiveId);
  });
});

describe('the archived ledger ids', () => {
  it("keep the rule 'already went through the system' once the archive deleted the tenants", async () => {
    const { facility, cycle, tenants, site } = await facilityWithTenants(2);
    const archiveId = randomUUID();
    const job = await runningJob();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, archiveId, job.id);
    // As the archive job does: the ledger ids on record first, then the tenants deleted.
    await recordArchivedLedgers(facility.id, archiveId, tenants.map((t) => t.ledger_id));
    await recordArchivedLedgers(facility.id, archiveId, tenants.map((t) => t.ledger_id));
    await deleteTenants(tenants, { ...TEST_WRITE, action: 'archive', archive_id: archiveId });
    await releaseArchiveLock({ kind: 'facility', facilityId: facility.id }, archiveId);
    expect([...await archivedLedgerKeys(facility.id)].sort()).toEqual(['l1', 'l2']);
    expect((await getCycleCounters(cycle.id)).total).toBe(0);

    // A tenant of the same ledger id in the cycle again is active, not gone through.
    await createTenants(cycle, [{ ...tenant(2, null), facility_number: facility.facility_number }], TEST_WRITE);
    expect(Object.fromEntries(await ledgerStandings(facility.id))).toEqual({ l1: 'went_through', l2: 'active' });

    const { result } = await runImport(cycle.id, await rentRoll(site, ['l1 ', 'L2', 'L3']));
    const done = await result;
    expect(done.duplicate_tenant_count).toBe(1);
    expect(done.active_tenants_count).toBe(1);
    expect(done.insert_count).toBe(1);
    expect((await getCycleCounters(cycle.id)).total).toBe(2);
    expect((await facilityStats(facility)).active_jobs).toBeUndefined();
  });
});
