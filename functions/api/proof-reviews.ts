/** Lambda for the /api/proof-reviews routes: staff review the proofs tenants upload on the portal. */
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('proof-reviews', {});
