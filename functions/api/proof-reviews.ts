/** Lambda for the /api/proof-reviews routes: staff review the proofs tenants upload on the portal. */
import { proofReviewRoutes } from '../proofs/proof-review-routes';
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('proof-reviews', proofReviewRoutes);
