/**
 * Where the ops scripts (npm run archive:restore, access-codes:migrate, tenant-names:migrate) work: npm
 * start's stack by default (its emulators, or AWS_ENDPOINT_URL's and AWS_ENDPOINT_URL_DYNAMODB's, with
 * npm start's resource names unless given), or AWS when AWS_ENDPOINT_URL is set to nothing, with the
 * deployment's names in the environment (README: Operations). Answers whether it is the local stack.
 */
import { APP_TABLE, ENV, localName } from '../shared/resources';
import { endpointsFromEnv, useEndpoints } from './emulator';

export const LOCAL_PREFIX = 'alp-local';

export function useOpsTarget(): boolean {
  const local = process.env.AWS_ENDPOINT_URL !== '';
  if (local) {
    useEndpoints(endpointsFromEnv());
    process.env[ENV.table] ??= localName(LOCAL_PREFIX, APP_TABLE.logicalName);
  } else {
    delete process.env.AWS_ENDPOINT_URL;
  }
  return local;
}
