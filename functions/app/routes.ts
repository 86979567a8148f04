import { APP_CONTRACTS } from '../../shared/contracts/app';
import { PROGRAM_SETTINGS_CONTRACTS } from '../../shared/contracts/program-settings';
import { appVersion } from '../aws/config';
import { programSettingsHistory, readProgramSettings, saveProgramSettings } from '../program/program-settings';
import { implement, requireCaller } from '../runtime/route';
import { readAppStatus } from './app-status';
import { openApiDocument } from './openapi';

export const appRoutes = {
  'GET /api/app/status': implement(APP_CONTRACTS['GET /api/app/status'], async () => ({ body: await readAppStatus() })),
  'GET /api/openapi.json': implement(APP_CONTRACTS['GET /api/openapi.json'], async () => ({ body: openApiDocument(appVersion()) })),

  'GET /api/program-settings': implement(PROGRAM_SETTINGS_CONTRACTS['GET /api/program-settings'], async () => ({ body: await readProgramSettings() })),
  'POST /api/program-settings': implement(PROGRAM_SETTINGS_CONTRACTS['POST /api/program-settings'], async (input) => {
    const { user } = requireCaller(input);
    const { version, ...fields } = input.body;
    return { body: await saveProgramSettings(fields, version, { user_id: user.id, username: user.username }) };
  }),
  'GET /api/program-settings/history': implement(PROGRAM_SETTINGS_CONTRACTS['GET /api/program-settings/history'], async () => ({
    body: { data: await programSettingsHistory() },
  })),
};
