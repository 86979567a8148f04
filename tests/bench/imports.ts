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
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProgram } from '../../localstack/runtime/program';
import type { RunningProgram } from '../../localstack/runtime/program';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import type { SampleRentRoll } from '../../localstack/samples/rent-rolls';
import { createCycle, getCycleCounters } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { importFileKey, putImportFile } from '../../functions/imports/import-files';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import type { ImportJobInput } from '../../functions/imports/import-job-type';
import { getJob } from '../../functions/jobs/job-store';
import type { ImportSoftware } from '../../shared/import-software';
import type { ImportResult } from '../../shared/contracts/imports';
import { facilityWith } from '../integration/facility-fixtures';
import { createJobRecordOnly } from '../integration/job-fixture';
import { createClient, headersOf, login } from './http-client';
import type { HttpReply, Send } from './http-client';
import { measureImportReader } from './import-reader';
import type { ImportReaderMeasurement } from './import-reader';
import { summarize } from './stats';
import { runWorkerInChild, workerNodeFlags } from './worker-in-child';
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

async function measureWorkerMemory(program: RunningProgram, options: ImportBenchOptions, dir: string, log: (line: string) => void): Promise<WorkerMemory> {
  const memory: WorkerMemory = {
    software: IMPORT_SOFTWARE, rows: options.memoryRows, tenants: 0, bytes: 0, error: null, peakRssBytes: null, peakHeapBytes: null, loadedRssBytes: null, seconds: null, nodeFlags: workerNodeFlags('rent-roll-imports'),
  };
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
    log(`bench:   the worker on ${sample.tenants.length.toLocaleString('en-US')} tenants (${(bytes.length / 2 ** 20).toFixed(1)} MiB), in a fresh node process...`);
    const seen = await runWorkerInChild('rent-roll-imports', job.id, program, dir);
    const done = await getJob(job.id);
    if (done?.status !== 'done') throw new Error(`the job ended ${done?.status}: ${done?.error}`);
    const inserted = (done.result as unknown as ImportResult).insert_count;
    if (inserted !== sample.tenants.length) throw new Error(`imported ${inserted} of the file's ${sample.tenants.length} tenants`);
    Object.assign(memory, { peakRssBytes: seen.peakRssBytes, peakHeapBytes: seen.peakHeapBytes, loadedRssBytes: seen.loadedRssBytes, seconds: seen.seconds });
    log(`bench:   peak RSS ${(seen.peakRssBytes / 1e6).toFixed(0)} MB (heap ${(seen.peakHeapBytes / 1e6).toFixed(0)} MB), ${seen.seconds.toFixed(0)} s`);
  } catch (err) {
    memory.error = (err as Error).message;
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
