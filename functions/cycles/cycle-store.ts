/**
 * Cycles in the app table (docs/data-model.md):
 *   CYCLE#{id} / PROFILE             the cycle
 *   CYCLE#{id} / STATS               tenant counters (functions/program/counters.ts), kept by the tenant store
 *   FACILITY#{fid} / CYCLE#{id}      link, so a facility's cycles are one Query
 * plus the cycle's entry in the cycles catalog (functions/program/catalog.ts), which carries the
 * facility's names so the cycles list filters on them without reading facilities.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { CycleView } from '../../shared/contracts/cycles';
import type { FilterKey } from '../../shared/program-filters';
import { flagsOf } from '../../shared/program-filters';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { batchGetItems, itemRead } from '../aws/batch-get';
import type { ItemRead } from '../aws/batch-get';
import type { FacilityRecord } from '../facilities/facility-store';
import { facilityCycleIds, facilityFromItem, facilityKey } from '../facilities/facility-store';
import type { CatalogEntry, EntryRefresh, WrittenSources } from '../program/catalog';
import { refreshEntries } from '../program/catalog';
import type { Counters } from '../program/counters';
import { countersOf, cycleStatsOf, flagCountsOf } from '../program/counters';
import { conflict, notFound } from '../runtime/http-error';
import { isTransactionCanceled } from '../aws/dynamo-errors';

export const CYCLE_DATE_FIELDS = [
  'initial_letter_send_date', 'reminder_letter_send_date', 'letter_effective_date', 'lease_effective_date',
  'update_responses_deadline_date', 'tag_for_removal_deadline_date', 'setup_coverage_start_date', 'setup_coverage_end_date',
  'monitor_payment_start_date', 'monitor_payment_end_date',
] as const;
export type CycleDateField = (typeof CYCLE_DATE_FIELDS)[number];
export type CycleDates = Record<CycleDateField, string | null>;

export interface CycleRecord extends CycleDates {
  id: string;
  facility_id: string;
  facility_number: string;
  label: string;
  initial_letter_sent_date: string | null;
  reminder_letter_sent_date: string | null;
  welcome_letter_sent_date: string | null;
  confirmed_move_outs_date: string | null;
  confirmed_no_move_outs_date: string | null;
  monitor_confirmed_move_outs: boolean;
  can_tag_removal: boolean;
  /** Set by the archives capability; an archived cycle leaves the lists and the dashboard. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export const cycleKey = (id: string) => ({ pk: `CYCLE#${id}`, sk: 'PROFILE' });
export const cycleStatsKey = (id: string) => ({ pk: `CYCLE#${id}`, sk: 'STATS' });
const facilityLinkKey = (facilityId: string, cycleId: string) => ({ pk: `FACILITY#${facilityId}`, sk: `CYCLE#${cycleId}` });

export function cycleFromItem(item: Record<string, NativeAttributeValue>): CycleRecord {
  const dates = Object.fromEntries(CYCLE_DATE_FIELDS.map((f) => [f, item[f] ?? null])) as CycleDates;
  return {
    ...dates,
    id: item.id, facility_id: item.facility_id, facility_number: item.facility_number, label: item.label ?? '',
    initial_letter_sent_date: item.initial_letter_sent_date ?? null, reminder_letter_sent_date: item.reminder_letter_sent_date ?? null,
    welcome_letter_sent_date: item.welcome_letter_sent_date ?? null, confirmed_move_outs_date: item.confirmed_move_outs_date ?? null,
    confirmed_no_move_outs_date: item.confirmed_no_move_outs_date ?? null, monitor_confirmed_move_outs: Boolean(item.monitor_confirmed_move_outs),
    can_tag_removal: item.can_tag_removal !== false, archived_at: item.archived_at ?? null, created_at: item.created_at, updated_at: item.updated_at,
  };
}

const toItem = (c: CycleRecord) => ({ ...cycleKey(c.id), type: 'cycle', ...c });

export async function getCycle(id: string): Promise<CycleRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: cycleKey(id), ConsistentRead: true }));
  return out.Item ? cycleFromItem(out.Item) : null;
}

/** getCycle as a read to go with others (readTogether). */
export const cycleRead = (id: string): ItemRead<CycleRecord | null> => itemRead(cycleKey(id), cycleFromItem);

export async function requireCycle(id: string): Promise<CycleRecord> {
  const cycle = await getCycle(id);
  if (!cycle) throw notFound('Cycle not found.');
  return cycle;
}

export async function getCycleCounters(id: string): Promise<Counters> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: cycleStatsKey(id), ConsistentRead: true }));
  return countersOf(out.Item);
}

