/**
 * Failed work that staff can see and retry (issue 26; docs/decisions.md "Failed jobs"), shared by the
 * routes (functions/jobs/failed-job-routes.ts) and the ops command (localstack/ops.ts).
 *
 * A job needs someone when it is
 * - failed: the worker gave up (last receive, a refusal, no runner); gsi1 `JOBS#FAILED`;
 * - stalled: running (gsi1 `JOBS#RUNNING`) or queued with nothing said for longer than its queue's
 *   visibility timeout, so no worker holds it any more (the worker died; its message may be in the DLQ);
 * - in a dead-letter queue while not done (found by looking at the DLQs).
 * A dismissed job is failed and set aside: it has no gsi1 entry and is listed no more.
 *
 * Retry puts the same job back: a conditional write (status and updated_at as read) makes it queued
 * (its error kept as `last_error`), then its message is sent, then its DLQ copy deleted. The runners'
 * own idempotency (import checkpoint, letter claims, archive checkpoint and lock, setup claims, ledger
 * versions) makes the run finish the work without doubling it, as an SQS redelivery would.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { JOB_QUEUES } from '../../shared/jobs';
import type { JobQueueName } from '../../shared/jobs';
import { jobKindOf } from '../../shared/job-kinds';
import type { FailedJobRow } from '../../shared/contracts/failed-jobs';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { HttpError, conflict, notFound } from '../runtime/http-error';
import { deleteDeadLetter, lookAtDeadLetters, releaseDeadLetters, removeJobDeadLetters, takeDeadLetters } from './dead-letters';
import { FAILED_JOBS_PARTITION, RUNNING_JOBS_PARTITION, getJob, jobKey, sendJobMessage } from './job-store';
import type { JobRecord } from './job-store';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';

/** The failed list is read whole (it is short; a season's failures): this many at most. */
const LIST_LIMIT = 2000;

const visibilityMs = (queue: JobQueueName): number => (JOB_QUEUES.find((q) => q.name === queue)?.visibilityTimeoutSeconds ?? 900) * 1000;

/** Running or queued, and silent for longer than its queue hides a message: no worker is on it. */
export function isStalled(job: Pick<JobRecord, 'status' | 'queue' | 'updated_at'>, now = Date.now()): boolean {
  return (job.status === 'running' || job.status === 'queued') && now - Date.parse(job.updated_at) > visibilityMs(job.queue);
}

const isRetryable = (job: JobRecord, now = Date.now()): boolean => (job.status === 'failed' && !job.dismissed_at) || isStalled(job, now);

async function queryPartition(partition: string): Promise<JobRecord[]> {
  const jobs: JobRecord[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': partition },
      ScanIndexForward: false, ExclusiveStartKey: start,
    }));
    jobs.push(...((out.Items ?? []) as JobRecord[]));
    start = out.LastEvaluatedKey;
  } while (start && jobs.length < LIST_LIMIT);
  return jobs;
}

export interface TroubledJob { job: JobRecord; inDeadLetterQueue: boolean }

/**
 * Every job that needs staff, newest first: the failed partition, the running jobs that stalled, and
 * any job with a message in a DLQ that is not done or dismissed. `complete` is false when a DLQ held
 * more than one look reads.
 */
export async function listTroubledJobs(options: { type?: string } = {}): Promise<{ jobs: TroubledJob[]; complete: boolean }> {
  const now = Date.now();
  const [failed, running, looks] = await Promise.all([
    queryPartition(FAILED_JOBS_PARTITION),
    queryPartition(RUNNING_JOBS_PARTITION),
    Promise.all(JOB_QUEUES.map((q) => lookAtDeadLetters(q.name))),
  ]);
  const inDlq = new Set(looks.flatMap((l) => l.letters.map((letter) => letter.jobId)).filter((id): id is string => id !== null));
  const byId = new Map<string, JobRecord>();
  for (const job of [...failed, ...running.filter((j) => isStalled(j, now))]) byId.set(job.id, job);
  const unseen = [...inDlq].filter((id) => !byId.has(id));
  if (unseen.length > 0) {
    for (const job of (await batchGetItems(unseen.map(jobKey))) as JobRecord[]) {
      if (job.status !== 'done' && !job.dismissed_at) byId.set(job.id, job);
    }
  }
  const jobs = [...byId.values()]
    .filter((job) => !options.type || job.type === options.type)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id))
    .map((job) => ({ job, inDeadLetterQueue: inDlq.has(job.id) }));
  return { jobs, complete: looks.every((l) => l.complete) };
}

