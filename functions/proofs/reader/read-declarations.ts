/**
 * Reads a tenant's proof of insurance, a declarations page (issue 27), off the request path: a PDF by its
 * own text where it has one, a photo or a scan by OCR; then the facts (declarations-facts.ts) and, for a
 * PDF, whether it was edited after it was made (document-integrity.ts).
 *
 * A document the reader cannot read (not a PDF, a password, an image format it does not decode) is an
 * answer, not an error: every fact null and a note saying why, so the proof still goes to staff. It
 * throws only when the reader itself is broken (the OCR engine or its model missing), so the job fails
 * and is retried or seen.
 */
import { judgePdfIntegrity } from './document-integrity';
import { extractFacts } from './declarations-facts';
import type { DocumentText, FactsReading } from './declarations-facts';
import { noFacts } from './declarations-types';
import type { DeclarationsContentType, DeclarationsReading, ReadingSource } from './declarations-types';
import { ImageUnreadable, prepareForOcr } from './image-preparation';
import { recognizePage } from './ocr-engine';
import type { RecognizedPage } from './ocr-engine';
import { linesFromWords } from './page-lines';
import type { PageText } from './page-lines';
import { pageImage } from './pdf-page-image';
import type { PageImage } from './pdf-page-image';
import { PdfUnreadable, readPdfText } from './pdf-text';

export type { DeclarationsContentType, DeclarationsFacts, DeclarationsReading, ReadFact } from './declarations-types';

/** A declarations page is the first page or two; a whole policy sent along is read no further than this. */
const MAX_PAGES = 10;
/** OCR takes seconds a page: scanned pages past this many are not read. */
const MAX_OCR_PAGES = 3;
/** A page with less text than this (a scanner's stamp, a page number) is read as a scan if it has one. */
const MIN_TEXT_CHARACTERS = 40;
/** PDF text runs closer than this (times the text's height) are one word drawn in pieces. */
const PDF_JOIN_GAP = 0.12;

/** Words OCR read with confidence, three letters or digits or more: how much of a page it could read. */
const legibleWords = (r: RecognizedPage) => r.words.filter((w) => w.confidence >= 0.7 && w.text.replace(/[^A-Za-z0-9]/g, '').length >= 3).length;
/** Most of its words' boxes taller than wide: the page's lines run up or down, the picture is on its side. */
const onItsSide = (r: RecognizedPage) => {
  const words = r.words.filter((w) => w.text.length >= 3);
  return words.length > 0 && words.filter((w) => w.bottom - w.top > w.right - w.left).length > words.length / 2;
};
/** Fewer legible words than this and the page may be upside down (or hold little text). */
const FEW_LEGIBLE_WORDS = 6;

interface OcrPage { text: PageText; turned: number }

/**
 * A picture read by OCR. A picture on its side or upside down with no EXIF tag to say so (the English
 * model has no orientation detection: that is Tesseract's legacy engine and its own data) shows in OCR's
 * answer: word boxes taller than wide, or hardly a legible word. Then the likely turns are tried and the
 * one OCR reads most of is kept.
 */
async function ocrPage(image: PageImage | Uint8Array): Promise<OcrPage> {
  const read = async (turn: number) => recognizePage((await prepareForOcr(image, turn)).png);
  const upright = await read(0);
  const sideways = onItsSide(upright);
  let best = { turned: 0, recognized: upright, score: sideways ? 0 : legibleWords(upright) };
  if (sideways || best.score < FEW_LEGIBLE_WORDS) {
    for (const turn of sideways ? [90, 270] : [180]) {
      const recognized = await read(turn);
      const score = onItsSide(recognized) ? 0 : legibleWords(recognized);
      if (score > best.score) best = { turned: turn, recognized, score };
    }
  }
  return { text: linesFromWords(best.recognized.words), turned: best.turned };
}

const turnedNote = (turned: number, page?: number) =>
  `${page === undefined ? 'the picture' : `page ${page}`} was read turned ${turned}° clockwise (nothing in the file said which way up it is)`;

const elapsed = (started: number) => Math.round(performance.now() - started);

