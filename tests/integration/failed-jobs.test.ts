/**
 * Failed work that staff can see and retry (issue 26): a job failed by its worker on the last receive,
 * its message in the emulator's dead-letter queue, listed on GET /api/failed-jobs and retried to done as
 * the same job with nothing doubled; stalled jobs (running past their queue's visibility timeout);
 * dismiss with a reason; retry all of a kind; 409 for a job that needs no retry; the ops command
 * (list, retry one, redrive a queue). Every job is found by its id, never by position.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login } from './helpers';
import { getUserByUsername, makeManagerWithFacility } from './fixtures';
import { facilityWith, stem } from './facility-fixtures';
import { createJobRecordOnly } from './job-fixture';
import { deadLettersOf, dyingAt, failedOnLastReceive, moveToDeadLetters } from './failed-job-fixture';
import { siteLinkRentRoll } from './rent-roll-fixture';
import { dynamo } from '../../functions/aws/clients';
import { queueUrl, tableName } from '../../functions/aws/config';
import { createCycle, getCycleCounters } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { importRunner } from '../../functions/imports/import-job';
import { importFileKey, putImportFile } from '../../functions/imports/import-files';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import { getJob, updateJob } from '../../functions/jobs/job-store';
import type { JobRecord } from '../../functions/jobs/job-store';
import { ledgersOfFacility } from '../../functions/tenants/tenant-list';
import { JOB_QUEUES } from '../../shared/jobs';

const sqs = new SQSClient({});
let monitor: string;
let admin: string;
let manager: string;
let monitorId: string;
beforeAll(async () => {
  monitor = (await login('monitor')).token;
  admin = (await login('admin')).token;
  manager = (await makeManagerWithFacility()).token;
  monitorId = (await getUserByUsername('monitor'))!.id;
});

async function listed(token = monitor, query: Record<string, string> = {}) {
  const res = await call('GET', '/api/failed-jobs', { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: { id: string; [k: string]: unknown }[] };
}

async function settled(jobId: string, timeoutMs = 30_000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await getJob(jobId))!;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stayed ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An import of `count` tenants into a cycle of its own, its file in the uploads bucket, no message yet. */
async function importJob(count: number): Promise<{ job: JobRecord; cycle: CycleRecord }> {
  const site = `S${stem()}1`;
  const facility = await facilityWith(stem(), { prime_site_id: site, software: 'sitelink_web' });
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Cycle ${stem()}` });
  const id = randomUUID();
  const key = importFileKey(id, 'rent_roll');
  await putImportFile(key, await siteLinkRentRoll(site, Array.from({ length: count }, (_, i) => `L${i + 1}`)));
  const job = await createJobRecordOnly({
    id, queue: 'rent-roll-imports', type: IMPORT_JOB_TYPE, createdBy: monitorId,
    input: { software: 'sitelink_web', cycle_id: cycle.id, files: { rent_roll: { key, name: 'roll.xlsx' } }, user_id: monitorId, username: 'monitor' },
  });
  await updateJobFacility(job.id, facility.id);
  return { job: (await getJob(job.id))!, cycle };
}

const updateJobFacility = (id: string, facilityId: string) => dynamo().send(new UpdateCommand({
  TableName: tableName(), Key: { pk: `JOB#${id}`, sk: 'JOB' }, UpdateExpression: 'SET facility_id = :f', ExpressionAttributeValues: { ':f': facilityId },
}));

/** The import's worker on its last receive, dying right after its first batch of tenants was stored (failed-job-fixture.ts). */
async function importFailedHalfWay(count: number): Promise<{ job: JobRecord; cycle: CycleRecord; stored: number }> {
  const made = await importJob(count);
  const job = await failedOnLastReceive(made.job, dyingAt(importRunner(), (detail) => Boolean(detail?.rows_written)));
  const stored = await cycleTenantCount(made.cycle);
  return { job, cycle: made.cycle, stored };
}

async function cycleTenantCount(cycle: CycleRecord): Promise<number> {
  return (await ledgersOfFacility(cycle.facility_id)).filter((t) => t.cycle_id === cycle.id).length;
}

