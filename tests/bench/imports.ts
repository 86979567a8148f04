/**
 * Rent-roll imports (issue 8), three measurements:
 *
 *   reader   readRentRoll against exceljs's own streaming reader on the same 5,000-row samples, side by
 *            side in this process (tests/bench/import-reader.ts);
 *   import   a 5,000-row SiteLink - ALP rent roll from the browser's first call to the job being done,
 *            through the local runtime: POST /api/tenants/import-uploads, the presigned POST of the file
 *            to the uploads bucket, POST /api/cycles/import-tenants with the upload id, then
 *            GET /api/jobs/{id} every 100 ms until done (the runtime's queue poller runs the worker);
 *   memory   the rent-roll-imports worker's peak memory on a 50,000-row file sorted by unit (a tenant's rows
 *            apart, so every tenant is held until the sheet is read): the worker bundled as CDK
 *            bundles it, run by a fresh `node` (as a Lambda execution environment runs it) on an SQS event
 *            naming a job whose file is in the uploads bucket; the process's peak resident set size
 *            (getrusage maxRSS, what Lambda reports as Max Memory Used) is the number.
 *
 * Each import goes to a facility of its own (its own Prime Site ID) so every run writes every tenant.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, stop } from 'esbuild';
import type { SQSEvent } from 'aws-lambda';
import { REPO_ROOT } from '../../localstack/emulator';
import { startProgram } from '../../localstack/runtime/program';
import type { RunningProgram } from '../../localstack/runtime/program';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import type { SampleRentRoll } from '../../localstack/samples/rent-rolls';
import { workerEntry } from '../../infra/bundling';
import { createCycle, getCycleCounters } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { importFileKey, putImportFile } from '../../functions/imports/import-files';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import type { ImportJobInput } from '../../functions/imports/import-job-type';
import { getJob } from '../../functions/jobs/job-store';
import type { ImportSoftware } from '../../shared/import-software';
import { JOB_QUEUES } from '../../shared/jobs';
import type { ImportResult } from '../../shared/contracts/imports';
import { facilityWith } from '../integration/facility-fixtures';
import { createJobRecordOnly } from '../integration/job-fixture';
import { cdkEsbuildOptions } from './bundles';
import { createClient, headersOf, login } from './http-client';
import type { HttpReply, Send } from './http-client';
import { measureImportReader } from './import-reader';
import type { ImportReaderMeasurement } from './import-reader';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface ImportBenchOptions {
  /** Rows of the rent roll read side by side with exceljs, and of the timed import. */
  rows: number;
  readerRounds: number;
  importRounds: number;
  /** Rows of the file the worker's memory is measured on. */
  memoryRows: number;
}

export const IMPORT_RUN: ImportBenchOptions = { rows: 5000, readerRounds: 7, importRounds: 3, memoryRows: 50_000 };

const IMPORT_SOFTWARE: ImportSoftware = 'sitelink_alp';
/** The worker Lambda's NODE_OPTIONS, as CDK sets them (infra/api-stack.ts). */
const WORKER_NODE_OPTIONS = JOB_QUEUES.find((q) => q.name === 'rent-roll-imports')?.workerNodeOptions;

export interface ImportTiming {
  software: ImportSoftware;
  rows: number;
  tenants: number;
  bytes: number;
  error: string | null;
  /** Per import: the first call to the job being done. */
  ms: Summary | null;
  samples: number[];
  /** Of the last import: how long each part took. */
  parts: { askMs: number; uploadMs: number; startMs: number; jobMs: number } | null;
}

export interface WorkerMemory {
  software: ImportSoftware;
  rows: number;
  tenants: number;
  bytes: number;
  error: string | null;
  /** Peak resident set size of the worker's process (getrusage maxRSS), bytes. */
  peakRssBytes: number | null;
  /** The highest V8 heap in use seen while it ran (sampled every 25 ms), bytes. */
  peakHeapBytes: number | null;
  /** Resident set size after the bundle was loaded, before the job: the process's floor. */
  loadedRssBytes: number | null;
  seconds: number | null;
  /** NODE_OPTIONS it ran with: the worker Lambda's own (shared/jobs.ts workerNodeOptions), or none. */
  nodeFlags: string;
}

