/** Lambda for the /api cycles routes; routes not built yet (archive) answer 501. */
import { registerCycleOwnership } from '../cycles/ownership';
import { cycleRoutes } from '../cycles/routes';
import { createApiHandler } from '../runtime/api-handler';

// A manager reads only its own facility's cycles, whatever id it sends.
registerCycleOwnership();

export const handler = createApiHandler('cycles', cycleRoutes);
