/**
 * The Send Letters table and its counts (spec §2, §7 'Letters') in its two modes: a facility (optionally
 * one of its cycles) or a state. Inside a facility or cycle the list is that partition of the slim index
 * filtered by the mailing keys each tenant item carries (functions/tenants/tenant-record.ts); a state is
 * its facilities in facility-number order, each facility's maintained counts placing the page, so a
 * page reads only the facilities it shows. Counts are the maintained counters (no tenant is read).
 */
import { PAGE_SIZE } from '../../shared/constants';
import type { MailingCountKey, MailingFilter } from '../../shared/contracts/letters';
import { MAILING_COUNT_KEYS, MAILING_FILTER_LABELS } from '../../shared/contracts/letters';
import type { TenantView } from '../../shared/contracts/tenants';
import { getCycleCounters, requireCycle } from '../cycles/cycle-store';
import { byFacilityNumber } from '../facilities/facility-list';
import { getFacilityCounters, getFacilityCountersByIds, requireFacility } from '../facilities/facility-store';
import type { FacilityEntry, FacilityRecord } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import type { Counters } from '../program/counters';
import { sumCounters, zeroCounters } from '../program/counters';
import { notFound } from '../runtime/http-error';
import { listTenants, matchingTenantIds, tenantsInOrder } from '../tenants/tenant-list';
import { viewsOf } from '../tenants/tenant-view';

export type MailingScope =
  | { kind: 'facility'; facility: FacilityRecord; cycleId: string | null }
  | { kind: 'state'; state: string; facilities: FacilityEntry[] };

export async function facilityScope(facilityId: string, cycleId: string | undefined): Promise<MailingScope> {
  const facility = await requireFacility(facilityId);
  if (cycleId) {
    const cycle = await requireCycle(cycleId);
    if (cycle.facility_id !== facility.id) throw notFound(`Cycle ${cycleId} is not a cycle of facility ${facility.facility_number}.`);
  }
  return { kind: 'facility', facility, cycleId: cycleId ?? null };
}

/** The state's facilities still in the program, by facility number (the facilities catalog: one Query). */
export async function stateFacilities(state: string): Promise<FacilityEntry[]> {
  return (await readCatalog<FacilityEntry>('facilities')).filter((e) => !e.retired && e.state === state).sort(byFacilityNumber);
}

export async function stateScope(state: string): Promise<MailingScope> {
  return { kind: 'state', state, facilities: await stateFacilities(state) };
}

/** The maintained counters of the scope (a state: the sum over its facilities). */
export async function countersOfScope(scope: MailingScope): Promise<Counters> {
  if (scope.kind === 'facility') return scope.cycleId ? getCycleCounters(scope.cycleId) : getFacilityCounters(scope.facility.id);
  return perFacilityCounters(scope).then((m) => ({ ...zeroCounters(), ...sumCounters([...m.values()]) }));
}

async function perFacilityCounters(scope: Extract<MailingScope, { kind: 'state' }>): Promise<Map<string, Counters>> {
  return scope.facilities.length ? getFacilityCountersByIds(scope.facilities.map((f) => f.id)) : new Map();
}

/** How many tenants the Send Letters table shows under each key ('all': every tenant with a complete address). */
export function mailingCount(c: Counters, key: MailingCountKey): number {
  if (key === 'all') return Math.max(0, c.total - c.incomplete_address);
  return c[key];
}

const COUNT_LABELS: Record<MailingCountKey, string> = {
  ...MAILING_FILTER_LABELS, welcome_letter_skipped: 'Welcome Certificate by E-mail', tagged_for_removal: 'Tagged for Removal',
};

export const mailingCountsOf = (c: Counters) => MAILING_COUNT_KEYS.map((key) => ({ key, label: COUNT_LABELS[key], count: mailingCount(c, key) }));

export interface MailingPage {
  data: TenantView[];
  pagination: { current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number; exact: boolean; next_cursor: null };
  info: { incomplete_address: number; tagged_for_removal: number };
}

const pager = (page: number, total: number, shown: number) => ({
  current_page: page, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE.tenants)), per_page: PAGE_SIZE.tenants, total,
  from: shown ? (page - 1) * PAGE_SIZE.tenants + 1 : null, to: shown ? (page - 1) * PAGE_SIZE.tenants + shown : null, exact: true, next_cursor: null,
});

export async function mailingPage(scope: MailingScope, filter: MailingFilter, page: number): Promise<MailingPage> {
  if (scope.kind === 'facility') {
    const [list, counters] = await Promise.all([
      listTenants({
        scope: scope.cycleId ? { kind: 'cycle', cycleId: scope.cycleId } : { kind: 'facility', facilityId: scope.facility.id },
        mailing: filter, sort: 'name', page, perPage: PAGE_SIZE.tenants,
      }),
      countersOfScope(scope),
    ]);
    return {
      data: await viewsOf(list.rows, 'staff'),
      pagination: { ...list.pagination, next_cursor: null },
      info: { incomplete_address: counters.incomplete_address, tagged_for_removal: counters.tagged_for_removal },
    };
  }
  const counters = await perFacilityCounters(scope);
  const countOf = (f: FacilityEntry) => mailingCount(counters.get(f.id) ?? zeroCounters(), filter);
  const total = scope.facilities.reduce((n, f) => n + countOf(f), 0);
  const start = (page - 1) * PAGE_SIZE.tenants;
  const ids: string[] = [];
  let offset = 0;
  for (const f of scope.facilities) {
    const count = countOf(f);
    if (count > 0 && offset + count > start + ids.length && ids.length < PAGE_SIZE.tenants) {
      const all = await matchingTenantIds({ scope: { kind: 'facility', facilityId: f.id }, mailing: filter, sort: 'name' });
      ids.push(...all.slice(Math.max(0, start - offset), Math.max(0, start - offset) + PAGE_SIZE.tenants - ids.length));
    }
    offset += count;
    if (ids.length >= PAGE_SIZE.tenants) break;
  }
  const rows = await tenantsInOrder(ids);
  const sum = { ...zeroCounters(), ...sumCounters([...counters.values()]) };
  return {
    data: await viewsOf(rows, 'staff'),
    pagination: pager(page, total, rows.length),
    info: { incomplete_address: sum.incomplete_address, tagged_for_removal: sum.tagged_for_removal },
  };
}
