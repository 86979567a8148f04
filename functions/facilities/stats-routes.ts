/**
 * The Stats tab of /list-facilities (spec facilities-cycles-shell §2, §3 "Facility stats", §7): rows
 * from the facilities catalog, then only the page's records and maintained counters (never the
 * tenants). The workbook and its download are the exports capability's routes
 * (functions/exports/facility-stats-export.ts); the archive-exports worker writes it from this module's list.
 */
import type { FacilityStatsRow } from '../../shared/contracts/facility-stats';
import { FACILITY_STATS_CONTRACTS } from '../../shared/contracts/facility-stats';
import { PAGE_SIZE } from '../../shared/constants';
import { facilityStatsCreateExportRoute, facilityStatsDownloadExportRoute } from '../exports/facility-stats-export';
import type { Counters } from '../program/counters';
import { facilityStatsOf } from '../program/counters';
import { paginate } from '../runtime/paginate';
import { implement } from '../runtime/route';
import { catalogEntries, containsFilter, loadFacilitiesWithCounters } from './facility-list';
import type { FacilityRecord } from './facility-store';

export function facilityStatsRowOf(f: FacilityRecord, counters: Counters): FacilityStatsRow {
  return {
    id: f.id, facility_number: f.facility_number, prime_site_id: f.prime_site_id, account_name: f.account_name, was_prime: f.was_prime,
    ...facilityStatsOf(counters),
  };
}

/** Every active facility's stats row, in facility-number order (the create-export workbook). */
export async function listAllFacilityStats(): Promise<FacilityStatsRow[]> {
  const entries = await catalogEntries((e) => !e.retired);
  return (await loadFacilitiesWithCounters(entries.map((e) => e.id))).map(({ facility, counters }) => facilityStatsRowOf(facility, counters));
}

export const facilityStatsRoutes = {
  'GET /api/facility-stats': implement(FACILITY_STATS_CONTRACTS['GET /api/facility-stats'], async ({ query }) => {
    const number = containsFilter(query.facility_number);
    const prime = containsFilter(query.prime_site_id);
    const account = containsFilter(query.account_name);
    const entries = await catalogEntries((e) => !e.retired && number(e.facility_number) && prime(e.prime_site_id) && account(e.account_name));
    const { rows, pagination } = paginate(entries, query.page ?? 1, query.per_page ?? PAGE_SIZE.facilities);
    const data = (await loadFacilitiesWithCounters(rows.map((e) => e.id))).map(({ facility, counters }) => facilityStatsRowOf(facility, counters));
    return { body: { data, pagination } };
  }),
  'GET /api/facility-stats/create-export': facilityStatsCreateExportRoute(),
  'GET /api/facility-stats/download-export': facilityStatsDownloadExportRoute,
};
