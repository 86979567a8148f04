/**
 * The declarations reader (issue 27) on the test set of tests/fixtures/declarations, three measurements:
 *
 *   accuracy  each document read, every field compared with what it printed (tests/fixtures/declarations/truth.ts);
 *   speed     per document: the first read in this process (the reader's modules loading, the OCR engine
 *             starting on the first OCR page), then `textRounds` more reads of each text PDF and
 *             `ocrRounds` more of each OCR document, timed one by one;
 *   memory    the 12-megapixel phone photo read in a fresh process (proof-read-child.ts), as a worker's
 *             first invocation reads it: its time and the process's peak RSS, against a 1 GB worker.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeOcrEngine, readDeclarations } from '../../functions/proofs/reader/read-declarations';
import type { DeclarationsReading } from '../../functions/proofs/reader/read-declarations';
import { declarationsFixtures } from '../fixtures/declarations/fixtures';
import type { DeclarationsFixture } from '../fixtures/declarations/fixtures';
import { scoreReading } from '../fixtures/declarations/truth';
import type { FieldScore } from '../fixtures/declarations/truth';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface ProofBenchOptions { textRounds: number; ocrRounds: number }
export const PROOF_RUN: ProofBenchOptions = { textRounds: 7, ocrRounds: 2 };

export interface ProofFixtureResult {
  name: string;
  kind: DeclarationsFixture['kind'];
  contentType: DeclarationsFixture['contentType'];
  bytes: number;
  source: DeclarationsReading['source'];
  sourceRight: boolean;
  pages: number;
  firstMs: number;
  /** The reads after the first. */
  ms: Summary;
  right: number;
  total: number;
  wrong: FieldScore[];
  /** Whether the edited verdict matched the fixture's (null for images). */
  editedRight: boolean | null;
  meanConfidence: number | null;
}

export interface PhotoRun {
  name: string;
  megapixels: number;
  error: string | null;
  seconds: number | null;
  loadedRssBytes: number | null;
  peakRssBytes: number | null;
  right: number | null;
  total: number;
}

export interface ProofBenchResult { fixtures: ProofFixtureResult[]; photo: PhotoRun; options: ProofBenchOptions }

const PHOTO_FIXTURE = 'nationwide-phone-photo';

async function timedRead(fixture: DeclarationsFixture, bytes: Uint8Array): Promise<{ ms: number; reading: DeclarationsReading }> {
  const started = performance.now();
  const reading = await readDeclarations(bytes, fixture.contentType);
  return { ms: performance.now() - started, reading };
}

async function photoInChild(fixture: DeclarationsFixture, bytes: Uint8Array, megapixels: number): Promise<PhotoRun> {
  const run: PhotoRun = { name: fixture.name, megapixels, error: null, seconds: null, loadedRssBytes: null, peakRssBytes: null, right: null, total: 8 };
  const dir = mkdtempSync(join(tmpdir(), 'bench-proofs-'));
  try {
    const file = join(dir, 'photo.jpg');
    const out = join(dir, 'result.json');
    writeFileSync(file, bytes);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'proof-read-child.ts'), file, fixture.contentType, out], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2000); });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the reading process exited with ${code}: ${stderr}`))));
    });
    const seen = JSON.parse(readFileSync(out, 'utf8')) as { seconds: number; loadedRssBytes: number; peakRssBytes: number; reading: DeclarationsReading };
    const scores = scoreReading(seen.reading.facts, fixture.truth);
    Object.assign(run, { seconds: seen.seconds, loadedRssBytes: seen.loadedRssBytes, peakRssBytes: seen.peakRssBytes, right: scores.filter((s) => s.right).length, total: scores.length });
  } catch (err) {
    run.error = (err as Error).message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return run;
}

export async function measureProofs(options: ProofBenchOptions, log: (line: string) => void): Promise<ProofBenchResult> {
  const fixtures = declarationsFixtures();
  const made = new Map<string, Uint8Array>();
  log(`bench: proofs: making ${fixtures.length} documents...`);
  for (const fixture of fixtures) made.set(fixture.name, await fixture.make());

  const photoFixture = fixtures.find((f) => f.name === PHOTO_FIXTURE)!;
  const photoBytes = made.get(PHOTO_FIXTURE)!;
  const sharp = (await import('sharp')).default;
  const meta = await sharp(photoBytes).metadata();
  const megapixels = (meta.width! * meta.height!) / 1e6;
  // First, alone: a fresh process, nothing else of the bench in it.
  log(`bench: proofs: the ${megapixels.toFixed(1)}-megapixel photo in a fresh process...`);
  const photo = await photoInChild(photoFixture, photoBytes, megapixels);
  log(`bench:   ${photo.error ? `FAIL ${photo.error}` : `${photo.seconds!.toFixed(1)} s, peak RSS ${(photo.peakRssBytes! / 1e6).toFixed(0)} MB, ${photo.right}/${photo.total} fields`}`);

  const results: ProofFixtureResult[] = [];
  try {
    for (const fixture of fixtures) {
      const bytes = made.get(fixture.name)!;
      const first = await timedRead(fixture, bytes);
      const samples: number[] = [];
      const rounds = fixture.source === 'ocr' ? options.ocrRounds : options.textRounds;
      for (let i = 0; i < rounds; i += 1) samples.push((await timedRead(fixture, bytes)).ms);
      const scores = scoreReading(first.reading.facts, fixture.truth);
      const confidences = Object.values(first.reading.facts).flatMap((f) => (f ? [f.confidence] : []));
      const result: ProofFixtureResult = {
        name: fixture.name, kind: fixture.kind, contentType: fixture.contentType, bytes: bytes.byteLength,
        source: first.reading.source, sourceRight: first.reading.source === fixture.source, pages: first.reading.pages,
        firstMs: first.ms, ms: summarize(samples), right: scores.filter((s) => s.right).length, total: scores.length,
        wrong: scores.filter((s) => !s.right),
        editedRight: fixture.edited === null ? null : (first.reading.pdf_edited?.edited ?? null) === fixture.edited,
        meanConfidence: confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null,
      };
      results.push(result);
      log(`bench:   ${fixture.name}: first ${result.firstMs.toFixed(0)} ms, then p50 ${result.ms.p50.toFixed(0)} ms (max ${result.ms.max.toFixed(0)}); ${result.right}/${result.total} fields`);
    }
  } finally {
    await closeOcrEngine();
  }
  return { fixtures: results, photo, options };
}
