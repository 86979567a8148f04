/**
 * Letter batches (docs/data-model.md "Letters"): one item per facility a letter job mailed to.
 *
 *   LETTER_BATCH#{job id}#{facility id} / BATCH    the batch
 *   LETTER_BATCHES / COUNTS                         how many batches each list holds (ADD on completion)
 *
 * A batch is written in two steps around the marking of its tenants (functions/letters/letter-job.ts):
 * first as `marking` with no index keys (so no list shows it), then `complete` with its index keys and
 * counts. The list indexes, newest first (sort key `{save_time}#{id}`):
 *   gsi1  LETTER_BATCHES                      every batch
 *   gsi2  LETTER_BATCHES#{letter_type}        one letter type
 *   gsi3  LETTER_BATCHES#FACILITY#{number}    one facility (a few batches a cycle: its type filter is applied in memory)
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { LetterBatchView, MailedLetterType } from '../../shared/contracts/letters';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { JobRunElsewhere } from '../jobs/job-run-elsewhere';
import { JOB_QUEUES } from '../../shared/jobs';
import { isConditionFailure, isConditionalCheckFailed } from '../aws/dynamo-errors';

export interface LetterBatchRecord extends LetterBatchView {
  job_id: string;
  status: 'marking' | 'complete';
  /** While `marking`: the run marking it holds it until then (ISO); '' once that run stopped. */
  lease_until: string;
  /** The tenants the batch marks (ids), and those still owed their e-mailed welcome certificate. */
  tenant_ids: string[];
  emails_pending: string[];
}

type Item = Record<string, NativeAttributeValue>;

export const letterBatchId = (jobId: string, facilityId: string) => `${jobId}#${facilityId}`;
const batchKey = (id: string) => ({ pk: `LETTER_BATCH#${id}`, sk: 'BATCH' });
const COUNTS_KEY = { pk: 'LETTER_BATCHES', sk: 'COUNTS' };

const countNames = (b: Pick<LetterBatchRecord, 'letter_type' | 'facility_number'>) =>
  ['all', `type#${b.letter_type}`, `facility#${b.facility_number.toLowerCase()}`];

function batchFromItem(item: Item): LetterBatchRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _1, gsi1sk: _2, gsi2pk: _3, gsi2sk: _4, gsi3pk: _5, gsi3sk: _6, ...rest } = item;
  return rest as LetterBatchRecord;
}

export async function getLetterBatch(id: string): Promise<LetterBatchRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: batchKey(id), ConsistentRead: true }));
  return out.Item ? batchFromItem(out.Item) : null;
}

/** A second delivery of the job lost the race for the batch: the run ahead owns it (and the job). */
function runElsewhere(err: unknown): never {
  if (isConditionFailure(err)) {
    throw new JobRunElsewhere(`letter batch taken by another run: ${(err as Error).message}`);
  }
  throw err;
}

/**
 * How long a run holds a batch it marks: the worker's own time limit. A run that dies holding it (the
 * Lambda timed out) leaves it held until then; SQS delivers the message again only after the queue's
 * visibility timeout, which is longer (shared/jobs.ts), so the retry finds it free.
 */
const LEASE_MS = (JOB_QUEUES.find((q) => q.name === 'letter-generation')?.workerTimeoutSeconds ?? 900) * 1000;
const leaseUntil = () => new Date(Date.now() + LEASE_MS).toISOString();

/**
 * Step one: the batch exists, unlisted and held by this run, before any tenant is marked (a retried job
 * finds it). Only the run holding it marks tenants: a delivery of the same job at the same time stops here.
 */
export async function startLetterBatch(batch: LetterBatchRecord): Promise<LetterBatchRecord> {
  const held = { ...batch, status: 'marking' as const, lease_until: leaseUntil() };
  await dynamo().send(new PutCommand({
    TableName: tableName(), Item: { ...batchKey(batch.id), type: 'letter_batch', ...held },
    ConditionExpression: 'attribute_not_exists(pk)',
  })).catch(runElsewhere);
  return held;
}