export interface ImportBenchResult {
  startupSeconds: number;
  reader: ImportReaderMeasurement;
  import: ImportTiming;
  memory: WorkerMemory;
  options: ImportBenchOptions;
}


let facilities = 0;
/** A facility of its own and a cycle to import into: its Prime Site ID is in no other file. */
async function freshCycle(): Promise<{ cycle: CycleRecord; primeSiteId: string }> {
  facilities += 1;
  const primeSiteId = `9${Date.now().toString().slice(-6)}${facilities}`;
  const facility = await facilityWith(`B${randomBytes(3).toString('hex').toUpperCase()}${facilities}`, { software: IMPORT_SOFTWARE, prime_site_id: primeSiteId });
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Bench import ${facility.facility_number}` });
  return { cycle, primeSiteId };
}

const expectOk = (what: string, reply: HttpReply, status = 200) => {
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body) as Record<string, unknown>;
};

/** The browser's way, timed part by part: ask for the upload, POST the file to S3, start, poll until done. */
async function importOnce(send: Send, token: string, sample: SampleRentRoll, cycle: CycleRecord): Promise<{ ms: number; parts: NonNullable<ImportTiming['parts']>; result: ImportResult }> {
  const bytes = readFileSync(sample.files.rent_roll);
  const started = performance.now();
  const asked = expectOk('POST /api/tenants/import-uploads', await send({
    method: 'POST', path: '/api/tenants/import-uploads', headers: headersOf(token, true),
    body: JSON.stringify({ software: sample.software, cycle_id: cycle.id, files: [{ role: 'rent_roll', name: 'rent_roll.xlsx', size: bytes.length }] }),
  })) as { upload_id: string; files: { url: string; fields: Record<string, string> }[] };
  const askedAt = performance.now();
  const form = new FormData();
  for (const [k, v] of Object.entries(asked.files[0]!.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'rent_roll.xlsx');
  const sent = await fetch(asked.files[0]!.url, { method: 'POST', body: form });
  if (sent.status >= 300) throw new Error(`the presigned POST answered ${sent.status}: ${(await sent.text()).slice(0, 300)}`);
  await sent.arrayBuffer();
  const uploadedAt = performance.now();
  const start = expectOk('POST /api/cycles/import-tenants', await send({
    method: 'POST', path: '/api/cycles/import-tenants', headers: { ...headersOf(token), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ software: sample.software, cycle_id: cycle.id, upload_id: asked.upload_id }).toString(),
  }), 202) as { job: { id: string } };
  const startedAt = performance.now();
  for (;;) {
    if (performance.now() - started > 300_000) throw new Error(`job ${start.job.id} not done after 300 s`);
    await new Promise((r) => setTimeout(r, 100));
    const job = expectOk(`GET /api/jobs/${start.job.id}`, await send({ method: 'GET', path: `/api/jobs/${start.job.id}`, headers: headersOf(token) })) as
      { status: string; error: string | null; result: ImportResult | null };
    if (job.status === 'failed') throw new Error(`job ${start.job.id} failed: ${job.error}`);
    if (job.status !== 'done') continue;
    const done = performance.now();
    return { ms: done - started, parts: { askMs: askedAt - started, uploadMs: uploadedAt - askedAt, startMs: startedAt - uploadedAt, jobMs: done - startedAt }, result: job.result! };
  }
}

async function measureImport(send: Send, options: ImportBenchOptions, dir: string, log: (line: string) => void): Promise<ImportTiming> {
  const timing: ImportTiming = { software: IMPORT_SOFTWARE, rows: options.rows, tenants: 0, bytes: 0, error: null, ms: null, samples: [], parts: null };
  try {
    const token = await login(send, 'monitor');
    for (let round = 0; round < options.importRounds; round += 1) {
      const { cycle, primeSiteId } = await freshCycle();
      const sample = await writeSampleRentRoll({ software: IMPORT_SOFTWARE, primeSiteId, rows: options.rows, seed: 800 + round, dir });
      timing.tenants = sample.tenants.length;
      timing.bytes = readFileSync(sample.files.rent_roll).length;
      const run = await importOnce(send, token, sample, cycle);
      if (run.result.insert_count !== sample.tenants.length) throw new Error(`imported ${run.result.insert_count} of the file's ${sample.tenants.length} tenants`);
      const held = (await getCycleCounters(cycle.id)).total;
      if (held !== sample.tenants.length) throw new Error(`the cycle counts ${held} tenants, the file holds ${sample.tenants.length}`);
      timing.samples.push(run.ms);
      timing.parts = run.parts;
      log(`bench:   import ${round + 1}: ${sample.tenants.length} tenants in ${(run.ms / 1000).toFixed(1)} s (worker ${(run.parts.jobMs / 1000).toFixed(1)} s)`);
    }
    timing.ms = summarize(timing.samples);
  } catch (err) {
    timing.error = (err as Error).message;
  }
  return timing;
}

