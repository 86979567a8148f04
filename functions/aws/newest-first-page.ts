/**
 * One page of a record list kept in time order in an overloaded index partition (Import History and the
 * Archives tab newest first, Proof Review oldest first): one Query of the partition the filters name, one
 * more item than the page so the answer knows whether another page follows, never the whole table. A
 * second filter inside the partition is a Query filter, read Query after Query until the page is full (the
 * partitions it applies to are small); a time range is a key condition on the `{time}#{id}` sort key.
 * The cursor is the keys of the page's last item in that index, signed for this list and its filters
 * (functions/runtime/cursor.ts); a cursor this list did not answer for the same partition, filter and
 * range is a 422, never handed to DynamoDB.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients';
import { tableName } from './config';
import { indexKeyShape, openCursor, sealCursor } from '../runtime/cursor';
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

export interface IndexPageRequest extends NewestFirstPageRequest {
  order: 'newest' | 'oldest';
  /**
   * Sort keys from `from` (inclusive) and before `before` (exclusive). The bounds are bare times and the
   * sort keys `{time}#{id}`, so no key equals a bound and BETWEEN keeps `before` out.
   */
  range?: { from?: string; before?: string };
  /**
   * Start after this many items of the partition (a page asked by its number without its cursor, where
   * the list's total is known): read as keys only, without a filter. Ignored with a cursor.
   */
  skip?: number;
}

export type IndexPage = { items: Item[]; nextCursor: string | null };

/** The list a cursor is good for: the partition, its filter and range, the order. */
const cursorList = (req: IndexPageRequest) =>
  `index-page ${JSON.stringify([req.index, req.partition, req.record, req.filter ?? null, req.range ?? null, req.order])}`;

const encodeCursor = (item: Item, req: IndexPageRequest) => {
  const { index } = req;
  return sealCursor(cursorList(req), { pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] });
};

const inRange = (sortKey: string, range: IndexPageRequest['range']) =>
  (!range?.from || sortKey >= range.from) && (!range?.before || sortKey < range.before);

async function decodeCursor(text: string, req: IndexPageRequest): Promise<Item> {
  const refusal = 'cursor is not one this list answered for these filters. Start again from page 1.';
  const { index, partition, record } = req;
  const key = await openCursor(cursorList(req), text, indexKeyShape(index), refusal);
  const ok = key.pk.startsWith(record.pkPrefix) && key.sk === record.sk && key[`${index}pk`] === partition
    // DynamoDB refuses a start key outside the key condition.
    && inRange(key[`${index}sk`]!, req.range);
  if (!ok) throw unprocessable(refusal, 'cursor');
  return key;
}

/** The key condition of the partition and its range. */
function keyCondition(req: IndexPageRequest): { KeyConditionExpression: string; ExpressionAttributeValues: Item } {
  const { index, partition, range } = req;
  const sk = `${index}sk`;
  const values: Item = { ':pk': partition };
  let condition = `${index}pk = :pk`;
  if (range?.from && range.before) {
    condition += ` AND ${sk} BETWEEN :from AND :before`;
    Object.assign(values, { ':from': range.from, ':before': range.before });
  } else if (range?.from) {
    condition += ` AND ${sk} >= :from`;
    values[':from'] = range.from;
  } else if (range?.before) {
    condition += ` AND ${sk} < :before`;
    values[':before'] = range.before;
  }
  return { KeyConditionExpression: condition, ExpressionAttributeValues: values };
}

/** The index keys of the item `skip` items into the partition (null: the partition has no more). */
async function startAfter(req: IndexPageRequest, skip: number): Promise<Item | null | undefined> {
  const { index } = req;
  const { KeyConditionExpression, ExpressionAttributeValues } = keyCondition(req);
  let startKey: Item | undefined;
  let read = 0;
  let last: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: index, KeyConditionExpression, ExpressionAttributeValues, ScanIndexForward: req.order === 'oldest',
      ProjectionExpression: `pk, sk, ${index}pk, ${index}sk`, Limit: skip - read, ExclusiveStartKey: startKey,
    }));
    read += out.Items?.length ?? 0;
    last = out.Items?.at(-1) ?? last;
    startKey = out.LastEvaluatedKey;
  } while (startKey && read < skip);
  return read < skip ? null : last;
}

export async function indexPage(req: IndexPageRequest): Promise<IndexPage> {
  const { index, filter, perPage, range } = req;
  if (range?.from && range.before && range.from >= range.before) return { items: [], nextCursor: null };
  let startKey: Item | undefined;
  if (req.cursor) startKey = await decodeCursor(req.cursor, req);
  else if (req.skip) {
    const after = await startAfter(req, req.skip);
    if (after === null) return { items: [], nextCursor: null };
    startKey = after;
  }
  const { KeyConditionExpression, ExpressionAttributeValues } = keyCondition(req);
  const items: Item[] = [];
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: index, KeyConditionExpression, ScanIndexForward: req.order === 'oldest',
      Limit: perPage + 1 - items.length, ExclusiveStartKey: startKey,
      ...(filter ? { FilterExpression: '#filter = :filter', ExpressionAttributeNames: { '#filter': filter.field } } : {}),
      ExpressionAttributeValues: { ...ExpressionAttributeValues, ...(filter ? { ':filter': filter.value } : {}) },
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length <= perPage);
  const page = items.slice(0, perPage);
  return { items: page, nextCursor: items.length > perPage ? await encodeCursor(page.at(-1)!, req) : null };
}

/** Newest first (Import History, the Archives tab). */
export const newestFirstPage = (req: NewestFirstPageRequest & Pick<IndexPageRequest, 'skip'>): Promise<IndexPage> => indexPage({ ...req, order: 'newest' });
