/**
 * OCR (tesseract.js: Tesseract's LSTM engine compiled to WebAssembly, in a worker thread) with its English
 * model from the npm registry (@tesseract.js-data/eng, the "best_int" model tesseract.js itself uses for
 * the LSTM engine), read from that package's folder on disk: langPath is a folder, not a URL, so
 * tesseract.js reads the file and never fetches; cacheMethod 'none' keeps it from writing a copy anywhere.
 * The engine core (tesseract.js-core's wasm) is resolved from node_modules by tesseract.js itself.
 *
 * One worker serves every page the process reads (starting one costs about a second and ~100 MB); a
 * Lambda keeps it between invocations. `closeOcrEngine` ends it (tests, a worker shutting down).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import type { PlacedWord } from './page-lines';

const require = createRequire(import.meta.url);

/** The folder of the English model (eng.traineddata.gz) inside its npm package. */
export function ocrLanguageFolder(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** What the worker is created with: every path local, nothing cached, nothing logged. */
export function ocrWorkerOptions() {
  return { langPath: ocrLanguageFolder(), cacheMethod: 'none', gzip: true, logger: () => undefined, errorHandler: () => undefined };
}

let engine: Promise<Worker> | null = null;
let pagesOnEngine = 0;
/** tesseract.js advises starting a worker afresh now and then (its WebAssembly memory only grows); a warm Lambda reads many pages. */
const PAGES_PER_ENGINE = 200;

async function startEngine(): Promise<Worker> {
  // Loaded with the first page to read, not at the worker's init (as pdfjs: pdf-text.ts).
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, ocrWorkerOptions());
  await worker.setParameters({
    // Automatic page segmentation: a declarations page mixes headings, label-value lists and tables.
    tessedit_pageseg_mode: PSM.AUTO,
    // The pages are prepared at about 300 dpi; saying so spares Tesseract its guess (and its warning).
    user_defined_dpi: '300',
  });
  return worker;
}

export interface RecognizedPage {
  words: PlacedWord[];
  /** Tesseract's mean confidence over the page, 0..1. */
  confidence: number;
}

/** The words OCR reads on an image (PNG or JPEG bytes), with their boxes in its pixels and confidence 0..1. */
export async function recognizePage(image: Buffer): Promise<RecognizedPage> {
  if (pagesOnEngine >= PAGES_PER_ENGINE) await closeOcrEngine();
  engine ??= startEngine().catch((err: unknown) => { engine = null; throw err; });
  const worker = await engine;
  pagesOnEngine += 1;
  const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
  const words: PlacedWord[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          if (!word.text.trim()) continue;
          words.push({ text: word.text, left: word.bbox.x0, top: word.bbox.y0, right: word.bbox.x1, bottom: word.bbox.y1, confidence: Math.max(0, Math.min(1, word.confidence / 100)) });
        }
      }
    }
  }
  return { words, confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
}

export async function closeOcrEngine(): Promise<void> {
  const running = engine;
  engine = null;
  pagesOnEngine = 0;
  if (running) await (await running.catch(() => null))?.terminate();
}
