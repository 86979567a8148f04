/**
 * The AWS endpoints for local runs and tests. With AWS_ENDPOINT_URL set (LocalStack or any compatible
 * emulator) everything goes there and nothing is started. With LOCAL_AWS=localstack, LocalStack on
 * 127.0.0.1 (localstack/localstack-aws.ts: every service on one gateway, its DynamoDB being DynamoDB
 * Local). Otherwise two emulators on 127.0.0.1, each from a pinned install the project makes itself on
 * first use:
 * - moto_server (Python virtual environment `.venv-moto`) for S3, SQS, SES and Secrets Manager;
 * - AWS DynamoDB Local (Java 17; jars from Maven Central in `.dynamodb-local`) for DynamoDB: moto answers
 *   an index Query by reading every item of the table, DynamoDB Local reads the index (docs/decisions.md).
 * AWS SDK v3 clients prefer the service-specific AWS_ENDPOINT_URL_DYNAMODB over AWS_ENDPOINT_URL, so with
 * both set (useEndpoints; endpointEnv for child processes) every client reaches the right emulator
 * without any endpoint in the code.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

import { DYNAMODB_LOCAL_VERSION, LOCALSTACK_VERSION, localStackReady, startLocalStack } from './localstack-aws';

export { DYNAMODB_LOCAL_VERSION, LOCALSTACK_VERSION };
export const MOTO_VERSION = '5.2.5';
export const REPO_ROOT = resolve(import.meta.dirname, '..');
const VENV = join(REPO_ROOT, '.venv-moto');
const MOTO_SERVER = join(VENV, 'bin', 'moto_server');
/** moto_server with one per-request cost removed (see the script). */
const MOTO_LAUNCHER = join(REPO_ROOT, 'localstack', 'moto-server.py');
const DYNAMODB_LOCAL = join(REPO_ROOT, '.dynamodb-local');
const DYNAMODB_LOCAL_SOURCES = join(REPO_ROOT, 'localstack', 'dynamodb-local');
/** sqlite4java's native library, which DynamoDB Local needs in memory and on disk alike. */
const SQLITE_NATIVE = 'libsqlite4java-linux-amd64-1.0.392.so';
/**
 * JVM heap of DynamoDB Local. The items are not in the heap (SQLite keeps them: in native memory with
 * -inMemory, in files on disk); the heap holds the requests in flight, so 1 GB is room to spare for the
 * tests (a 40,000-item in-memory load ran in 128 MB; docs/decisions.md, "DynamoDB Local for DynamoDB").
 * On disk it serves npm start and the bench's 1.5 million tenants, where the tenant reads stalled for
 * 5-6 s every few seconds of load at 1 GB; it gets more room there, and its GC log
 * (`.local/dynamodb-local-{port}-gc.log`) says whether a stall was a collection.
 */
const DYNAMODB_LOCAL_HEAP = '-Xmx1g';
const DYNAMODB_LOCAL_ON_DISK_HEAP = '-Xmx4g';

/** The fixed ports of `npm start` (reused when something answers there); EMULATOR_PORT / DYNAMODB_LOCAL_PORT override. */
export const FIXED_PORTS = {
  aws: Number(process.env.EMULATOR_PORT ?? 4566),
  dynamodb: Number(process.env.DYNAMODB_LOCAL_PORT ?? 4567),
};

export interface Endpoints {
  /** S3, SQS, SES, Secrets Manager: AWS_ENDPOINT_URL. */
  aws: string;
  /** DynamoDB: AWS_ENDPOINT_URL_DYNAMODB. */
  dynamodb: string;
}

/** Which emulator the project starts when AWS_ENDPOINT_URL is not set: LOCAL_AWS=localstack or moto (the default). */
export type LocalAws = 'localstack' | 'moto';
export function localAws(env: NodeJS.ProcessEnv = process.env): LocalAws {
  const kind = env.LOCAL_AWS ?? 'moto';
  if (kind !== 'localstack' && kind !== 'moto') throw new EmulatorError(`LOCAL_AWS is '${kind}': it must be 'localstack' or 'moto'.`);
  return kind;
}