describe('a rent-roll import that failed half way, its message in the dead-letter queue', () => {
  it('is listed for staff with its kind, starter, facility, cycle, error, tries and link; a retry finishes it with nothing doubled', async () => {
    const { job, cycle, stored } = await importFailedHalfWay(130);
    expect(job).toMatchObject({ status: 'failed', error: 'the worker died', tries: 1 });
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(130);
    expect(await deadLettersOf('rent-roll-imports', job.id)).toBe(1);

    const row = (await listed()).data.find((r) => r.id === job.id);
    expect(row).toMatchObject({
      kind: 'Rent-roll import', queue: 'rent-roll-imports', status: 'failed', trouble: 'failed', started_by: 'monitor',
      facility_number: cycle.facility_number, cycle_label: cycle.label, error: 'the worker died', tries: 1,
      in_dead_letter_queue: true, link: '/import-history',
    });

    const retried = await call('POST', `/api/failed-jobs/${job.id}/retry`, { token: monitor });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.message).toBe('Rent-roll import job queued again on rent-roll-imports.');
    // The runtime's poller runs the real worker on the message the retry sent.
    const done = await settled(job.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done).toMatchObject({ error: null, last_error: 'the worker died', tries: 2, retried_by: monitorId });
    expect(done.result).toMatchObject({ insert_count: 130, rows_read: 130 });
    expect(await cycleTenantCount(cycle)).toBe(130);
    expect((await getCycleCounters(cycle.id)).total).toBe(130);
    // Its dead letter is gone (no later redrive runs it again), and it left the list.
    expect(await deadLettersOf('rent-roll-imports', job.id)).toBe(0);
    expect((await listed()).data.some((r) => r.id === job.id)).toBe(false);

    const again = await call('POST', `/api/failed-jobs/${job.id}/retry`, { token: monitor });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Job ${job.id} is done: only a failed or stalled job can be retried.`);
  });

  it('a file refused to the dead-letter queue by the real pipeline is listed there, and retried once the file is right', async () => {
    const { job, cycle } = await importJob(5);
    // An unreadable file: the worker refuses it and lets the message go until SQS moves it to the DLQ.
    await putImportFile((job.input.files as { rent_roll: { key: string } }).rent_roll.key, Buffer.from('not a workbook at all'));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl('rent-roll-imports'), MessageBody: JSON.stringify({ job_id: job.id, type: job.type }) }));
    expect((await settled(job.id)).status).toBe('failed');
    const deadline = Date.now() + 20_000;
    while ((await deadLettersOf('rent-roll-imports', job.id)) === 0) {
      if (Date.now() > deadline) throw new Error('the refused message never reached the dead-letter queue');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await listed()).data.find((r) => r.id === job.id)).toMatchObject({ trouble: 'failed', in_dead_letter_queue: true });

    // Staff put the right file in place (as a re-upload of the same name would) and retry the same job.
    const site = (await facilityOfCycle(cycle)).prime_site_id;
    await putImportFile((job.input.files as { rent_roll: { key: string } }).rent_roll.key, await siteLinkRentRoll(site, ['A1', 'A2', 'A3', 'A4', 'A5']));
    expect((await call('POST', `/api/failed-jobs/${job.id}/retry`, { token: admin })).status).toBe(200);
    const done = await settled(job.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.dead_letter).toBeUndefined();
    expect(await cycleTenantCount(cycle)).toBe(5);
    expect(await deadLettersOf('rent-roll-imports', job.id)).toBe(0);
  });
});

async function facilityOfCycle(cycle: CycleRecord) {
  const { getFacility } = await import('../../functions/facilities/facility-store');
  return (await getFacility(cycle.facility_id))!;
}

/** A job its worker left running `agoMs` ago (the worker died: nothing said since). */
async function runningSince(agoMs: number, type = `stalled-${stem()}`): Promise<JobRecord> {
  const job = await createJobRecordOnly({ queue: 'letter-generation', type, createdBy: monitorId });
  await updateJob(job.id, { status: 'running' });
  const then = new Date(Date.now() - agoMs).toISOString();
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: { pk: `JOB#${job.id}`, sk: 'JOB' }, UpdateExpression: 'SET updated_at = :t, gsi1sk = :s',
    ExpressionAttributeValues: { ':t': then, ':s': `${then}#${job.id}` },
  }));
  return (await getJob(job.id))!;
}

