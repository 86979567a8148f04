/** Lambda for the /api cycles routes (Archive Cycle's route loaded on first use). */
import { archiveRouteOnDemand } from '../archives/archive-route-on-demand';
import { registerCycleOwnership } from '../cycles/ownership';
import { cycleRoutes } from '../cycles/routes';
import { createApiHandler } from '../runtime/api-handler';

// A manager reads only its own facility's cycles, whatever id it sends.
registerCycleOwnership();

export const handler = createApiHandler('cycles', { ...cycleRoutes, ...archiveRouteOnDemand('POST /api/cycles/{id}/archive') });
