/**
 * The home dashboard's Move-Out Stats and Tenant Threshold Stats (spec facilities-cycles-shell §2 Home
 * dashboard, §3 Cycle stats response): the maintained COUNTS item of the cycles catalog, one GetItem.
 */
import { MONITOR_CONTRACTS } from '../../shared/contracts/dashboard';
import { filterStatsOf } from '../../shared/program-filters';
import { readCatalogCounts } from '../program/catalog';
import { implement } from '../runtime/route';

export const monitorRoutes = {
  'GET /api/monitors/cycle-stats': implement(MONITOR_CONTRACTS['GET /api/monitors/cycle-stats'], async () => ({
    body: filterStatsOf(await readCatalogCounts('cycles')),
  })),
};
