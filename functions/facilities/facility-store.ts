/**
 * Facilities in the app table (docs/data-model.md):
 *   FACILITY#{id} / PROFILE          the facility (coverages and contacts inside)
 *   FACILITYNUM#{number} / CLAIM     facility number -> id, so a number is set up at most once
 *   FACILITY#{id} / STATS            tenant counters (functions/program/counters.ts), kept by the tenant store
 *   FACILITY#{id} / CYCLE#{cycleId}  one link per cycle, so a facility's cycles are one Query
 * plus the facility's entry in the facilities catalog (functions/program/catalog.ts).
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { AdditionalContact, CoverageOption } from '../../shared/contracts/program';
import type { FilterKey } from '../../shared/program-filters';
import { flagsOf } from '../../shared/program-filters';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { batchGetItems, itemRead } from '../aws/batch-get';
import type { ItemRead } from '../aws/batch-get';
import type { CatalogEntry, EntryRefresh, WrittenSources } from '../program/catalog';
import { refreshEntries } from '../program/catalog';
import type { Counters } from '../program/counters';
import { countersOf, flagCountsOf, listCountsOf } from '../program/counters';
import type { ListCounts } from '../program/counters';
import { conflict, notFound } from '../runtime/http-error';
import { isTransactionCanceled } from '../aws/dynamo-errors';

/** What the Retired tab shows of a retired facility (spec §3 "Retired facility"). */
export interface RetiredStats { total: number; charge_applied: number; chose_coverage: number; non_responders: number }

/** A facility's Retired-tab numbers from its counters (the archive job keeps them before deleting the tenants). */
export const retiredStatsOf = (c: Counters): RetiredStats => ({
  total: c.total, charge_applied: c.charge_applied, chose_coverage: c.selected_coverage, non_responders: c.non_responder,
});

export interface FacilityRecord {
  id: string;
  facility_number: string;
  prime_site_id: string;
  account_name: string;
  corporate_group: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  software: string;
  insurance_program_key: string;
  insurance_program_label: string;
  note: string;
  contact_name: string;
  email: string;
  phone: string;
  fax: string | null;
  additional_contacts: AdditionalContact[];
  coverages: CoverageOption[];
  confirmed_move_outs_date: string | null;
  confirmed_no_move_outs_date: string | null;
  can_tag_removal: boolean;
  was_prime: boolean;
  uses_updated_lease_language: boolean;
  lease_section_number: string;
  lease_section_text: string;
  brochure_url: string;
  certificate_url: string;
  initial_letter_send_date: string | null;
  reminder_letter_send_date: string | null;
  welcome_letter_send_date: string | null;
  letter_effective_date: string | null;
  initial_letter_sent_date: string | null;
  reminder_letter_sent_date: string | null;
  welcome_letter_sent_date: string | null;
  /** The manager account that owns the facility. */
  manager_user_id: string | null;
  /** Set when the facility leaves the program; it then shows on the Retired tab only. */
  retired_at: string | null;
  /**
   * The facility's numbers when it was retired (its counters before the retiring archive deleted its
   * tenants), what the Retired tab shows; null for a facility retired without an archive.
   */
  retired_stats: RetiredStats | null;
  created_at: string;
  updated_at: string;
}

export const facilityKey = (id: string) => ({ pk: `FACILITY#${id}`, sk: 'PROFILE' });
export const facilityStatsKey = (id: string) => ({ pk: `FACILITY#${id}`, sk: 'STATS' });
const claimKey = (facilityNumber: string) => ({ pk: `FACILITYNUM#${facilityNumber.toLowerCase()}`, sk: 'CLAIM' });

