/** Lambda for the /api/proof-reviews routes: staff review the proofs tenants upload on the portal. */
import { proofReviewRoutes } from '../proofs/proof-review-routes';
import { createJsonApiHandler } from '../runtime/json-api-handler';

export const handler = createJsonApiHandler('proof-reviews', proofReviewRoutes);
