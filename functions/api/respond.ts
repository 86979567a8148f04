/** Lambda for the /api/respond routes: the tenant response portal (public sign-in, then the tenant's own session). */
import { createJsonApiHandler } from '../runtime/json-api-handler';
import { respondRoutes } from '../respond/routes';

export const handler = createJsonApiHandler('respond', respondRoutes);
