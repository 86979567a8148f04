/**
 * The catalogs behind the cross-facility lists (docs/data-model.md "Catalogs"). Each facility and each
 * cycle has one compact entry (the fields the lists filter and sort on, plus its filter flags) in a
 * sharded map item, so a list request reads a few items with Query instead of scanning thousands of
 * records, filters and counts in memory, then fetches only its page. A COUNTS item per catalog keeps
 * how many entries raise each flag, for the dashboard.
 *
 *   CATALOG#{kind} / SHARD#{nn}   entries: map of id -> JSON text of the entry
 *   CATALOG#{kind} / COUNTS       one number per flag key ('total' included)
 *   CATALOG#{kind} / VERSIONS     one number per shard, raised by every write to it (readers' cache check)
 *
 * Entries are derived data: `refreshEntry` reads an entry and its sources as one snapshot, recomputes it
 * and writes it only if it changed, conditional on the entry it read, so concurrent writers converge
 * (see the comment there).
 * `bulkLoadCatalog` is the bulk-loading counterpart (scale seed): entries computed in memory, written a
 * shard at a time, COUNTS recomputed from every entry.
 */
import { GetCommand, PutCommand, TransactGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { FilterKey } from '../../shared/program-filters';
import { FILTER_KEYS } from '../../shared/program-filters';
import { batchGetItems } from '../aws/batch-get';
import type { FoundItems, ItemKey } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { allToTheEnd } from '../runtime/all-to-the-end';
import { conflict } from '../runtime/http-error';
import { isConditionFailure, isTransactionConflict } from '../aws/dynamo-errors';
import { countersOf } from './counters';
import type { AnyCounter, Counters } from './counters';

export type CatalogKind = 'facilities' | 'cycles';

/** Shards keep each item far below DynamoDB's 400 KB at the program's scale (3,000 facilities, 10,000 cycles) and beyond. */
const SHARDS: Record<CatalogKind, number> = { facilities: 8, cycles: 24 };

/** Every entry carries its id and the filter keys it counts towards ('total' when it is listed at all). */
export interface CatalogEntry {
  id: string;
  flags: FilterKey[];
}

const catalogPk = (kind: CatalogKind) => `CATALOG#${kind}`;
const shardSk = (n: number) => `SHARD#${String(n).padStart(2, '0')}`;
const COUNTS_SK = 'COUNTS';
/** One number per shard, raised with every write to the shard, so readers re-read only shards that changed. */
const VERSIONS_SK = 'VERSIONS';
const versionAttr = (n: number) => `v${String(n).padStart(2, '0')}`;

const bumpVersion = (kind: CatalogKind, shard: number) => ({
  Update: {
    TableName: tableName(),
    Key: { pk: catalogPk(kind), sk: VERSIONS_SK },
    UpdateExpression: 'ADD #v :one',
    ExpressionAttributeNames: { '#v': versionAttr(shard) },
    ExpressionAttributeValues: { ':one': 1 },
  },
});

/** FNV-1a: a stable spread of ids over the shards. */
export function shardOf(kind: CatalogKind, id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % SHARDS[kind];
}

function countDeltas(prev: CatalogEntry | null, next: CatalogEntry | null): Record<string, number> {
  const d: Record<string, number> = {};
  for (const f of prev?.flags ?? []) d[f] = (d[f] ?? 0) - 1;
  for (const f of next?.flags ?? []) d[f] = (d[f] ?? 0) + 1;
  for (const k of Object.keys(d)) if (d[k] === 0) delete d[k];
  return d;
}


async function ensureShard(kind: CatalogKind, shard: number): Promise<void> {
  try {
    await dynamo().send(new PutCommand({
      TableName: tableName(),
      Item: { pk: catalogPk(kind), sk: shardSk(shard), type: 'catalog-shard', entries: {} },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/** The actions that replace an entry (conditional on its text as read) and move its shard's version and the catalog's counts. */
function entryWrites(kind: CatalogKind, id: string, prevText: string | null, next: CatalogEntry | null): TransactItem[] {
  const prev = prevText ? (JSON.parse(prevText) as CatalogEntry) : null;
  const values: Record<string, NativeAttributeValue> = {};
  if (prevText) values[':prev'] = prevText;
  if (next) values[':next'] = JSON.stringify(next);
  const deltas = countDeltas(prev, next);
  const counterNames = Object.keys(deltas);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: shardKey(kind, id),
        UpdateExpression: next ? 'SET entries.#id = :next' : 'REMOVE entries.#id',
        ConditionExpression: prevText ? 'entries.#id = :prev' : 'attribute_not_exists(entries.#id)',
        ExpressionAttributeNames: { '#id': id },
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      },
    },
    bumpVersion(kind, shardOf(kind, id)),
    ...(counterNames.length
      ? [{
          Update: {
            TableName: tableName(),
            Key: { pk: catalogPk(kind), sk: COUNTS_SK },
            UpdateExpression: `ADD ${counterNames.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(counterNames.map((n, i) => [`#c${i}`, n])),
            ExpressionAttributeValues: Object.fromEntries(counterNames.map((n, i) => [`:c${i}`, deltas[n]])),
          },
        }]
      : []),
  ];
}

async function writeEntry(kind: CatalogKind, id: string, prevText: string | null, next: CatalogEntry | null, checks: readonly TransactItem[]): Promise<void> {
  await dynamo().send(new TransactWriteCommand({ TransactItems: [...entryWrites(kind, id, prevText, next), ...checks] }));
}

const shardKey = (kind: CatalogKind, id: string): ItemKey => ({ pk: catalogPk(kind), sk: shardSk(shardOf(kind, id)) });

/** A source item of an entry (its record, its counters), as read in the entry's snapshot. */
export type SourceItem = Record<string, NativeAttributeValue> | undefined;

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * An entry's sources as a writer already knows them: as it read them before its own write (`read`), as
 * that write leaves them (`after`), and the ConditionChecks that hold only if nothing else has changed
 * them since (`checks`). With them, refreshEntries writes the entry without reading first; any other
 * change in between fails a check, and it reads its snapshot as always.
 */
interface KnownSources {
  read: SourceItem[];
  after: SourceItem[];
  checks: TransactItem[];
}


/**
 * The entry's text and its sources as one snapshot (TransactGetItems: every item as of one moment),
 * in one round trip. The entry is what the later write is conditional on; the sources are what it
 * is computed from.
 */
async function readSnapshot(kind: CatalogKind, id: string, sources: readonly ItemKey[]): Promise<{ prevText: string | null; items: SourceItem[] }> {
  const out = await dynamo().send(new TransactGetCommand({
    TransactItems: [
      { Get: { TableName: tableName(), Key: { pk: catalogPk(kind), sk: shardSk(shardOf(kind, id)) }, ProjectionExpression: 'entries.#id', ExpressionAttributeNames: { '#id': id } } },
      ...sources.map((Key) => ({ Get: { TableName: tableName(), Key } })),
    ],
  }));
  const [entry, ...items] = (out.Responses ?? []).map((r) => r.Item);
  const entries = entry?.entries as Record<string, string> | undefined;
  return { prevText: entries?.[id] ?? null, items };
}

/**
 * Recomputes one entry from its sources (`compute` answers null when the object is gone) and stores it
 * if it changed, conditional on the entry being still what was read with the sources and on the sources
 * being still as read (`sourcesAre`; `stats` names the counters among them). Entry and sources are read
 * as one snapshot, so what is computed belongs to the entry it replaces, and it is written only while it is
 * still what the sources make: a writer that read before another writer's change reads again, whether or
 * not that other writer changed the entry. (Conditional on the entry alone, a write computed before a
 * change stood when the writer after it found the entry right and wrote nothing: a flag lowered while a
 * tenant was tagged, program-core.test.ts.) Concurrent writers converge.
 */
export async function refreshEntry<E extends CatalogEntry>(
  kind: CatalogKind, id: string, sources: readonly ItemKey[], stats: ItemKey, compute: (items: SourceItem[]) => E | null,
): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    let snapshot: Awaited<ReturnType<typeof readSnapshot>>;
    try {
      snapshot = await readSnapshot(kind, id, sources);
    } catch (e) {
      // A transaction writing one of the items at that moment: read again.
      if (isTransactionConflict(e)) continue;
      throw e;
    }
    const next = compute(snapshot.items);
    const nextText = next ? JSON.stringify(next) : null;
    if (snapshot.prevText === nextText) return;
    try {
      await writeEntry(kind, id, snapshot.prevText, next, sourcesAre(sources, stats, snapshot.items));
      return;
    } catch (e) {
      // The entry or a source changed since the snapshot, or a transaction was writing one of them: read again.
      if (isConditionFailure(e) || isTransactionConflict(e)) continue;
      // The shard item does not exist yet (first entry of a fresh table): create it and try again.
      if (isMissingPath(e)) {
        await ensureShard(kind, shardOf(kind, id));
        continue;
      }
      throw e;
    }
  }
  throw conflict('This record is being changed by someone else. Try again.');
}

/** What a write read of an entry's sources just before it (readTogether), and how it moved the counters. */
export interface WrittenSources {
  found: FoundItems;
  moved: Partial<Counters>;
}

/**
 * The known sources of an entry whose sources are `sources`, `stats` among them: the records as read,
 * checked unchanged by their `updated_at` (every store's update moves it); the STATS item as the write
 * left it, checked counter by counter (a counter never written is absent: 0).
 */
function knownSources(sources: readonly ItemKey[], stats: ItemKey, written: WrittenSources): KnownSources {
  const read = sources.map((key) => written.found.get(key));
  const after = sources.map((key, i) => (sameKey(key, stats) ? statsAfter(read[i], written.moved) : read[i]));
  return { read, after, checks: sourcesAre(sources, stats, after) };
}

/** The checks that each source is still `items` (in the order of `sources`): records by `updated_at` (every store's update moves it), the STATS item counter by counter (a counter never written is absent: 0). */
function sourcesAre(sources: readonly ItemKey[], stats: ItemKey, items: readonly SourceItem[]): TransactItem[] {
  return sources.map((key, i) => (sameKey(key, stats) ? countersAre(key, countersOf(items[i])) : unchanged(key, items[i])));
}

const sameKey = (a: ItemKey, b: ItemKey) => a.pk === b.pk && a.sk === b.sk;

function statsAfter(item: SourceItem, moved: Partial<Counters>): SourceItem {
  const counters = countersOf(item);
  for (const [name, by] of Object.entries(moved) as [AnyCounter, number][]) counters[name] += by;
  return { ...item, ...counters };
}

function countersAre(key: ItemKey, counters: Counters): TransactItem {
  const names = Object.keys(counters) as AnyCounter[];
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: names.map((name, i) => (counters[name] === 0 ? `(attribute_not_exists(#c${i}) OR #c${i} = :c${i})` : `#c${i} = :c${i}`)).join(' AND '),
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:c${i}`, counters[name]])),
    },
  };
}

function unchanged(key: ItemKey, item: SourceItem): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: key,
      ...(!item ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : item.updated_at === undefined ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(updated_at)' }
        : { ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': item.updated_at as NativeAttributeValue } }),
    },
  };
}

/** One entry to bring in line with its sources: what refreshEntry takes, and the sources as a writer knows them. */
export interface EntryRefresh<E extends CatalogEntry = CatalogEntry> {
  kind: CatalogKind;
  id: string;
  sources: readonly ItemKey[];
  /** The counters among the sources. */
  stats: ItemKey;
  compute: (items: SourceItem[]) => E | null;
  /** What a tenant's save read of these sources before it, and its counter deltas: the entry is settled without reading them again. */
  written?: WrittenSources;
}

/**
 * Refreshes these entries. Those that come with their known sources (a single tenant's save, which read
 * them before it) are settled without reading (writeKnownEntries); the rest, and any whose transaction is
 * refused, each read their snapshot (refreshEntry), side by side.
 */
export async function refreshEntries(list: readonly EntryRefresh[]): Promise<void> {
  const left = await writeKnownEntries(list);
  await allToTheEnd(left.map((r) => refreshEntry(r.kind, r.id, r.sources, r.stats, r.compute)));
}

/** One TransactWrite of writeKnownEntries and the entries it settles. */
interface KnownWrite { entries: EntryRefresh[]; actions: TransactItem[] }

/**
 * The writes of refreshEntry without its reads, for entries whose sources the writer knows; answers the
 * entries left to read their snapshot. Each entry that changes is written as those sources leave it,
 * conditional on the text they made of it before, with the checks that its sources are still as known (the
 * counters exactly as the write left them, the records unchanged), one TransactWrite per changed entry, side
 * by side (DynamoDB Local works one transaction's shard items one after another: two changed entries in one
 * transaction took 46 ms, apart 37). An entry that does not change rides in the first of them as a check
 * that it is that text, with its sources' checks, so it is right as it stands; each item once. Left to read:
 * entries without known sources or not made yet (their shard may not be either), every one when none
 * changes (nothing to write), and those of a transaction refused by a condition.
 */
async function writeKnownEntries(list: readonly EntryRefresh[]): Promise<EntryRefresh[]> {
  const left: EntryRefresh[] = [];
  const writes: KnownWrite[] = [];
  const unchanged: KnownWrite = { entries: [], actions: [] };
  for (const entry of list) {
    const { kind, id, compute } = entry;
    const known = entry.written && knownSources(entry.sources, entry.stats, entry.written);
    const prev = known && compute(known.read);
    const next = known && compute(known.after);
    if (!known || !prev || !next) {
      left.push(entry);
      continue;
    }
    const prevText = JSON.stringify(prev);
    if (prevText === JSON.stringify(next)) {
      unchanged.entries.push(entry);
      unchanged.actions.push({ ConditionCheck: { TableName: tableName(), Key: shardKey(kind, id), ConditionExpression: 'entries.#id = :prev', ExpressionAttributeNames: { '#id': id }, ExpressionAttributeValues: { ':prev': prevText } } }, ...known.checks);
    } else {
      writes.push({ entries: [entry], actions: [...entryWrites(kind, id, prevText, next), ...known.checks] });
    }
  }
  const [first, ...others] = writes;
  if (!first) return [...left, ...unchanged.entries];
  const sent = [{ entries: [...first.entries, ...unchanged.entries], actions: [...first.actions, ...unchanged.actions] }, ...others];
  const outcomes = await Promise.all(sent.map(async (write) => ({ write, written: await writeKnown(write.actions) })));
  return [...left, ...outcomes.filter((o) => !o.written).flatMap((o) => o.write.entries)];
}

/** True when the transaction went through; false when refused by a condition, a conflict or a shard not made yet (or two actions on one item). */
async function writeKnown(actions: readonly TransactItem[]): Promise<boolean> {
  const once = onePerItem(actions);
  if (!once) return false;
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: once }));
    return true;
  } catch (e) {
    if (isConditionFailure(e) || isTransactionConflict(e) || isMissingPath(e)) return false;
    throw e;
  }
}

const actionKey = (action: TransactItem): string => {
  const key = (action.ConditionCheck ?? action.Update ?? action.Put?.Item ?? action.Delete)!;
  const { pk, sk } = ('Key' in key ? key.Key : key) as ItemKey;
  return `${String(pk)}\u0000${String(sk)}`;
};

/**
 * The actions with one per item, as a transaction must have them: a check repeated word for word (two
 * entries' sources share the facility's record) is kept once; two different actions on one item answer
 * null.
 */
function onePerItem(actions: readonly TransactItem[]): TransactItem[] | null {
  const byItem = new Map<string, TransactItem>();
  for (const action of actions) {
    const key = actionKey(action);
    const seen = byItem.get(key);
    if (seen && JSON.stringify(seen) !== JSON.stringify(action)) return null;
    byItem.set(key, action);
  }
  return [...byItem.values()];
}

/** An update of a map path in an item that does not exist yet (the first entry of a fresh shard). */
const isMissingPath = (e: unknown): boolean => e instanceof Error && /document path|ValidationException|ValidationError/i.test(`${e.name} ${e.message}`);

interface CachedShard<E> {
  version: number;
  entries: E[];
}

/**
 * Shards this process has read, by catalog. A Lambda instance (or the local runtime) keeps them between
 * requests; each request first reads the small VERSIONS item and re-reads only the shards written since,
 * so a list costs one GetItem plus the shards that changed instead of the whole catalog every time.
 */
const shardCache: Record<CatalogKind, Map<number, CachedShard<CatalogEntry>>> = { facilities: new Map(), cycles: new Map() };

async function readShard<E extends CatalogEntry>(kind: CatalogKind, shard: number): Promise<E[]> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: catalogPk(kind), sk: shardSk(shard) }, ConsistentRead: true }));
  return Object.values((out.Item?.entries ?? {}) as Record<string, string>).map((text) => JSON.parse(text) as E);
}

/**
 * Every entry of a catalog. Versions are read before the shards, so a cached shard is never older than
 * the version it is filed under: a write that lands in between only makes the next request re-read it.
 */
export async function readCatalog<E extends CatalogEntry>(kind: CatalogKind): Promise<E[]> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: catalogPk(kind), sk: VERSIONS_SK }, ConsistentRead: true }));
  const cache = shardCache[kind] as Map<number, CachedShard<E>>;
  const shards = Array.from({ length: SHARDS[kind] }, (_, n) => n);
  const stale = shards.filter((n) => {
    const version = Number(out.Item?.[versionAttr(n)] ?? 0);
    const cached = cache.get(n);
    return !cached || cached.version !== version;
  });
  await Promise.all(stale.map(async (n) => {
    const version = Number(out.Item?.[versionAttr(n)] ?? 0);
    cache.set(n, { version, entries: await readShard<E>(kind, n) });
  }));
  return shards.flatMap((n) => cache.get(n)?.entries ?? []);
}

/** How many entries raise each filter key, as maintained by refreshEntry. */
export async function readCatalogCounts(kind: CatalogKind): Promise<Partial<Record<FilterKey, number>>> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: catalogPk(kind), sk: COUNTS_SK } }));
  const counts: Partial<Record<FilterKey, number>> = {};
  for (const [k, v] of Object.entries(out.Item ?? {})) if (typeof v === 'number') counts[k as FilterKey] = v;
  return counts;
}

/**
 * Bulk loading (the scale seed, never a request path): puts `entries` into the catalog in one PutItem
 * per shard, replacing entries with the same id and keeping the others, then sets COUNTS to the counts
 * of every entry now in the catalog. The caller computes each entry with the same function its
 * refresh uses (facilityEntryOf, cycleEntryOf), so the result is what refreshEntry would have written
 * entry by entry. Not safe against concurrent writers: an entry refreshed between this read and
 * write is lost, so run it while nobody else writes.
 */
export async function bulkLoadCatalog<E extends CatalogEntry>(kind: CatalogKind, entries: readonly E[]): Promise<void> {
  const keys = Array.from({ length: SHARDS[kind] }, (_, n) => ({ pk: catalogPk(kind), sk: shardSk(n) }));
  const shards = keys.map(() => ({} as Record<string, string>));
  for (const item of await batchGetItems(keys)) Object.assign(shards[Number((item.sk as string).slice('SHARD#'.length))]!, item.entries);
  for (const entry of entries) shards[shardOf(kind, entry.id)]![entry.id] = JSON.stringify(entry);
  for (let n = 0; n < shards.length; n += 1) {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys[n]!, type: 'catalog-shard', entries: shards[n] } }));
    await dynamo().send(new UpdateCommand(bumpVersion(kind, n).Update));
  }
  const counts: Record<string, number> = Object.fromEntries(FILTER_KEYS.map((k) => [k, 0]));
  for (const shard of shards) {
    for (const text of Object.values(shard)) for (const flag of (JSON.parse(text) as CatalogEntry).flags) counts[flag] = (counts[flag] ?? 0) + 1;
  }
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { pk: catalogPk(kind), sk: COUNTS_SK, ...counts } }));
}
