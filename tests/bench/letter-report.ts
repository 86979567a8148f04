/** docs/benchmarks.md: the letter phase (tests/bench/letters.ts), its target rows and its section. */
import type { Contention } from './contention';
import type { LetterBenchResult } from './letters';
import { LETTER_MAX_BYTES_PER_LETTER, LETTER_RENDER_MIN_RATIO } from './letter-render';
import { machineNote, row } from './report-parts';
import type { TargetLine } from './report-parts';
import { verdict } from './targets';

/** Every target row of the letter phase starts with this, so a letters-only run replaces just those rows. */
export const LETTER_TARGET_PREFIX = 'Letters: ';
export const LETTER_SECTION_HEADING = '## 7. Letters';
/** A 300-letter batch from the call to the downloadable files, on the local stack. */
export const LETTER_JOB_LIMIT_MS = 20_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export const letterRenderPasses = (l: LetterBenchResult) => l.render.ratio >= LETTER_RENDER_MIN_RATIO;
export const letterJobPasses = (l: LetterBenchResult) => l.job.error === null && l.job.ms !== null && l.job.ms.max < LETTER_JOB_LIMIT_MS;
/** Judged on both PDFs: the bench's own batch and the one the job wrote to the bucket. */
export const letterSizePasses = (l: LetterBenchResult) =>
  l.render.bytes_per_letter < LETTER_MAX_BYTES_PER_LETTER && (l.job.error !== null || l.job.pdfBytes / l.job.letters < LETTER_MAX_BYTES_PER_LETTER);

export function letterTargetLines(l: LetterBenchResult | Error, cpu: Contention | null): TargetLine[] {
  if (l instanceof Error) return [{ target: `${LETTER_TARGET_PREFIX}the letter phase ran`, measured: `failed: ${l.message}`, pass: false, machine: null }];
  const r = l.render;
  return [
    {
      target: `${LETTER_TARGET_PREFIX}a ${r.letters}-letter batch renders at no less than ${LETTER_RENDER_MIN_RATIO}× the rate of pdf-lib drawing the same pages with no data access (median of ${r.rounds} paired rounds)`,
      measured: `${r.ratio.toFixed(2)}× (${r.renderer_letters_per_s.toFixed(0)} vs ${r.baseline_letters_per_s.toFixed(0)} letters/s)`,
      pass: letterRenderPasses(l),
      machine: machineNote(cpu),
    },
    {
      target: `${LETTER_TARGET_PREFIX}a ${l.job.letters}-letter job, from the call to the downloadable files, under ${LETTER_JOB_LIMIT_MS / 1000} s on the local stack (every run)`,
      measured: l.job.error ?? `slowest ${seconds(l.job.ms!.max)} of ${l.job.ms!.n} (p50 ${seconds(l.job.ms!.p50)})`,
      pass: letterJobPasses(l),
      machine: machineNote(cpu),
    },
    {
      target: `${LETTER_TARGET_PREFIX}the PDF under ${LETTER_MAX_BYTES_PER_LETTER / 1000} KB a letter (fonts embedded once)`,
      measured: `${kb(r.bytes_per_letter)} a letter rendered here; ${l.job.error ? 'the job failed' : `${kb(l.job.pdfBytes / l.job.letters)} a letter in the job's PDF (${kb(l.job.pdfBytes)}, ${l.job.pages} pages)`}`,
      pass: letterSizePasses(l),
      machine: null,
    },
  ];
}

export function letterSection(l: LetterBenchResult | Error, meta: { command: string; date: string; commit: string; partial: boolean }): string[] {
  const head = [
    LETTER_SECTION_HEADING,
    '',
    `Command: \`${meta.command}\`, ${meta.date}, commit ${meta.commit}.${meta.partial ? ' Only this section and the "Letters:" rows of the targets table come from that run; the rest of the file is from the last full run.' : ''}`,
    '',
  ];
  if (l instanceof Error) return [...head, `The letter phase failed: ${l.message}`, ''];
  const r = l.render;
  const j = l.job;
  return [
    ...head,
    '### Rendering: the renderer against pdf-lib alone',
    '',
    `${r.letters} audit letters of the unit tests' fixtures (tests/unit/letters/letter-fixtures.ts). In this one process, alternating round by round:`,
    'the baseline replays the batch\'s draw operations, laid out once before timing, into a new pdf-lib document and saves it; the renderer',
    '(`renderLetterBatch`) reads the letter data, writes the copy, wraps, fits and pages it, then makes the same pdf-lib calls and saves.',
    `Both make a whole PDF (document, fonts, save). ${r.rounds} rounds after a warm-up; the ratio is the baseline's time / the renderer's, its median judged.`,
    '',
    row(['Letters', 'Renderer letters/s', 'pdf-lib alone letters/s', 'Ratio', 'PDF', 'Per letter', 'Target']),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---']),
    row([r.letters, r.renderer_letters_per_s.toFixed(0), r.baseline_letters_per_s.toFixed(0), `${r.ratio.toFixed(2)}×`, kb(r.pdf_bytes), kb(r.bytes_per_letter),
      `${verdict(letterRenderPasses(l))} (≥ ${LETTER_RENDER_MIN_RATIO}×)`]),
    '',
    '### The job: call to downloadable files',
    '',
    `A private program (startup ${l.startupSeconds.toFixed(1)} s; DynamoDB Local in memory) with the demo seed. ${l.options.jobRounds} audit batches, each for a`,
    `facility of its own with ${j.letters} tenants ready for an audit letter: \`GET /api/facilities/{id}/generate-letters\` with no selection (the`,
    'server takes the first 300 ready tenants), `GET /api/jobs/{id}` every 100 ms until done (the runtime\'s poller runs the worker: read the',
    'tenants, render, write the PDF and the mail-merge workbook to the exports bucket, mark the 300 tenants, list the batch), then the',
    'download call and the presigned GET of both files. Each run\'s PDF is read back: one page per letter.',
    '',
    row(['Runs', 'p50', 'Slowest', 'Last run: call', 'job', 'downloads', 'PDF', 'Mail merge', 'Target']),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    j.error
      ? row([l.options.jobRounds, '—', '—', '—', '—', '—', '—', '—', `FAIL: ${j.error}`])
      : row([j.ms!.n, seconds(j.ms!.p50), seconds(j.ms!.max), `${j.parts!.callMs.toFixed(0)} ms`, seconds(j.parts!.jobMs), `${j.parts!.downloadMs.toFixed(0)} ms`,
        `${kb(j.pdfBytes)} (${j.pages} pages)`, kb(j.mailMergeBytes), `${verdict(letterJobPasses(l))} (< ${LETTER_JOB_LIMIT_MS / 1000} s)`]),
    '',
  ];
}
