/** Lambda for the /api tenants routes (the tenant page and search among them), with the policy-setup lists (the setups themselves are facility-software's) and Proofs expiring. */
import { createApiHandler } from '../runtime/api-handler';
import { policySetupListRoutes } from '../policy-setup/list-routes';
import { tenantRoutes } from '../tenants/routes';
import { tenantStoryRoutes } from '../tenants/story-routes';
import { proofsExpiringRoutes } from '../tenants/proofs-expiring-routes';
import { registerTenantOwnership } from '../tenants/ownership';

// A manager reads the history of its own facility's tenants only.
registerTenantOwnership();

export const handler = createApiHandler('tenants', { ...tenantRoutes, ...tenantStoryRoutes, ...policySetupListRoutes, ...proofsExpiringRoutes });
