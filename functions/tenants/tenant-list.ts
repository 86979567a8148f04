/**
 * The tenant lists (staff master list, Tenant Accounts, manager Master/Cycle Audit, Tag modal), served
 * so that no request reads more than a bounded number of items at program scale (docs/data-model.md
 * "Tenants: the operation behind each list", docs/decisions.md "Tenants: paging at program scale"):
 *
 * - Inside a cycle or a facility the list Queries that partition of a slim index (tcyc / tfac: only the
 *   fields the filters read), filters, counts and sorts in memory, and reads its page with BatchGetItem.
 *   The cost follows the size of the cycle or facility (at most a few thousand tenants), never the
 *   program; every filter matches 'contains', any page can be asked for by number.
 * - Program-wide, the key of an index answers the list: a status group, a flag, a name prefix or a unit.
 *   Lists kept per facility (all, status group, flags) are walked facility by facility in facility-number
 *   order, with the counts each facility's catalog entry carries giving exact totals and page numbers;
 *   the program-wide unit search is one partition and the name search two (name-search.ts), paged
 *   forward with a cursor.
 *   A page reads its ~100 index keys and its ~100 tenants, whatever the size of the program.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { MailingFilter } from '../../shared/contracts/letters';
import type { StatusFilter, TenantFilterKey, TenantSort } from '../../shared/contracts/tenants';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { getCycleCounters } from '../cycles/cycle-store';
import { byFacilityNumber } from '../facilities/facility-list';
import { getFacilityCounters } from '../facilities/facility-store';
import type { FacilityEntry } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import type { ListCounts } from '../program/counters';
import { indexKeyShape, openCursor, sealCursor } from '../runtime/cursor';
import { unprocessable } from '../runtime/http-error';
import type { StatusGroup, TenantRecord } from './tenant-record';
import { isAddressIncomplete, requiresSetup, sortNameOf, tenantFromItem, tenantKey } from './tenant-record';
import { nameHasWords, namePrefixOf, nameWords, textHasWords } from './tenant-names';
import { nameSearchPage, namePositionShape, positionFits } from './name-search';
import type { NamePosition } from './name-search';

type Item = Record<string, NativeAttributeValue>;

export type ListScope = { kind: 'cycle'; cycleId: string } | { kind: 'facility'; facilityId: string } | { kind: 'program' };

export interface TenantListRequest {
  scope: ListScope;
  filter?: TenantFilterKey;
  status?: StatusFilter;
  tagged?: boolean;
  /** Staff list: a name as typed, its words in any order (tenant-names.ts); the Tag modal's full_name. */
  name?: string;
  unit?: string;
  policyNumber?: string;
  insurLedgerId?: string;
  /** Policy setup: only tenants set up (true) in the facility software; in a cycle or facility only. */
  setUp?: boolean;
  /** Send Letters: only tenants with a complete address, under this mailing filter. */
  mailing?: MailingFilter;
  sort?: string;
  page: number;
  perPage: number;
  cursor?: string;
}

export interface TenantPage {
  rows: TenantRecord[];
  pagination: {
    current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number;
    exact: boolean; next_cursor: string | null;
  };
  textMatch: 'contains' | 'prefix';
}

/** What the slim indexes project (shared/resources.ts SLIM_TENANT_ATTRIBUTES). */
export interface SlimTenant {
  id: string; facility_number: string; cycle_id: string; first_name: string; last_name: string | null; unit: string; status: string | null;
  tagged_for_removal: boolean; incomplete_address: boolean; setup_insurance_date: string | null; policy_number: string; insur_ledger_id: string; ledger_id: string;
  move_in_date: string | null; billing_date: string | null; charge_apply_date: string | null;
  /** The mailing keys, space-delimited (tenant-record.ts tenantItem). */
  mailing?: string;
  /**
   * The slim index's own sort key, `{sortName}#{id}` (tenant-record.ts tenantItem): the name order, the
   * name's words and the id in one attribute, so a list that filters by nothing else reads one attribute a tenant.
   */
  name_key?: string;
}

const norm = (s: string | undefined) => (s ?? '').trim().toLowerCase();