/** The rows of the page: who started each job, its facility and cycle, read in one BatchGetItem. */
export async function toFailedJobRows(jobs: readonly TroubledJob[], now = Date.now()): Promise<FailedJobRow[]> {
  const cycleIdOf = (job: JobRecord) => (typeof job.input?.cycle_id === 'string' ? job.input.cycle_id : null);
  const keys = jobs.flatMap(({ job }) => [
    { pk: `USER#${job.created_by}`, sk: 'PROFILE' },
    ...(job.facility_id ? [{ pk: `FACILITY#${job.facility_id}`, sk: 'PROFILE' }] : []),
    ...(cycleIdOf(job) ? [{ pk: `CYCLE#${cycleIdOf(job)}`, sk: 'PROFILE' }] : []),
  ]);
  const items = keys.length ? await batchGetItems(keys, 'pk, username, facility_number, label') : [];
  const found = new Map(items.map((item) => [item.pk as string, item]));
  return jobs.map(({ job, inDeadLetterQueue }) => {
    const kind = jobKindOf(job.type);
    const cycle = cycleIdOf(job) ? found.get(`CYCLE#${cycleIdOf(job)}`) : undefined;
    const facility = job.facility_id ? found.get(`FACILITY#${job.facility_id}`) : undefined;
    return {
      id: job.id, type: job.type, kind: kind.label, queue: job.queue, status: job.status,
      trouble: job.status === 'failed' ? 'failed' : isStalled(job, now) ? 'stalled' : 'failed',
      started_by: (found.get(`USER#${job.created_by}`)?.username as string | undefined) ?? null,
      created_at: job.created_at, updated_at: job.updated_at,
      facility_number: (facility?.facility_number as string | undefined) ?? (cycle?.facility_number as string | undefined) ?? null,
      cycle_label: (cycle?.label as string | undefined) ?? null,
      error: job.error ?? null, last_error: job.last_error ?? null, tries: job.tries ?? 0,
      in_dead_letter_queue: inDeadLetterQueue, link: kind.link,
    };
  });
}

/** How long a retry of `job` waits on its queue: what is left of its queue's retryAfterSeconds since the job last changed. */
export function retryDelaySeconds(job: Pick<JobRecord, 'queue' | 'updated_at'>, now = Date.now()): number {
  const wait = JOB_QUEUES.find((q) => q.name === job.queue)?.retryAfterSeconds ?? 0;
  return Math.max(0, Math.ceil(wait - (now - Date.parse(job.updated_at)) / 1000));
}

const notRetryable = (job: JobRecord): Error => conflict(job.dismissed_at
  ? `Job ${job.id} was dismissed (${job.dismiss_reason ?? 'no reason'}): it cannot be retried.`
  : `Job ${job.id} is ${job.status}${job.status === 'done' ? '' : ' and its worker is still within its time'}: only a failed or stalled job can be retried.`);

/**
 * The job, as read, back on its queue: queued (condition: still as read, so two retries make one),
 * its message sent, its DLQ copy deleted. `actor` is who asked (a user id, or 'ops').
 */
export async function retryJob(id: string, actor: string, options: { deadLetterTaken?: boolean } = {}): Promise<RetriedJob> {
  const job = await getJob(id);
  if (!job) throw notFound('Job not found.');
  if (!isRetryable(job)) throw notRetryable(job);
  const now = new Date().toISOString();
  // The error stays readable as last_error: the next run clears `error` when it starts.
  await updateJobAsRead(job, 'retried', {
    set: 'SET #status = :queued, #last_error = :error, #error = :null, #updated_at = :now, #retried_at = :now, #retried_by = :actor REMOVE #gsi1pk, #gsi1sk, #dead_letter',
    names: { '#last_error': 'last_error', '#error': 'error', '#retried_at': 'retried_at', '#retried_by': 'retried_by', '#dead_letter': 'dead_letter' },
    values: { ':queued': 'queued', ':error': job.error ?? job.last_error ?? null, ':null': null, ':now': now, ':actor': actor },
  });
  const delay = retryDelaySeconds(job);
  await sendJobMessage(job, delay);
  // After the send: were this to fail, the old copy would only be a redrive's no-op (the job is not failed).
  if (!options.deadLetterTaken) await removeJobDeadLetters(job.queue, job.id);
  return {
    ...job, status: 'queued', error: null, last_error: job.error ?? job.last_error ?? null, updated_at: now, retried_at: now, retried_by: actor,
    starts_in_seconds: delay,
  };
}

/** A job retryJob put back, and how long its message waits before a worker may take it. */
export type RetriedJob = JobRecord & { starts_in_seconds: number };

