/**
 * The Retired tab of /list-facilities (spec facilities-cycles-shell §2, §3 "Retired facility", §7):
 * facilities that left the program (retired_at set by the archives capability), from the facilities
 * catalog, then only the page's records and maintained counters. A facility retired by an archive shows
 * the numbers it had when retired (retired_stats; docs/decisions.md "Archives: retiring a facility").
 */
import { RETIRED_FACILITY_CONTRACTS } from '../../shared/contracts/facility-stats';
import { PAGE_SIZE } from '../../shared/constants';
import { paginate } from '../runtime/paginate';
import { implement } from '../runtime/route';
import { catalogEntries, loadFacilitiesWithCounters } from './facility-list';
import { retiredStatsOf } from './facility-store';

export const retiredFacilityRoutes = {
  'GET /api/retired-facilities': implement(RETIRED_FACILITY_CONTRACTS['GET /api/retired-facilities'], async ({ query }) => {
    const entries = await catalogEntries((e) => e.retired);
    const { rows, pagination } = paginate(entries, query.page ?? 1, query.per_page ?? PAGE_SIZE.facilities);
    // A facility retired by an archive has no tenants left: its numbers are those kept when it was retired.
    const data = (await loadFacilitiesWithCounters(rows.map((e) => e.id))).map(({ facility: f, counters: c }) => ({
      id: f.id, facility_number: f.facility_number, was_prime: f.was_prime, software: f.software, city: f.city, state: f.state,
      ...(f.retired_stats ?? retiredStatsOf(c)),
    }));
    return { body: { data, pagination } };
  }),
};