/** Defaults for fields an older or partial item may lack. */
const DEFAULTS: Omit<FacilityRecord, 'id' | 'facility_number' | 'created_at' | 'updated_at'> = {
  prime_site_id: '', account_name: '', corporate_group: '', address: '', city: '', state: '', zip_code: '', software: '',
  insurance_program_key: '', insurance_program_label: '', note: '', contact_name: '', email: '', phone: '', fax: null,
  additional_contacts: [], coverages: [], confirmed_move_outs_date: null, confirmed_no_move_outs_date: null,
  can_tag_removal: true, was_prime: false, uses_updated_lease_language: true, lease_section_number: '', lease_section_text: '',
  brochure_url: '', certificate_url: '', initial_letter_send_date: null, reminder_letter_send_date: null,
  welcome_letter_send_date: null, letter_effective_date: null, initial_letter_sent_date: null, reminder_letter_sent_date: null,
  welcome_letter_sent_date: null, manager_user_id: null, retired_at: null, retired_stats: null,
};

export function facilityFromItem(item: Record<string, NativeAttributeValue>): FacilityRecord {
  const record = { ...DEFAULTS } as Record<string, unknown>;
  for (const key of Object.keys(DEFAULTS)) if (item[key] !== undefined) record[key] = item[key];
  return { ...(record as typeof DEFAULTS), id: item.id, facility_number: item.facility_number, created_at: item.created_at ?? '', updated_at: item.updated_at ?? '' };
}

const toItem = (f: FacilityRecord) => ({ ...facilityKey(f.id), type: 'facility', ...f });

export async function getFacility(id: string): Promise<FacilityRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: facilityKey(id), ConsistentRead: true }));
  return out.Item ? facilityFromItem(out.Item) : null;
}

/** getFacility as a read to go with others (readTogether). */
export const facilityRead = (id: string): ItemRead<FacilityRecord | null> => itemRead(facilityKey(id), facilityFromItem);

export async function requireFacility(id: string): Promise<FacilityRecord> {
  const facility = await getFacility(id);
  if (!facility) throw notFound('Facility not found.');
  return facility;
}

export async function getFacilityByNumber(facilityNumber: string): Promise<FacilityRecord | null> {
  const claim = await dynamo().send(new GetCommand({ TableName: tableName(), Key: claimKey(facilityNumber.trim()) }));
  return claim.Item ? getFacility(claim.Item.facility_id as string) : null;
}

export async function getFacilitiesByIds(ids: readonly string[]): Promise<Map<string, FacilityRecord>> {
  const items = await batchGetItems(ids.map(facilityKey));
  return new Map(items.map((item) => [item.id as string, facilityFromItem(item)]));
}

export async function getFacilityCounters(id: string): Promise<Counters> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: facilityStatsKey(id), ConsistentRead: true }));
  return countersOf(out.Item);
}

export async function getFacilityCountersByIds(ids: readonly string[]): Promise<Map<string, Counters>> {
  const items = await batchGetItems(ids.map(facilityStatsKey));
  return new Map(items.map((item) => [(item.pk as string).slice('FACILITY#'.length), countersOf(item)]));
}

export type NewFacility = Omit<FacilityRecord, 'created_at' | 'updated_at'>;

/** A new facility's fields: the given ones over the defaults (seed and test fixtures start here). */
export const newFacilityFields = (fields: Pick<NewFacility, 'id' | 'facility_number'> & Partial<NewFacility>): NewFacility => ({ ...DEFAULTS, ...fields });

/** Creates the facility, its number claim and its zero stats in one transaction; the number must be free. */
export async function createFacility(fields: NewFacility): Promise<FacilityRecord> {
  const now = new Date().toISOString();
  const facility: FacilityRecord = { ...fields, created_at: now, updated_at: now };
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...claimKey(facility.facility_number), type: 'facility-claim', facility_id: facility.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: toItem(facility), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: { ...facilityStatsKey(facility.id), type: 'facility-stats' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw conflict(`Facility ${facility.facility_number} is already set up.`, 'facility_number');
    throw e;
  }
  await refreshFacilityEntry(facility.id);
  return facility;
}

export type FacilityChanges = Partial<Omit<FacilityRecord, 'id' | 'facility_number' | 'created_at' | 'updated_at'>>;

