/** Lambda for the /api facility-stats routes; routes not built yet answer 501. */
import { createApiHandler } from '../runtime/api-handler';
import { facilityStatsDownloadExportRoute } from '../exports/facility-stats-export';

export const handler = createApiHandler('facility-stats', {
  'GET /api/facility-stats/download-export': facilityStatsDownloadExportRoute,
});
