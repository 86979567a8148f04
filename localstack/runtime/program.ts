/**
 * The whole program on one machine: emulator, resources, demo data, HTTP front door and job pollers.
 * `npm start` and the test suites both start it through here.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { ENV } from '../../shared/resources';
import { WORKER_QUEUE_NAMES, queueEnvName } from '../../shared/jobs';
import type { WorkerQueueName } from '../../shared/jobs';
import { bootstrapResources } from '../bootstrap';
import { REPO_ROOT, endpointEnv, startEmulator, useEndpoints } from '../emulator';
import type { Endpoints } from '../emulator';
import { seedDemoData } from '../seed';
import { startSimulators } from '../simulators';
import { loadApiHandlers, loadScheduleHandlers, loadWorkerHandlers } from './handlers';
import { createHttpServer } from './http-server';
import { startPollers } from './pollers';
import type { Pollers } from './pollers';

export interface ProgramOptions {
  /** HTTP port; 0 picks a free one. */
  port: number;
  /** The emulators' ports: 'fixed' for npm start (reused if running), 'free' for private ones (tests). */
  emulatorPorts: 'fixed' | 'free';
  /** DynamoDB Local on disk (npm start, the bench's scale phase) rather than in memory (tests). */
  dynamodbOnDisk?: boolean;
  /** Where an on-disk DynamoDB Local's files go (localstack/emulator.ts `dynamodbDataDir`; default `.local/`). */
  dynamodbDataDir?: string;
  /** Resource name prefix, so tests never touch npm start's data. */
  prefix: string;
  seed: boolean;
  /**
   * Run the daily schedule on this machine's clock (npm start; issue 27). Tests leave it off and run the
   * day they choose, so no reminder or proof end happens behind their backs.
   */
  dailySchedule?: boolean;
  webRoot?: string;
  log?: (line: string) => void;
}

export interface RunningProgram {
  url: string;
  endpoints: Endpoints;
  /** DynamoDB Local's own address behind LocalStack's gateway, when this run started LocalStack (the bench compares both). */
  dynamodbLocal?: string;
  /** Resource names, settings and both endpoint variables: what a child process needs to reach the same data. */
  env: Record<string, string>;
  /** Holds one queue's messages back from its worker until released (localstack/runtime/pollers.ts; the bench). */
  holdWorker: Pollers['hold'];
  stop: () => Promise<void>;
}

/** A stable local encryption key, kept beside the checkout so sealed passwords survive restarts. */
function localAppSecret(): string {
  const dir = join(REPO_ROOT, '.local');
  const file = join(dir, 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

export async function startProgram(options: ProgramOptions): Promise<RunningProgram> {
  const log = options.log ?? console.log;
  // SiteLink, StorEdge and the CRM as local simulators; their URLs and credentials join the env.
  const simulators = await startSimulators();
  const emulator = await startEmulator({ ports: options.emulatorPorts, dynamodbOnDisk: options.dynamodbOnDisk ?? false, dynamodbDataDir: options.dynamodbDataDir, log }).catch(async (err: unknown) => {
    await simulators.stop();
    throw err;
  });
  const stopOutside = async () => {
    await emulator.stop();
    await simulators.stop();
  };
  try {
    return { ...(await startOnEmulator(options, emulator.endpoints, stopOutside, simulators.env)), dynamodbLocal: emulator.dynamodbLocal };
  } catch (err) {
    await stopOutside();
    throw err;
  }
}

/** Everything after the emulator and simulators are up; the caller stops them if this fails. */
async function startOnEmulator(
  options: ProgramOptions, endpoints: Endpoints, stopEmulator: () => Promise<void>, simulatorEnv: Record<string, string>,
): Promise<RunningProgram> {
  useEndpoints(endpoints);
  const env = await bootstrapResources(options.prefix);
  Object.assign(env, {
    // The stack's own secret (APP_SECRET_ARN) where the data stack was deployed, as deployed; else a local key.
    ...(env[ENV.appSecretArn] && !process.env[ENV.appSecret] ? {} : { [ENV.appSecret]: process.env[ENV.appSecret] ?? localAppSecret() }),
    [ENV.version]: process.env[ENV.version] ?? JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version,
    [ENV.stage]: 'local',
    ...simulatorEnv,
    ...endpointEnv(endpoints),
  });
  Object.assign(process.env, env);
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  if (options.seed) await seedDemoData();

  const [apiHandlers, workers] = await Promise.all([loadApiHandlers(), loadWorkerHandlers()]);
  const queueUrls = Object.fromEntries(WORKER_QUEUE_NAMES.map((q) => [q, env[queueEnvName(q)]!])) as Record<WorkerQueueName, string>;
  const pollers = startPollers(queueUrls, workers);
  // Loaded only when it runs, as the handlers are: the program's modules create their logger when first
  // imported, and the tests' global setups silence it (POWERTOOLS_LOG_LEVEL) before they start the program.
  const stopClock = options.dailySchedule
    ? (await import('./daily-clock')).startDailyClock({ handler: (await loadScheduleHandlers())['daily-schedule'], log: options.log ?? console.log })
    : async () => undefined;
  const server: Server = createHttpServer({
    webRoot: options.webRoot ?? join(REPO_ROOT, 'web', 'dist'),
    handlers: apiHandlers,
    // The browser POSTs uploads to the emulator's S3 (presigned POSTs, path-style on its endpoint).
    uploadsOrigin: new URL(endpoints.aws).origin,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        reject(err.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} is already in use. Stop the other program or set PORT to another port.`)
          : err);
      });
      server.listen(options.port, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    await stopClock();
    await pollers.stop();
    throw err;
  }
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    endpoints,
    env,
    holdWorker: pollers.hold,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await stopClock();
      await pollers.stop();
      await stopEmulator();
    },
  };
}
