/** Lambda for the /api jobs routes. */
import { createApiHandler } from '../runtime/api-handler';
import { jobRoutes } from '../jobs/routes';

export const handler = createApiHandler('jobs', jobRoutes);
