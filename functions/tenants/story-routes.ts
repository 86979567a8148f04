/**
 * The staff tenant page and the staff app's tenant search (issue 24, "One tenant's whole story";
 * docs/decisions.md under that name). Staff only (shared/routes.ts): the page shows the access code.
 */
import { TENANT_STORY_CONTRACTS } from '../../shared/contracts/tenant-story';
import { implement } from '../runtime/route';
import { searchTenants } from './tenant-search';
import { readTenantStory } from './tenant-story';

export const tenantStoryRoutes = {
  'GET /api/tenants/{id}/story': implement(TENANT_STORY_CONTRACTS['GET /api/tenants/{id}/story'], async ({ params }) => ({
    body: await readTenantStory(params.id),
  })),

  'GET /api/tenants/search': implement(TENANT_STORY_CONTRACTS['GET /api/tenants/search'], async ({ query }) => ({
    body: await searchTenants(query.q),
  })),
};
