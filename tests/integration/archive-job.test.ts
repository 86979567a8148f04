/**
 * The archive job (functions/archives/archive-job.ts) against the real table, queue and bucket
 * (docs/decisions.md "Archives: what the job does and why nothing is lost"): a facility archive through
 * the wizard's call and the runtime's poller, then the admin restore giving back every tenant of every
 * kind field for field, with its history and the counters as they were; a cycle archive taking only its
 * cycle; a run that dies half way through
 * the deletion and the redelivery that finishes it; a redelivery after the job is done; a second run at
 * once; a run out of time going on in a new invocation. Every test makes its own facility.
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { createJobRecordOnly } from './job-fixture';
import { dyingAt, failedOnLastReceive, retriedToDone } from './failed-job-fixture';
import { TEST_WRITE } from './test-write';
import { claimCheckpoint, getCheckpoint } from '../../functions/archives/archive-checkpoint';
import { runArchiveJob } from '../../functions/archives/archive-job';
import { restorableArchive, restoreArchive } from '../../functions/archives/archive-restore';
import { ARCHIVE_JOB_TYPE, ARCHIVE_QUEUE, archiveFileKey } from '../../functions/archives/archive-job-input';
import type { ArchiveJobInput } from '../../functions/archives/archive-job-input';
import { archivingOf, lockForArchive } from '../../functions/archives/archive-lock';
import { archivedLedgerKeys } from '../../functions/archives/archived-ledgers';
import { claimExportFilename, exportFilenameBase, getArchive } from '../../functions/archives/archive-store';
import { readArchiveTenants } from '../../functions/archives/archive-workbook';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { getCycle, getCycleCounters } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { getFacility, getFacilityCounters } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { ledgerKey } from '../../functions/imports/import-target';
import { JobContinues } from '../../functions/jobs/job-continues';
import { JobRunElsewhere } from '../../functions/jobs/job-run-elsewhere';
import { getJob } from '../../functions/jobs/job-store';
import type { JobRecord } from '../../functions/jobs/job-store';
import type { Counters } from '../../functions/program/counters';
import type { JobRunContext } from '../../functions/runtime/worker';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { findAccessCode } from '../../functions/tenants/access-codes';
import { createTenants, getTenants, saveTenant } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { handler as archiveWorker } from '../../functions/workers/archive-exports';
import { queueEnvName } from '../../shared/jobs';

let admin: string;
let monitor: string;
beforeAll(async () => {
  [admin, monitor] = await Promise.all([tokenFor('admin'), tokenFor('monitor')]);
});

const STAFF = { actor: { user_id: 'staff-1', username: 'staff one' }, action: 'staff_edit' };
const TRICKY = 'Called twice & left a note: <b>"gate code" 12&lt;34</b>\nsecond line\tand a tab, ünïcödé 🚀 ';

/** Every kind of tenant: each status, several units, a business, letters sent, charges confirmed, policy errors. */
const everyKind = (n: number): NewTenant[] => [
  tenant(n + 1, null),
  tenant(n + 2, 'no_response'),
  tenant(n + 3, 'plan-2000', {
    coverage_id: 'plan-2000', tenant_made_selection: true, charge_apply_date: '2026-10-15', charge_applied_date: '2026-10-16',
    charge_confirmed_date: '2026-10-20', payment_confirmed_date: '2026-10-21', setup_insurance_date: '2026-10-17', setup_via_api: true,
    api_confirmed: true, insurance_effective_date: '2026-11-01', original_insurance_effective_date: '2026-10-01', policy_number: 'POL-77',
    insur_ledger_id: `IL${n + 3}`, welcome_letter_sent_date: '2026-10-25', welcome_certificate_emailed_date: '2026-10-26T10:11:12.000Z',
  }),
  tenant(n + 4, 'plan-2000', { coverage_id: 'plan-2000', charge_applied_date: '2026-10-16' }),
  tenant(n + 5, 'provide_proof', { provided_proof_date: '2026-10-05' }),
  tenant(n + 6, 'opt_out', { opt_out_date: '2026-10-06' }),
  tenant(n + 7, 'moved_out', { move_out_date: '2026-09-30' }),
  tenant(n + 8, 'bad_address', { bad_address_date: '2026-10-07', address: '' }),
  tenant(n + 9, null, { first_name: 'Acme Storage & Co <LLC>', last_name: null, email: 'acme@test.example' }),
  tenant(n + 10, 'opt_out', { unit: 'A1', units: ['A1', 'A2', 'B7'], opt_out_date: '2026-10-08', move_in_date: '2020-02-29', billing_date: '2026-11-01' }),
  tenant(n + 11, null, {
    initial_letter_sent_date: '2026-10-02', reminder_letter_sent_date: '2026-10-31', tagged_for_removal: true,
    note: TRICKY, note_created: '2026-10-03T09:00:00.000Z', monitor_note: 'monitor says & so',
  }),
  tenant(n + 12, 'plan-2000', { coverage_id: 'plan-2000', policy_errors_date_logged: '2026-10-18T08:00:00.000Z', policy_errors_error_message: 'Unit not found in SiteLink' }),
];

