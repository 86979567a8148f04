/**
 * Cold module init: each bundle imported by a fresh `node` process, as a new Lambda execution
 * environment does before the first invocation. The child times its own import, so process spawn and
 * Node's bootstrap are reported apart from the module's init.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ENV } from '../../shared/resources';
import { JOB_QUEUE_NAMES, queueEnvName } from '../../shared/jobs';
import type { BundleResult } from './bundles';
import { summarize } from './stats';
import type { Summary } from './stats';

const run = promisify(execFile);

/** performance.now() counts from the process's time origin, so `total` includes Node's own startup. */
const CHILD = `
const started = performance.now();
await import(process.argv[1]);
const done = performance.now();
process.stdout.write(JSON.stringify({ importMs: done - started, totalMs: done }));
process.exit(0);
`;

export interface ColdStart {
  bundle: BundleResult;
  /** Import start to import done: the module's own init. */
  importMs: Summary;
  /** Process time origin to import done: what Lambda's Init phase would add to Node's startup. */
  totalMs: Summary;
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
  for (const q of JOB_QUEUE_NAMES) env[queueEnvName(q)] = `https://sqs.us-east-1.amazonaws.com/000000000000/bench-${q}`;
  return env;
}

async function importOnce(bundle: BundleResult): Promise<{ importMs: number; totalMs: number }> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(bundle.file).href], {
    env: lambdaEnv(`${bundle.kind}-${bundle.name}`),
    timeout: 20_000,
  });
  return JSON.parse(stdout) as { importMs: number; totalMs: number };
}

/**
 * Rounds go over every bundle before repeating, so a slow moment of the machine spreads over all
 * bundles instead of landing on one. One child at a time: two cores, and init is CPU-bound.
 */
export async function measureColdStarts(bundles: BundleResult[], repeats: number): Promise<ColdStart[]> {
  const samples = bundles.map(() => ({ importMs: [] as number[], totalMs: [] as number[] }));
  for (let round = 0; round < repeats; round++) {
    for (const [i, bundle] of bundles.entries()) {
      const s = await importOnce(bundle);
      samples[i]!.importMs.push(s.importMs);
      samples[i]!.totalMs.push(s.totalMs);
    }
  }
  return bundles.map((bundle, i) => ({ bundle, importMs: summarize(samples[i]!.importMs), totalMs: summarize(samples[i]!.totalMs) }));
}
