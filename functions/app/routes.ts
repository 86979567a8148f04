import { APP_CONTRACTS } from '../../shared/contracts/app';
import { appVersion } from '../aws/config';
import { implement } from '../runtime/route';
import { readAppStatus } from './app-status';
import { openApiDocument } from './openapi';

export const appRoutes = {
  'GET /api/app/status': implement(APP_CONTRACTS['GET /api/app/status'], async () => ({ body: await readAppStatus() })),
  'GET /api/openapi.json': implement(APP_CONTRACTS['GET /api/openapi.json'], async () => ({ body: openApiDocument(appVersion()) })),
};
