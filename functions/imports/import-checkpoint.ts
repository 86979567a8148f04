/**
 * How far an import got, written in the same transaction as each batch of its tenants, so a worker that
 * dies half way (or a redelivered message) resumes after the last batch stored and counts what earlier
 * attempts wrote, never adding a tenant twice:
 *
 *   JOB#{id} / IMPORT_CHECKPOINT    row: every row up to this one is done; inserted, active: their counts
 *
 * The condition on `row` makes two runs of one job (a message redelivered while the first still runs)
 * unable to both move it: the one behind fails its transaction and stops.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import type { TransactItem } from '../tenants/tenant-store';

export interface ImportCheckpoint { row: number; inserted: number; active: number }

const checkpointKey = (jobId: string) => ({ pk: `JOB#${jobId}`, sk: 'IMPORT_CHECKPOINT' });

export const NO_CHECKPOINT: ImportCheckpoint = { row: 0, inserted: 0, active: 0 };

export async function readCheckpoint(jobId: string): Promise<ImportCheckpoint> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: checkpointKey(jobId), ConsistentRead: true }));
  if (!out.Item) return NO_CHECKPOINT;
  return { row: Number(out.Item.row), inserted: Number(out.Item.inserted), active: Number(out.Item.active) };
}

/** The Put that moves the checkpoint from `from` to `to`, for the batch's transaction. */
export function checkpointPut(jobId: string, from: ImportCheckpoint, to: ImportCheckpoint): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...checkpointKey(jobId), type: 'import_checkpoint', ...to },
      ConditionExpression: from.row === 0 ? 'attribute_not_exists(pk) OR #row = :from' : '#row = :from',
      ExpressionAttributeNames: { '#row': 'row' },
      ExpressionAttributeValues: { ':from': from.row },
    },
  };
}