/** What staff (or ops) are told of one retry: 'queued again on setup-batches; it starts in about 2 minutes, …'. */
export function queuedAgainText(job: RetriedJob): string {
  if (job.starts_in_seconds === 0) return `queued again on ${job.queue}.`;
  const when = job.starts_in_seconds >= 90 ? `about ${Math.round(job.starts_in_seconds / 60)} minutes` : `${job.starts_in_seconds} seconds`;
  return `queued again on ${job.queue}; it starts in ${when}, once the run that stopped has let go of its tenants.`;
}

/**
 * One change to a job as it was read: refused (409) if its status or updated_at moved since, or it was
 * dismissed meanwhile (another retry, a dismiss, or its worker). Both retry and dismiss go through here.
 */
async function updateJobAsRead(job: JobRecord, doing: 'retried' | 'dismissed', change: {
  set: string; names: Record<string, string>; values: Record<string, NativeAttributeValue>;
}): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: jobKey(job.id), UpdateExpression: change.set,
      ConditionExpression: '#status = :seen AND #updated_at = :seen_at AND attribute_not_exists(#dismissed_at)',
      ExpressionAttributeNames: {
        '#status': 'status', '#updated_at': 'updated_at', '#dismissed_at': 'dismissed_at', '#gsi1pk': 'gsi1pk', '#gsi1sk': 'gsi1sk', ...change.names,
      },
      ExpressionAttributeValues: { ':seen': job.status, ':seen_at': job.updated_at, ...change.values },
    }));
  } catch (err) {
    if (isConditionalCheckFailed(err)) {
      throw conflict(doing === 'retried'
        ? `Job ${job.id} changed while it was being retried (another retry, or its worker): look at it again.`
        : `Job ${job.id} changed while it was being dismissed: look at it again.`);
    }
    throw err;
  }
}

/** Retries every failed or stalled job of `type`; a job that changed meanwhile is left (and not counted). */
export async function retryAllOfType(type: string, actor: string): Promise<number> {
  const { jobs } = await listTroubledJobs({ type });
  let retried = 0;
  for (const { job } of jobs) {
    if (!isRetryable(job)) continue;
    try {
      await retryJob(job.id, actor);
      retried += 1;
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  return retried;
}

/**
 * Sets a failed or stalled job aside for good: failed, with who, when and why, out of the lists, its
 * DLQ copy deleted so no redrive runs it.
 */
export async function dismissJob(id: string, reason: string, actor: string): Promise<void> {
  const job = await getJob(id);
  if (!job) throw notFound('Job not found.');
  if (!isRetryable(job)) throw conflict(job.dismissed_at ? `Job ${id} is dismissed already.` : `Job ${id} is ${job.status}: only a failed or stalled job can be dismissed.`);
  await updateJobAsRead(job, 'dismissed', {
    set: 'SET #status = :failed, #dismissed_at = :now, #dismissed_by = :actor, #dismiss_reason = :reason, #updated_at = :now REMOVE #gsi1pk, #gsi1sk',
    names: { '#dismissed_by': 'dismissed_by', '#dismiss_reason': 'dismiss_reason' },
    values: { ':failed': 'failed', ':now': new Date().toISOString(), ':actor': actor, ':reason': reason },
  });
  await removeJobDeadLetters(job.queue, job.id);
}

export interface RedriveOutcome {
  /** Jobs queued again from their dead letter. */
  retried: string[];
  /** Dead letters of jobs done, dismissed or run by a worker now: deleted, their job left as it is. */
  dropped: string[];
  /** Dead letters naming no job the program knows: left in the DLQ for ops to read. */
  kept: number;
}

/**
 * Moves `queue`'s dead letters back: each failed or stalled job is retried (as retryJob), each letter of a
 * job that needs no run is deleted, and a letter naming no known job stays. Unlike SQS's own redrive, the
 * jobs are queued again first, so the worker runs them instead of dropping the message of a failed job.
 */
export async function redriveQueue(queue: JobQueueName, actor: string): Promise<RedriveOutcome> {
  const outcome: RedriveOutcome = { retried: [], dropped: [], kept: 0 };
  const { letters } = await takeDeadLetters(queue);
  const unknown: typeof letters = [];
  for (const letter of letters) {
    const job = letter.jobId ? await getJob(letter.jobId) : null;
    if (!job) { unknown.push(letter); continue; }
    if (isRetryable(job) && !outcome.retried.includes(job.id)) {
      try {
        await retryJob(job.id, actor, { deadLetterTaken: true });
        outcome.retried.push(job.id);
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 409)) throw err;
        outcome.dropped.push(job.id);
      }
    } else {
      outcome.dropped.push(job.id);
    }
    await deleteDeadLetter(letter);
  }
  await releaseDeadLetters(unknown);
  outcome.kept = unknown.length;
  return outcome;
}
