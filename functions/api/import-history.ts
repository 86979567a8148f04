/**
 * Lambda for Import History (GET /api/import-history and its reports' download): a group of its own, so
 * the presigned downloads stay out of the imports function, which is near the 1 MB budget (docs/decisions.md).
 */
import { importHistoryRoutes } from '../imports/import-history-routes';
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('import-history', importHistoryRoutes);
