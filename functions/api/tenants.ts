/** Lambda for the /api tenants routes; the policy-setup routes answer 501 until their capability is built. */
import { createApiHandler } from '../runtime/api-handler';
import { tenantRoutes } from '../tenants/routes';
import { registerTenantOwnership } from '../tenants/ownership';

// A manager reads the history of its own facility's tenants only.
registerTenantOwnership();

export const handler = createApiHandler('tenants', tenantRoutes);
