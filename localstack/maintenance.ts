/**
 * `npm run maintenance -- 2026-12-01T03:00:00Z` announces planned maintenance on the local stack;
 * `npm run maintenance -- clear` removes the announcement. Deployed, ops write the same item with the
 * AWS CLI (README: Operations), so no deploy is needed either way.
 */
import { setScheduledMaintenance } from '../functions/app/app-status';
import { endpointsFromEnv, useEndpoints } from './emulator';
import { localResourceEnv } from './ops-target';

const arg = process.argv[2];
if (!arg || (arg !== 'clear' && Number.isNaN(Date.parse(arg)))) {
  console.error('Usage: npm run maintenance -- <ISO date-time, e.g. 2026-12-01T03:00:00Z> | clear');
  process.exit(2);
}
// npm start's emulators, or AWS_ENDPOINT_URL's (and AWS_ENDPOINT_URL_DYNAMODB's).
useEndpoints(endpointsFromEnv());
for (const [name, value] of Object.entries(await localResourceEnv())) process.env[name] ??= value;
await setScheduledMaintenance(arg === 'clear' ? null : new Date(arg).toISOString());
console.log(arg === 'clear' ? 'Maintenance announcement cleared.' : `Maintenance announced for ${new Date(arg).toISOString()}.`);