/**
 * A retry takes over a batch left `marking` once no run holds it (else the run holding it is still at
 * work). The batch then holds the tenants this run mails: those still ready and those already marked.
 */
export async function takeOverLetterBatch(batch: LetterBatchRecord): Promise<LetterBatchRecord> {
  const lease = leaseUntil();
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: batchKey(batch.id),
    UpdateExpression: 'SET lease_until = :lease, tenant_ids = :ids, tenant_count = :count, emails_pending = :emails, file_name = :file, mail_merge_file_name = :merge',
    ConditionExpression: '#status = :marking AND lease_until < :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':lease': lease, ':marking': 'marking', ':now': new Date().toISOString(), ':ids': batch.tenant_ids, ':count': batch.tenant_count,
      ':emails': batch.emails_pending, ':file': batch.file_name, ':merge': batch.mail_merge_file_name,
    },
  })).catch(runElsewhere);
  return { ...batch, lease_until: lease };
}

/** A run that failed lets go of its batch at once, so the retry SQS sends need not wait for the lease. */
export async function releaseLetterBatch(batch: LetterBatchRecord): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: batchKey(batch.id), UpdateExpression: 'SET lease_until = :free',
    ConditionExpression: '#status = :marking AND lease_until = :mine',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':free': '', ':marking': 'marking', ':mine': batch.lease_until },
  })).catch(() => undefined);
}

/** Step two, once every tenant is marked: listed, and counted, in one transaction. */
export async function completeLetterBatch(batch: LetterBatchRecord): Promise<void> {
  const sortKey = `${batch.save_time}#${batch.id}`;
  const names = countNames(batch);
  await dynamo().send(new TransactWriteCommand({
    TransactItems: [
      {
        Update: {
          TableName: tableName(), Key: batchKey(batch.id),
          UpdateExpression: 'SET #status = :complete, lease_until = :free, gsi1pk = :all, gsi1sk = :sk, gsi2pk = :type, gsi2sk = :sk, gsi3pk = :facility, gsi3sk = :sk',
          ConditionExpression: '#status = :marking',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':complete': 'complete', ':marking': 'marking', ':free': '', ':sk': sortKey, ':all': 'LETTER_BATCHES',
            ':type': `LETTER_BATCHES#${batch.letter_type}`, ':facility': `LETTER_BATCHES#FACILITY#${batch.facility_number.toLowerCase()}`,
          },
        },
      },
      {
        Update: {
          TableName: tableName(), Key: COUNTS_KEY,
          UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :one`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${i}`, n])),
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ],
  })).catch(runElsewhere);
}

/** A welcome certificate went out: the batch no longer owes it (a retried job sends only what is left). */
export async function certificateSent(batchId: string, tenantId: string, pending: readonly string[]): Promise<string[]> {
  const left = pending.filter((id) => id !== tenantId);
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: batchKey(batchId), UpdateExpression: 'SET emails_pending = :left',
    ExpressionAttributeValues: { ':left': left },
  }));
  return left;
}

export interface BatchListRequest { facilityNumber?: string; letterType?: MailedLetterType; page: number; perPage: number }

/**
 * A page of batches, newest first. The total comes from the counts item (the facility and type filter
 * together: the facility's batches are counted as they are read). Page N reads and skips the N-1 pages
 * before it (keys only), so deep pages cost more: batches are few (a few per cycle) and the page people
 * use is the first (docs/decisions.md "Letters: the batches list").
 */