async function readPdf(bytes: Uint8Array, started: number): Promise<DeclarationsReading> {
  let text;
  try {
    text = await readPdfText(bytes, MAX_PAGES);
  } catch (err) {
    if (!(err instanceof PdfUnreadable)) throw err;
    return { facts: noFacts(), source: 'pdf-text', pages: 0, pdf_edited: null, notes: [err.message], millis: elapsed(started) };
  }
  const pdfEdited = judgePdfIntegrity(bytes, text.info);
  const pages: DocumentText['pages'] = [];
  const notes: string[] = [];
  let ocrPages = 0;
  for (const [index, page] of text.pages.entries()) {
    if (page.characters >= MIN_TEXT_CHARACTERS) {
      pages.push({ source: 'pdf-text', ...linesFromWords(page.words, { joinGap: PDF_JOIN_GAP }) });
      continue;
    }
    if (ocrPages >= MAX_OCR_PAGES) {
      notes.push(`page ${index + 1} has no text of its own and was not read by OCR (at most ${MAX_OCR_PAGES} scanned pages are)`);
      continue;
    }
    const found = await pageImage(bytes, index);
    if ('image' in found) {
      const page = await ocrPage(found.image);
      pages.push({ source: 'ocr', ...page.text });
      if (page.turned) notes.push(turnedNote(page.turned, index + 1));
      ocrPages += 1;
    } else {
      if ('unreadable' in found) notes.push(`page ${index + 1}: ${found.unreadable}`);
      if (page.characters > 0) pages.push({ source: 'pdf-text', ...linesFromWords(page.words, { joinGap: PDF_JOIN_GAP }) });
    }
  }
  if (text.pageCount > MAX_PAGES) notes.push(`only the first ${MAX_PAGES} of its ${text.pageCount} pages were read`);
  const read = extractFacts({ pages });
  if (ocrPages === 0 && nothingFound(read.facts)) {
    const rescued = await readScannedPictures(bytes, text.pages.length);
    if (rescued) {
      return {
        facts: rescued.facts, source: 'ocr', pages: text.pageCount, pdf_edited: pdfEdited, millis: elapsed(started),
        notes: [...notes, 'its text layer held none of the facts; they were read by OCR from the scanned pages under it', ...rescued.notes],
      };
    }
  }
  const source: ReadingSource = ocrPages > 0 ? 'ocr' : 'pdf-text';
  return { facts: read.facts, source, pages: text.pageCount, pdf_edited: pdfEdited, notes: [...notes, ...read.notes], millis: elapsed(started) };
}

const nothingFound = (facts: FactsReading['facts']) => Object.values(facts).every((f) => f === null);

/**
 * A scanner app's PDF carries its own OCR as an invisible text layer over each page's picture, often
 * poor. When that layer holds none of the facts, the pictures under it are read by OCR here (at most
 * MAX_OCR_PAGES); null when there are none, or they hold no facts either.
 */
async function readScannedPictures(bytes: Uint8Array, pages: number): Promise<FactsReading | null> {
  const scanned: DocumentText['pages'] = [];
  for (let index = 0; index < pages && scanned.length < MAX_OCR_PAGES; index += 1) {
    const found = await pageImage(bytes, index);
    if ('image' in found) scanned.push({ source: 'ocr', ...(await ocrPage(found.image)).text });
  }
  if (scanned.length === 0) return null;
  const read = extractFacts({ pages: scanned });
  return nothingFound(read.facts) ? null : read;
}

async function readImage(bytes: Uint8Array, started: number): Promise<DeclarationsReading> {
  let page: OcrPage;
  try {
    page = await ocrPage(bytes);
  } catch (err) {
    if (!(err instanceof ImageUnreadable)) throw err;
    return { facts: noFacts(), source: 'ocr', pages: 1, pdf_edited: null, notes: [err.message], millis: elapsed(started) };
  }
  const read = extractFacts({ pages: [{ source: 'ocr', ...page.text }] });
  const notes = [...(page.turned ? [turnedNote(page.turned)] : []), ...read.notes];
  return { facts: read.facts, source: 'ocr', pages: 1, pdf_edited: null, notes, millis: elapsed(started) };
}

export async function readDeclarations(bytes: Uint8Array, contentType: DeclarationsContentType): Promise<DeclarationsReading> {
  const started = performance.now();
  return contentType === 'application/pdf' ? readPdf(bytes, started) : readImage(bytes, started);
}

export { closeOcrEngine } from './ocr-engine';
