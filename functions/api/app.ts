/** Lambda for the /api app routes. */
import { createApiHandler } from '../runtime/api-handler';
import { appRoutes } from '../app/routes';

export const handler = createApiHandler('app', appRoutes);
