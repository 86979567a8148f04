/**
 * What the facility lists share (spec facilities-cycles-shell §2 Facilities list, Retired tab, Stats tab,
 * §7 GET /api/facilities, /api/exports/facilities, /api/facility-stats): choosing entries from the
 * facilities catalog (one Query of its shard items, docs/data-model.md "Catalogs"), the badge counts,
 * the numeric-aware facility-number order, and reading only the chosen page's records, counters and
 * manager accounts with BatchGetItem. No request reads a facility record it does not show.
 */
import type { FacilityView } from '../../shared/contracts/facilities';
import type { FilterKey, FilterStats } from '../../shared/program-filters';
import { filterStatsOf } from '../../shared/program-filters';
import { batchGetItems } from '../aws/batch-get';
import { readCatalog } from '../program/catalog';
import type { Counters } from '../program/counters';
import { countersOf, facilityStatsOf } from '../program/counters';
import type { FacilityEntry, FacilityRecord } from './facility-store';
import { facilityFromItem, facilityKey, facilityStatsKey } from './facility-store';

/** Facility numbers in the order people expect: '2' before '10', 'A-9' before 'a-10', case ignored. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
export const byFacilityNumber = (a: Pick<FacilityEntry, 'id' | 'facility_number'>, b: Pick<FacilityEntry, 'id' | 'facility_number'>): number =>
  collator.compare(a.facility_number, b.facility_number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A text filter as the lists apply it: trimmed, case-insensitive 'contains'; empty means no filter. */
export function containsFilter(needle: string | undefined): (value: string | null | undefined) => boolean {
  const n = needle?.trim().toLowerCase() ?? '';
  if (n === '') return () => true;
  return (value) => (value ?? '').toLowerCase().includes(n);
}

export interface FacilityListFilters {
  filter?: FilterKey;
  facility_number?: string;
  account_name?: string;
  corporate_group?: string;
  software?: string;
  insurance_program_key?: string;
}

export interface FacilitySelection {
  /** The entries to show, in facility-number order, after every filter including the filter key. */
  entries: FacilityEntry[];
  /** Badge counts of the rows matching the text and select filters, before the filter key. */
  stats: FilterStats;
}

/** Active (not retired) facilities matching the Facilities list's filters. */
export async function selectFacilities(filters: FacilityListFilters): Promise<FacilitySelection> {
  const number = containsFilter(filters.facility_number);
  const account = containsFilter(filters.account_name);
  const group = containsFilter(filters.corporate_group);
  const software = filters.software || undefined;
  const program = filters.insurance_program_key?.trim() || undefined;
  const matching = (await readCatalog<FacilityEntry>('facilities')).filter((e) => !e.retired
    && number(e.facility_number) && account(e.account_name) && group(e.corporate_group)
    && (!software || e.software === software) && (!program || e.insurance_program_key === program));
  const counts: Partial<Record<FilterKey, number>> = {};
  for (const e of matching) for (const flag of e.flags) counts[flag] = (counts[flag] ?? 0) + 1;
  const key = filters.filter;
  const entries = key ? matching.filter((e) => e.flags.includes(key)) : matching;
  return { entries: entries.sort(byFacilityNumber), stats: filterStatsOf(counts) };
}

/** Every catalog entry that passes `keep`, in facility-number order. */
export async function catalogEntries(keep: (entry: FacilityEntry) => boolean): Promise<FacilityEntry[]> {
  return (await readCatalog<FacilityEntry>('facilities')).filter(keep).sort(byFacilityNumber);
}

export interface FacilityWithCounters {
  facility: FacilityRecord;
  counters: Counters;
}

/** Facilities per BatchGetItem call: their PROFILE and STATS items fill one call of 100 keys. */
const CHUNK = 50;
/** BatchGetItem calls in flight at once (a page is 2; an export of 3,000 facilities is 60). */
const CONCURRENCY = 8;

/**
 * The records and counters of these facilities, in the order of `ids` (ids whose record is gone are
 * skipped), read with BatchGetItem in parallel chunks.
 */
