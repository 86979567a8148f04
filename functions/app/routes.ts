import { APP_CONTRACTS } from '../../shared/contracts/app';
import { PROGRAM_SETTINGS_CONTRACTS } from '../../shared/contracts/program-settings';
import { REMINDER_CONTRACTS, UNSUBSCRIBE_LINK_REFUSED } from '../../shared/contracts/reminders';
import { appVersion } from '../aws/config';
import { programSettingsHistory, readProgramSettings, saveProgramSettings } from '../program/program-settings';
import { addressOfToken } from '../reminders/unsubscribe-token';
import { unsubscribe, unsubscribeState } from '../reminders/unsubscribes';
import { HttpError } from '../runtime/http-error';
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

  // Issue 27: the reminders' unsubscribe link. GET only tells (a link scanner opening it changes nothing); POST stops them.
  'GET /api/email/unsubscribe': implement(REMINDER_CONTRACTS['GET /api/email/unsubscribe'], async ({ query }) => ({
    body: await unsubscribeState(await signedAddress(query.token)),
  })),
  'POST /api/email/unsubscribe': implement(REMINDER_CONTRACTS['POST /api/email/unsubscribe'], async ({ query, body }) => ({
    body: await unsubscribe(await signedAddress(query.token), body['List-Unsubscribe'] === 'One-Click' ? 'one_click' : 'link'),
  })),
};

/** The address the program signed into an unsubscribe link; a link it did not sign as it stands is a 400 that changes nothing. */
async function signedAddress(token: string): Promise<string> {
  const address = await addressOfToken(token);
  if (!address) throw new HttpError(400, UNSUBSCRIBE_LINK_REFUSED, { field: 'token' });
  return address;
}
