/**
 * Cycles (spec facilities-cycles-shell §2 Manage cycles, New cycle, Edit cycle; §4 cycle move-out
 * confirmation; §7 the cycle calls). The list reads the cycles catalog (one Query over its shards),
 * filters and counts in memory, and fetches only its page (docs/data-model.md).
 */
import type * as z from 'zod';
import { CYCLE_CONTRACTS, DEFAULT_CYCLE_SORT } from '../../shared/contracts/cycles';
import type { CycleSort, cycleListQuery } from '../../shared/contracts/cycles';
import { PAGE_SIZE } from '../../shared/constants';
import { coveragesWithIds } from '../../shared/coverage-ids';
import { FLAG_KEYS, filterStatsOf } from '../../shared/program-filters';
import type { FilterKey } from '../../shared/program-filters';
import { batchGetItems } from '../aws/batch-get';
import { facilityKey, getFacility, getFacilityByNumber, requireFacility } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import { activeOf, tenantFiltersOf } from '../program/counters';
import { programToday } from '../program/program-settings';
import { conflict, unprocessable } from '../runtime/http-error';
import { implement } from '../runtime/route';
import { paginate } from '../runtime/paginate';
import {
  CYCLE_DATE_FIELDS, createCycle, cycleViewOf, cyclesOfFacility, getCycleCounters, getCyclesWithCounters, isMoveOutConfirmed,
  requireCycle, updateCycle,
} from './cycle-store';
import type { CycleChanges, CycleDates, CycleEntry, CycleRecord } from './cycle-store';

type ListQuery = z.output<typeof cycleListQuery>;

/** The list's date-range filters (query name prefix) and the catalog date each one reads. */
const DATE_RANGES = [
  ['initial_letter_date', 'initial_letter_send_date'],
  ['lease_effective_date', 'lease_effective_date'],
  ['reminder_letter_date', 'reminder_letter_send_date'],
  ['letter_effective_date', 'letter_effective_date'],
] as const satisfies readonly (readonly [string, keyof CycleEntry])[];

const TEXT_FILTERS = ['facility_number', 'account_name', 'corporate_group'] as const;

/** Every filter of the list but the More Filters key: text contains (any case), program exact, dates inclusive. */
function entryMatcher(query: ListQuery): (entry: CycleEntry) => boolean {
  const texts = TEXT_FILTERS.flatMap((name) => {
    const needle = query[name]?.trim().toLowerCase();
    return needle ? [[name, needle] as const] : [];
  });
  const program = query.insurance_program_key?.trim();
  const raw = query as Record<string, unknown>;
  const ranges = DATE_RANGES.flatMap(([name, field]) => {
    const from = raw[`${name}_start`] as string | null | undefined;
    const to = raw[`${name}_end`] as string | null | undefined;
    return from || to ? [{ field, from: from ?? null, to: to ?? null }] : [];
  });
  return (entry) => {
    // Archived cycles carry no flags and leave the list.
    if (!entry.flags.includes('total')) return false;
    for (const [name, needle] of texts) if (!entry[name].toLowerCase().includes(needle)) return false;
    if (program && entry.insurance_program_key !== program) return false;
    for (const { field, from, to } of ranges) {
      const value = entry[field];
      // A cycle without the date never falls inside a range.
      if (!value) return false;
      if (from && value < from) return false;
      if (to && value > to) return false;
    }
    return true;
  };
}

function countFlags(entries: readonly CycleEntry[]): Partial<Record<FilterKey, number>> {
  const counts: Partial<Record<FilterKey, number>> = { total: entries.length };
  for (const key of FLAG_KEYS) counts[key] = 0;
  for (const entry of entries) for (const flag of entry.flags) if (flag !== 'total') counts[flag] = (counts[flag] ?? 0) + 1;
  return counts;
}

/** Newest created first; the id keeps the order stable between pages. */
const newestFirst = (a: CycleEntry, b: CycleEntry) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/**
 * The list's order: the chosen column (text without regard to case, dates as ISO days), a cycle without
 * the value last in either direction, then newest created first so pages never shuffle.
 */
function cycleOrder(sort: string): (a: CycleEntry, b: CycleEntry) => number {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as CycleSort;
  return (a, b) => {
    const x = a[field];
    const y = b[field];
    if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1) || newestFirst(a, b);
    const byValue = x.localeCompare(y, 'en', { sensitivity: 'base', numeric: true });
    return (descending ? -byValue : byValue) || newestFirst(a, b);
  };
}

