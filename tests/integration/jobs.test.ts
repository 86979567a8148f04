/**
 * Job plumbing: job records, the SQS queues with their dead-letter queues, the local pollers that feed
 * the worker handlers, and GET /api/jobs/{id}. Real SQS and DynamoDB calls against the suite's emulator.
 */
import { describe, expect, it } from 'vitest';
import { CreateQueueCommand, DeleteQueueCommand, GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { call, deadLetterQueueUrl, login, uniqueName } from './helpers';
import { makeUser } from './fixtures';
import { recordFor } from './job-fixture';
import { enqueueJob, getJob } from '../../functions/jobs/job-store';
import { JobRunElsewhere } from '../../functions/jobs/job-run-elsewhere';
import { createWorker } from '../../functions/runtime/worker';
import type { JobRunner } from '../../functions/runtime/worker';
import { sqsClient } from '../../functions/aws/clients';
import { queueUrl } from '../../functions/aws/config';
import { JOB_QUEUES, WORKER_QUEUE_NAMES } from '../../shared/jobs';
import type { WorkerQueueName } from '../../shared/jobs';
import { startPollers } from '../../localstack/runtime/pollers';
import type { WorkerHandler } from '../../localstack/runtime/handlers';

async function waitForJob(id: string, token: string, until: (status: string) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/api/jobs/${id}`, { token });
    expect(res.status).toBe(200);
    if (until(res.body.status)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('job queues and workers', () => {
  it('every queue has its dead-letter queue with the job table maxReceiveCount', async () => {
    for (const def of JOB_QUEUES) {
      const out = await (await sqsClient()).send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(def.name), AttributeNames: ['RedrivePolicy', 'VisibilityTimeout'] }));
      const redrive = JSON.parse(out.Attributes!.RedrivePolicy!);
      expect(Number(redrive.maxReceiveCount)).toBe(def.maxReceiveCount);
      expect(Number(out.Attributes!.VisibilityTimeout)).toBe(def.visibilityTimeoutSeconds);
      // The dead-letter queue exists and is a queue of its own.
      const dlq = await deadLetterQueueUrl(queueUrl(def.name));
      expect(dlq).not.toBe(queueUrl(def.name));
      expect(redrive.deadLetterTargetArn.split(':').pop()).toBe(dlq.split('/').pop());
    }
  });

  it('a queued job reaches its worker through the local poller; an unknown job type fails with a clear error', async () => {
    const user = await makeUser({ username: uniqueName('jobs') });
    const session = await login(user.username);
    const job = await enqueueJob({ queue: 'letter-generation', type: 'no-such-type', createdBy: user.id });
    const final = await waitForJob(job.id, session.token, (s) => s === 'failed');
    expect(final.error).toBe("No worker handles jobs of type 'no-such-type' on queue letter-generation.");
  });

  it('a runner reports progress and its result; a redelivered message does not run a finished job again', async () => {
    const user = await makeUser({ username: uniqueName('jobs') });
    const job = await enqueueJob({ queue: 'archive-exports', type: 'x', createdBy: user.id });
    // Take the job over from the runtime's poller: run a worker with a runner of our own on the same record.
    let runs = 0;
    const runner: JobRunner = async ({ progress }) => { runs += 1; await progress(40); return { file_key: 'exports/a.xlsx' }; };
    const worker = createWorker('archive-exports', { x: runner });
    const first = await worker(recordFor(job.id, 'x', 1));
    expect(first.batchItemFailures).toEqual([]);
    const done = await getJob(job.id);
    // The runtime's own poller may have failed the job first (it has no runner for 'x'); both are final states.
    if (done!.status === 'done') {
      expect(done!.progress).toBe(100);
      expect(done!.result).toEqual({ file_key: 'exports/a.xlsx' });
      await worker(recordFor(job.id, 'x', 2));
      expect(runs).toBe(1);
    } else {
      expect(done!.status).toBe('failed');
    }
  });

  it('a failing runner is retried until maxReceiveCount, then the job is marked failed', async () => {
    const user = await makeUser({ username: uniqueName('jobs') });
    const { createJobRecordOnly } = await import('./job-fixture');
    const job = await createJobRecordOnly({ queue: 'setup-batches', type: 'boom', createdBy: user.id });
    const worker = createWorker('setup-batches', { boom: async () => { throw new Error('SiteLink said no'); } });
    const max = JOB_QUEUES.find((q) => q.name === 'setup-batches')!.maxReceiveCount;
    const early = await worker(recordFor(job.id, 'boom', 1));
    expect(early.batchItemFailures).toEqual([{ itemIdentifier: `m-${job.id}` }]);
    expect((await getJob(job.id))!.status).toBe('queued');
    expect((await getJob(job.id))!.error).toBe('SiteLink said no');
    const last = await worker(recordFor(job.id, 'boom', max));
    expect(last.batchItemFailures).toHaveLength(1);
    expect((await getJob(job.id))!.status).toBe('failed');
  });

  it('a second delivery of a job another run is ahead on is dropped, the job left to that run', async () => {
    const user = await makeUser({ username: uniqueName('jobs') });
    const { createJobRecordOnly } = await import('./job-fixture');
    const job = await createJobRecordOnly({ queue: 'setup-batches', type: 'behind', createdBy: user.id });
    const worker = createWorker('setup-batches', { behind: async () => { throw new JobRunElsewhere('another run is ahead'); } });
    const answer = await worker(recordFor(job.id, 'behind', 1));
    expect(answer.batchItemFailures).toEqual([]);
    // Not failed, not queued again with an error: the run ahead owns the record.
    expect(await getJob(job.id)).toMatchObject({ status: 'running', error: null });
  });
});

describe('GET /api/jobs/{id}', () => {
  it('answers the creator and staff; another user and unknown ids get 404; anonymous 401', async () => {
    const owner = await makeUser({ username: uniqueName('jobowner') });
    const other = await makeUser({ username: uniqueName('jobother') });
    const { createJobRecordOnly } = await import('./job-fixture');
    const job = await createJobRecordOnly({ queue: 'letter-generation', type: 'quiet', createdBy: owner.id });
    const ownerRes = await call('GET', `/api/jobs/${job.id}`, { token: (await login(owner.username)).token });
    expect(ownerRes.status).toBe(200);
    expect(ownerRes.body).toMatchObject({ id: job.id, type: 'quiet', status: 'queued', progress: 0, error: null, result: null });
    expect(ownerRes.body).not.toHaveProperty('created_by');
    expect((await call('GET', `/api/jobs/${job.id}`, { token: (await login(other.username)).token })).status).toBe(404);
    expect((await call('GET', `/api/jobs/${job.id}`, { token: (await login('monitor')).token })).status).toBe(200);
    expect((await call('GET', '/api/jobs/nope', { token: (await login('admin')).token })).status).toBe(404);
    expect((await call('GET', `/api/jobs/${job.id}`)).status).toBe(401);
  });
});

describe('the local pollers', () => {
  it('hold one queue\'s messages back from its worker until released, while the other queues run on', async () => {
    const sqs = await sqsClient();
    const urls = Object.fromEntries(await Promise.all(WORKER_QUEUE_NAMES.map(async (name) => {
      const made = await sqs.send(new CreateQueueCommand({ QueueName: uniqueName(`poll-${name}`).slice(0, 80) }));
      return [name, made.QueueUrl!];
    }))) as Record<WorkerQueueName, string>;
    const handled: string[] = [];
    const worker = (queue: string): WorkerHandler => async (event: SQSEvent) => {
      for (const record of event.Records) handled.push(`${queue}:${record.body}`);
      return { batchItemFailures: [] };
    };
    const workers = Object.fromEntries(WORKER_QUEUE_NAMES.map((name) => [name, worker(name)])) as Record<WorkerQueueName, WorkerHandler>;
    const pollers = startPollers(urls, workers);
    try {
      const release = pollers.hold('proof-reading');
      await sqs.send(new SendMessageCommand({ QueueUrl: urls['proof-reading'], MessageBody: 'held' }));
      await sqs.send(new SendMessageCommand({ QueueUrl: urls['email-events'], MessageBody: 'free' }));
      await expect.poll(() => handled, { timeout: 10_000 }).toContain('email-events:free');
      // Received by now (a long poll returns as a message arrives), and still not handed over.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(handled).not.toContain('proof-reading:held');
      release();
      await expect.poll(() => handled, { timeout: 10_000 }).toContain('proof-reading:held');
    } finally {
      await pollers.stop();
      await Promise.all(Object.values(urls).map((QueueUrl) => sqs.send(new DeleteQueueCommand({ QueueUrl }))));
    }
  });
});
