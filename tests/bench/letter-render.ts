/**
 * The letter renderer's speed against pdf-lib drawing the same pages (a 300-letter batch renders at no
 * less than half the rate of pdf-lib alone) and the size of its PDF (under 25 KB a letter). Both run in
 * this one process, in alternating rounds after a warm-up, so a busy machine slows both alike:
 *   baseline  the batch's draw operations, laid out once before timing, replayed into a new pdf-lib
 *             document (letter-draw.ts: the same pdf-lib calls the renderer makes) and saved;
 *   renderer  renderLetterBatch on the letter data: copy, wrapping, fitting, paging, then the same
 *             drawing and save.
 * Each pass makes a whole PDF, document creation, font embedding and save included on both sides: the
 * difference between them is the renderer's own work (reading the data and laying it out). The ratio is
 * taken round by round (baseline time / renderer time) and its median reported: 1 is as fast as pdf-lib
 * alone, 0.5 half its rate.
 *
 * `npx tsx tests/bench/letter-render.ts [--letters 300] [--rounds 5]` prints the measurement as JSON.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { drawPages, newLetterDocument } from '../../functions/letters/letter-draw';
import { letterMetrics } from '../../functions/letters/letter-fonts';
import { layoutLetterBatch } from '../../functions/letters/letter-layout';
import { renderLetterBatch } from '../../functions/letters/letter-pdf';
import type { PageOps } from '../../functions/letters/draw-ops';
import { letterBatch, PROGRAM } from '../unit/letters/letter-fixtures';
import { percentile } from './stats';

/** The targets: the renderer's rate over pdf-lib's, and the PDF's bytes per letter. */
export const LETTER_RENDER_MIN_RATIO = 0.5;
export const LETTER_MAX_BYTES_PER_LETTER = 25_000;

export interface LetterRenderMeasurement {
  letters: number;
  rounds: number;
  renderer_letters_per_s: number;
  baseline_letters_per_s: number;
  ratio: number;
  pdf_bytes: number;
  bytes_per_letter: number;
}

async function timed(work: () => Promise<Uint8Array>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const pdf = await work();
  return { ms: performance.now() - started, bytes: pdf.byteLength };
}

/** pdf-lib alone: precomputed pages drawn into a fresh document and saved. */
async function replay(pages: readonly PageOps[]): Promise<Uint8Array> {
  const document = await newLetterDocument({ title: 'Letters', author: PROGRAM.name });
  drawPages(document, pages);
  return document.doc.save();
}

export async function measureLetterRender(opts: { letters?: number; rounds?: number } = {}): Promise<LetterRenderMeasurement> {
  const letters = opts.letters ?? 300;
  const rounds = opts.rounds ?? 5;
  const batch = letterBatch(letters);
  const pages = layoutLetterBatch(batch, PROGRAM, await letterMetrics());
  const render = () => renderLetterBatch(batch, PROGRAM);
  const baseline = () => replay(pages);

  // Warm-up: modules loaded and both paths compiled before anything is timed.
  for (let i = 0; i < 2; i += 1) {
    await baseline();
    await render();
  }
  const ours: number[] = [];
  const raw: number[] = [];
  let pdfBytes = 0;
  for (let round = 0; round < rounds; round += 1) {
    // Alternating which goes first, so neither always meets a warmer or a busier moment.
    const first = round % 2 === 0;
    if (first) raw.push((await timed(baseline)).ms);
    const rendered = await timed(render);
    ours.push(rendered.ms);
    pdfBytes = rendered.bytes;
    if (!first) raw.push((await timed(baseline)).ms);
  }
  const perSecond = (ms: number) => Math.round((letters / ms) * 1000);
  return {
    letters,
    rounds,
    renderer_letters_per_s: perSecond(percentile(ours, 50)),
    baseline_letters_per_s: perSecond(percentile(raw, 50)),
    ratio: Number(percentile(raw.map((ms, r) => ms / ours[r]!), 50).toFixed(3)),
    pdf_bytes: pdfBytes,
    bytes_per_letter: Math.round(pdfBytes / letters),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const option = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : undefined;
  };
  console.log(JSON.stringify(await measureLetterRender({ letters: option('letters'), rounds: option('rounds') }), null, 2));
}