/** Pairs of dates where the end may not come before the start. */
const DATE_PAIRS = [
  ['setup_coverage_start_date', 'setup_coverage_end_date', 'Setup coverage end date must be on or after the setup coverage start date.'],
  ['monitor_payment_start_date', 'monitor_payment_end_date', 'Monitor payment end date must be on or after the monitor payment start date.'],
] as const;

function checkDateOrder(dates: Partial<CycleDates>): void {
  for (const [start, end, message] of DATE_PAIRS) {
    const from = dates[start];
    const to = dates[end];
    if (from && to && to < from) throw unprocessable(message, end);
  }
}

/** The dates a create or edit body sets: a date left out is not touched, a blank one is cleared (null). */
function datesIn(body: Partial<Record<(typeof CYCLE_DATE_FIELDS)[number], string | null | undefined>>): Partial<CycleDates> {
  const dates: Partial<CycleDates> = {};
  for (const field of CYCLE_DATE_FIELDS) if (body[field] !== undefined) dates[field] = body[field];
  return dates;
}

function refuseArchived(cycle: CycleRecord): void {
  if (cycle.archived_at) throw conflict('This cycle is archived and can no longer be changed.');
}

/** Spec §4: a cycle's move-outs are confirmed once; the answer names how it was confirmed. */
function alreadyConfirmed(cycle: CycleRecord): string {
  const name = cycle.label ? `Cycle '${cycle.label}'` : 'This cycle';
  if (cycle.confirmed_move_outs_date) return `${name} already has its move-outs confirmed (on ${cycle.confirmed_move_outs_date}).`;
  if (cycle.confirmed_no_move_outs_date) return `${name} is already confirmed as having no move-outs (on ${cycle.confirmed_no_move_outs_date}).`;
  return `${name} already has its move-outs confirmed by staff.`;
}

/** One cycle as the screens show it: its facility's names and program and its counters. */
async function viewOfCycle(id: string) {
  const [cycle, counters] = await Promise.all([requireCycle(id), getCycleCounters(id)]);
  return cycleViewOf(cycle, await getFacility(cycle.facility_id), counters);
}

type FacilityNames = Pick<FacilityRecord, 'account_name' | 'corporate_group' | 'insurance_program_key' | 'insurance_program_label'>;

/** The names a page of cycle rows shows, read with only those attributes (facility items carry coverages and contacts). */
async function facilityNamesByIds(ids: readonly string[]): Promise<Map<string, FacilityNames>> {
  const items = await batchGetItems(ids.map(facilityKey), 'id, account_name, corporate_group, insurance_program_key, insurance_program_label');
  return new Map(items.map((item) => [item.id as string, {
    account_name: item.account_name ?? '', corporate_group: item.corporate_group ?? '',
    insurance_program_key: item.insurance_program_key ?? '', insurance_program_label: item.insurance_program_label ?? '',
  }]));
}

