/** Lambda for the /api users routes. */
import { createApiHandler } from '../runtime/api-handler';
import { userRoutes } from '../users/routes';

export const handler = createApiHandler('users', userRoutes);
