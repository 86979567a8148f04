/**
 * Job records (JOB#{id} / JOB): what a queued piece of long work is doing, polled by the UI.
 * Workers move a job queued -> running -> done | failed, with a progress percent. A running or failed
 * job carries a sparse gsi1 entry (JOBS#RUNNING / JOBS#FAILED, sort `{when it got there}#{id}`) so
 * staff find failed and stalled jobs with a Query, never a Scan (functions/jobs/failed-jobs.ts); a
 * queued or done job has none.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobMessage, JobQueueName, JobStatus } from '../../shared/jobs';
import type { JobView } from '../../shared/contracts/jobs';
import { dynamo, sqsClient, sqsCommands } from '../aws/clients';
import { queueUrl, tableName } from '../aws/config';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';

/** `state` is absent on jobs that never reported one (the view answers null). */
export interface JobRecord extends Omit<JobView, 'state'> {
  state?: Record<string, unknown> | null;
  queue: JobQueueName;
  /** Who started it; only they and staff may read it. */
  created_by: string;
  /** The facility the job works on, for managers' ownership checks. */
  facility_id: string | null;
  input: Record<string, unknown>;
  /** Refused with its message bound for the dead-letter queue (JobRefused deadLetter): each receive lets it go at once. */
  dead_letter?: boolean;
  /** Runs started (every receive that reached the runner, retries included); absent on jobs from before it was counted. */
  tries?: number;
  /** The error of the run before staff retried it (the worker clears `error` when a run starts). */
  last_error?: string | null;
  retried_at?: string;
  retried_by?: string;
  /** Staff set a failed or stalled job aside for good, with why (kept on the job). */
  dismissed_at?: string;
  dismissed_by?: string;
  dismiss_reason?: string;
}

/** The sparse gsi1 partitions of jobs staff may have to act on (docs/data-model.md). */
export const FAILED_JOBS_PARTITION = 'JOBS#FAILED';
export const RUNNING_JOBS_PARTITION = 'JOBS#RUNNING';

/** The gsi1 entry a job in `status` carries from `now`: null for queued and done jobs, which none lists. */
export function jobIndexEntry(id: string, status: JobStatus, now: string): { gsi1pk: string; gsi1sk: string } | null {
  if (status === 'failed') return { gsi1pk: FAILED_JOBS_PARTITION, gsi1sk: `${now}#${id}` };
  if (status === 'running') return { gsi1pk: RUNNING_JOBS_PARTITION, gsi1sk: `${now}#${id}` };
  return null;
}

export const jobKey = (id: string) => ({ pk: `JOB#${id}`, sk: 'JOB' });

/**
 * Writes the job record, then sends its message; the worker finds the input on the record. `id` is a
 * fresh UUID unless the caller has to know it before the job exists (an export names its file after it).
 */
export async function enqueueJob(args: {
  queue: JobQueueName; type: string; createdBy: string; facilityId?: string | null; input?: Record<string, unknown>; id?: string;
  /** What the job shows before its worker starts (a setup job: its batches, all waiting). */
  state?: Record<string, unknown>;
}): Promise<JobRecord> {
  const now = new Date().toISOString();
  const job: JobRecord = {
    id: args.id ?? randomUUID(), type: args.type, queue: args.queue, status: 'queued', progress: 0, progress_detail: null, error: null, result: null,
    created_by: args.createdBy, facility_id: args.facilityId ?? null, input: args.input ?? {}, state: args.state ?? null, created_at: now, updated_at: now,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...jobKey(job.id), ...job } }));
  await sendJobMessage(job);
  return job;
}

/** The job's message on its queue: the one way a job is (re)started, by its route, a continuing run or a retry. */
export async function sendJobMessage(job: Pick<JobRecord, 'id' | 'type' | 'queue'>, delaySeconds = 0): Promise<void> {
  const message: JobMessage = { job_id: job.id, type: job.type };
  const { SendMessageCommand } = await sqsCommands();
  await (await sqsClient()).send(new SendMessageCommand({
    QueueUrl: queueUrl(job.queue), MessageBody: JSON.stringify(message), ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
  }));
}

export async function getJob(id: string): Promise<JobRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: jobKey(id) }));
  return (out.Item as JobRecord | undefined) ?? null;
}

export async function updateJob(id: string, changes: {
  status?: JobStatus; progress?: number; progress_detail?: Record<string, number> | null; error?: string | null; result?: Record<string, unknown> | null;
  state?: Record<string, unknown> | null; dead_letter?: boolean;
  /** A run starts: `tries` goes up by one. */
  countTry?: boolean;
}): Promise<void> {
  const { countTry, ...fields } = changes;
  const now = new Date().toISOString();
  const names: Record<string, string> = { '#updated_at': 'updated_at' };
  const values: Record<string, unknown> = { ':now': now };
  const sets = ['#updated_at = :now'];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  // A change of status moves the job's gsi1 entry (set from now, or removed), so the failed and running
  // lists follow every status the worker writes.
  const removes: string[] = [];
  if (fields.status) {
    const entry = jobIndexEntry(id, fields.status, now);
    if (entry) {
      Object.assign(names, { '#gsi1pk': 'gsi1pk', '#gsi1sk': 'gsi1sk' });
      Object.assign(values, { ':gsi1pk': entry.gsi1pk, ':gsi1sk': entry.gsi1sk });
      sets.push('#gsi1pk = :gsi1pk', '#gsi1sk = :gsi1sk');
    } else {
      Object.assign(names, { '#gsi1pk': 'gsi1pk', '#gsi1sk': 'gsi1sk' });
      removes.push('#gsi1pk', '#gsi1sk');
    }
  }
  const adds: string[] = [];
  if (countTry) {
    names['#tries'] = 'tries';
    values[':one'] = 1;
    adds.push('#tries :one');
  }
  const expression = [`SET ${sets.join(', ')}`, removes.length ? `REMOVE ${removes.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : ''].filter(Boolean).join(' ');
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: jobKey(id), UpdateExpression: expression,
    ExpressionAttributeNames: names, ExpressionAttributeValues: values, ConditionExpression: 'attribute_exists(pk)',
  }));
}

export function toJobView(job: JobRecord): JobView {
  const { id, type, status, progress, error, result, created_at, updated_at } = job;
  return { id, type, status, progress, progress_detail: job.progress_detail ?? null, error, result, state: job.state ?? null, created_at, updated_at };
}

/**
 * Sets `field` on a job once: true when this call set it, false when it was set already (a second
 * confirmation of the same job loses, whatever the timing).
 */
export async function claimJob(id: string, field: string, value: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: jobKey(id), UpdateExpression: 'SET #f = :v',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#f)', ExpressionAttributeNames: { '#f': field }, ExpressionAttributeValues: { ':v': value },
    }));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}
