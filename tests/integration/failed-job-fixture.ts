/**
 * A job failed for real, for the retry tests of each job kind (issue 26): its queue's worker on the last
 * receive, with the kind's runner dying part way (as a crash would), so the worker itself marks the job
 * failed; then its message moved to the emulator's dead-letter queue, as SQS moves it after that receive.
 * And the retry through the API, as staff press it, and the look at the DLQ that checks it was emptied.
 */
import { ReceiveMessageCommand, SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { expect } from 'vitest';
import { call, deadLetterQueueUrl } from './helpers';
import { recordFor } from './job-fixture';
import { queueUrl } from '../../functions/aws/config';
import { getJob } from '../../functions/jobs/job-store';
import type { JobRecord } from '../../functions/jobs/job-store';
import { createWorker } from '../../functions/runtime/worker';
import type { JobRunner } from '../../functions/runtime/worker';
import { JOB_QUEUES } from '../../shared/jobs';
import type { JobQueueName } from '../../shared/jobs';

const sqs = new SQSClient({});

/**
 * `runner` with its progress reports passed on to the worker, dying once `diesAt` says so (after the
 * report was stored, as a worker killed right then).
 */
export const dyingAt = (runner: JobRunner, diesAt: (detail: Record<string, number> | undefined, percent: number) => boolean): JobRunner => (ctx) => runner({
  ...ctx,
  progress: async (percent, detail) => {
    await ctx.progress(percent, detail);
    if (diesAt(detail, percent)) throw new Error('the worker died');
  },
});

/** What SQS does with the message of a receive that failed maxReceiveCount times: moves it to the DLQ. */
export async function moveToDeadLetters(job: Pick<JobRecord, 'id' | 'type' | 'queue'>): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: await deadLetterQueueUrl(queueUrl(job.queue)), MessageBody: JSON.stringify({ job_id: job.id, type: job.type }) }));
}

/** The job run by its queue's worker on its last receive with `runner`, failed, its message in the DLQ. */
export async function failedOnLastReceive(job: JobRecord, runner: JobRunner): Promise<JobRecord> {
  const maxReceives = JOB_QUEUES.find((q) => q.name === job.queue)!.maxReceiveCount;
  const answer = await createWorker(job.queue, { [job.type]: runner })(recordFor(job.id, job.type, maxReceives));
  expect(answer.batchItemFailures).toHaveLength(1);
  await moveToDeadLetters(job);
  const failed = (await getJob(job.id))!;
  expect(failed).toMatchObject({ status: 'failed', error: 'the worker died' });
  expect(await deadLettersOf(job.queue, job.id)).toBe(1);
  return failed;
}

/** The job's messages in its queue's DLQ (received and made visible again at once). */
export async function deadLettersOf(queue: JobQueueName, jobId: string): Promise<number> {
  const dlq = await deadLetterQueueUrl(queueUrl(queue));
  const seen = new Map<string, string>();
  for (let round = 0; round < 5; round += 1) {
    const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, MaxNumberOfMessages: 10, VisibilityTimeout: 0, WaitTimeSeconds: 0 }));
    for (const m of out.Messages ?? []) seen.set(m.MessageId!, m.Body ?? '');
  }
  return [...seen.values()].filter((body) => (JSON.parse(body) as { job_id?: string }).job_id === jobId).length;
}

/**
 * Staff's Retry (as `token`), then the job as the runtime's poller leaves it: done, its error kept as the
 * last one, its dead letter gone.
 */
export async function retriedToDone(jobId: string, token: string, timeoutMs = 90_000): Promise<JobRecord> {
  const res = await call('POST', `/api/failed-jobs/${jobId}/retry`, { token });
  expect(res.status, res.text).toBe(200);
  const deadline = Date.now() + timeoutMs;
  let job = (await getJob(jobId))!;
  while (job.status !== 'done' && job.status !== 'failed') {
    if (Date.now() > deadline) throw new Error(`job ${jobId} stayed ${job.status}`);
    await new Promise((r) => setTimeout(r, 250));
    job = (await getJob(jobId))!;
  }
  expect(job.status, job.error ?? '').toBe('done');
  expect(job.last_error).toBe('the worker died');
  expect(await deadLettersOf(job.queue, jobId)).toBe(0);
  return job;
}