/** Cycles and their counters by id (BatchGet), for a page of a list or a facility's cycles. */
export async function getCyclesWithCounters(ids: readonly string[]): Promise<{ cycle: CycleRecord; counters: Counters }[]> {
  const items = await batchGetItems(ids.flatMap((id) => [cycleKey(id), cycleStatsKey(id)]));
  const cycles = new Map<string, CycleRecord>();
  const counters = new Map<string, Counters>();
  for (const item of items) {
    const id = (item.pk as string).slice('CYCLE#'.length);
    if (item.sk === 'PROFILE') cycles.set(id, cycleFromItem(item));
    else counters.set(id, countersOf(item));
  }
  return ids.flatMap((id) => {
    const cycle = cycles.get(id);
    return cycle ? [{ cycle, counters: counters.get(id) ?? countersOf(undefined) }] : [];
  });
}

/** The facility's cycles (not archived), oldest first. */
export async function cyclesOfFacility(facilityId: string): Promise<{ cycle: CycleRecord; counters: Counters }[]> {
  const all = await getCyclesWithCounters(await facilityCycleIds(facilityId));
  return all.filter(({ cycle }) => !cycle.archived_at).sort((a, b) => a.cycle.created_at.localeCompare(b.cycle.created_at));
}

/** Spec §3: the move-out selection deadline is the initial letter send date minus 2 days. */
export function moveOutDateOf(initialLetterSendDate: string | null): string | null {
  if (!initialLetterSendDate) return null;
  const d = new Date(`${initialLetterSendDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 2);
  return d.toISOString().slice(0, 10);
}

export const isMoveOutConfirmed = (c: CycleRecord): boolean =>
  c.confirmed_move_outs_date !== null || c.confirmed_no_move_outs_date !== null || c.monitor_confirmed_move_outs;

/** Ready to tag: the cycle has tenants to tag and its move-outs are not confirmed yet (docs/decisions.md). */
export const isReadyToTag = (c: CycleRecord, counters: Counters): boolean => counters.total > 0 && !isMoveOutConfirmed(c);

export function cycleViewOf(cycle: CycleRecord, facility: Pick<FacilityRecord, 'account_name' | 'corporate_group' | 'insurance_program_key' | 'insurance_program_label'> | null, counters: Counters): CycleView {
  const stats = cycleStatsOf(counters);
  return {
    ...Object.fromEntries(CYCLE_DATE_FIELDS.map((f) => [f, cycle[f]])) as CycleDates,
    id: cycle.id,
    facility_id: cycle.facility_id,
    facility_number: cycle.facility_number,
    account_name: facility?.account_name ?? '',
    corporate_group: facility?.corporate_group ?? '',
    label: cycle.label,
    insurance_program_key: facility?.insurance_program_key ?? '',
    insurance_program_label: facility?.insurance_program_label ?? '',
    tenant_count: stats.total,
    move_out_date: moveOutDateOf(cycle.initial_letter_send_date),
    initial_letter_sent_date: cycle.initial_letter_sent_date,
    reminder_letter_sent_date: cycle.reminder_letter_sent_date,
    welcome_letter_sent_date: cycle.welcome_letter_sent_date,
    confirmed_move_outs_date: cycle.confirmed_move_outs_date,
    confirmed_no_move_outs_date: cycle.confirmed_no_move_outs_date,
    monitor_confirmed_move_outs: cycle.monitor_confirmed_move_outs,
    can_tag_removal: cycle.can_tag_removal,
    ready_to_tag: isReadyToTag(cycle, counters),
    created_at: cycle.created_at,
    stats,
  };
}

export type NewCycle = Pick<CycleRecord, 'facility_id' | 'facility_number' | 'label'> & Partial<CycleDates>;

/** Creates the cycle with zero stats and its facility link in one transaction. */
export async function createCycle(fields: NewCycle): Promise<CycleRecord> {
  const now = new Date().toISOString();
  const dates = Object.fromEntries(CYCLE_DATE_FIELDS.map((f) => [f, fields[f] ?? null])) as CycleDates;
  const cycle: CycleRecord = {
    ...dates, id: randomUUID(), facility_id: fields.facility_id, facility_number: fields.facility_number, label: fields.label,
    initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null,
    confirmed_move_outs_date: null, confirmed_no_move_outs_date: null, monitor_confirmed_move_outs: false, can_tag_removal: true,
    archived_at: null, created_at: now, updated_at: now,
  };
  await dynamo().send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: tableName(), Item: toItem(cycle), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...cycleStatsKey(cycle.id), type: 'cycle-stats' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...facilityLinkKey(cycle.facility_id, cycle.id), type: 'facility-cycle', cycle_id: cycle.id, created_at: now } } },
      // The facility must still exist when its cycle is created.
      { ConditionCheck: { TableName: tableName(), Key: { pk: `FACILITY#${cycle.facility_id}`, sk: 'PROFILE' }, ConditionExpression: 'attribute_exists(pk)' } },
    ],
  })).catch((e: unknown) => {
    if (isTransactionCanceled(e)) throw notFound('Facility not found.');
    throw e;
  });
  await refreshCycleEntry(cycle);
  return cycle;
}

