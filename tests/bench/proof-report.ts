/** docs/benchmarks.md: the proofs phase (tests/bench/proofs.ts, issue 27's declarations reader), its target rows and its section. */
import type { Contention } from './contention';
import type { ProofBenchResult, ProofFixtureResult } from './proofs';
import { machineNote, row } from './report-parts';
import type { TargetLine } from './report-parts';
import { verdict } from './targets';

/** Every target row of the proofs phase starts with this, so a proofs-only run replaces just those rows. */
export const PROOF_TARGET_PREFIX = 'Proofs: ';
export const PROOF_SECTION_HEADING = '## 10. Proofs: reading declarations pages';

/** Issue 27: a text PDF in under 1 s; a 12 MP phone photo in under 15 s within a 1 GB worker. */
export const PROOF_TEXT_PDF_LIMIT_MS = 1000;
export const PROOF_PHOTO_LIMIT_S = 15;
/** A worker Lambda of 1,024 MB. */
export const PROOF_WORKER_MEMORY_BYTES = 1024 * 1024 * 1024;

const isTextPdf = (f: ProofFixtureResult) => f.contentType === 'application/pdf' && f.source === 'pdf-text';
const slowestRead = (f: ProofFixtureResult) => Math.max(f.firstMs, f.ms.max);
const mb = (bytes: number) => (bytes === PROOF_WORKER_MEMORY_BYTES ? '1,024 MiB' : `${(bytes / 1e6).toFixed(0)} MB`);
const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} kB`);
const time = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);

export function proofAccuracy(r: ProofBenchResult): { right: number; total: number; ocrRight: number; ocrTotal: number } {
  const sum = (list: ProofFixtureResult[], k: 'right' | 'total') => list.reduce((n, f) => n + f[k], 0);
  const ocr = r.fixtures.filter((f) => f.source === 'ocr');
  return { right: sum(r.fixtures, 'right'), total: sum(r.fixtures, 'total'), ocrRight: sum(ocr, 'right'), ocrTotal: sum(ocr, 'total') };
}

export const proofTextPasses = (r: ProofBenchResult) => r.fixtures.filter(isTextPdf).every((f) => slowestRead(f) < PROOF_TEXT_PDF_LIMIT_MS);
export const proofPhotoPasses = (r: ProofBenchResult) => r.photo.error === null && r.photo.seconds! < PROOF_PHOTO_LIMIT_S;
export const proofMemoryPasses = (r: ProofBenchResult) => r.photo.error === null && r.photo.peakRssBytes! < PROOF_WORKER_MEMORY_BYTES;

export function proofTargetLines(r: ProofBenchResult | Error, cpu: Contention | null): TargetLine[] {
  if (r instanceof Error) return [{ target: `${PROOF_TARGET_PREFIX}the proofs phase ran`, measured: `failed: ${r.message}`, pass: false, machine: null }];
  const texts = r.fixtures.filter(isTextPdf);
  const slowest = [...texts].sort((a, b) => slowestRead(b) - slowestRead(a))[0];
  const p = r.photo;
  const a = proofAccuracy(r);
  return [
    {
      target: `${PROOF_TARGET_PREFIX}a text PDF read in under ${PROOF_TEXT_PDF_LIMIT_MS / 1000} s (every read of the ${texts.length} text PDFs, each one's first in the process included)`,
      measured: slowest ? `slowest ${time(slowestRead(slowest))} (${slowest.name}); warm p50 ${texts.map((f) => time(f.ms.p50)).join(', ')}` : 'no text PDF',
      pass: texts.length > 0 && proofTextPasses(r),
      machine: machineNote(cpu),
    },
    {
      target: `${PROOF_TARGET_PREFIX}a ${p.megapixels.toFixed(1)}-megapixel phone photo read in under ${PROOF_PHOTO_LIMIT_S} s (a fresh process: modules, OCR engine start, the read)`,
      measured: p.error ?? `${p.seconds!.toFixed(1)} s; ${p.right}/${p.total} fields right`,
      pass: proofPhotoPasses(r),
      machine: machineNote(cpu),
    },
    {
      target: `${PROOF_TARGET_PREFIX}reading that photo within a 1 GB worker (peak RSS under ${mb(PROOF_WORKER_MEMORY_BYTES)})`,
      measured: p.error ?? `peak RSS ${mb(p.peakRssBytes!)} (${mb(p.loadedRssBytes!)} with the reader loaded, before the read)`,
      pass: proofMemoryPasses(r),
      machine: null,
    },
    {
      target: `${PROOF_TARGET_PREFIX}accuracy over the ${r.fixtures.length}-document test set (fields read as printed, a field the page does not state read as empty; no target set)`,
      measured: `${a.right}/${a.total} fields (${((100 * a.right) / a.total).toFixed(1)} %); by OCR ${a.ocrRight}/${a.ocrTotal}`,
      pass: null,
      machine: null,
    },
  ];
}

