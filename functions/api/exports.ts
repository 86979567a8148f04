/** Lambda for the /api exports routes; routes not built yet answer 501. */
import { registerCycleOwnership } from '../cycles/ownership';
import { createApiHandler } from '../runtime/api-handler';
import { registerExportOwnership } from '../exports/download';
import { exportRoutes } from '../exports/routes';

// The download route's `export` scope is checked against the key before the route runs.
registerExportOwnership();
// manager-tenants names a cycle, which must belong to the caller's facility.
registerCycleOwnership();

export const handler = createApiHandler('exports', exportRoutes);
