/** Lambda for POST /api/tenants/setup-policy: one tenant set up in SiteLink, with the SiteLink client (docs/decisions.md "Policy setup (server)"). */
import { createApiHandler } from '../runtime/api-handler';
import { siteLinkSetupRoutes } from '../policy-setup/sitelink-route';

export const handler = createApiHandler('policy-setup', siteLinkSetupRoutes);