interface Scene {
  facility: FacilityRecord;
  cycles: CycleRecord[];
  tenants: TenantRecord[];
  history: Map<string, Awaited<ReturnType<typeof tenantHistory>>>;
  facilityCounters: Counters;
  cycleCounters: Counters[];
}

/** A facility of two cycles holding every kind of tenant, some with several history entries. */
async function scene(): Promise<Scene> {
  const facility = await facilityWith(stem(), {
    prime_site_id: `P${stem()}`, letter_effective_date: '2026-11-30', initial_letter_send_date: '2026-10-01', reminder_letter_send_date: '2026-10-31',
    welcome_letter_send_date: '2026-12-15', initial_letter_sent_date: '2026-10-02', reminder_letter_sent_date: '2026-11-01',
    welcome_letter_sent_date: '2026-11-02', confirmed_move_outs_date: '2026-09-29', confirmed_no_move_outs_date: null, can_tag_removal: false,
  });
  const first = await cycleWithTenants(facility, everyKind(0));
  const second = await cycleWithTenants(facility, [tenant(101, 'opt_out', { opt_out_date: '2026-10-09' }), tenant(102, null, { unit: 'Z9', units: ['Z9', 'Z10'] })]);
  // More history: staff edits and a status change.
  const edited = [
    await saveTenant(first.tenants[0]!, { note: 'left a voicemail', note_created: '2026-10-04T12:00:00.000Z' }, STAFF),
    await saveTenant(first.tenants[5]!, { monitor_note: 'checked & confirmed' }, STAFF),
  ];
  const again = await saveTenant(edited[0]!, { status: 'provide_proof', provided_proof_date: '2026-10-10' }, { ...STAFF, action: 'status_change' });
  const ids = [...first.tenants, ...second.tenants].map((t) => t.id);
  const tenants = await getTenants(ids);
  expect(tenants.find((t) => t.id === again.id)).toEqual(again);
  const history = new Map(await Promise.all(ids.map(async (id) => [id, await tenantHistory(id, 1000)] as const)));
  return {
    facility: (await getFacility(facility.id))!, cycles: [first.cycle, second.cycle], tenants, history,
    facilityCounters: await getFacilityCounters(facility.id), cycleCounters: await Promise.all([first.cycle, second.cycle].map((c) => getCycleCounters(c.id))),
  };
}

const itemsUnder = async (tenantId: string) => (await dynamo().send(new QueryCommand({
  TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `TENANT#${tenantId}` },
}))).Items ?? [];

const nonZero = (c: Counters) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== 0));

