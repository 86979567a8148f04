/**
 * A job worker's peak memory, measured as Lambda reports it (Max Memory Used): the worker bundled as CDK
 * bundles it (infra/bundling.ts), loaded by a fresh `node` with the worker Lambda's NODE_OPTIONS, and
 * handed the SQS event of one job with a Lambda context (its time limit counting down from the queue's
 * workerTimeoutSeconds). The number is the process's peak resident set size (getrusage maxRSS); the V8
 * heap is sampled every 25 ms beside it. The job must exist already, without a queue message, so the
 * runtime's own poller never runs it. Used by the import phase and the archive phase.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, stop } from 'esbuild';
import type { SQSEvent } from 'aws-lambda';
import { REPO_ROOT } from '../../localstack/emulator';
import type { RunningProgram } from '../../localstack/runtime/program';
import { workerEntry } from '../../infra/bundling';
import { JOB_QUEUES } from '../../shared/jobs';
import type { JobQueueName } from '../../shared/jobs';
import { cdkEsbuildOptions } from './bundles';

export interface WorkerProcessRun {
  seconds: number;
  /** Resident set size after the bundle was loaded, before the job: the process's floor. */
  loadedRssBytes: number;
  /** The highest V8 heap in use seen while it ran (sampled every 25 ms). */
  peakHeapBytes: number;
  /** Peak resident set size of the process (getrusage maxRSS). */
  peakRssBytes: number;
}

/** The worker Lambda's NODE_OPTIONS as CDK sets them (shared/jobs.ts workerNodeOptions), or 'none'. */
export const workerNodeFlags = (queue: JobQueueName): string => JOB_QUEUES.find((q) => q.name === queue)?.workerNodeOptions ?? 'none';

/**
 * The worker's process: loads the bundle (its RSS then is the floor), samples the heap while the handler
 * runs the SQS event with a Lambda context, and writes what it saw to a file (the worker's own logs go to stdout).
 */
const WORKER_CHILD = `
import { readFileSync, writeFileSync } from 'node:fs';
const [bundle, eventFile, out, timeoutMs] = process.argv.slice(1);
const { handler } = await import(bundle);
const loadedRss = process.memoryUsage().rss;
let peakHeap = 0;
const sample = () => { peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed); };
const timer = setInterval(sample, 25);
const started = performance.now();
const deadline = Date.now() + Number(timeoutMs);
const answer = await handler(JSON.parse(readFileSync(eventFile, 'utf8')), { getRemainingTimeInMillis: () => deadline - Date.now() });
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
sample();
// maxRSS is in kilobytes (KiB).
writeFileSync(out, JSON.stringify({ answer, seconds, loadedRssBytes: loadedRss, peakHeapBytes: peakHeap, peakRssBytes: process.resourceUsage().maxRSS * 1024 }));
process.exit(0);
`;

function sqsEventFor(queue: JobQueueName, jobId: string): SQSEvent {
  return {
    Records: [{
      messageId: randomUUID(), receiptHandle: `bench-${jobId}`, body: JSON.stringify({ job_id: jobId }),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'bench', ApproximateFirstReceiveTimestamp: String(Date.now()) },
      messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queue}`, awsRegion: 'us-east-1',
    }],
  };
}

/**
 * Runs job `jobId` in a fresh worker process of `queue` against the program's emulators (`env` over the
 * program's: another queue for the job's continuation, say); throws when the worker reports the message failed.
 */
export async function runWorkerInChild(queue: JobQueueName, jobId: string, program: RunningProgram, dir: string, env: Record<string, string> = {}): Promise<WorkerProcessRun> {
  const def = JOB_QUEUES.find((q) => q.name === queue)!;
  // Inside the checkout, so the modules CDK leaves external (the AWS SDK, which Lambda provides; exceljs, installed beside) resolve from node_modules.
  const bundleDir = join(REPO_ROOT, '.local', `bench-${queue}-worker`);
  try {
    rmSync(bundleDir, { recursive: true, force: true });
    mkdirSync(bundleDir, { recursive: true });
    const entry = workerEntry(queue);
    const bundle = join(bundleDir, 'index.mjs');
    await build({ ...cdkEsbuildOptions(entry), absWorkingDir: REPO_ROOT, entryPoints: [entry], outfile: bundle, logLevel: 'error' });
    await stop();
    const eventFile = join(dir, `${queue}-event.json`);
    const out = join(dir, `${queue}-worker-memory.json`);
    writeFileSync(eventFile, JSON.stringify(sqsEventFor(queue, jobId)));
    const awsVars = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('AWS_')).map(([k, v]) => [k, v!]));
    const timeoutMs = def.workerTimeoutSeconds * 1000;
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', WORKER_CHILD, pathToFileURL(bundle).href, eventFile, out, String(timeoutMs)], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin', ...awsVars, ...program.env, ...env, AWS_LAMBDA_FUNCTION_NAME: `worker-${queue}`, POWERTOOLS_LOG_LEVEL: 'WARN',
        ...(def.workerNodeOptions ? { NODE_OPTIONS: def.workerNodeOptions } : {}),
      },
      // The Lambda's own limit, and a minute for node to start and write what it saw.
      timeout: timeoutMs + 60_000, maxBuffer: 16 * 2 ** 20,
    });
    const seen = JSON.parse(readFileSync(out, 'utf8')) as WorkerProcessRun & { answer: { batchItemFailures: unknown[] } };
    if (seen.answer.batchItemFailures.length) throw new Error(`the worker reported the message failed: ${JSON.stringify(seen.answer)}`);
    return { seconds: seen.seconds, loadedRssBytes: seen.loadedRssBytes, peakHeapBytes: seen.peakHeapBytes, peakRssBytes: seen.peakRssBytes };
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}
