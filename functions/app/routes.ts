import { CONTRACTS } from '../../shared/contracts';
import { appVersion } from '../aws/config';
import { implement } from '../runtime/route';
import { readAppStatus } from './app-status';
import { openApiDocument } from './openapi';

export const appRoutes = {
  'GET /api/app/status': implement(CONTRACTS['GET /api/app/status'], async () => ({ body: await readAppStatus() })),
  'GET /api/openapi.json': implement(CONTRACTS['GET /api/openapi.json'], async () => ({ body: openApiDocument(appVersion()) })),
};