export interface Emulator {
  endpoints: Endpoints;
  /** DynamoDB Local's own address, when it runs behind LocalStack's gateway (the bench compares both). */
  dynamodbLocal?: string;
  /** Stops what this process started (a reused or external emulator keeps running). */
  stop: () => Promise<void>;
}

export interface EmulatorOptions {
  /** 'fixed': FIXED_PORTS, reusing emulators already answering there (npm start run twice); 'free': private ones (tests). */
  ports: 'fixed' | 'free';
  /**
   * DynamoDB Local keeps its tables in SQLite files under `.local/` (a large program: in memory it holds
   * about 1 GB per 300,000 items) rather than in memory (tests: writes 3-5 times faster). Empty at each
   * start either way.
   */
  dynamodbOnDisk: boolean;
  /**
   * The folder an on-disk DynamoDB Local's SQLite folder goes in (default `.local/`). A tmpfs such as
   * /dev/shm spares SQLite's fsync at every commit: the bench's tenant phase loads 1.5 million tenants there.
   */
  dynamodbDataDir?: string;
  log?: (line: string) => void;
}

export class EmulatorError extends Error {}

/** Creates the virtual environment and installs the pinned moto once; later runs reuse it. */
export function ensureMotoInstalled(log: (line: string) => void = console.log): void {
  const marker = join(VENV, '.moto-version');
  if (existsSync(MOTO_SERVER) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === MOTO_VERSION) return;
  log(`Installing moto[server]==${MOTO_VERSION} into ${VENV} (first run only)...`);
  const python = process.env.PYTHON ?? 'python3';
  const venv = spawnSync(python, ['-m', 'venv', VENV], { stdio: 'inherit' });
  if (venv.status !== 0) {
    throw new EmulatorError(
      `Could not create a Python virtual environment with '${python} -m venv'. Install Python 3 with venv ` +
      `(Debian: apt-get install -y python3 python3-venv), or set AWS_ENDPOINT_URL to a running LocalStack.`,
    );
  }
  const pip = spawnSync(join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `moto[server]==${MOTO_VERSION}`], { stdio: 'inherit' });
  if (pip.status !== 0) {
    throw new EmulatorError(
      `pip could not install moto[server]==${MOTO_VERSION}. It needs access to PyPI (or a mirror set with PIP_INDEX_URL); ` +
      `alternatively set AWS_ENDPOINT_URL to a running LocalStack.`,
    );
  }
  writeFileSync(marker, MOTO_VERSION);
}

/** The major version of `java` on the PATH, or null when there is none. */
function javaMajor(): number | null {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(run.stderr)?.slice(1) ?? [];
  // Java 8 and older call themselves "1.8".
  return version[0] === '1' ? Number(version[1]) : Number(version[0]);
}

/**
 * Copies the pinned DynamoDB Local and its dependencies (jars, sqlite4java's native libraries) from Maven
 * Central into `.dynamodb-local/lib` once, and compiles the launcher that keeps it on 127.0.0.1; later runs
 * reuse them. Needs a JDK 17 (java, javac) and Maven.
 */
