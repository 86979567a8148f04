/**
 * Lambda for the rent-roll import routes (POST /api/tenants/import-uploads, /api/tenants/import and
 * /api/cycles/import-tenants): a group of their own, so the S3 client, the presigned POSTs and the
 * uploads bucket grant stay out of the tenants and cycles functions (docs/decisions.md).
 */
import { importRoutes } from '../imports/import-routes';
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('imports', importRoutes);
