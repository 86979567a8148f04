/** Lambda for the /api facility-archives routes; they answer 501 until their capability is built. */
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('facility-archives', {});