export function proofSection(r: ProofBenchResult | Error, meta: { command: string; date: string; commit: string; partial: boolean }): string[] {
  const head = [
    PROOF_SECTION_HEADING,
    '',
    `Command: \`${meta.command}\`, ${meta.date}, commit ${meta.commit}.${meta.partial ? ' Only this section and the "Proofs:" rows of the targets table come from that run; the rest of the file is from the last full run.' : ''}`,
    '',
  ];
  if (r instanceof Error) return [...head, `The proofs phase failed: ${r.message}`, ''];
  const a = proofAccuracy(r);
  const p = r.photo;
  return [
    ...head,
    'The test set of `tests/fixtures/declarations` (made at run time, nothing committed): text PDFs of five insurers\' layouts (one of two',
    'pages), the State Farm page edited and saved again by an editor, a 300 dpi scan as the only content of a PDF, a 12-megapixel phone',
    'photo (turned 3°, unevenly lit with the phone\'s shadow over the limits, grainy, EXIF-rotated), a PNG with the facts in a ruled table, and a storage rent receipt with no facts. Each is',
    `read once in this process (the "first read": the reader's modules and, on the first OCR page, the OCR engine start), then ${r.options.textRounds} more times`,
    `(text PDFs) or ${r.options.ocrRounds} more (OCR). Fields: insurer, policy number, named insured, insured address, period start and end,`,
    'off-premises coverage and its limit; a field is right when it reads as printed (case, commas and full stops aside), or is empty where the',
    'page states nothing.',
    '',
    row(['Document', 'Kind', 'Size', 'Read by', 'Pages', 'First read', 'Then p50', 'Then max', 'Fields right', 'Edited flag', 'Mean confidence', 'Wrong']),
    row(['---', '---', '---:', '---', '---:', '---:', '---:', '---:', '---:', '---', '---:', '---']),
    ...r.fixtures.map((f) => row([
      f.name, f.kind, kb(f.bytes), `${f.source}${f.sourceRight ? '' : ' (expected otherwise)'}`, f.pages, time(f.firstMs), time(f.ms.p50), time(f.ms.max),
      `${f.right}/${f.total}`, f.editedRight === null ? 'n/a' : f.editedRight ? 'right' : 'WRONG', f.meanConfidence === null ? '—' : f.meanConfidence.toFixed(2),
      f.wrong.length ? f.wrong.map((w) => `${w.name}: read ${JSON.stringify(w.read)}, printed ${JSON.stringify(w.printed)}`).join('; ') : '—',
    ])),
    '',
    `Accuracy: ${a.right}/${a.total} fields (${((100 * a.right) / a.total).toFixed(1)} %); read by OCR ${a.ocrRight}/${a.ocrTotal}.`,
    '',
    '### The 12-megapixel photo in a fresh process',
    '',
    'As a worker\'s first invocation: `node --import tsx tests/bench/proof-read-child.ts` loads the reader, then reads the photo (the OCR',
    'engine starts inside the read). Peak RSS is the process\'s getrusage maxRSS: V8, sharp\'s pixels and the OCR engine\'s WebAssembly memory',
    '(its worker thread is in the same process). tsx adds its own few tens of MB, which a bundled worker would not carry.',
    '',
    row(['Photo', 'Read', 'Peak RSS', 'Loaded RSS', 'Fields right', 'Target']),
    row(['---', '---:', '---:', '---:', '---:', '---']),
    p.error
      ? row([`${p.megapixels.toFixed(1)} MP`, '—', '—', '—', '—', `FAIL: ${p.error}`])
      : row([`${p.megapixels.toFixed(1)} MP JPEG`, `${p.seconds!.toFixed(1)} s`, mb(p.peakRssBytes!), mb(p.loadedRssBytes!), `${p.right}/${p.total}`,
        `${verdict(proofPhotoPasses(r))} (< ${PROOF_PHOTO_LIMIT_S} s), ${verdict(proofMemoryPasses(r))} (< ${mb(PROOF_WORKER_MEMORY_BYTES)})`]),
    '',
  ];
}
