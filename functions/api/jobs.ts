/** Lambda for the /api jobs routes. */
import { createApiHandler } from '../runtime/api-handler';
import { failedJobRoutes } from '../jobs/failed-job-routes';
import { jobRoutes } from '../jobs/routes';

export const handler = createApiHandler('jobs', { ...jobRoutes, ...failedJobRoutes });
