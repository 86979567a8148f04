/** Lambda for the /api exports routes; routes not built yet answer 501. */
import { createApiHandler } from '../runtime/api-handler';
import { registerExportOwnership } from '../exports/download';
import { exportRoutes } from '../exports/routes';

// The download route's `export` scope is checked against the key before the route runs.
registerExportOwnership();

export const handler = createApiHandler('exports', exportRoutes);
