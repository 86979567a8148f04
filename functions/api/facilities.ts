/** Lambda for the /api facilities routes (with a facility's tenant list, served by the tenants module, and its archive, loaded on first use). */
import { createApiHandler } from '../runtime/api-handler';
import { archiveRouteOnDemand } from '../archives/archive-route-on-demand';
import { facilityRoutes } from '../facilities/routes';
import { facilityTenantRoutes } from '../tenants/manager-routes';

export const handler = createApiHandler('facilities', { ...facilityRoutes, ...facilityTenantRoutes, ...archiveRouteOnDemand('POST /api/facilities/{id}/archive') });
