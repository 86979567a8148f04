/**
 * The AWS endpoint for local runs and tests. With AWS_ENDPOINT_URL set (a LocalStack container, or any
 * compatible emulator someone else runs) everything goes there and nothing is started. Otherwise the
 * project starts LocalStack itself on 127.0.0.1 (localstack/localstack-aws.ts: `localstack-core` from a
 * pinned virtual environment it installs on first use, every service on one gateway, its DynamoDB being
 * AWS DynamoDB Local from Maven Central).
 * AWS SDK v3 clients prefer the service-specific AWS_ENDPOINT_URL_DYNAMODB over AWS_ENDPOINT_URL, so both
 * are set (useEndpoints; endpointEnv for child processes): a DynamoDB endpoint left over in the
 * environment cannot send DynamoDB elsewhere.
 */
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

import { DYNAMODB_LOCAL_VERSION, LOCALSTACK_VERSION, localStackReady, startLocalStack } from './localstack-aws';

export { DYNAMODB_LOCAL_VERSION, LOCALSTACK_VERSION };
export const REPO_ROOT = resolve(import.meta.dirname, '..');
/**
 * JVM heap of LocalStack's DynamoDB Local. The items are not in the heap (SQLite keeps them: in native
 * memory in memory, in files on disk); the heap holds the requests in flight, so 1 GB is room to spare
 * for the tests (a 40,000-item in-memory load ran in 128 MB; docs/decisions.md, "DynamoDB Local for
 * DynamoDB"). On disk it serves npm start and the bench's 1.5 million tenants, where the tenant reads
 * stalled for 5-6 s every few seconds of load at 1 GB; it gets more room there, and its GC log
 * (`.local/dynamodb-local-{port}-gc.log`) says whether a stall was a collection.
 */
const DYNAMODB_LOCAL_HEAP = '1g';
const DYNAMODB_LOCAL_ON_DISK_HEAP = '4g';

/**
 * The fixed ports of `npm start` (a LocalStack already answering there is reused): LocalStack's gateway,
 * and its DynamoDB Local's own port. EMULATOR_PORT / DYNAMODB_LOCAL_PORT override.
 */
export const FIXED_PORTS = {
  aws: Number(process.env.EMULATOR_PORT ?? 4566),
  dynamodb: Number(process.env.DYNAMODB_LOCAL_PORT ?? 4567),
};

export interface Endpoints {
  /** Every AWS API: AWS_ENDPOINT_URL. */
  aws: string;
  /** DynamoDB: AWS_ENDPOINT_URL_DYNAMODB (LocalStack's gateway too, unless an external setup says otherwise). */
  dynamodb: string;
}

export interface Emulator {
  endpoints: Endpoints;
  /** DynamoDB Local's own address behind LocalStack's gateway (the bench compares both); none for an external emulator. */
  dynamodbLocal?: string;
  /** Stops what this process started (a reused or external emulator keeps running). */
  stop: () => Promise<void>;
}

export interface EmulatorOptions {
  /** 'fixed': FIXED_PORTS, reusing a LocalStack already answering there (npm start run twice); 'free': a private one (tests). */
  ports: 'fixed' | 'free';
  /**
   * DynamoDB Local keeps its tables in SQLite files (a large program: in memory it holds about 1 GB per
   * 300,000 items) rather than in memory (tests: writes 3-5 times faster). Empty at each start either way.
   */
  dynamodbOnDisk: boolean;
  /**
   * The folder a run's LocalStack files (and an on-disk DynamoDB Local's SQLite files) go in (default
   * `.local/`). A tmpfs such as /dev/shm spares SQLite's fsync at every commit: the bench's tenant phase
   * loads 1.5 million tenants there.
   */
  dynamodbDataDir?: string;
  log?: (line: string) => void;
}

async function twoFreePorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Returns a running endpoint: AWS_ENDPOINT_URL's when set; otherwise LocalStack's, started here (or
 * reused, with `ports: 'fixed'`).
 */
export async function startEmulator(options: EmulatorOptions): Promise<Emulator> {
  const log = options.log ?? console.log;
  if (process.env.AWS_ENDPOINT_URL) return { endpoints: endpointsFromEnv(), stop: async () => undefined };

  const fixed = options.ports === 'fixed';
  const [port, dynamodbPort] = fixed ? [FIXED_PORTS.aws, FIXED_PORTS.dynamodb] : await twoFreePorts();
  const gateway = `http://127.0.0.1:${port}`;
  const dynamodbLocal = `http://127.0.0.1:${dynamodbPort}`;
  if (fixed && (await localStackReady(gateway))) {
    log(`Reusing the LocalStack already running at ${gateway}.`);
    return { endpoints: { aws: gateway, dynamodb: gateway }, dynamodbLocal, stop: async () => undefined };
  }
  const stop = await startLocalStack({
    port,
    dynamodbPort,
    dynamodbOnDisk: options.dynamodbOnDisk,
    dataDir: options.dynamodbDataDir,
    dynamodbHeap: options.dynamodbOnDisk ? DYNAMODB_LOCAL_ON_DISK_HEAP : DYNAMODB_LOCAL_HEAP,
    dynamodbGcLog: options.dynamodbOnDisk ? join(REPO_ROOT, '.local', `dynamodb-local-${dynamodbPort}-gc.log`) : undefined,
  }, log);
  return { endpoints: { aws: gateway, dynamodb: gateway }, dynamodbLocal, stop };
}

/**
 * The endpoints in an environment: AWS_ENDPOINT_URL (and AWS_ENDPOINT_URL_DYNAMODB, else the same) when
 * set, else `npm start`'s LocalStack gateway. For scripts that work on the running stack (seed:scale,
 * maintenance).
 */
export function endpointsFromEnv(env: NodeJS.ProcessEnv = process.env): Endpoints {
  const aws = env.AWS_ENDPOINT_URL ?? `http://127.0.0.1:${FIXED_PORTS.aws}`;
  const dynamodb = env.AWS_ENDPOINT_URL_DYNAMODB ?? aws;
  return { aws, dynamodb };
}

/** The variables that carry the endpoints, for a child process's environment. */
export const ENDPOINT_VARS: readonly string[] = ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB'];

export function endpointEnv(endpoints: Endpoints): Record<string, string> {
  return { AWS_ENDPOINT_URL: endpoints.aws, AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb };
}

/** The SDK settings every local process uses: the endpoints and dummy credentials the emulators accept. */
export function useEndpoints(endpoints: Endpoints): void {
  Object.assign(process.env, endpointEnv(endpoints));
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  // Lambdas run a current Node; this machine's Node 20 only gets the SDK's upgrade notice, which is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}
