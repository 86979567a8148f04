/** Lambda for GET /api/letter-batches. */
import { createApiHandler } from '../runtime/api-handler';
import { letterBatchRoutes } from '../letters/letter-batch-routes';

export const handler = createApiHandler('letter-batches', letterBatchRoutes);
