/**
 * The program-wide name search (issue 24; docs/decisions.md "Name search in any order"): the typed words
 * are the start of one of a tenant's two name readings (tenant-names.ts), so a page Queries both name
 * indexes (tname: last name first, tname2: first name first) in the prefix's partition with
 * begins_with, from where the last page stopped in each, and merges them in reading order ('garcia
 * omar#…' beside 'garfield ann#…'). A tenant both readings find is shown once, at the reading that
 * comes first. The page reads its keys and its tenants, never more than a budget of keys, whatever the
 * size of the program.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { indexKeyShape } from '../runtime/cursor';
import type { TenantRecord } from './tenant-record';
import { tenantIdOfKey } from './tenant-record';
import { namePartition, nameReadingsOf } from './tenant-names';

type Item = Record<string, NativeAttributeValue>;

const NAME_INDEXES = ['tname', 'tname2'] as const;
type NameIndex = (typeof NAME_INDEXES)[number];

/** Where the search continues in each index: absent, from its start; a key, after it; null, read to its end. */
export type NamePosition = Partial<Record<NameIndex, Item | null>>;

/** A position as a cursor carries it (functions/runtime/cursor.ts: only our own, signed, reach here). */
export const namePositionShape = z.strictObject({
  tname: indexKeyShape('tname').nullable().optional(),
  tname2: indexKeyShape('tname2').nullable().optional(),
});

/** Does a position belong to this prefix's search (its keys in the partition and the range the prefix reads)? */
export const positionFits = (position: NamePosition, prefix: string): boolean => NAME_INDEXES.every((index) => {
  const key = position[index];
  return !key || (key[`${index}pk`] === namePartition(prefix) && String(key[`${index}sk`]).startsWith(prefix));
});

/** DynamoDB orders string keys by their UTF-8 bytes; the merge must agree with it. */
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const sortKeyOf = (index: NameIndex, key: Item): string => key[`${index}sk`] as string;

async function readIndex(index: NameIndex, prefix: string, start: Item | undefined, limit: number): Promise<{ keys: Item[]; next: Item | undefined }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: index,
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk` },
    ExpressionAttributeValues: { ':pk': namePartition(prefix), ':prefix': prefix },
    ExclusiveStartKey: start, Limit: limit,
  }));
  return { keys: out.Items ?? [], next: out.LastEvaluatedKey };
}

/**
 * Is this the place in the list for the tenant found by `index`? Not when the tenant no longer matches by
 * that reading (renamed since the index was written), nor when its other reading matches too and comes
 * first (it is shown there, on this page or an earlier one).
 */
function isShownHere(t: TenantRecord, index: NameIndex, prefix: string): boolean {
  const { byLast, other } = nameReadingsOf(t);
  const [mine, theirs] = index === 'tname' ? [byLast, other] : [other, byLast];
  if (mine === null || !mine.startsWith(prefix)) return false;
  return !(theirs !== null && theirs.startsWith(prefix) && byBytes(theirs, mine) < 0);
}

export interface NameSearchPage {
  rows: TenantRecord[];
  /** Where the next page starts. */
  next: NamePosition;
  /** An index may hold more matches after `next`. */
  more: boolean;
}

/**
 * One page: `want` tenants that `accept` keeps, in reading order from `from`, reading at most about
 * `budget` index keys (a page whose other filters keep few ends short, with `more`). `read` answers the
 * tenants of these ids in that order (the ones gone left out).
 */
export async function nameSearchPage(p: {
  prefix: string; from: NamePosition; want: number; budget: number;
  accept: (t: TenantRecord) => boolean; read: (ids: readonly string[]) => Promise<TenantRecord[]>;
}): Promise<NameSearchPage> {
  const next: NamePosition = { ...p.from };
  const rows: TenantRecord[] = [];
  let keysRead = 0;
  while (rows.length < p.want && keysRead < p.budget) {
    const open = NAME_INDEXES.filter((index) => next[index] !== null);
    if (open.length === 0) break;
    const need = p.want - rows.length;
    const limit = Math.max(1, Math.min(Math.max(need, 100), Math.floor((p.budget - keysRead) / open.length)));
    const answers = await Promise.all(open.map((index) => readIndex(index, p.prefix, next[index] ?? undefined, limit)));
    keysRead += answers.reduce((n, a) => n + a.keys.length, 0);
    // An index that has more after its last key read may hold keys before another index's later ones:
    // only the keys up to the smallest such last key are in their final order this round.
    let bound: string | undefined;
    for (const [i, a] of answers.entries()) {
      if (!a.next) continue;
      const last = a.keys.length ? sortKeyOf(open[i]!, a.keys[a.keys.length - 1]!) : '';
      if (bound === undefined || byBytes(last, bound) < 0) bound = last;
    }
    const candidates = answers
      .flatMap((a, i) => a.keys.map((key) => ({ index: open[i]!, key, sk: sortKeyOf(open[i]!, key) })))
      .filter((c) => bound === undefined || byBytes(c.sk, bound) <= 0)
      .sort((a, b) => byBytes(a.sk, b.sk));
    const taken = new Map<NameIndex, number>();
    let at = 0;
    while (at < candidates.length && rows.length < p.want) {
      // Only as many tenants as the page still needs are read; those refused by the filters make the next read.
      const chunk = candidates.slice(at, at + p.want - rows.length);
      at += chunk.length;
      const byId = new Map((await p.read(chunk.map((c) => tenantIdOfKey(c.key.pk as string)))).map((t) => [t.id, t]));
      for (const c of chunk) {
        next[c.index] = { pk: c.key.pk, sk: c.key.sk, [`${c.index}pk`]: c.key[`${c.index}pk`], [`${c.index}sk`]: c.sk };
        taken.set(c.index, (taken.get(c.index) ?? 0) + 1);
        const t = byId.get(tenantIdOfKey(c.key.pk as string));
        if (t && isShownHere(t, c.index, p.prefix) && p.accept(t)) rows.push(t);
      }
    }
    // An index whose keys read this round were all taken goes on after the last of them, or is done.
    for (const [i, a] of answers.entries()) {
      if ((taken.get(open[i]!) ?? 0) === a.keys.length) next[open[i]!] = a.next ?? null;
    }
  }
  return { rows, next, more: NAME_INDEXES.some((index) => next[index] !== null) };
}