export function ensureDynamoDbLocalInstalled(log: (line: string) => void = console.log): void {
  const marker = join(DYNAMODB_LOCAL, '.version');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === DYNAMODB_LOCAL_VERSION) return;
  const needs = 'DynamoDB Local needs a JDK 17 or newer and Maven (Debian: apt-get install -y openjdk-17-jdk-headless maven), '
    + 'or set AWS_ENDPOINT_URL to a running LocalStack.';
  const major = javaMajor();
  if (major === null) throw new EmulatorError(`No 'java' on the PATH. ${needs}`);
  if (major < 17) throw new EmulatorError(`'java' is version ${major}. ${needs}`);
  for (const tool of ['javac', 'mvn']) {
    if (spawnSync(tool, ['-version'], { stdio: 'ignore' }).error) throw new EmulatorError(`No '${tool}' on the PATH. ${needs}`);
  }
  log(`Installing DynamoDB Local ${DYNAMODB_LOCAL_VERSION} into ${DYNAMODB_LOCAL} from Maven Central (first run only)...`);
  // Built beside and renamed into place, so an interrupted install never looks finished.
  const building = `${DYNAMODB_LOCAL}.installing`;
  rmSync(building, { recursive: true, force: true });
  const lib = join(building, 'lib');
  const mvn = spawnSync('mvn', [
    '-q', '-B', '-Dstyle.color=never', '-f', join(DYNAMODB_LOCAL_SOURCES, 'pom.xml'), 'dependency:copy-dependencies',
    `-Ddynamodb.local.version=${DYNAMODB_LOCAL_VERSION}`, `-DoutputDirectory=${lib}`,
  ], { encoding: 'utf8' });
  if (mvn.status !== 0) {
    throw new EmulatorError(`Maven could not fetch software.amazon.dynamodb:DynamoDBLocal:${DYNAMODB_LOCAL_VERSION}. `
      + 'It needs access to Maven Central (or a mirror in ~/.m2/settings.xml); alternatively set AWS_ENDPOINT_URL to a running LocalStack. '
      + `Maven said:\n${`${mvn.stdout ?? ''}${mvn.stderr ?? ''}`.slice(-4000)}`);
  }
  if (process.platform === 'linux' && process.arch === 'x64' && !existsSync(join(lib, SQLITE_NATIVE))) {
    throw new EmulatorError(`Maven did not copy sqlite4java's native library ${SQLITE_NATIVE} into ${lib}.`);
  }
  const javac = spawnSync('javac', ['-cp', join(lib, '*'), '-d', join(building, 'launcher'), join(DYNAMODB_LOCAL_SOURCES, 'LoopbackServerRunner.java')], { stdio: 'inherit' });
  if (javac.status !== 0) throw new EmulatorError('javac could not compile localstack/dynamodb-local/LoopbackServerRunner.java (see above).');
  writeFileSync(join(building, '.version'), DYNAMODB_LOCAL_VERSION);
  rmSync(DYNAMODB_LOCAL, { recursive: true, force: true });
  renameSync(building, DYNAMODB_LOCAL);
}

