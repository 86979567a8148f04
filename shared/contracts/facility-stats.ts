/** Facility stats tab and retired facilities tab of /list-facilities (spec §2, §3, §7). */
import * as z from 'zod';
import { pageQuery, requiredText } from './form';
import { paginated } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { facilityStats, textFilter } from './program';
import { exportDownload, queuedExport } from './export-file';

export const facilityStatsRow = facilityStats.extend({
  id: z.string(),
  facility_number: z.string(),
  prime_site_id: z.string(),
  account_name: z.string(),
  was_prime: z.boolean(),
});
export type FacilityStatsRow = z.infer<typeof facilityStatsRow>;

export const retiredFacilityRow = z.object({
  id: z.string(),
  facility_number: z.string(),
  was_prime: z.boolean(),
  software: z.string(),
  city: z.string(),
  state: z.string(),
  total: z.number(),
  charge_applied: z.number(),
  chose_coverage: z.number(),
  non_responders: z.number(),
});

export const FACILITY_STATS_CONTRACTS = {
  'GET /api/facility-stats': {
    summary: 'Stats of every active facility, 100 per page',
    query: pageQuery.extend({ facility_number: textFilter, prime_site_id: textFilter, account_name: textFilter }),
    response: paginated(facilityStatsRow),
  },
  'GET /api/facility-stats/create-export': { summary: 'Queue the facility stats workbook as a job', response: queuedExport },
  'GET /api/facility-stats/download-export': {
    summary: 'A short-lived link to a facility stats workbook',
    query: z.object({ filename: requiredText('filename', 200) }),
    response: exportDownload,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;

export const RETIRED_FACILITY_CONTRACTS = {
  'GET /api/retired-facilities': { summary: 'Retired facilities, 100 per page', query: pageQuery, response: paginated(retiredFacilityRow) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
