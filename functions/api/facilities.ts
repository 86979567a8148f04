/** Lambda for the /api facilities routes. */
import { createApiHandler } from '../runtime/api-handler';
import { facilityRoutes } from '../facilities/routes';

export const handler = createApiHandler('facilities', facilityRoutes);
