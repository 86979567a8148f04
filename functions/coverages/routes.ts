/** Coverage options: per state, and as read from a facility's SiteLink or StorEdge account. */
import { availableCoverages } from './available';
import { fetchFromApi } from './fetch-from-api';

export const coverageRoutes = {
  'GET /api/coverages/available': availableCoverages,
  'GET /api/coverages/fetch-from-api': fetchFromApi,
};
