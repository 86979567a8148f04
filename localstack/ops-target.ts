/**
 * Where the ops scripts (npm run archive:restore, access-codes:migrate, tenant-names:migrate, maintenance,
 * seed:scale) work: npm start's stack by default (its emulators, or AWS_ENDPOINT_URL's and
 * AWS_ENDPOINT_URL_DYNAMODB's, with npm start's resource names unless given), or AWS when
 * AWS_ENDPOINT_URL is set to nothing, with the deployment's names in the environment (README:
 * Operations). Answers whether it is the local stack.
 */
import { APP_TABLE, BUCKETS, ENV, localName } from '../shared/resources';
import { dataStackName, resourceEnv } from './data-stack';
import { endpointsFromEnv, localAws, useEndpoints } from './emulator';

export const LOCAL_PREFIX = 'alp-local';

/**
 * The resource names of a local stack: on LocalStack those CloudFormation gave the data stack
 * `<prefix>-data` (localstack/data-stack.ts), on moto the bootstrap's fixed names.
 */
export async function localResourceEnv(prefix = LOCAL_PREFIX): Promise<Record<string, string>> {
  if (localAws() === 'localstack') return resourceEnv(dataStackName(prefix));
  return {
    [ENV.table]: localName(prefix, APP_TABLE.logicalName),
    [ENV.uploadsBucket]: localName(prefix, BUCKETS.uploads.logicalName),
    [ENV.exportsBucket]: localName(prefix, BUCKETS.exports.logicalName),
  };
}

export async function useOpsTarget(): Promise<boolean> {
  const local = process.env.AWS_ENDPOINT_URL !== '';
  if (local) {
    useEndpoints(endpointsFromEnv());
    // Names given in the environment win over npm start's.
    for (const [name, value] of Object.entries(await localResourceEnv())) process.env[name] ??= value;
  } else {
    delete process.env.AWS_ENDPOINT_URL;
  }
  return local;
}
