/** Lambda for the /api tenants routes; the letter and policy-setup routes answer 501 until their capabilities are built. */
import { ledgerRoutes } from '../letters/ledger-routes';
import { createApiHandler } from '../runtime/api-handler';
import { tenantRoutes } from '../tenants/routes';
import { registerTenantOwnership } from '../tenants/ownership';

// A manager reads the history of its own facility's tenants only.
registerTenantOwnership();

export const handler = createApiHandler('tenants', { ...tenantRoutes, ...ledgerRoutes });