describe('stalled jobs', () => {
  const timeout = JOB_QUEUES.find((q) => q.name === 'letter-generation')!.visibilityTimeoutSeconds * 1000;

  it('a job running past its queue\'s visibility timeout is listed as stalled; one still within it is not', async () => {
    const stalled = await runningSince(timeout + 60_000);
    const busy = await runningSince(timeout - 60_000);
    const rows = (await listed()).data;
    expect(rows.find((r) => r.id === stalled.id)).toMatchObject({ status: 'running', trouble: 'stalled', kind: stalled.type, link: null, in_dead_letter_queue: false });
    expect(rows.some((r) => r.id === busy.id)).toBe(false);
    const early = await call('POST', `/api/failed-jobs/${busy.id}/retry`, { token: monitor });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(`Job ${busy.id} is running and its worker is still within its time: only a failed or stalled job can be retried.`);
    expect((await getJob(busy.id))!.status).toBe('running');
  });

  it('dismiss needs a reason, keeps it on the job and takes the job off the list for good', async () => {
    const stalled = await runningSince(timeout + 60_000);
    await moveToDeadLetters(stalled);
    const noReason = await call('POST', `/api/failed-jobs/${stalled.id}/dismiss`, { token: monitor, json: { reason: '  ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.text).toContain('Say why the job is dismissed.');
    expect((await getJob(stalled.id))!.dismissed_at).toBeUndefined();

    const dismissed = await call('POST', `/api/failed-jobs/${stalled.id}/dismiss`, { token: monitor, json: { reason: 'Sent again by hand' } });
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(await getJob(stalled.id)).toMatchObject({ status: 'failed', dismiss_reason: 'Sent again by hand', dismissed_by: monitorId });
    expect((await listed()).data.some((r) => r.id === stalled.id)).toBe(false);
    expect(await deadLettersOf('letter-generation', stalled.id)).toBe(0);
    const retry = await call('POST', `/api/failed-jobs/${stalled.id}/retry`, { token: monitor });
    expect(retry.status).toBe(409);
    expect(retry.body.error).toBe(`Job ${stalled.id} was dismissed (Sent again by hand): it cannot be retried.`);
    expect((await call('POST', `/api/failed-jobs/${stalled.id}/dismiss`, { token: monitor, json: { reason: 'again' } })).status).toBe(409);
  });
});

describe('retry all of a kind, and who may', () => {
  it('retries every failed job of the kind and no other; the filter lists only that kind', async () => {
    const type = `kind-${stem()}`;
    const jobs = await Promise.all([0, 1].map(() => createJobRecordOnly({ queue: 'setup-batches', type, createdBy: monitorId })));
    for (const job of jobs) await updateJob(job.id, { status: 'failed', error: 'StorEdge said no' });
    const other = await createJobRecordOnly({ queue: 'setup-batches', type: `${type}-other`, createdBy: monitorId });
    await updateJob(other.id, { status: 'failed', error: 'left alone' });

    const filtered = (await listed(monitor, { type })).data;
    expect(filtered.map((r) => r.id).sort()).toEqual(jobs.map((j) => j.id).sort());

    const res = await call('POST', '/api/failed-jobs/retry-all', { token: monitor, json: { type } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ retried: 2, message: `2 ${type} jobs queued again.` });
    for (const job of jobs) expect((await getJob(job.id))!).toMatchObject({ last_error: 'StorEdge said no', retried_by: monitorId });
    expect(await getJob(other.id)).toMatchObject({ status: 'failed', error: 'left alone' });
    expect((await call('POST', '/api/failed-jobs/retry-all', { token: monitor, json: {} })).status).toBe(422);
  });

  it('a manager is refused every failed-jobs call and changes nothing; an unknown job is 404', async () => {
    const job = await createJobRecordOnly({ queue: 'setup-batches', type: `kind-${stem()}`, createdBy: monitorId });
    await updateJob(job.id, { status: 'failed', error: 'x' });
    expect((await call('GET', '/api/failed-jobs', { token: manager })).status).toBe(403);
    expect((await call('POST', `/api/failed-jobs/${job.id}/retry`, { token: manager })).status).toBe(403);
    expect((await call('POST', `/api/failed-jobs/${job.id}/dismiss`, { token: manager, json: { reason: 'no' } })).status).toBe(403);
    expect((await call('POST', '/api/failed-jobs/retry-all', { token: manager, json: { type: job.type } })).status).toBe(403);
    expect(await getJob(job.id)).toMatchObject({ status: 'failed', error: 'x' });
    expect((await call('POST', '/api/failed-jobs/nope/retry', { token: monitor })).status).toBe(404);
  });
});

describe('npm run ops -- jobs', () => {
  const ops = (...args: string[]) => promisify(execFile)('node_modules/.bin/tsx', ['localstack/ops.ts', 'jobs', ...args], { env: process.env, timeout: 60_000 });

  it('lists a failed job, retries it by id, and redrives a queue: each job back to done, nothing doubled', async () => {
    const one = await importFailedHalfWay(120);
    const two = await importFailedHalfWay(110);
    const list = await ops('list');
    const line = list.stdout.split('\n').find((l) => l.startsWith(one.job.id));
    expect(line).toContain('\tfailed\trent-roll-imports\tRent-roll import\t');
    expect(line).toContain('the worker died');

    const retried = await ops('retry', one.job.id);
    expect(retried.stdout).toContain(`Job ${one.job.id} (${IMPORT_JOB_TYPE}) queued again on rent-roll-imports.`);
    expect((await settled(one.job.id)).status).toBe('done');
    expect(await cycleTenantCount(one.cycle)).toBe(120);
    expect(await deadLettersOf('rent-roll-imports', one.job.id)).toBe(0);

    const redriven = await ops('redrive', 'rent-roll-imports');
    expect(redriven.stdout).toContain(two.job.id);
    expect((await settled(two.job.id)).status).toBe('done');
    expect(await cycleTenantCount(two.cycle)).toBe(110);
    expect((await getCycleCounters(two.cycle.id)).total).toBe(110);
    expect(await deadLettersOf('rent-roll-imports', two.job.id)).toBe(0);

    await expect(ops('retry', one.job.id)).rejects.toMatchObject({ stderr: expect.stringContaining('only a failed or stalled job can be retried') });
    await expect(ops('redrive', 'no-such-queue')).rejects.toMatchObject({ code: 2 });
  });
});
