/** Lambda for the /api facilities routes (with a facility's tenant list, served by the tenants module). */
import { createApiHandler } from '../runtime/api-handler';
import { facilityRoutes } from '../facilities/routes';
import { facilityTenantRoutes } from '../tenants/manager-routes';

export const handler = createApiHandler('facilities', { ...facilityRoutes, ...facilityTenantRoutes });
