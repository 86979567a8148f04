/**
 * The staff tenant page and the staff app's tenant search (issue 24, "One tenant's whole story";
 * docs/decisions.md under that name), and clearing the tenant's returned-e-mail flag (issue 26). Staff
 * only (shared/routes.ts): the page shows the access code; managers do not clear the flag.
 */
import { TENANT_STORY_CONTRACTS } from '../../shared/contracts/tenant-story';
import { clearSuppression } from '../email/email-suppression';
import { conflict, notFound } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { searchTenants } from './tenant-search';
import { getTenant } from './tenant-store';
import { readTenantStory } from './tenant-story';

export const tenantStoryRoutes = {
  'GET /api/tenants/{id}/story': implement(TENANT_STORY_CONTRACTS['GET /api/tenants/{id}/story'], async ({ params }) => ({
    body: await readTenantStory(params.id),
  })),

  'GET /api/tenants/search': implement(TENANT_STORY_CONTRACTS['GET /api/tenants/search'], async ({ query }) => ({
    body: await searchTenants(query.q),
  })),

  'POST /api/tenants/{id}/email-suppression/clear': implement(TENANT_STORY_CONTRACTS['POST /api/tenants/{id}/email-suppression/clear'], async (input) => {
    const tenant = await getTenant(input.params.id);
    if (!tenant) throw notFound('Tenant not found.');
    if (!tenant.email.trim()) throw conflict('This tenant has no e-mail address: there is no returned-e-mail flag to clear.');
    const { user } = requireCaller(input);
    const cleared = await clearSuppression(tenant.email, { user_id: user.id, username: user.username });
    if (!cleared) throw conflict(`The address ${tenant.email.trim()} is not suppressed (no bounce or complaint is on record, or it was cleared already): nothing to clear.`);
    return { body: { success: true, email_suppression: cleared } };
  }),
};