/**
 * Where a tenant falls in name order: the slim index's sort key, `{sortName}#{id}`, read or made again
 * (tenant-record.ts tenantItem). Name order is that key's order as DynamoDB keeps it (by character code,
 * ties by id), in memory as on the index, so a list read from the index alone (plainNameList) and one
 * sorted after filtering agree, as the program-wide lists do (docs/decisions.md "Name order is the index's").
 */
const nameKeyOf = (t: SlimTenant): string => t.name_key ?? `${sortNameOf(t)}#${t.id}`;
/** The sort name in a name key: all before its last '#' (ids hold none). */
const sortNameOfKey = (key: string): string => key.slice(0, key.lastIndexOf('#'));
const byNameKey = (a: SlimTenant, b: SlimTenant): number => {
  const x = nameKeyOf(a);
  const y = nameKeyOf(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The status group a filter key or status value names, if it names one. */
function groupNamed(key: string | undefined): StatusGroup | null {
  return key && ['move_out', 'bad_address', 'opt_out', 'provide_proof', 'any_coverage', 'non_responder'].includes(key) ? (key as StatusGroup) : null;
}

/** Every filter of a request as one predicate over what the slim index (or a full tenant) holds. */
function matcher(req: TenantListRequest): (t: SlimTenant) => boolean {
  const groups = [groupNamed(req.filter), groupNamed(req.status)].filter((g): g is StatusGroup => g !== null);
  const name = nameWords(req.name);
  const unit = norm(req.unit);
  const policy = norm(req.policyNumber);
  const ledger = norm(req.insurLedgerId);
  const wantsTagged = req.tagged === true || req.filter === 'tagged_for_removal';
  const wantsSetup = req.filter === 'requires_setup';
  const mailingKey = req.mailing && req.mailing !== 'all' ? ` ${req.mailing} ` : null;
  return (t) => {
    if (req.mailing && t.incomplete_address) return false;
    if (mailingKey && !(t.mailing ?? '').includes(mailingKey)) return false;
    if (wantsTagged && !t.tagged_for_removal) return false;
    if (wantsSetup && !requiresSetup(t)) return false;
    if (req.setUp !== undefined && Boolean(t.setup_insurance_date) !== req.setUp) return false;
    for (const g of groups) if (groupOfSlim(t) !== g) return false;
    if (name.length && !(t.name_key ? textHasWords(sortNameOfKey(t.name_key), name) : nameHasWords(t, name))) return false;
    if (unit && !norm(t.unit).includes(unit)) return false;
    if (policy && !norm(t.policy_number).includes(policy)) return false;
    if (ledger && !norm(t.insur_ledger_id).includes(ledger)) return false;
    return true;
  };
}

function groupOfSlim(t: Pick<SlimTenant, 'status'>): StatusGroup {
  if (t.status === 'moved_out') return 'move_out';
  if (t.status === 'bad_address') return 'bad_address';
  if (t.status === 'opt_out') return 'opt_out';
  if (t.status === 'provide_proof') return 'provide_proof';
  if (t.status && t.status !== 'no_response') return 'any_coverage';
  return 'non_responder';
}

/** What each column other than the name sorts by; ties go in name order. */
const SORT_VALUE: Record<Exclude<TenantSort, 'name'>, (t: SlimTenant) => string> = {
  unit: (t) => norm(t.unit),
  facility_number: (t) => t.facility_number,
  status: (t) => groupOfSlim(t),
  move_in_date: (t) => t.move_in_date ?? '',
  billing_date: (t) => t.billing_date ?? '',
  charge_apply_date: (t) => t.charge_apply_date ?? '',
};

/** localeCompare's order, with one collator made once (a 2,000-tenant sort makes ~25,000 comparisons). */
const compareText = new Intl.Collator().compare;

function sorter(sort: string | undefined): (a: SlimTenant, b: SlimTenant) => number {
  const desc = sort?.startsWith('-') ?? false;
  const column = ((desc ? sort!.slice(1) : sort) || 'name') as TenantSort;
  const value = column === 'name' ? null : SORT_VALUE[column] ?? null;
  return (a, b) => {
    const c = (value ? compareText(value(a), value(b)) : 0) || byNameKey(a, b);
    return desc ? -c : c;
  };
}

/** The slim tenants a request lists, in its order. */
export function inListOrder(req: TenantListRequest, slim: SlimTenant[]): SlimTenant[] {
  return slim.filter(matcher(req)).sort(sorter(req.sort));
}

/** What each sort column reads, beyond the name and id every order ends on. */
const SORT_FIELDS: Record<TenantSort, (keyof SlimTenant)[]> = {
  name: [], unit: ['unit'], facility_number: ['facility_number'], status: ['status'], move_in_date: ['move_in_date'],
  billing_date: ['billing_date'], charge_apply_date: ['charge_apply_date'],
};

/**
 * The slim fields `matcher` and `sorter` read for this request, and no others: what a list Queries its
 * partition for. tests/unit/tenant-list-fields.test.ts checks every filter and order gives the same list
 * from these fields as from the whole slim item.
 */
export function slimFieldsFor(req: TenantListRequest): (keyof SlimTenant)[] {
  const fields = new Set<keyof SlimTenant>(['name_key']);
  const add = (...more: (keyof SlimTenant)[]) => more.forEach((f) => fields.add(f));
  if (req.mailing) add('incomplete_address');
  if (req.mailing && req.mailing !== 'all') add('mailing');
  if (req.tagged === true || req.filter === 'tagged_for_removal') add('tagged_for_removal');
  if (req.filter === 'requires_setup') add('status', 'setup_insurance_date');
  if (req.setUp !== undefined) add('setup_insurance_date');
  if (groupNamed(req.filter) || groupNamed(req.status)) add('status');
  if (req.unit) add('unit');
  if (req.policyNumber) add('policy_number');
  if (req.insurLedgerId) add('insur_ledger_id');
  const column = (req.sort?.replace(/^-/, '') || 'name') as TenantSort;
  add(...(SORT_FIELDS[column] ?? []));
  return [...fields];
}

/**
 * A slim partition is read in these sort-key ranges at once. Its sort keys start with the lower-case sort
 * name ('smith#jo#…'), spread over the alphabet, so a 2,000-tenant cycle is four reads of ≈500 in
 * parallel instead of three 1 MB pages one after another. No key equals a bound (every key holds '#').
 */
const NAME_RANGES: readonly { condition: string; values: Record<string, string> }[] = [
  { condition: '#sk < :to', values: { ':to': 'g' } },
  { condition: '#sk BETWEEN :from AND :to', values: { ':from': 'g', ':to': 'm' } },
  { condition: '#sk BETWEEN :from AND :to', values: { ':from': 'm', ':to': 's' } },
  { condition: '#sk > :from', values: { ':from': 's' } },
];

/**
 * Every item of one index partition, in sort-key order (all pages of every range), with only `fields`:
 * a 2,000-tenant partition is most of a list's bytes, and each of them is paid in transit and in parsing
 * (on LocalStack twice: its gateway parses DynamoDB Local's answer again, docs/decisions.md).
 */
async function queryAll(index: string, pk: string, fields: readonly (keyof SlimTenant)[]): Promise<Item[]> {
  const projected = Object.fromEntries(fields.map((field, i) => [`#f${i}`, field === 'name_key' ? `${index}sk` : field]));
  const ranges = await Promise.all(NAME_RANGES.map(async (range) => {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const out = await dynamo().send(new QueryCommand({
        TableName: tableName(), IndexName: index,
        KeyConditionExpression: `#pk = :pk AND ${range.condition}`,
        ProjectionExpression: Object.keys(projected).join(', '),
        ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk`, ...projected },
        ExpressionAttributeValues: { ':pk': pk, ...range.values },
        ExclusiveStartKey: startKey,
      }));
      items.push(...(out.Items ?? []));
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return items;
  }));
  const items = ranges.flat();
  if (!fields.includes('name_key')) return items;
  return items.map(({ [`${index}sk`]: key, ...rest }) => {
    const nameKey = key as string;
    return { ...rest, name_key: nameKey, id: rest.id ?? nameKey.slice(nameKey.lastIndexOf('#') + 1) };
  });
}

/** A facility's tenants as its slim index holds them: which ledger, in which cycle (a rent-roll import matches on these). */
export async function ledgersOfFacility(facilityId: string): Promise<{ id: string; cycle_id: string; ledger_id: string; status: string | null }[]> {
  return (await queryAll('tfac', facilityId, ['id', 'cycle_id', 'ledger_id', 'status'])).map((t) => ({
    id: t.id as string, cycle_id: t.cycle_id as string, ledger_id: (t.ledger_id as string | undefined) ?? '', status: (t.status as string | null | undefined) ?? null,
  }));
}

/** Full tenants for these ids, in the order given. */
export async function tenantsInOrder(ids: readonly string[]): Promise<TenantRecord[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await batchGetItems(ids.map(tenantKey))).map((item) => [item.id as string, tenantFromItem(item)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** A cycle's or facility's page of `total` tenants, from the ids of its rows. */
async function scopePage(req: TenantListRequest, total: number, start: number, pageIds: readonly string[]): Promise<TenantPage> {
  const rows = await tenantsInOrder(pageIds);
  return {
    rows,
    pagination: {
      current_page: req.page, last_page: Math.max(1, Math.ceil(total / req.perPage)), per_page: req.perPage, total,
      from: rows.length ? start + 1 : null, to: rows.length ? start + rows.length : null, exact: true, next_cursor: null,
    },
    textMatch: 'contains',
  };
}

/**
 * A list with no filter, in name order (either way): the index's own order answers it (plainNameList).
 * No filter: none needs a field beyond the name key, and no name was typed (the one filter that reads it).
 */
export const isPlainNameList = (req: TenantListRequest): boolean =>
  slimFieldsFor(req).length === 1 && nameWords(req.name).length === 0 && (req.sort?.replace(/^-/, '') || 'name') === 'name';

/**
 * Every tenant of a cycle or facility in name order, the list people open first: its page's keys are the
 * index's first ones (a page deep in the list reads the keys before it too), and its total the cycle's or
 * facility's STATS count, kept with every tenant write, so a 2,000-tenant facility's first page reads 100
 * keys instead of 2,000 (docs/decisions.md "Name order is the index's").
 */
async function plainNameList(req: TenantListRequest, index: 'tcyc' | 'tfac', pk: string): Promise<TenantPage> {
  const start = (req.page - 1) * req.perPage;
  const forward = !req.sort?.startsWith('-');
  const [counters, ids] = await Promise.all([
    index === 'tcyc' ? getCycleCounters(pk) : getFacilityCounters(pk),
    firstIdsInNameOrder(index, pk, start + req.perPage, forward),
  ]);
  return scopePage(req, counters.total, start, ids.slice(start));
}

/** The first `count` tenant ids of an index partition in its key order (or the reverse), keys only. */
async function firstIdsInNameOrder(index: string, pk: string, count: number, forward: boolean): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: index, KeyConditionExpression: '#pk = :pk', ScanIndexForward: forward,
      ProjectionExpression: '#sk', ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk` },
      ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: startKey, Limit: count - ids.length,
    }));
    ids.push(...(out.Items ?? []).map((i) => { const key = i[`${index}sk`] as string; return key.slice(key.lastIndexOf('#') + 1); }));
    startKey = out.LastEvaluatedKey;
  } while (startKey && ids.length < count);
  return ids;
}

/** Inside a cycle or a facility: the whole (slim) partition, filtered, sorted and paged in memory (or plainNameList). */
async function scopeList(req: TenantListRequest, index: 'tcyc' | 'tfac', pk: string): Promise<TenantPage> {
  if (isPlainNameList(req)) return plainNameList(req, index, pk);
  const matches = inListOrder(req, (await queryAll(index, pk, slimFieldsFor(req))) as unknown as SlimTenant[]);
  const start = (req.page - 1) * req.perPage;
  return scopePage(req, matches.length, start, matches.slice(start, start + req.perPage).map((t) => t.id));
}

// ---------------------------------------------------------------------------------------------------
// Program-wide lists

/** Where a program-wide list reads: an index, its partition key(s), and how to page it. */
interface Source {
  index: string;
  /** Per-facility lists: one partition per facility, walked in facility-number order with their counts. */
  perFacility?: { pkOf: (facilityId: string) => string; count: (c: ListCounts) => number };
  /** One partition for the whole program (unit or insur ledger id search). */
  single?: { pk: string };
}

const GROUP_COUNTER: Record<StatusGroup, keyof ListCounts> = {
  move_out: 'moved_out', bad_address: 'bad_address', opt_out: 'opted_out', provide_proof: 'provided_proof',
  any_coverage: 'selected_coverage', non_responder: 'non_responder',
};

/**
 * The most selective index a program-wide request can use; the filters it does not answer by key are
 * applied to what it reads (then the total is not exact).
 */
function sourceOf(req: TenantListRequest): { source: Source; exact: boolean } {
  const group = groupNamed(req.status) ?? groupNamed(req.filter);
  const bothGroups = groupNamed(req.status) && groupNamed(req.filter) && groupNamed(req.status) !== groupNamed(req.filter);
  const tagged = req.tagged === true || req.filter === 'tagged_for_removal';
  const setup = req.filter === 'requires_setup';
  if (req.unit) return { source: { index: 'tunit', single: { pk: norm(req.unit) } }, exact: false };
  if (req.insurLedgerId) return { source: { index: 'tldg', single: { pk: norm(req.insurLedgerId) } }, exact: false };
  const others = (n: number) => n === 0 && !req.policyNumber && !bothGroups;
  if (tagged) return { source: { index: 'ttag', perFacility: { pkOf: (f) => f, count: (c) => c.tagged_for_removal } }, exact: others((group ? 1 : 0) + (setup ? 1 : 0)) };
  if (setup) return { source: { index: 'tset', perFacility: { pkOf: (f) => f, count: (c) => c.requires_setup } }, exact: others(group ? 1 : 0) };
  if (group) return { source: { index: 'tgrp', perFacility: { pkOf: (f) => `${f}#${group}`, count: (c) => c[GROUP_COUNTER[group]] } }, exact: others(0) };
  return { source: { index: 'tfac', perFacility: { pkOf: (f) => f, count: (c) => c.total } }, exact: others(0) };
}

/** Where the next page starts: a facility (per-facility lists) and the index key to continue after; `end`: past the last. */
interface Cursor { f?: string; k?: Item; p: number; seen: number; end?: boolean }

const CURSOR_REFUSED = 'cursor is not one this list answered. Start again from page 1.';

/** A cursor names its list by every filter (not the page), so it is good for that list only (functions/runtime/cursor.ts). */
const cursorListOf = (req: TenantListRequest) => `tenants ${JSON.stringify([
  req.scope, req.filter, req.status, req.tagged, req.name, req.unit, req.policyNumber, req.insurLedgerId, req.setUp, req.mailing, req.sort, req.perPage,
])}`;

/** A cursor this list answered, whose key is in the partition it continues (a facility gone since: start again). */
async function openTenantCursor(req: TenantListRequest, text: string, source: Source, facilities: readonly FacilityEntry[]): Promise<Cursor> {
  const shape = z.strictObject({
    f: z.string().optional(), k: indexKeyShape(source.index).optional(), p: z.number().int().min(1), seen: z.number().int().min(0), end: z.literal(true).optional(),
  });
  const cursor = await openCursor(cursorListOf(req), text, shape, CURSOR_REFUSED);
  const facility = cursor.f === undefined ? undefined : facilities.find((f) => f.id === cursor.f);
  if (source.perFacility && cursor.f !== undefined && !facility) throw unprocessable(CURSOR_REFUSED, 'cursor');
  const partition = source.perFacility ? (facility ? source.perFacility.pkOf(facility.id) : undefined) : source.single!.pk;
  if (cursor.k && cursor.k[`${source.index}pk`] !== partition) throw unprocessable(CURSOR_REFUSED, 'cursor');
  return cursor;
}

/** A program-wide page never reads more than this many index keys, however rare the matches (then it ends short). */
const READ_BUDGET = 1000;

async function queryKeys(index: string, pk: string, startKey: Item | undefined, limit: number) {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${index}pk` },
    ExpressionAttributeValues: { ':pk': pk },
    ExclusiveStartKey: startKey,
    Limit: limit,
  }));
  const keys = out.Items ?? [];
  return { keys, ids: keys.map((i) => (i.pk as string).slice('TENANT#'.length)), next: out.LastEvaluatedKey };
}

/** The index key to continue after (an index item carries the table's and the index's keys). */
const indexKeyOf = (index: string, item: Item): Item =>
  ({ pk: item.pk, sk: item.sk, [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`] });

/** At most this many facilities' partitions are queried at once for one page. */
const FACILITIES_IN_FLIGHT = 25;

interface PlannedRead { facilityIndex: number; pk: string; startKey: Item | undefined; limit: number }

/**
 * The partitions a per-facility page reads next. An exact list (its index answers every filter) takes the
 * facilities' counts at their word: it reads every facility the page will reach at once, each asked for
 * one more key than its count so that a partition read to its end says so (no LastEvaluatedKey); a list
 * filtered after reading goes one facility at a time, since how many of its keys match is not known.
 */
function plannedReads(p: {
  facilities: readonly FacilityEntry[]; from: number; startKey: Item | undefined; want: number; exact: boolean; budget: number;
  countOf: (f: FacilityEntry) => number; pkOf: (facilityId: string) => string;
}): PlannedRead[] {
  const first: PlannedRead = {
    facilityIndex: p.from, pk: p.pkOf(p.facilities[p.from]!.id), startKey: p.startKey,
    limit: p.exact ? p.want : Math.min(p.budget, Math.max(p.want, 100)),
  };
  if (!p.exact) return [first];
  if (!p.startKey) first.limit = Math.min(p.want, p.countOf(p.facilities[p.from]!) + 1);
  const reads = [first];
  let planned = p.countOf(p.facilities[p.from]!);
  for (let i = p.from + 1; i < p.facilities.length && planned < p.want && reads.length < FACILITIES_IN_FLIGHT; i += 1) {
    const count = p.countOf(p.facilities[i]!);
    if (count === 0) continue;
    reads.push({ facilityIndex: i, pk: p.pkOf(p.facilities[i]!.id), startKey: undefined, limit: Math.min(p.want - planned, count + 1) });
    planned += count;
  }
  return reads;
}

async function programList(req: TenantListRequest): Promise<TenantPage> {
  const namePrefix = req.name ? namePrefixOf(req.name) : undefined;
  if (namePrefix === null) throw unprocessable('Type at least 2 letters of the name to search every facility.', 'name');
  if (req.sort && req.sort !== 'name') throw unprocessable('Choose a facility or a cycle to sort by another column.', 'sort');
  if (namePrefix) return programNameList(req, namePrefix);
  const { source, exact } = sourceOf(req);
  const matches = matcher(req);
  const facilities = source.perFacility
    ? (await readCatalog<FacilityEntry>('facilities')).filter((f) => !f.retired).sort(byFacilityNumber)
    : [];
  const countOf = (f: FacilityEntry) => (f.tenants ? source.perFacility!.count(f.tenants) : 0);
  const knownTotal = source.perFacility ? facilities.reduce((sum, f) => sum + countOf(f), 0) : null;

  let cursor: Cursor;
  if (req.cursor) cursor = await openTenantCursor(req, req.cursor, source, facilities);
  else cursor = await cursorForPage(req, source, facilities, countOf);
  const page = req.cursor ? cursor.p : req.page;

  const rows: TenantRecord[] = [];
  let read = 0;
  let facilityIndex = source.perFacility ? Math.max(0, facilities.findIndex((f) => f.id === cursor.f)) : 0;
  let startKey = cursor.k;
  let done = cursor.end === true;
  rounds: while (!done && rows.length < req.perPage && read < READ_BUDGET) {
    if (source.perFacility) {
      // Skip facilities with nothing in this list (their counts say so) without reading them.
      while (facilityIndex < facilities.length && !startKey && countOf(facilities[facilityIndex]!) === 0) facilityIndex += 1;
      if (facilityIndex >= facilities.length) { done = true; break; }
    }
    const want = req.perPage - rows.length;
    const reads = source.perFacility
      ? plannedReads({ facilities, from: facilityIndex, startKey, want, exact, countOf, pkOf: source.perFacility.pkOf, budget: READ_BUDGET - read })
      : [{ facilityIndex: 0, pk: source.single!.pk, startKey, limit: Math.min(READ_BUDGET - read, Math.max(want, 100)) }];
    const answers = await Promise.all(reads.map((r) => queryKeys(source.index, r.pk, r.startKey, r.limit)));
    const byId = new Map((await tenantsInOrder(answers.flatMap((a) => a.ids))).map((t) => [t.id, t]));
    for (const [i, { keys, ids, next }] of answers.entries()) {
      if (rows.length >= req.perPage) break rounds; // filled by the facilities before: this one starts the next page
      facilityIndex = reads[i]!.facilityIndex;
      read += ids.length;
      const found = ids.flatMap((id) => byId.get(id) ?? []).filter((t) => matches({ ...t, incomplete_address: isAddressIncomplete(t) }));
      const taken = found.slice(0, req.perPage - rows.length);
      rows.push(...taken);
      if (taken.length < found.length) {
        // Filters applied to what was read found more than the page needs: the next page starts right after the last one taken.
        startKey = indexKeyOf(source.index, keys[ids.indexOf(taken[taken.length - 1]!.id)]!);
        break rounds;
      }
      startKey = next;
      if (!source.perFacility && !startKey) { done = true; break rounds; }
      // The partition holds more than was asked for: go on from there (the reads planned after it are not used).
      if (startKey) continue rounds;
      facilityIndex += 1;
    }
  }
  let more: boolean;
  if (done) more = false;
  else if (startKey) more = true;
  else more = source.perFacility ? facilities.slice(facilityIndex).some((f) => countOf(f) > 0) : false;
  const nextCursor = more
    ? await sealCursor(cursorListOf(req), { f: source.perFacility ? facilities[facilityIndex]?.id : undefined, k: startKey, p: page + 1, seen: cursor.seen + rows.length })
    : null;
  const from = rows.length ? cursor.seen + 1 : null;
  const to = rows.length ? cursor.seen + rows.length : null;
  const total = exact && knownTotal !== null ? knownTotal : cursor.seen + rows.length + (more ? 1 : 0);
  return {
    rows,
    pagination: {
      current_page: page, per_page: req.perPage, from, to, total,
      last_page: exact ? Math.max(1, Math.ceil(total / req.perPage)) : page + (more ? 1 : 0),
      exact: exact && knownTotal !== null, next_cursor: nextCursor,
    },
    textMatch: 'prefix',
  };
}

/**
 * A name search's page asked by number reads the pages before it (no count says where it starts), so
 * only the first few are served that way; the lists reach the others by their cursors.
 */
export const NAME_PAGES_BY_NUMBER = 20;

/** A name search's place: where each name index continues, the page and the rows before it. */
const nameCursorShape = z.strictObject({ n: namePositionShape, p: z.number().int().min(1), seen: z.number().int().min(0) });
type NameCursor = z.output<typeof nameCursorShape>;

/**
 * Program-wide with a name: both readings of the name searched at once (name-search.ts); the other
 * filters apply to what they find. The total is open-ended, as the unit search's.
 */
async function programNameList(req: TenantListRequest, prefix: string): Promise<TenantPage> {
  const matches = matcher(req);
  const search = (from: NamePosition) => nameSearchPage({
    prefix, from, want: req.perPage, budget: READ_BUDGET, read: tenantsInOrder,
    accept: (t) => matches({ ...t, incomplete_address: isAddressIncomplete(t) }),
  });
  let start: NameCursor = { n: {}, p: 1, seen: 0 };
  let ended = false;
  if (req.cursor) {
    start = await openCursor(cursorListOf(req), req.cursor, nameCursorShape, CURSOR_REFUSED);
    if (!positionFits(start.n, prefix)) throw unprocessable(CURSOR_REFUSED, 'cursor');
  } else {
    if (req.page > NAME_PAGES_BY_NUMBER) {
      throw unprocessable(`Open page ${req.page} of a name search across all facilities with the next-page button, or type more of the name to narrow it.`, 'page');
    }
    // Page N asked by number: the pages before it are read as their cursors would (the lists page by cursor; this is rare).
    while (start.p < req.page && !ended) {
      const before = await search(start.n);
      ended = !before.more;
      start = { n: before.next, p: start.p + 1, seen: start.seen + before.rows.length };
    }
    start.p = req.page;
  }
  const page = ended ? { rows: [], next: start.n, more: false } : await search(start.n);
  const nextCursor = page.more ? await sealCursor(cursorListOf(req), { n: page.next, p: start.p + 1, seen: start.seen + page.rows.length }) : null;
  const total = start.seen + page.rows.length + (page.more ? 1 : 0);
  return {
    rows: page.rows,
    pagination: {
      current_page: start.p, per_page: req.perPage, total, exact: false, next_cursor: nextCursor,
      from: page.rows.length ? start.seen + 1 : null, to: page.rows.length ? start.seen + page.rows.length : null,
      last_page: start.p + (page.more ? 1 : 0),
    },
    textMatch: 'prefix',
  };
}

/**
 * Page N asked by number (no cursor): per-facility lists find the facility where the page starts from
 * the counts, then skip inside that facility only; single-partition searches skip from their start.
 */
async function cursorForPage(req: TenantListRequest, source: Source, facilities: readonly FacilityEntry[], countOf: (f: FacilityEntry) => number): Promise<Cursor> {
  let skip = (req.page - 1) * req.perPage;
  const seen = skip;
  const end: Cursor = { p: req.page, seen, end: true };
  if (skip === 0) return { f: facilities[0]?.id, p: req.page, seen };
  let at = -1;
  if (source.perFacility) {
    at = facilities.findIndex((f) => {
      if (skip < countOf(f)) return true;
      skip -= countOf(f);
      return false;
    });
    if (at < 0) return end;
  }
  const pk = source.perFacility ? source.perFacility.pkOf(facilities[at]!.id) : source.single!.pk;
  let startKey: Item | undefined;
  while (skip > 0) {
    const { ids, next } = await queryKeys(source.index, pk, startKey, Math.min(skip, 1000));
    skip -= ids.length;
    startKey = next;
    if (!next) {
      // The partition ended before the page starts (counts a moment behind): the page starts at the next facility, if any.
      const after = source.perFacility && skip <= 0 ? facilities[at + 1] : undefined;
      return after ? { f: after.id, p: req.page, seen } : end;
    }
  }
  return { f: facilities[at]?.id, k: startKey, p: req.page, seen };
}

export async function listTenants(req: TenantListRequest): Promise<TenantPage> {
  // A cycle's or facility's list pages by number and never answers a cursor: one sent is not ours.
  if (req.cursor && req.scope.kind !== 'program') throw unprocessable(CURSOR_REFUSED, 'cursor');
  if (req.scope.kind === 'cycle') return scopeList(req, 'tcyc', req.scope.cycleId);
  if (req.scope.kind === 'facility') return scopeList(req, 'tfac', req.scope.facilityId);
  return programList(req);
}

/** The ids of a cycle's or facility's tenants matching the filters, in list order (slim index only). */
export async function matchingTenantIds(req: Omit<TenantListRequest, 'page' | 'perPage' | 'cursor'> & { scope: Exclude<ListScope, { kind: 'program' }> }): Promise<string[]> {
  const [index, pk] = req.scope.kind === 'cycle' ? ['tcyc', req.scope.cycleId] as const : ['tfac', req.scope.facilityId] as const;
  const listed = { ...req, page: 1, perPage: 1 };
  return inListOrder(listed, (await queryAll(index, pk, slimFieldsFor(listed))) as unknown as SlimTenant[]).map((t) => t.id);
}

/** Every tenant of a cycle or facility matching the filters, in list order (exports). */
export async function allTenantsOf(req: Omit<TenantListRequest, 'page' | 'perPage' | 'cursor'> & { scope: Exclude<ListScope, { kind: 'program' }> }): Promise<TenantRecord[]> {
  const ids = await matchingTenantIds(req);
  // BatchGetItem reads 100 keys a call; a few calls in flight keep a 2,000-tenant export to a second or two.
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
  const read: TenantRecord[][] = new Array(chunks.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(EXPORT_READS_IN_FLIGHT, chunks.length) }, async () => {
    while (next < chunks.length) {
      const at = next++;
      read[at] = await tenantsInOrder(chunks[at]!);
    }
  }));
  return read.flat();
}

/** BatchGetItem calls of one `allTenantsOf` in flight at once. */
const EXPORT_READS_IN_FLIGHT = 4;