export async function loadFacilitiesWithCounters(ids: readonly string[]): Promise<FacilityWithCounters[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  const records = new Map<string, FacilityRecord>();
  const counters = new Map<string, Counters>();
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      for (const item of await batchGetItems(chunk.flatMap((id) => [facilityKey(id), facilityStatsKey(id)]))) {
        const id = (item.pk as string).slice('FACILITY#'.length);
        if (item.sk === 'PROFILE') records.set(id, facilityFromItem(item));
        else counters.set(id, countersOf(item));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, worker));
  return ids.flatMap((id) => {
    const facility = records.get(id);
    return facility ? [{ facility, counters: counters.get(id) ?? countersOf(undefined) }] : [];
  });
}

export interface ManagerLogin {
  id: string;
  username: string;
  has_changed_password: boolean;
}

/**
 * The manager accounts of a page of facilities (id, username, has_changed_password), one BatchGetItem.
 * The key is the user store's USER#{id} / PROFILE (functions/users/user-store.ts).
 */
export async function loadManagerLogins(userIds: readonly (string | null)[]): Promise<Map<string, ManagerLogin>> {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  // Only the three fields shown: the emulator's cost (and the read size) grows with every attribute.
  const items = await batchGetItems(ids.map((id) => ({ pk: `USER#${id}`, sk: 'PROFILE' })), 'id, username, has_changed_password');
  return new Map(items.map((item) => [item.id as string, {
    id: item.id as string, username: item.username as string, has_changed_password: Boolean(item.has_changed_password),
  }]));
}

/** A facility as the lists, the edit modal and the detail row read it (never its bookkeeping fields). */
export function facilityViewOf(f: FacilityRecord, counters: Counters, user: ManagerLogin | null): FacilityView {
  const stats = facilityStatsOf(counters);
  return {
    id: f.id,
    facility_number: f.facility_number,
    prime_site_id: f.prime_site_id,
    account_name: f.account_name,
    corporate_group: f.corporate_group,
    address: f.address,
    city: f.city,
    state: f.state,
    zip_code: f.zip_code,
    software: f.software,
    insurance_program_key: f.insurance_program_key,
    insurance_program_label: f.insurance_program_label,
    note: f.note,
    contact_name: f.contact_name,
    email: f.email,
    phone: f.phone,
    fax: f.fax,
    additional_contacts: f.additional_contacts,
    confirmed_move_outs_date: f.confirmed_move_outs_date,
    confirmed_no_move_outs_date: f.confirmed_no_move_outs_date,
    can_tag_removal: f.can_tag_removal,
    was_prime: f.was_prime,
    tenant_count: stats.tenant_count,
    uses_updated_lease_language: f.uses_updated_lease_language,
    lease_section_number: f.lease_section_number,
    lease_section_text: f.lease_section_text,
    brochure_url: f.brochure_url,
    certificate_url: f.certificate_url,
    initial_letter_send_date: f.initial_letter_send_date,
    reminder_letter_send_date: f.reminder_letter_send_date,
    welcome_letter_send_date: f.welcome_letter_send_date,
    letter_effective_date: f.letter_effective_date,
    initial_letter_sent_date: f.initial_letter_sent_date,
    reminder_letter_sent_date: f.reminder_letter_sent_date,
    welcome_letter_sent_date: f.welcome_letter_sent_date,
    coverages: f.coverages,
    stats,
    user: user ? { id: user.id, username: user.username, has_changed_password: user.has_changed_password } : null,
  };
}

/** Views of these facilities in the order of `ids`: records and counters, then their managers. */
export async function facilityViewsOf(ids: readonly string[]): Promise<FacilityView[]> {
  const loaded = await loadFacilitiesWithCounters(ids);
  const managers = await loadManagerLogins(loaded.map(({ facility }) => facility.manager_user_id));
  return loaded.map(({ facility, counters }) => facilityViewOf(facility, counters, managers.get(facility.manager_user_id ?? '') ?? null));
}

/** Every active facility matching the list's filters (not one page), for GET /api/exports/facilities. */
export async function listFacilitiesForExport(filters: FacilityListFilters): Promise<FacilityView[]> {
  const { entries } = await selectFacilities(filters);
  return (await loadFacilitiesWithCounters(entries.map((e) => e.id))).map(({ facility, counters }) => facilityViewOf(facility, counters, null));
}
