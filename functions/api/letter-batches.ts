/** Lambda for the /api letter-batches routes; they answer 501 until their capability is built. */
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('letter-batches', {});
