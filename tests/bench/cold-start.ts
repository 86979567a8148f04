/**
 * Cold module init: each bundle imported by a fresh `node` process, as a new Lambda execution
 * environment does before the first invocation. The child times its own import, so process spawn and
 * Node's bootstrap are reported apart from the module's init.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ENV } from '../../shared/resources';
import { WORKER_QUEUE_NAMES, queueEnvName } from '../../shared/jobs';
import type { BundleResult } from './bundles';
import { summarize } from './stats';
import type { Summary } from './stats';

const run = promisify(execFile);

/**
 * performance.now() counts from the process's time origin, so `total` includes Node's own startup.
 * CPU time is reported beside the wall time: it hardly moves when other work competes for the cores,
 * so it tells a slow module from a busy machine.
 */
const CHILD = `
const cpu = process.cpuUsage();
const started = performance.now();
await import(process.argv[1]);
const done = performance.now();
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ importMs: done - started, totalMs: done, cpuMs: (used.user + used.system) / 1000 }));
process.exit(0);
`;

interface ChildSample { importMs: number; totalMs: number; cpuMs: number }

export interface ColdStart {
  bundle: BundleResult;
  /** Import start to import done: the module's own init. */
  importMs: Summary;
  /** Process time origin to import done: what Lambda's Init phase would add to Node's startup. */
  totalMs: Summary;
  /** CPU time (user + system, all threads) spent by the import. */
  cpuMs: Summary;
}

/** Only what a Lambda would have: region, credentials, and the resource names CDK passes, all dummies. */
export function lambdaEnv(functionName: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_LAMBDA_FUNCTION_NAME: functionName,
    [ENV.table]: 'bench-app',
    [ENV.uploadsBucket]: 'bench-uploads',
    [ENV.exportsBucket]: 'bench-exports',
    [ENV.appSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-app-secret',
    [ENV.appSecret]: 'bench-secret',
    [ENV.version]: '0.0.0-bench',
    [ENV.stage]: 'bench',
  };
  for (const q of WORKER_QUEUE_NAMES) env[queueEnvName(q)] = `https://sqs.us-east-1.amazonaws.com/000000000000/bench-${q}`;
  return env;
}

async function importOnce(bundle: BundleResult): Promise<ChildSample> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(bundle.file).href], {
    env: lambdaEnv(`${bundle.kind}-${bundle.name}`),
    timeout: 20_000,
  });
  return JSON.parse(stdout) as ChildSample;
}

/**
 * Rounds go over every bundle before repeating, so a slow moment of the machine spreads over all
 * bundles instead of landing on one. One child at a time: two cores, and init is CPU-bound.
 */
export async function measureColdStarts(bundles: BundleResult[], repeats: number): Promise<ColdStart[]> {
  const samples = bundles.map(() => [] as ChildSample[]);
  for (let round = 0; round < repeats; round++) {
    for (const [i, bundle] of bundles.entries()) samples[i]!.push(await importOnce(bundle));
  }
  const of = (i: number, key: keyof ChildSample) => summarize(samples[i]!.map((s) => s[key]));
  return bundles.map((bundle, i) => ({ bundle, importMs: of(i, 'importMs'), totalMs: of(i, 'totalMs'), cpuMs: of(i, 'cpuMs') }));
}
