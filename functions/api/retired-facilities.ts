/** Lambda for the /api retired-facilities routes. */
import { createApiHandler } from '../runtime/api-handler';
import { retiredFacilityRoutes } from '../facilities/retired-routes';

export const handler = createApiHandler('retired-facilities', retiredFacilityRoutes);