/**
 * The worker's process: loads the bundle (its RSS then is the floor), samples the heap while the handler
 * runs the SQS event, and writes what it saw to a file (the worker's own logs go to stdout).
 */
const WORKER_CHILD = `
import { readFileSync, writeFileSync } from 'node:fs';
const [bundle, eventFile, out] = process.argv.slice(1);
const { handler } = await import(bundle);
const loadedRss = process.memoryUsage().rss;
let peakHeap = 0;
const sample = () => { peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed); };
const timer = setInterval(sample, 25);
const started = performance.now();
const answer = await handler(JSON.parse(readFileSync(eventFile, 'utf8')), {});
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
sample();
// maxRSS is in kilobytes (KiB).
writeFileSync(out, JSON.stringify({ answer, seconds, loadedRssBytes: loadedRss, peakHeapBytes: peakHeap, peakRssBytes: process.resourceUsage().maxRSS * 1024 }));
process.exit(0);
`;

function sqsEventFor(jobId: string): SQSEvent {
  return {
    Records: [{
      messageId: randomUUID(), receiptHandle: `bench-${jobId}`, body: JSON.stringify({ job_id: jobId }),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'bench', ApproximateFirstReceiveTimestamp: String(Date.now()) },
      messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:rent-roll-imports', awsRegion: 'us-east-1',
    }],
  };
}