/** Saves changes made to `current`, failing with 409 if someone else saved the facility meanwhile. */
export async function updateFacility(current: FacilityRecord, changes: FacilityChanges): Promise<FacilityRecord> {
  const next: FacilityRecord = { ...current, ...changes, updated_at: new Date().toISOString() };
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: tableName(), Item: toItem(next), ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': current.updated_at } } }],
    }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw conflict('This facility was changed by someone else. Reload and try again.');
    throw e;
  }
  await refreshFacilityEntry(next.id);
  return next;
}

/** Ids of the facility's cycles, oldest first (the FACILITY#/CYCLE# link items). */
export async function facilityCycleIds(facilityId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :cycle)',
      ExpressionAttributeValues: { ':pk': `FACILITY#${facilityId}`, ':cycle': 'CYCLE#' },
      ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) ids.push(item.cycle_id as string);
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/**
 * Removes a facility that has no cycles and no tenants (the route refuses otherwise, see
 * docs/decisions.md), with its claim and stats, conditional on the version the caller saw.
 */
export async function deleteFacilityRecord(facility: FacilityRecord): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: facilityKey(facility.id), ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': facility.updated_at } } },
        { Delete: { TableName: tableName(), Key: claimKey(facility.facility_number) } },
        { Delete: { TableName: tableName(), Key: facilityStatsKey(facility.id), ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(#total) OR #total = :zero', ExpressionAttributeNames: { '#total': 'total' }, ExpressionAttributeValues: { ':zero': 0 } } },
      ],
    }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw conflict('This facility was changed by someone else. Reload and try again.');
    throw e;
  }
  await refreshFacilityEntry(facility.id);
}

/** The facilities catalog entry: what the facilities list filters and sorts on. */
export interface FacilityEntry extends CatalogEntry {
  facility_number: string;
  account_name: string;
  corporate_group: string;
  software: string;
  insurance_program_key: string;
  prime_site_id: string;
  retired: boolean;
  /** Its state, for the Send Letters state mode (older entries may lack it until their next refresh). */
  state?: string;
  /** Its tenant counts (functions/program/counters.ts LIST_COUNTERS); older entries may lack them. */
  tenants?: ListCounts;
}

export function facilityEntryOf(f: FacilityRecord, counters: Counters): FacilityEntry {
  const flags: FilterKey[] = f.retired_at ? [] : ['total', ...flagsOf({
    confirmed_move_outs_date: f.confirmed_move_outs_date,
    confirmed_no_move_outs_date: f.confirmed_no_move_outs_date,
    monitor_confirmed_move_outs: false,
    initial_letter_sent_date: f.initial_letter_sent_date,
    reminder_letter_sent_date: f.reminder_letter_sent_date,
    welcome_letter_sent_date: f.welcome_letter_sent_date,
    counts: flagCountsOf(counters),
  })];
  return {
    id: f.id, flags, facility_number: f.facility_number, account_name: f.account_name, corporate_group: f.corporate_group,
    software: f.software, insurance_program_key: f.insurance_program_key, prime_site_id: f.prime_site_id, retired: Boolean(f.retired_at),
    state: f.state, tenants: listCountsOf(counters),
  };
}

/** The facility's catalog entry as its record and counters make it (both in the entry's snapshot: one round trip, functions/program/catalog.ts). */
export function facilityEntryRefresh(
  id: string,
  /** What a tenant's save read of these sources before it, and its counter deltas: the entry is written without reading them again. */
  written?: WrittenSources,
): EntryRefresh<FacilityEntry> {
  const sources = [facilityKey(id), facilityStatsKey(id)];
  return {
    kind: 'facilities', id, sources, stats: facilityStatsKey(id),
    compute: ([facility, stats]) => (facility ? facilityEntryOf(facilityFromItem(facility), countersOf(stats)) : null),
    written,
  };
}

/** Brings the facility's catalog entry in line with its record and counters (call after any change to either). */
export async function refreshFacilityEntry(id: string): Promise<void> {
  await refreshEntries([facilityEntryRefresh(id)]);
}
