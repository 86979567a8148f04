/**
 * Letters (issue 9), two measurements:
 *
 *   render  the renderer against pdf-lib drawing the same pages with no data access, side by side in
 *           this process (tests/bench/letter-render.ts), and the PDF's bytes per letter;
 *   job     a 300-letter audit batch from the call to the downloadable files, through the local runtime:
 *           GET /api/facilities/{id}/generate-letters (no selection: the first 300 ready tenants), then
 *           GET /api/jobs/{id} every 100 ms until done (the runtime's poller runs the worker), then the
 *           download call for the PDF and the mail-merge workbook and the presigned GET of each. Every
 *           run's PDF is checked: one page per letter, and its bytes per letter.
 * Each run mails a facility of its own (300 tenants with complete addresses, none sent a letter yet).
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { startProgram } from '../../localstack/runtime/program';
import { TEST_WRITE } from '../integration/test-write';
import { facilityWith } from '../integration/facility-fixtures';
import { createCycle } from '../../functions/cycles/cycle-store';
import { createTenants } from '../../functions/tenants/tenant-store';
import type { NewTenant } from '../../functions/tenants/tenant-store';
import { createClient, headersOf, login } from './http-client';
import type { Send } from './http-client';
import { measureLetterRender } from './letter-render';
import type { LetterRenderMeasurement } from './letter-render';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface LetterBenchOptions { letters: number; renderRounds: number; jobRounds: number }
export const LETTER_RUN: LetterBenchOptions = { letters: 300, renderRounds: 7, jobRounds: 3 };

export interface LetterJobTiming {
  letters: number;
  error: string | null;
  /** Per run: the generate call to both files downloaded. */
  ms: Summary | null;
  samples: number[];
  /** Of the last run. */
  parts: { callMs: number; jobMs: number; downloadMs: number } | null;
  pdfBytes: number;
  mailMergeBytes: number;
  pages: number;
}

export interface LetterBenchResult {
  startupSeconds: number;
  render: LetterRenderMeasurement;
  job: LetterJobTiming;
  options: LetterBenchOptions;
}

const STREETS = ['Maple Avenue', 'Oak Street', 'Cedar Lane', 'Lakeview Drive', 'Sunset Boulevard', 'Pine Court'];

async function readyFacility(letters: number): Promise<string> {
  const number = `LB${randomBytes(3).toString('hex').toUpperCase()}`;
  const facility = await facilityWith(number, { state: 'TX', account_name: `Letter Bench Storage ${number}` });
  // Dated as letters need it: the plan added to the rent of tenants who do not answer starts after the 2026-12-01 audit letter.
  const cycle = await createCycle({
    facility_id: facility.id, facility_number: facility.facility_number, label: `Bench ${number}`,
    initial_letter_send_date: '2026-12-01', reminder_letter_send_date: '2026-12-21', update_responses_deadline_date: '2027-01-10', letter_effective_date: '2027-01-15',
  });
  const tenants: NewTenant[] = Array.from({ length: letters }, (_, i) => ({
    facility_number: facility.facility_number, first_name: `Tenant${i}`, last_name: `Bench${String(i).padStart(4, '0')}`, unit: `B${i}`, ledger_id: `BL${i}`,
    address: `${100 + i} ${STREETS[i % STREETS.length]}`, city: 'Austin', state: 'TX', zip_code: '78701', email: '',
  }));
  await createTenants(cycle, tenants, TEST_WRITE);
  return facility.id;
}

function ok(what: string, reply: { status: number; body: string }): unknown {
  if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body);
}