async function settled(jobId: string, timeoutMs = 90_000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await getJob(jobId))!;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`archive job ${jobId} stayed ${job.status} (${job.error ?? ''})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const sqs = new SQSClient({});
const deliver = (jobId: string) => sqs.send(new SendMessageCommand({
  QueueUrl: process.env[queueEnvName('archive-exports')]!, MessageBody: JSON.stringify({ job_id: jobId, type: ARCHIVE_JOB_TYPE }),
}));

/** What the archive routes do, but with the job's record only (no message), so the test runs the job itself. */
async function archiveJobWithoutMessage(facility: FacilityRecord, cycle?: CycleRecord): Promise<JobRecord> {
  const archiveId = randomUUID();
  const jobId = randomUUID();
  await lockForArchive(cycle ? { kind: 'cycle', facilityId: facility.id, cycleId: cycle.id } : { kind: 'facility', facilityId: facility.id }, archiveId, jobId);
  const led = cycle ? cycle.letter_effective_date : facility.letter_effective_date;
  const filename = await claimExportFilename(exportFilenameBase(facility.facility_number, facility.prime_site_id, led), archiveId, jobId);
  const input: ArchiveJobInput = {
    archive_id: archiveId, scope: cycle ? 'cycle' : 'facility', facility_id: facility.id, cycle_id: cycle?.id ?? null, letter_dates: null, retire: false,
    export_filename: filename, file_key: archiveFileKey(facility.id, archiveId, filename), requested_by: { user_id: 'test', username: 'integration-test' },
  };
  return createJobRecordOnly({ id: jobId, queue: ARCHIVE_QUEUE, type: ARCHIVE_JOB_TYPE, createdBy: 'test', input });
}

const contextOf = (job: JobRecord, overrides: Partial<JobRunContext> = {}): JobRunContext => ({
  job, progress: async () => {}, report: async () => {}, ...overrides,
});

/** A facility of one cycle with `count` plain tenants. */
async function plainFacility(count: number): Promise<{ facility: FacilityRecord; cycle: CycleRecord; tenants: TenantRecord[] }> {
  const facility = await facilityWith(stem(), { prime_site_id: `P${stem()}`, letter_effective_date: '2026-11-30' });
  const { cycle } = await cycleWithTenants(facility);
  const tenants = await createTenants(cycle, Array.from({ length: count }, (_, i) => ({ ...tenant(i + 1, i % 3 === 0 ? 'opt_out' : null), facility_number: facility.facility_number })), TEST_WRITE);
  return { facility, cycle, tenants };
}

describe('a facility archive, then its restore', () => {
  it('backs up every tenant of every kind with its history, deletes them all, resets the facility; the restore gives every field back', async () => {
    const s = await scene();
    const queued = await call('POST', `/api/facility-archives/${s.facility.id}/execute`, {
      token: monitor, form: { letter_effective_date: '2027-02-28', initial_letter_date: '2027-01-01', reminder_letter_date: '2027-01-31' },
    });
    expect(queued.status, queued.text).toBe(202);
    const job = await settled(queued.body.job_id as string);
    expect(job.status, job.error ?? '').toBe('done');
    const total = s.tenants.length;
    expect(job.result).toEqual({ archive_id: queued.body.archive_id, export_filename: queued.body.export_filename, tenant_count: total, retired: false });
    expect(job.progress_detail).toEqual({ written: total, verified: total, deleted: total, total });

    // Gone: the tenants, everything under their keys, every counter.
    expect(await getTenants(s.tenants.map((t) => t.id))).toEqual([]);
    for (const t of s.tenants) expect(await itemsUnder(t.id)).toEqual([]);
    expect(nonZero(await getFacilityCounters(s.facility.id))).toEqual({});
    for (const c of s.cycles) {
      expect(nonZero(await getCycleCounters(c.id))).toEqual({});
      expect((await getCycle(c.id))!.archived_at).not.toBeNull();
    }
    // The facility's period is over: its fields reset, the new dates set; the lock released.
    expect(await getFacility(s.facility.id)).toMatchObject({
      letter_effective_date: '2027-02-28', initial_letter_send_date: '2027-01-01', reminder_letter_send_date: '2027-01-31', welcome_letter_send_date: null,
      initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null, confirmed_move_outs_date: null,
      confirmed_no_move_outs_date: null, can_tag_removal: true, retired_at: null,
    });
    expect(await archivingOf(s.facility.id)).toBeNull();
    // Kept: the archive on record, the ledger ids (the import rule), the export holding every tenant as it was.
    const archive = (await getArchive(queued.body.archive_id as string))!;
    expect(archive).toMatchObject({ scope: 'facility', facility_id: s.facility.id, tenant_count: total, letter_effective_date: '2026-11-30', archived_by: 'monitor' });
    const ledgers = await archivedLedgerKeys(s.facility.id);
    for (const t of s.tenants) expect(ledgers.has(ledgerKey(t.ledger_id))).toBe(true);
    const exported = new Map<string, { record: TenantRecord; history: { sk: string }[] }>();
    for await (const t of readArchiveTenants(archive.file_key)) exported.set(t.record.id, t);
    expect(exported.size).toBe(total);
    for (const t of s.tenants) {
      expect(exported.get(t.id)!.record).toEqual(t);
      expect(exported.get(t.id)!.history.length).toBe(s.history.get(t.id)!.length);
    }

    // Only admins restore.
    expect((await call('POST', '/api/facility-archives/restore', { token: monitor, json: { archive_id: archive.id } })).status).toBe(403);
    expect((await call('POST', '/api/facility-archives/restore', { token: admin, json: { archive_id: randomUUID() } })).status).toBe(404);
    const restored = await call('POST', '/api/facility-archives/restore', { token: admin, json: { archive_id: archive.id } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.restored).toBe(total);
    expect([...restored.body.cycle_ids].sort()).toEqual(s.cycles.map((c) => c.id).sort());

    // Every field of every tenant identical; every history entry back (and the restore's own, newest).
    const back = await getTenants(s.tenants.map((t) => t.id));
    expect(back).toEqual(s.tenants);
    for (const t of s.tenants) {
      // Its access code too, still claimed for it: the claim outlived the archive (a code is never given again).
      expect(await findAccessCode(t.access_code)).toEqual({ tenant_id: t.id });
      const history = await tenantHistory(t.id, 1000);
      expect(history[0]).toMatchObject({ action: 'archive_restore', by: { username: 'admin' } });
      expect(history.slice(1)).toEqual(s.history.get(t.id));
    }
    expect(await getFacilityCounters(s.facility.id)).toEqual(s.facilityCounters);
    for (const [i, c] of s.cycles.entries()) {
      expect(await getCycleCounters(c.id)).toEqual(s.cycleCounters[i]);
      expect((await getCycle(c.id))!.archived_at).toBeNull();
    }
    // A second restore changes nothing.
    const twice = await call('POST', '/api/facility-archives/restore', { token: admin, json: { archive_id: archive.id } });
    expect(twice.body.restored).toBe(0);
    expect(await getFacilityCounters(s.facility.id)).toEqual(s.facilityCounters);
  });

  it('ops restore one tenant alone (npm run archive:restore -- <id> --tenant <id>): it comes back into its cycle, the others stay archived', async () => {
    const { facility, cycle, tenants } = await plainFacility(4);
    const job = await archiveJobWithoutMessage(facility);
    await runArchiveJob(contextOf(job));
    const archiveId = (job.input as ArchiveJobInput).archive_id;
    expect(await getTenants(tenants.map((t) => t.id))).toEqual([]);
    const [lost] = tenants;
    const restorable = await restorableArchive(archiveId);
    const ops = { user_id: 'ops', username: 'ops' };

    const result = await restoreArchive(restorable, ops, undefined, { tenantId: lost!.id });
    expect(result).toEqual({ archive_id: archiveId, cycle_ids: [cycle.id], restored: 1 });
    expect(await getTenants(tenants.map((t) => t.id))).toEqual([lost]);
    expect((await tenantHistory(lost!.id, 10))[0]).toMatchObject({ action: 'archive_restore', by: { username: 'ops' } });
    expect((await getCycle(cycle.id))!.archived_at).toBeNull();
    expect(nonZero(await getFacilityCounters(facility.id))).toMatchObject({ total: 1 });
    // Again: nothing more; a tenant the export does not hold: 404, nothing restored.
    expect((await restoreArchive(restorable, ops, undefined, { tenantId: lost!.id })).restored).toBe(0);
    await expect(restoreArchive(restorable, ops, undefined, { tenantId: randomUUID() })).rejects.toMatchObject({ status: 404 });
    expect(await getTenants(tenants.map((t) => t.id))).toEqual([lost]);
  });

  it('the restore refuses an archive whose job is not done (409) and bad input (422), changing nothing', async () => {
    const { facility } = await plainFacility(3);
    const job = await archiveJobWithoutMessage(facility);
    const archiveId = (job.input as ArchiveJobInput).archive_id;
    // Recorded but still deleting: stop the run right after its first page.
    await expect(runArchiveJob(contextOf(job, { progress: async (_p, d) => { if (d?.deleted) throw new Error('the worker died'); } }))).rejects.toThrow('the worker died');
    const refused = await call('POST', '/api/facility-archives/restore', { token: admin, json: { archive_id: archiveId } });
    expect(refused.status, refused.text).toBe(409);
    expect((await call('POST', '/api/facility-archives/restore', { token: admin, json: { archive_id: '' } })).status).toBe(422);
    expect((await call('POST', '/api/facility-archives/restore', { token: admin, json: {} })).status).toBe(422);
  });
});

describe('a cycle archive, then its restore', () => {
  it('takes only its cycle\'s tenants, leaves the facility and its other cycles as they were; the restore gives them back', async () => {
    const facility = await facilityWith(stem(), { prime_site_id: `P${stem()}`, letter_effective_date: '2026-11-30', initial_letter_send_date: '2026-10-01' });
    const archived = await cycleWithTenants(facility, everyKind(200));
    const kept = await cycleWithTenants(facility, [tenant(301, null), tenant(302, 'opt_out', { opt_out_date: '2026-10-09' })]);
    const before = { facility: (await getFacility(facility.id))!, counters: await getFacilityCounters(facility.id), tenants: await getTenants(archived.tenants.map((t) => t.id)) };
    const queued = await call('POST', `/api/cycles/${archived.cycle.id}/archive`, { token: monitor });
    expect(queued.status, queued.text).toBe(202);
    const job = await settled(queued.body.job_id as string);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ tenant_count: archived.tenants.length, retired: false });

    expect(await getTenants(archived.tenants.map((t) => t.id))).toEqual([]);
    expect(nonZero(await getCycleCounters(archived.cycle.id))).toEqual({});
    expect((await getCycle(archived.cycle.id))!.archived_at).not.toBeNull();
    expect(await getTenants(kept.tenants.map((t) => t.id))).toEqual(kept.tenants);
    expect((await getCycle(kept.cycle.id))!.archived_at).toBeNull();
    expect((await getFacilityCounters(facility.id)).total).toBe(2);
    // The facility's own fields are a facility archive's business only.
    const { updated_at: _u, ...facilityNow } = (await getFacility(facility.id))!;
    const { updated_at: _b, ...facilityBefore } = before.facility;
    expect(facilityNow).toEqual(facilityBefore);
    expect(await getArchive(queued.body.archive_id as string)).toMatchObject({ scope: 'cycle', cycle_id: archived.cycle.id, tenant_count: archived.tenants.length });
    expect(await archivingOf(facility.id, archived.cycle.id)).toBeNull();

    const restored = await call('POST', '/api/facility-archives/restore', { token: admin, json: { archive_id: queued.body.archive_id } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toEqual({ archive_id: queued.body.archive_id, cycle_ids: [archived.cycle.id], restored: archived.tenants.length });
    expect(await getTenants(archived.tenants.map((t) => t.id))).toEqual(before.tenants);
    expect(await getFacilityCounters(facility.id)).toEqual(before.counters);
    expect((await getCycle(archived.cycle.id))!.archived_at).toBeNull();
  });
});

describe('the job runs once, whatever happens', () => {
  it('a run that dies half way through the deletion is finished by the redelivery: every tenant once, the counters at zero', async () => {
    const { facility, cycle, tenants } = await plainFacility(250);
    const job = await archiveJobWithoutMessage(facility);
    const input = job.input as ArchiveJobInput;
    // The worker dies right after its first page of 100 tenants is deleted.
    const dies = async (_percent: number, detail?: Record<string, number>) => {
      if ((detail?.deleted ?? 0) >= 100) throw new Error('the worker died');
    };
    await expect(runArchiveJob(contextOf(job, { progress: dies }))).rejects.toThrow('the worker died');
    const halfway = await getCheckpoint(input.archive_id);
    expect(halfway).toMatchObject({ phase: 'recorded', pages_deleted: 1, deleted: 100, tenant_count: 250 });
    expect((await getTenants(tenants.map((t) => t.id))).length).toBe(150);
    expect((await getFacilityCounters(facility.id)).total).toBe(150);
    expect((await getCycleCounters(cycle.id)).total).toBe(150);
    expect((await archivingOf(facility.id))?.lock.archive_id).toBe(input.archive_id);
    expect(await getArchive(input.archive_id)).toMatchObject({ tenant_count: 250 });

    // Redelivered through the real queue: the poller's run goes on from the checkpoint (the export is not written again).
    await deliver(job.id);
    const done = await settled(job.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result).toMatchObject({ tenant_count: 250 });
    expect(await getTenants(tenants.map((t) => t.id))).toEqual([]);
    expect(nonZero(await getFacilityCounters(facility.id))).toEqual({});
    expect(nonZero(await getCycleCounters(cycle.id))).toEqual({});
    expect(await getCheckpoint(input.archive_id)).toMatchObject({ phase: 'done', pages_deleted: 3, deleted: 250 });
    expect(await archivingOf(facility.id)).toBeNull();

    // Delivered again once done: the worker skips it; a run after the job's record was lost answers from the checkpoint.
    const before = await getJob(job.id);
    await deliver(job.id);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await getJob(job.id)).toEqual(before);
    expect(await runArchiveJob(contextOf((await getJob(job.id))!))).toMatchObject({ tenant_count: 250 });
    expect(nonZero(await getFacilityCounters(facility.id))).toEqual({});
    expect(await archivingOf(facility.id)).toBeNull();
  });

  it('a second run while the first holds the job stops at once, touching nothing', async () => {
    const { facility, tenants } = await plainFacility(5);
    const job = await archiveJobWithoutMessage(facility);
    const input = job.input as ArchiveJobInput;
    // Another run holds the checkpoint's lease (claimed as a run does).
    const ahead = await claimCheckpoint(input.archive_id, job.id, async () => ({
      archive_id: input.archive_id, job_id: job.id, phase: 'started', cycles: [], counters_before: await getFacilityCounters(facility.id),
      letter_effective_date: null, tenant_count: 0, pages_deleted: 0, deleted: 0, archived_at: null,
    }));
    await expect(runArchiveJob(contextOf(job))).rejects.toBeInstanceOf(JobRunElsewhere);
    expect((await getTenants(tenants.map((t) => t.id))).length).toBe(5);
    await ahead.release();
  });

  it('a run out of time goes on in a new invocation from its last page', async () => {
    const { facility, tenants } = await plainFacility(230);
    const job = await archiveJobWithoutMessage(facility);
    const input = job.input as ArchiveJobInput;
    // Plenty of time until the first page is deleted, then too little for another.
    let deleted = 0;
    await expect(runArchiveJob(contextOf(job, {
      progress: async (_p, d) => { deleted = d?.deleted ?? deleted; },
      timeLeftMs: () => (deleted > 0 ? 20_000 : 900_000),
    }))).rejects.toBeInstanceOf(JobContinues);
    const paused = (await getCheckpoint(input.archive_id))!;
    expect(paused).toMatchObject({ phase: 'recorded', pages_deleted: 1, deleted: 100 });
    expect(Date.parse(paused.lease_until)).toBeLessThan(Date.now());

    // The worker given 20 s: the runner stops before its next page, the worker sends the job on, the poller's run finishes it.
    const event: SQSEvent = {
      Records: [{
        messageId: `m-${job.id}`, receiptHandle: 'r', body: JSON.stringify({ job_id: job.id, type: ARCHIVE_JOB_TYPE }),
        attributes: { ApproximateReceiveCount: '1' } as SQSEvent['Records'][number]['attributes'],
        messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn', awsRegion: 'us-east-1',
      }],
    };
    const answer = await archiveWorker(event, { getRemainingTimeInMillis: () => 20_000 });
    expect(answer.batchItemFailures).toEqual([]);
    const done = await settled(job.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.error).toBeNull();
    expect(await getTenants(tenants.map((t) => t.id))).toEqual([]);
    expect(nonZero(await getFacilityCounters(facility.id))).toEqual({});
  });
});

describe('retried by staff from Failed jobs (issue 26)', () => {
  it('an archive failed half way through the deletion, its message in the DLQ, is retried to done: every tenant once, the counters at zero', async () => {
    const { facility, cycle, tenants } = await plainFacility(230);
    const job = await archiveJobWithoutMessage(facility);
    const input = job.input as ArchiveJobInput;
    // The worker's last receive dies after the first page of 100 tenants is deleted.
    await failedOnLastReceive(job, dyingAt(runArchiveJob, (detail) => (detail?.deleted ?? 0) >= 100));
    expect(await getCheckpoint(input.archive_id)).toMatchObject({ deleted: 100, tenant_count: 230 });
    expect((await getTenants(tenants.map((t) => t.id))).length).toBe(130);

    const done = await retriedToDone(job.id, monitor);
    expect(done.result).toMatchObject({ tenant_count: 230 });
    expect(await getTenants(tenants.map((t) => t.id))).toEqual([]);
    expect(nonZero(await getFacilityCounters(facility.id))).toEqual({});
    expect(nonZero(await getCycleCounters(cycle.id))).toEqual({});
    expect(await getCheckpoint(input.archive_id)).toMatchObject({ phase: 'done', deleted: 230 });
    expect(await archivingOf(facility.id)).toBeNull();
    // The archive's record and export were written once: the checkpoint went on past them.
    expect(await getArchive(input.archive_id)).toMatchObject({ tenant_count: 230 });
    const exported = new Set<string>();
    for await (const t of readArchiveTenants(input.file_key)) exported.add(t.record.id);
    expect(exported.size).toBe(230);
  });
});