async function motoAnswers(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/moto-api/`, { signal: AbortSignal.timeout(1500) });
    return res.status < 500;
  } catch {
    return false;
  }
}

async function dynamodbAnswers(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      body: '{"Limit":1}',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
        // DynamoDB Local wants an access key in the header; it checks no signature.
        authorization: 'AWS4-HMAC-SHA256 Credential=test/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      },
      signal: AbortSignal.timeout(1500),
    });
    return res.status === 200;
  } catch {
    return false;
  }
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
 * One emulator process: reused when `reuse` and something already answers at the endpoint, otherwise
 * started and awaited. Returns its stop function (a no-op for a reused one).
 */
async function startOrReuse(
  name: string, endpoint: string, reuse: boolean, answers: (endpoint: string) => Promise<boolean>,
  start: () => ChildProcess, log: (line: string) => void,
): Promise<() => Promise<void>> {
  if (reuse && (await answers(endpoint))) {
    log(`Reusing the ${name} already running at ${endpoint}.`);
    return async () => undefined;
  }
  const child = start();
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  // If this process ends without stop() (process.exit, an uncaught error), the emulator ends with it
  // instead of staying behind.
  const killOnExit = () => { child.kill('SIGKILL'); };
  process.once('exit', killOnExit);
  const deadline = Date.now() + 60_000;
  while (!(await answers(endpoint))) {
    if (ended() || Date.now() > deadline) {
      child.kill('SIGKILL');
      process.off('exit', killOnExit);
      throw new EmulatorError(`${name} did not start on ${endpoint}. Is the port in use? Its output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return () => new Promise((done) => {
    process.off('exit', killOnExit);
    if (ended()) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/**
 * Returns running endpoints: AWS_ENDPOINT_URL's when set; otherwise moto and DynamoDB Local, started
 * side by side (or reused, with `ports: 'fixed'`).
 */
export async function startEmulator(options: EmulatorOptions): Promise<Emulator> {
  const log = options.log ?? console.log;
  if (process.env.AWS_ENDPOINT_URL) return { endpoints: endpointsFromEnv(), stop: async () => undefined };

  const fixed = options.ports === 'fixed';
  const [awsPort, dynamodbPort] = fixed ? [FIXED_PORTS.aws, FIXED_PORTS.dynamodb] : await twoFreePorts();
  if (localAws() === 'localstack') {
    const gateway = `http://127.0.0.1:${awsPort}`;
    const stop = await startOrReuseLocalStack(gateway, fixed, log, () => startLocalStack({
      port: awsPort,
      dynamodbPort,
      dynamodbOnDisk: options.dynamodbOnDisk,
      dataDir: options.dynamodbDataDir,
      dynamodbHeap: options.dynamodbOnDisk ? DYNAMODB_LOCAL_ON_DISK_HEAP.slice('-Xmx'.length) : DYNAMODB_LOCAL_HEAP.slice('-Xmx'.length),
      dynamodbGcLog: options.dynamodbOnDisk ? join(REPO_ROOT, '.local', `dynamodb-local-${dynamodbPort}-gc.log`) : undefined,
    }, log));
    return { endpoints: { aws: gateway, dynamodb: gateway }, dynamodbLocal: `http://127.0.0.1:${dynamodbPort}`, stop };
  }
  const endpoints: Endpoints = { aws: `http://127.0.0.1:${awsPort}`, dynamodb: `http://127.0.0.1:${dynamodbPort}` };

  const startMoto = () => {
    ensureMotoInstalled(log);
    return spawn(join(VENV, 'bin', 'python'), [MOTO_LAUNCHER, '-H', '127.0.0.1', '-p', String(awsPort)], { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const startDynamoDbLocal = () => {
    ensureDynamoDbLocalInstalled(log);
    const lib = join(DYNAMODB_LOCAL, 'lib');
    // SQLite files of an on-disk DynamoDB Local: one folder per port, empty at start, removed at exit.
    const dataDir = join(options.dynamodbDataDir ?? join(REPO_ROOT, '.local'), `dynamodb-local-${dynamodbPort}`);
    if (options.dynamodbOnDisk) {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      mkdirSync(join(REPO_ROOT, '.local'), { recursive: true });
    }
    const jvm = options.dynamodbOnDisk
      ? [DYNAMODB_LOCAL_ON_DISK_HEAP, `-Xlog:gc:file=${join(REPO_ROOT, '.local', `dynamodb-local-${dynamodbPort}-gc.log`)}:uptime`]
      : [DYNAMODB_LOCAL_HEAP];
    const child = spawn('java', [
      ...jvm, `-Djava.library.path=${lib}`, '-cp', `${join(DYNAMODB_LOCAL, 'launcher')}:${join(lib, '*')}`,
      'LoopbackServerRunner', '-port', String(dynamodbPort), '-disableTelemetry',
      // One database for every region and access key: every local process expects the same tables.
      '-sharedDb', ...(options.dynamodbOnDisk ? ['-dbPath', dataDir] : ['-inMemory']),
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.dynamodbOnDisk) child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    return child;
  };

  const started = await Promise.allSettled([
    startOrReuse('moto_server', endpoints.aws, fixed, motoAnswers, startMoto, log),
    startOrReuse('DynamoDB Local', endpoints.dynamodb, fixed, dynamodbAnswers, startDynamoDbLocal, log),
  ]);
  const stops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => { await Promise.all(stops.map((s) => s())); };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { endpoints, stop };
}

/** LocalStack at the gateway: reused when `reuse` and one answers there (npm start run twice), else started. */
async function startOrReuseLocalStack(
  gateway: string, reuse: boolean, log: (line: string) => void, start: () => Promise<() => Promise<void>>,
): Promise<() => Promise<void>> {
  if (reuse && (await localStackReady(gateway))) {
    log(`Reusing the LocalStack already running at ${gateway}.`);
    return async () => undefined;
  }
  return start();
}

/**
 * The endpoints in an environment: AWS_ENDPOINT_URL (and AWS_ENDPOINT_URL_DYNAMODB, else the same) when
 * set, else `npm start`'s fixed ports. For scripts that work on the running stack (seed:scale, maintenance).
 */
export function endpointsFromEnv(env: NodeJS.ProcessEnv = process.env): Endpoints {
  const aws = env.AWS_ENDPOINT_URL ?? `http://127.0.0.1:${FIXED_PORTS.aws}`;
  const dynamodb = env.AWS_ENDPOINT_URL_DYNAMODB ?? (env.AWS_ENDPOINT_URL ? aws : `http://127.0.0.1:${FIXED_PORTS.dynamodb}`);
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
