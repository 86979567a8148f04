/** Lambda for the /api auth routes. */
import { createApiHandler } from '../runtime/api-handler';
import { authRoutes } from '../auth/routes';

export const handler = createApiHandler('auth', authRoutes);
