/**
 * Where the ops scripts (npm run archive:restore, access-codes:migrate, tenant-names:migrate, maintenance,
 * seed:scale) work: npm start's stack by default (its emulators, or AWS_ENDPOINT_URL's and
 * AWS_ENDPOINT_URL_DYNAMODB's, with npm start's resource names unless given), or AWS when
 * AWS_ENDPOINT_URL is set to nothing, with the deployment's names in the environment (README:
 * Operations). Answers whether it is the local stack.
 */
import { dataStackName, resourceEnv } from './data-stack';
import { endpointsFromEnv, useEndpoints } from './emulator';

export const LOCAL_PREFIX = 'alp-local';

/** The resource names of a local stack: those CloudFormation gave the data stack `<prefix>-data` (localstack/data-stack.ts). */
export async function localResourceEnv(prefix = LOCAL_PREFIX): Promise<Record<string, string>> {
  return resourceEnv(dataStackName(prefix));
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
