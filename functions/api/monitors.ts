/** Lambda for the /api monitors routes (home dashboard stats). */
import { monitorRoutes } from '../monitors/routes';
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('monitors', monitorRoutes);
