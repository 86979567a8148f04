/** Lambda for the /api facility-archives routes: the Archives tab, the wizard's calls and the admin restore. */
import { facilityArchiveRoutes } from '../archives/archive-routes';
import { archiveRestoreRoutes } from '../archives/restore-route';
import { createApiHandler } from '../runtime/api-handler';

export const handler = createApiHandler('facility-archives', { ...facilityArchiveRoutes, ...archiveRestoreRoutes });
