/**
 * One page of a record list kept newest first in an overloaded index partition (Import History, the
 * Archives tab): one Query of the partition the filters name, one more item than the page so the answer
 * knows whether another page follows, never the whole table. A second filter inside the partition is a
 * Query filter, read Query after Query until the page is full (the partitions it applies to are small).
 * The cursor is the keys of the page's last item in that index (base64url JSON); a cursor this list did not
 * answer for the same partition is a 422, never handed to DynamoDB.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients';
import { tableName } from './config';
import { unprocessable } from '../runtime/http-error';

type Item = Record<string, NativeAttributeValue>;
export type OverloadedIndex = 'gsi1' | 'gsi2' | 'gsi3';

export interface NewestFirstPageRequest {
  index: OverloadedIndex;
  partition: string;
  /** The records' own pk prefix and sk (`IMPORT#` / `RECORD`): what a cursor of this list must name. */
  record: { pkPrefix: string; sk: string };
  perPage: number;
  cursor?: string;
  /** An attribute the partition's items must also equal. */
  filter?: { field: string; value: string };
}

const encodeCursor = (item: Item, index: OverloadedIndex) =>
  Buffer.from(JSON.stringify({ pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] })).toString('base64url');

function decodeCursor(text: string, req: NewestFirstPageRequest): Item {
  const refused = () => unprocessable('cursor is not one this list answered for these filters. Start again from page 1.', 'cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (typeof parsed !== 'object' || parsed === null) throw refused();
  const key = parsed as Record<string, unknown>;
  const { index, partition, record } = req;
  const names = ['pk', 'sk', `${index}pk`, `${index}sk`];
  const ok = Object.keys(key).length === names.length && names.every((n) => typeof key[n] === 'string')
    && String(key.pk).startsWith(record.pkPrefix) && key.sk === record.sk && key[`${index}pk`] === partition;
  if (!ok) throw refused();
  return key as Item;
}

export async function newestFirstPage(req: NewestFirstPageRequest): Promise<{ items: Item[]; nextCursor: string | null }> {
  const { index, partition, filter, perPage } = req;
  let startKey: Item | undefined = req.cursor ? decodeCursor(req.cursor, req) : undefined;
  const items: Item[] = [];
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ScanIndexForward: false,
      Limit: perPage + 1 - items.length, ExclusiveStartKey: startKey,
      ...(filter ? { FilterExpression: '#filter = :filter', ExpressionAttributeNames: { '#filter': filter.field } } : {}),
      ExpressionAttributeValues: { ':pk': partition, ...(filter ? { ':filter': filter.value } : {}) },
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length <= perPage);
  const page = items.slice(0, perPage);
  return { items: page, nextCursor: items.length > perPage ? encodeCursor(page.at(-1)!, index) : null };
}
