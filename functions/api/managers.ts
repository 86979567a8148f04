/** Lambda for the /api managers routes; routes not built yet answer 501. */
import { registerCycleOwnership } from '../cycles/ownership';
import { managerRoutes } from '../managers/routes';
import { createApiHandler } from '../runtime/api-handler';
import { registerTenantOwnership } from '../tenants/ownership';

// Manager routes name cycles and tenants; each must belong to the caller's facility.
registerCycleOwnership();
registerTenantOwnership();

export const handler = createApiHandler('managers', managerRoutes);
