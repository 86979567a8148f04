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
import type { DocumentText } from './declarations-facts';
import { noFacts } from './declarations-types';
import type { DeclarationsContentType, DeclarationsReading, ReadingSource } from './declarations-types';
import { ImageUnreadable, prepareForOcr } from './image-preparation';
import { recognizePage } from './ocr-engine';
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

async function ocrPage(image: PageImage | Uint8Array): Promise<PageText> {
  const prepared = await prepareForOcr(image);
  const recognized = await recognizePage(prepared.png);
  return linesFromWords(recognized.words);
}

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
      pages.push({ source: 'ocr', ...(await ocrPage(found.image)) });
      ocrPages += 1;
    } else {
      if ('unreadable' in found) notes.push(`page ${index + 1}: ${found.unreadable}`);
      if (page.characters > 0) pages.push({ source: 'pdf-text', ...linesFromWords(page.words, { joinGap: PDF_JOIN_GAP }) });
    }
  }
  if (text.pageCount > MAX_PAGES) notes.push(`only the first ${MAX_PAGES} of its ${text.pageCount} pages were read`);
  const read = extractFacts({ pages });
  const source: ReadingSource = ocrPages > 0 ? 'ocr' : 'pdf-text';
  return { facts: read.facts, source, pages: text.pageCount, pdf_edited: pdfEdited, notes: [...notes, ...read.notes], millis: elapsed(started) };
}

async function readImage(bytes: Uint8Array, started: number): Promise<DeclarationsReading> {
  let page: PageText;
  try {
    page = await ocrPage(bytes);
  } catch (err) {
    if (!(err instanceof ImageUnreadable)) throw err;
    return { facts: noFacts(), source: 'ocr', pages: 1, pdf_edited: null, notes: [err.message], millis: elapsed(started) };
  }
  const read = extractFacts({ pages: [{ source: 'ocr', ...page }] });
  return { facts: read.facts, source: 'ocr', pages: 1, pdf_edited: null, notes: read.notes, millis: elapsed(started) };
}

export async function readDeclarations(bytes: Uint8Array, contentType: DeclarationsContentType): Promise<DeclarationsReading> {
  const started = performance.now();
  return contentType === 'application/pdf' ? readPdf(bytes, started) : readImage(bytes, started);
}

export { closeOcrEngine } from './ocr-engine';
