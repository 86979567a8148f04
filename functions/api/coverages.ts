/** Lambda for the /api coverages routes. */
import { createApiHandler } from '../runtime/api-handler';
import { coverageRoutes } from '../coverages/routes';

export const handler = createApiHandler('coverages', coverageRoutes);