async function measureWorkerMemory(program: RunningProgram, options: ImportBenchOptions, dir: string, log: (line: string) => void): Promise<WorkerMemory> {
  const memory: WorkerMemory = {
    software: IMPORT_SOFTWARE, rows: options.memoryRows, tenants: 0, bytes: 0, error: null, peakRssBytes: null, peakHeapBytes: null, loadedRssBytes: null, seconds: null, nodeFlags: WORKER_NODE_OPTIONS ?? 'none',
  };
  // Inside the checkout, so the modules CDK leaves external (the AWS SDK, which Lambda provides) resolve from node_modules.
  const bundleDir = join(REPO_ROOT, '.local', 'bench-import-worker');
  try {
    const { cycle, primeSiteId } = await freshCycle();
    log(`bench:   writing a ${options.memoryRows.toLocaleString('en-US')}-row rent roll...`);
    const sample = await writeSampleRentRoll({ software: IMPORT_SOFTWARE, primeSiteId, rows: options.memoryRows, seed: 900, dir });
    const bytes = readFileSync(sample.files.rent_roll);
    memory.tenants = sample.tenants.length;
    memory.bytes = bytes.length;
    const jobId = randomUUID();
    // The job as the import call leaves it, without its queue message: the worker below gets it instead of the runtime's poller.
    const input: ImportJobInput = {
      software: IMPORT_SOFTWARE, cycle_id: cycle.id, files: { rent_roll: { key: importFileKey(jobId, 'rent_roll'), name: 'rent_roll.xlsx' } }, user_id: 'bench', username: 'bench',
    };
    await putImportFile(input.files.rent_roll!.key, bytes);
    const job = await createJobRecordOnly({ id: jobId, queue: 'rent-roll-imports', type: IMPORT_JOB_TYPE, createdBy: 'bench', input: input as unknown as Record<string, unknown> });

    rmSync(bundleDir, { recursive: true, force: true });
    mkdirSync(bundleDir, { recursive: true });
    const entry = workerEntry('rent-roll-imports');
    const bundle = join(bundleDir, 'index.mjs');
    await build({ ...cdkEsbuildOptions(entry), absWorkingDir: REPO_ROOT, entryPoints: [entry], outfile: bundle, logLevel: 'error' });
    stop();
    const eventFile = join(dir, 'event.json');
    const out = join(dir, 'worker-memory.json');
    writeFileSync(eventFile, JSON.stringify(sqsEventFor(job.id)));
    log(`bench:   the worker on ${sample.tenants.length.toLocaleString('en-US')} tenants (${(bytes.length / 2 ** 20).toFixed(1)} MiB), in a fresh node process...`);
    const awsVars = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('AWS_')).map(([k, v]) => [k, v!]));
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', WORKER_CHILD, pathToFileURL(bundle).href, eventFile, out], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin', ...awsVars, ...program.env, AWS_LAMBDA_FUNCTION_NAME: 'worker-rent-roll-imports', POWERTOOLS_LOG_LEVEL: 'WARN',
        ...(WORKER_NODE_OPTIONS ? { NODE_OPTIONS: WORKER_NODE_OPTIONS } : {}),
      },
      timeout: 600_000, maxBuffer: 16 * 2 ** 20,
    });
    const seen = JSON.parse(readFileSync(out, 'utf8')) as { answer: { batchItemFailures: unknown[] }; seconds: number; loadedRssBytes: number; peakHeapBytes: number; peakRssBytes: number };
    if (seen.answer.batchItemFailures.length) throw new Error(`the worker reported the message failed: ${JSON.stringify(seen.answer)}`);
    const done = await getJob(job.id);
    if (done?.status !== 'done') throw new Error(`the job ended ${done?.status}: ${done?.error}`);
    const inserted = (done.result as unknown as ImportResult).insert_count;
    if (inserted !== sample.tenants.length) throw new Error(`imported ${inserted} of the file's ${sample.tenants.length} tenants`);
    Object.assign(memory, { peakRssBytes: seen.peakRssBytes, peakHeapBytes: seen.peakHeapBytes, loadedRssBytes: seen.loadedRssBytes, seconds: seen.seconds });
    log(`bench:   peak RSS ${(seen.peakRssBytes / 1e6).toFixed(0)} MB (heap ${(seen.peakHeapBytes / 1e6).toFixed(0)} MB), ${seen.seconds.toFixed(0)} s`);
  } catch (err) {
    memory.error = (err as Error).message;
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
  return memory;
}

export async function measureImports(options: ImportBenchOptions, log: (line: string) => void): Promise<ImportBenchResult> {
  log(`bench: imports: the reader against exceljs on ${options.rows.toLocaleString('en-US')}-row samples...`);
  const reader = await measureImportReader(options.rows, options.readerRounds, log);
  const started = performance.now();
  const program = await startProgram({ port: 0, emulatorPorts: 'free', prefix: `bench-imports-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined });
  const startupSeconds = (performance.now() - started) / 1000;
  const client = createClient(program.url);
  const dir = mkdtempSync(join(tmpdir(), 'bench-imports-'));
  try {
    log(`bench: imports: ${options.importRounds} imports of ${options.rows.toLocaleString('en-US')} rows, upload to done...`);
    const timing = await measureImport(client.send, options, dir, log);
    log(`bench: imports: the worker's memory on ${options.memoryRows.toLocaleString('en-US')} rows...`);
    const memory = await measureWorkerMemory(program, options, dir, log);
    return { startupSeconds, reader, import: timing, memory, options };
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
    await program.stop();
  }
}
