/**
 * Job records (JOB#{id} / JOB): what a queued piece of long work is doing, polled by the UI.
 * Workers move a job queued -> running -> done | failed, with a progress percent.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobMessage, JobQueueName, JobStatus } from '../../shared/jobs';
import type { JobView } from '../../shared/contracts/jobs';
import { dynamo, sqsClient, sqsCommands } from '../aws/clients';
import { queueUrl, tableName } from '../aws/config';

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
}

const jobKey = (id: string) => ({ pk: `JOB#${id}`, sk: 'JOB' });

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
  const message: JobMessage = { job_id: job.id, type: job.type };
  const { SendMessageCommand } = await sqsCommands();
  await (await sqsClient()).send(new SendMessageCommand({ QueueUrl: queueUrl(args.queue), MessageBody: JSON.stringify(message) }));
  return job;
}

export async function getJob(id: string): Promise<JobRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: jobKey(id) }));
  return (out.Item as JobRecord | undefined) ?? null;
}

export async function updateJob(id: string, changes: {
  status?: JobStatus; progress?: number; progress_detail?: Record<string, number> | null; error?: string | null; result?: Record<string, unknown> | null;
  state?: Record<string, unknown> | null; dead_letter?: boolean;
}): Promise<void> {
  const names: Record<string, string> = { '#updated_at': 'updated_at' };
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  const sets = ['#updated_at = :now'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: jobKey(id), UpdateExpression: `SET ${sets.join(', ')}`,
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
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