export const cycleRoutes = {
  'GET /api/cycles': implement(CYCLE_CONTRACTS['GET /api/cycles'], async ({ query }) => {
    const filtered = (await readCatalog<CycleEntry>('cycles')).filter(entryMatcher(query));
    // The badges count what the other filters leave, so each tells how many rows choosing it would show.
    const stats = filterStatsOf(countFlags(filtered));
    const key = query.filter ?? 'total';
    const listed = key === 'total' ? filtered : filtered.filter((e) => e.flags.includes(key));
    listed.sort(cycleOrder(query.sort ?? DEFAULT_CYCLE_SORT));
    const { rows, pagination } = paginate(listed, query.page ?? 1, query.per_page ?? PAGE_SIZE.cycles);
    const [cycles, facilities] = await Promise.all([
      getCyclesWithCounters(rows.map((e) => e.id)),
      facilityNamesByIds([...new Set(rows.map((e) => e.facility_id))]),
    ]);
    const data = cycles.map(({ cycle, counters }) => cycleViewOf(cycle, facilities.get(cycle.facility_id) ?? null, counters));
    return { body: { data, pagination, stats } };
  }),

  'POST /api/cycles': implement(CYCLE_CONTRACTS['POST /api/cycles'], async ({ body }) => {
    const facility = await getFacilityByNumber(body.facility_number);
    if (!facility) throw unprocessable(`Facility ${body.facility_number} is not set up.`, 'facility_number');
    if (facility.retired_at) throw unprocessable(`Facility ${facility.facility_number} is retired.`, 'facility_number');
    const dates = datesIn(body);
    checkDateOrder(dates);
    const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: body.label, ...dates });
    return { status: 201, body: { cycle_id: cycle.id } };
  }),

  'GET /api/cycles/search': implement(CYCLE_CONTRACTS['GET /api/cycles/search'], async ({ query }) => {
    // A finder: a number that is not (or not yet fully) typed finds no cycles rather than an error.
    const facility = await getFacilityByNumber(query.facility_number);
    if (!facility) return { body: [] };
    const cycles = await cyclesOfFacility(facility.id);
    return { body: cycles.map(({ cycle, counters }) => ({ id: cycle.id, label: cycle.label, tenant_count: activeOf(counters) })) };
  }),

  'GET /api/cycles/get-for-facility': implement(CYCLE_CONTRACTS['GET /api/cycles/get-for-facility'], async ({ query }) => {
    const [facility, cycles] = await Promise.all([requireFacility(query.facility_id), cyclesOfFacility(query.facility_id)]);
    return { body: cycles.map(({ cycle, counters }) => cycleViewOf(cycle, facility, counters)) };
  }),

  'GET /api/cycles/{id}': implement(CYCLE_CONTRACTS['GET /api/cycles/{id}'], async ({ params }) => ({ body: await viewOfCycle(params.id) })),

  'POST /api/cycles/{id}': implement(CYCLE_CONTRACTS['POST /api/cycles/{id}'], async ({ params, body }) => {
    const cycle = await requireCycle(params.id);
    const sentNumber = body.facility_number?.trim();
    if (sentNumber && sentNumber.toLowerCase() !== cycle.facility_number.toLowerCase()) {
      throw unprocessable('The facility number of a cycle cannot be changed.', 'facility_number');
    }
    refuseArchived(cycle);
    const changes: CycleChanges = { label: body.label, ...datesIn(body) };
    checkDateOrder({ ...cycle, ...changes });
    const saved = await updateCycle(cycle, changes);
    return { body: { cycle_id: saved.id } };
  }),

  'GET /api/cycles/{id}/coverages': implement(CYCLE_CONTRACTS['GET /api/cycles/{id}/coverages'], async ({ params }) => {
    const cycle = await requireCycle(params.id);
    const facility = await requireFacility(cycle.facility_id);
    return { body: coveragesWithIds(facility.coverages).map(({ id, premium, coverage }) => ({ id, premium, coverage })) };
  }),

  'GET /api/cycles/{id}/tenant-filters': implement(CYCLE_CONTRACTS['GET /api/cycles/{id}/tenant-filters'], async ({ params }) => {
    const [, counters] = await Promise.all([requireCycle(params.id), getCycleCounters(params.id)]);
    return { body: tenantFiltersOf(counters) };
  }),

  'GET /api/cycles/{id}/check-flagged': implement(CYCLE_CONTRACTS['GET /api/cycles/{id}/check-flagged'], async ({ params }) => {
    const [, counters] = await Promise.all([requireCycle(params.id), getCycleCounters(params.id)]);
    return { body: { tenants_flagged: counters.tagged_for_removal } };
  }),

  'POST /api/cycles/{id}/confirm-move-outs': implement(CYCLE_CONTRACTS['POST /api/cycles/{id}/confirm-move-outs'], async ({ params }) => {
    const cycle = await requireCycle(params.id);
    refuseArchived(cycle);
    if (isMoveOutConfirmed(cycle)) throw conflict(alreadyConfirmed(cycle));
    const counters = await getCycleCounters(cycle.id);
    // Staff confirmation (docs/decisions.md "Cycle move-out confirmation"): monitor-confirmed, dated as
    // move-outs when tenants are flagged and as no move-outs otherwise; tagging ends for the cycle.
    const date = await programToday();
    const saved = await updateCycle(cycle, {
      monitor_confirmed_move_outs: true,
      can_tag_removal: false,
      ...(counters.tagged_for_removal > 0 ? { confirmed_move_outs_date: date } : { confirmed_no_move_outs_date: date }),
    });
    return { body: { cycle: cycleViewOf(saved, await getFacility(saved.facility_id), counters) } };
  }),
};