export type CycleChanges = Partial<Omit<CycleRecord, 'id' | 'facility_id' | 'facility_number' | 'created_at' | 'updated_at'>>;

/** Saves changes made to `current`, failing with 409 if someone else saved the cycle meanwhile. */
export async function updateCycle(current: CycleRecord, changes: CycleChanges): Promise<CycleRecord> {
  const next: CycleRecord = { ...current, ...changes, updated_at: new Date().toISOString() };
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: tableName(), Item: toItem(next), ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': current.updated_at } } }],
    }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw conflict('This cycle was changed by someone else. Reload and try again.');
    throw e;
  }
  await refreshCycleEntry(next);
  return next;
}

/** The cycles catalog entry: what the cycles list filters and sorts on. */
export interface CycleEntry extends CatalogEntry {
  facility_id: string;
  facility_number: string;
  account_name: string;
  corporate_group: string;
  insurance_program_key: string;
  label: string;
  initial_letter_send_date: string | null;
  lease_effective_date: string | null;
  reminder_letter_send_date: string | null;
  letter_effective_date: string | null;
  /**
   * The response deadline (issue 27): the daily schedule finds the cycles whose deadline reminders are due
   * in the catalog (one Query), not by reading every cycle. Absent from an entry written before it was
   * kept here, until the cycle's next refresh (the schedule reads those cycles' records instead).
   */
  update_responses_deadline_date?: string | null;
  created_at: string;
}

export function cycleEntryOf(cycle: CycleRecord, facility: FacilityRecord | null, counters: Counters): CycleEntry {
  const flags: FilterKey[] = cycle.archived_at ? [] : ['total', ...flagsOf({ ...cycle, counts: flagCountsOf(counters) })];
  return {
    id: cycle.id, flags, facility_id: cycle.facility_id, facility_number: cycle.facility_number,
    account_name: facility?.account_name ?? '', corporate_group: facility?.corporate_group ?? '',
    insurance_program_key: facility?.insurance_program_key ?? '', label: cycle.label,
    initial_letter_send_date: cycle.initial_letter_send_date, lease_effective_date: cycle.lease_effective_date,
    reminder_letter_send_date: cycle.reminder_letter_send_date, letter_effective_date: cycle.letter_effective_date,
    update_responses_deadline_date: cycle.update_responses_deadline_date,
    created_at: cycle.created_at,
  };
}

/**
 * The cycle's catalog entry as the cycle, its counters and its facility's names make it. The caller names
 * the cycle's facility (a cycle never changes facility), so all three are read in the entry's snapshot:
 * one round trip (functions/program/catalog.ts).
 */
export function cycleEntryRefresh(
  cycle: { id: string; facility_id: string },
  /** What a tenant's save read of these sources before it, and its counter deltas: the entry is written without reading them again. */
  written?: WrittenSources,
): EntryRefresh<CycleEntry> {
  const sources = [cycleKey(cycle.id), cycleStatsKey(cycle.id), facilityKey(cycle.facility_id)];
  return {
    kind: 'cycles', id: cycle.id, sources, stats: cycleStatsKey(cycle.id),
    compute: ([record, stats, facility]) => (record ? cycleEntryOf(cycleFromItem(record), facility ? facilityFromItem(facility) : null, countersOf(stats)) : null),
    written,
  };
}

/** Brings the cycle's catalog entry in line with the cycle, its counters and its facility's names. */
export async function refreshCycleEntry(cycle: { id: string; facility_id: string }): Promise<void> {
  await refreshEntries([cycleEntryRefresh(cycle)]);
}

/** After a facility's names or program change, its cycles' entries carry the new ones. */
export async function refreshCycleEntriesOfFacility(facilityId: string): Promise<void> {
  for (const id of await facilityCycleIds(facilityId)) await refreshCycleEntry({ id, facility_id: facilityId });
}
