/** Lambda for the /api facility-stats routes. */
import { createApiHandler } from '../runtime/api-handler';
import { facilityStatsRoutes } from '../facilities/stats-routes';

export const handler = createApiHandler('facility-stats', facilityStatsRoutes);