export async function listLetterBatches(req: BatchListRequest): Promise<{ rows: LetterBatchRecord[]; total: number }> {
  const facility = req.facilityNumber?.trim().toLowerCase();
  const [index, pk, countName] = facility
    ? ['gsi3', `LETTER_BATCHES#FACILITY#${facility}`, `facility#${facility}`]
    : req.letterType
      ? ['gsi2', `LETTER_BATCHES#${req.letterType}`, `type#${req.letterType}`]
      : ['gsi1', 'LETTER_BATCHES', 'all'];
  const typeFilter = facility && req.letterType
    ? { FilterExpression: 'letter_type = :t', ExpressionAttributeValues: { ':t': req.letterType } }
    : { ExpressionAttributeValues: {} };
  const query = (limit: number, startKey: Item | undefined, keysOnly: boolean) => dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ScanIndexForward: false, Limit: limit,
    ExclusiveStartKey: startKey, ...(keysOnly ? { ProjectionExpression: 'pk, sk, letter_type, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk' } : {}),
    ...(typeFilter.FilterExpression ? { FilterExpression: typeFilter.FilterExpression } : {}),
    ExpressionAttributeValues: { ':pk': pk, ...typeFilter.ExpressionAttributeValues },
  }));

  let total: number;
  if (facility && req.letterType) {
    // One facility's batches are few: count them by reading its partition's keys.
    total = 0;
    let startKey: Item | undefined;
    do {
      const out = await query(1000, startKey, true);
      total += out.Items?.length ?? 0;
      startKey = out.LastEvaluatedKey;
    } while (startKey);
  } else {
    const counts = await dynamo().send(new GetCommand({ TableName: tableName(), Key: COUNTS_KEY }));
    total = Number(counts.Item?.[countName] ?? 0);
  }

  let skip = (req.page - 1) * req.perPage;
  let startKey: Item | undefined;
  while (skip > 0) {
    const out = await query(Math.min(skip, 1000), startKey, true);
    skip -= out.Items?.length ?? 0;
    startKey = out.LastEvaluatedKey;
    if (!startKey) return { rows: [], total };
  }
  const rows: LetterBatchRecord[] = [];
  while (rows.length < req.perPage) {
    const out = await query(req.perPage - rows.length, startKey, false);
    rows.push(...(out.Items ?? []).map(batchFromItem));
    startKey = out.LastEvaluatedKey;
    if (!startKey) break;
  }
  return { rows, total };
}

/**
 * Mark Letters Sent: a batch whose generation gave it no mail time (welcome letters) takes the date
 * recorded for its letter type, for the facility's batches (of one cycle, when named). A batch that has
 * a mail time keeps it. One Query of the facility's partition (a few batches a cycle), one conditional
 * UpdateItem per batch filled.
 */
export async function fillMailTimes(facilityNumber: string, cycleId: string | null, dates: Partial<Record<MailedLetterType, string | null>>): Promise<number> {
  let filled = 0;
  let startKey: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExclusiveStartKey: startKey,
      ExpressionAttributeValues: { ':pk': `LETTER_BATCHES#FACILITY#${facilityNumber.toLowerCase()}` },
    }));
    for (const batch of (out.Items ?? []).map(batchFromItem)) {
      const date = dates[batch.letter_type];
      if (!date || batch.mail_time || (cycleId && batch.cycle_id !== cycleId)) continue;
      await dynamo().send(new UpdateCommand({
        TableName: tableName(), Key: batchKey(batch.id), UpdateExpression: 'SET mail_time = :date',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mail_time) OR mail_time = :none)',
        ExpressionAttributeValues: { ':date': date, ':none': null },
      })).then(() => { filled += 1; }, (err: unknown) => {
        if (!isConditionalCheckFailed(err)) throw err;
      });
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return filled;
}

/** What the page shows of a batch. */
export function letterBatchViewOf(b: LetterBatchRecord): LetterBatchView {
  return {
    id: b.id, facility_id: b.facility_id, facility_number: b.facility_number, cycle_id: b.cycle_id, cycle_label: b.cycle_label, state: b.state,
    letter_type: b.letter_type, tenant_count: b.tenant_count, file_name: b.file_name, mail_merge_file_name: b.mail_merge_file_name,
    save_time: b.save_time, mail_time: b.mail_time, created_by: b.created_by,
  };
}
