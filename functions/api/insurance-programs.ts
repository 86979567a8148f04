/** Lambda for the /api insurance-programs routes. */
import { createApiHandler } from '../runtime/api-handler';
import { insuranceProgramRoutes } from '../insurance-programs/routes';

export const handler = createApiHandler('insurance-programs', insuranceProgramRoutes);
