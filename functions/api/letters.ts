/**
 * Lambda for the Send Letters calls (paths under /api/facilities: tenants-mailing, tenant-mailing-counts,
 * generate-letters, generate-sample-letters, download-letters, state/*): a group of their own, so the
 * S3 client, the presigner and the letter-generation queue stay out of the facilities function and
 * each bundle stays under 1 MB (docs/decisions.md "Letters: an API group of their own"). Every call of the
 * group is a GET, which has no body, so it carries the JSON parser alone, not the form parsers (25 kB of
 * busboy that took it to 36 bytes under the budget: docs/decisions.md "Lambda bundles: JSON-only groups").
 */
import { createJsonApiHandler } from '../runtime/json-api-handler';
import { letterRoutes } from '../letters/letter-routes';

export const handler = createJsonApiHandler('letters', letterRoutes);