async function fetchFile(send: Send, token: string, fileName: string): Promise<Uint8Array> {
  const link = ok('download-letters', await send({ method: 'GET', path: `/api/facilities/download-letters/${encodeURIComponent(fileName)}`, headers: headersOf(token) })) as { url: string };
  const res = await fetch(link.url);
  if (res.status !== 200) throw new Error(`the presigned GET of ${fileName} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function oneJob(send: Send, token: string, facilityId: string, letters: number) {
  const started = performance.now();
  const queued = ok('generate-letters', await send({
    method: 'GET', path: `/api/facilities/${facilityId}/generate-letters?letter_type=initial&audit_letter_date=2026-12-01`, headers: headersOf(token),
  })) as { job_id: string; tenant_count: number };
  if (queued.tenant_count !== letters) throw new Error(`the batch holds ${queued.tenant_count} tenants, not ${letters}`);
  const calledAt = performance.now();
  let result: { file_name: string; mail_merge_file_name: string; letter_count: number };
  for (;;) {
    if (performance.now() - started > 120_000) throw new Error(`job ${queued.job_id} not done after 120 s`);
    await new Promise((r) => setTimeout(r, 100));
    const job = ok('job', await send({ method: 'GET', path: `/api/jobs/${queued.job_id}`, headers: headersOf(token) })) as { status: string; error: string | null; result: typeof result };
    if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
    if (job.status === 'done') { result = job.result; break; }
  }
  const doneAt = performance.now();
  const [pdf, workbook] = await Promise.all([fetchFile(send, token, result.file_name), fetchFile(send, token, result.mail_merge_file_name)]);
  const finished = performance.now();
  return { ms: finished - started, parts: { callMs: calledAt - started, jobMs: doneAt - calledAt, downloadMs: finished - doneAt }, pdf, workbook, letterCount: result.letter_count };
}

async function measureJob(send: Send, options: LetterBenchOptions, log: (line: string) => void): Promise<LetterJobTiming> {
  const timing: LetterJobTiming = { letters: options.letters, error: null, ms: null, samples: [], parts: null, pdfBytes: 0, mailMergeBytes: 0, pages: 0 };
  try {
    const token = await login(send, 'monitor');
    for (let round = 0; round < options.jobRounds; round += 1) {
      const facilityId = await readyFacility(options.letters);
      const run = await oneJob(send, token, facilityId, options.letters);
      const pages = (await PDFDocument.load(run.pdf)).getPageCount();
      if (run.letterCount !== options.letters || pages < options.letters) throw new Error(`the PDF holds ${pages} pages for ${run.letterCount} letters`);
      Object.assign(timing, { parts: run.parts, pdfBytes: run.pdf.byteLength, mailMergeBytes: run.workbook.byteLength, pages });
      timing.samples.push(run.ms);
      log(`bench:   letters ${round + 1}: ${options.letters} letters in ${(run.ms / 1000).toFixed(1)} s (job ${(run.parts.jobMs / 1000).toFixed(1)} s), ${(run.pdf.byteLength / options.letters / 1000).toFixed(1)} kB a letter`);
    }
    timing.ms = summarize(timing.samples);
  } catch (err) {
    timing.error = (err as Error).message;
  }
  return timing;
}

export async function measureLetters(options: LetterBenchOptions, log: (line: string) => void): Promise<LetterBenchResult> {
  log(`bench: letters: the renderer against pdf-lib alone, ${options.letters} letters, ${options.renderRounds} rounds...`);
  const render = await measureLetterRender({ letters: options.letters, rounds: options.renderRounds });
  log(`bench:   ratio ${render.ratio.toFixed(2)}, ${(render.bytes_per_letter / 1000).toFixed(1)} kB a letter`);
  const started = performance.now();
  const program = await startProgram({ port: 0, emulatorPorts: 'free', prefix: `bench-letters-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined });
  const startupSeconds = (performance.now() - started) / 1000;
  const client = createClient(program.url);
  try {
    log(`bench: letters: ${options.jobRounds} batches of ${options.letters}, call to downloadable files...`);
    const job = await measureJob(client.send, options, log);
    return { startupSeconds, render, job, options };
  } finally {
    client.close();
    await program.stop();
  }
}

