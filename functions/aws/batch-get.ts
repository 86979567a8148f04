/**
 * BatchGetItem in chunks of 100 with the retry of unprocessed keys DynamoDB asks for under load.
 * Answers the items found, in no particular order.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients';
import { tableName } from './config';

export type ItemKey = { pk: string; sk: string };
type Item = Record<string, NativeAttributeValue>;

const keyText = (key: ItemKey) => `${key.pk}\u0000${key.sk}`;

/** Chunks asked for at once: a 200-key page costs one round trip, a 10,000-key export does not flood the table. */
const CHUNKS_IN_FLIGHT = 4;

/** A projection as text, or as attribute names (any names: each goes through ExpressionAttributeNames). */
type Projection = string | readonly string[];

function projectionOf(projection: Projection | undefined): { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> } {
  if (projection === undefined) return {};
  if (typeof projection === 'string') return { ProjectionExpression: projection };
  return {
    ProjectionExpression: projection.map((_, i) => `#p${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(projection.map((name, i) => [`#p${i}`, name])),
  };
}

export async function batchGetItems(keys: readonly ItemKey[], projection?: Projection, options: { consistent?: boolean } = {}): Promise<Item[]> {
  const unique = [...new Map(keys.map((k) => [keyText(k), k])).values()];
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  const found: Item[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, chunks.length) }, async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let request: Record<string, { Keys: Item[]; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ConsistentRead?: boolean }> | undefined = {
        [tableName()]: { Keys: chunk, ...projectionOf(projection), ...(options.consistent ? { ConsistentRead: true } : {}) },
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
        // DynamoDB hands back keys it could not read under load; back off before asking again.
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await dynamo().send(new BatchGetCommand({ RequestItems: request }));
        found.push(...(out.Responses?.[tableName()] ?? []));
        request = out.UnprocessedKeys as typeof request;
      }
    }
  }));
  return found;
}

/**
 * What one part of a request needs from the table (`keys`) and what it makes of those items (`answer`,
 * which may throw the request's 4xx). Reads that do not depend on each other go together in one
 * BatchGetItem (readTogether) instead of one call each: on a path such as a tenant edit every round trip
 * counts, and several calls at once to the emulator cost more than one that reads the same items.
 */
export interface ItemRead<T> {
  keys: readonly ItemKey[];
  /** The attributes `answer` reads, when it needs only some (a list page's hundred facilities); absent: whole items. */
  attributes?: readonly string[];
  /** The items as of now (a lock, a setting, counters a write builds on): the whole BatchGetItem is then strongly consistent. */
  consistent?: boolean;
  answer: (found: FoundItems) => T;
}

/** The items a readTogether found, by key; undefined for a key with no item. */
export interface FoundItems {
  get(key: ItemKey): Item | undefined;
}

/** One item by key made into its record (null when there is none), as of now, as the stores' GetItem reads it. */
export function itemRead<T>(key: ItemKey, from: (item: Item) => T): ItemRead<T | null> {
  return { keys: [key], consistent: true, answer: (found) => { const item = found.get(key); return item ? from(item) : null; } };
}

/**
 * The reads' items in one BatchGetItem (strongly consistent when one read asks for it, at twice the
 * read units), then each read's answer, in the order given.
 */
export async function readTogether<const R extends readonly ItemRead<unknown>[]>(...reads: R): Promise<{ -readonly [K in keyof R]: R[K] extends ItemRead<infer T> ? T : never }> {
  // One projection serves every read: the union of their attributes, or whole items if one needs them.
  const projection = reads.every((r) => r.attributes)
    ? [...new Set(['pk', 'sk', ...reads.flatMap((r) => r.attributes!)])]
    : undefined;
  const items = await batchGetItems(reads.flatMap((r) => r.keys), projection, { consistent: reads.some((r) => r.consistent) });
  const byKey = new Map(items.map((item) => [keyText({ pk: item.pk as string, sk: item.sk as string }), item]));
  const found: FoundItems = { get: (key) => byKey.get(keyText(key)) };
  return reads.map((r) => r.answer(found)) as { -readonly [K in keyof R]: R[K] extends ItemRead<infer T> ? T : never };
}
