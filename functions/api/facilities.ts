/** Lambda for the /api facilities routes (with a facility's tenant list and the Send Letters calls). */
import { createApiHandler } from '../runtime/api-handler';
import { facilityRoutes } from '../facilities/routes';
import { letterRoutes } from '../letters/letter-routes';
import { facilityTenantRoutes } from '../tenants/manager-routes';

export const handler = createApiHandler('facilities', { ...facilityRoutes, ...facilityTenantRoutes, ...letterRoutes });
