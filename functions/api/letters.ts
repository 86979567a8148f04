/**
 * Lambda for the Send Letters calls (paths under /api/facilities: tenants-mailing, tenant-mailing-counts,
 * generate-letters, generate-sample-letters, download-letters, state/*): a group of their own, so the
 * S3 client, the presigner and the letter-generation queue stay out of the facilities function and
 * each bundle stays under 1 MB (docs/decisions.md "Letters: an API group of their own").
 */
import { createApiHandler } from '../runtime/api-handler';
import { letterRoutes } from '../letters/letter-routes';

export const handler = createApiHandler('letters', letterRoutes);
