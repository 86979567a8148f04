/** Lambda for the /api facilities routes; they answer 501 until their capability is built. */
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('facilities', {});
