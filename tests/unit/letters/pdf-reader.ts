/**
 * Reads a rendered PDF back the way a viewer does (pdfjs-dist), for the letter tests: each page's
 * text items with their baseline position, font size and an upper bound of their width.
 */
import { PDFArray, PDFDocument, StandardFonts, decodePDFRawStream } from 'pdf-lib';
import type { PDFRawStream } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

export interface PlacedText {
  text: string;
  /** Start of the baseline, PDF points from the bottom-left corner. */
  x: number;
  y: number;
  size: number;
  /** The printed width: pdf-lib's widths of the item's face (whichever of the two pdfjs's width matches), never less than pdfjs's. */
  width: number;
}

export interface ReadPdf {
  pageCount: number;
  pages: PlacedText[][];
}

let fonts: Promise<PDFFont[]> | undefined;
/**
 * The width of an item as pdf-lib measures it, summed character by character (a PDF string shows its
 * glyphs unkerned; widthOfTextAtSize of a whole string subtracts kerning pairs), in the face whose
 * width agrees with pdfjs's own (pdfjs names fonts g_d0_f1, not Helvetica-Bold).
 */
async function widthEstimator(): Promise<(text: string, size: number, seen: number) => number> {
  fonts ??= PDFDocument.create().then((doc) => Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]));
  const faces = await fonts;
  const widthIn = (font: PDFFont, text: string, size: number) => [...text].reduce((sum, ch) => sum + font.widthOfTextAtSize(ch, size), 0);
  return (text, size, seen) => {
    const [regular, bold] = faces.map((font) => widthIn(font, text, size)) as [number, number];
    return Math.max(seen, Math.abs(regular - seen) <= Math.abs(bold - seen) ? regular : bold);
  };
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const widthOf = await widthEstimator();
  // pdfjs takes ownership of the buffer it is given.
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: PlacedText[][] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
    pages.push(items.map((item) => {
      const size = Math.hypot(item.transform[0], item.transform[1]);
      return { text: item.str, x: item.transform[4], y: item.transform[5], size, width: widthOf(item.str, size, item.width) };
    }));
  }
  await doc.destroy();
  return { pageCount: doc.numPages, pages };
}

/** A page's text in reading order (top to bottom, left to right), items joined by single spaces. */
export function pageText(items: readonly PlacedText[]): string {
  return [...items]
    .sort((a, b) => (Math.abs(a.y - b.y) > 1 ? b.y - a.y : a.x - b.x))
    .map((item) => item.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ');
}

export const documentText = (pdf: ReadPdf): string => pdf.pages.map(pageText).join(' ');

/** The filled rectangles ('re') of a page's content stream: the letter draws them only for a QR code's dark modules (pdf-lib's other shapes are paths). */
async function pageRects(bytes: Uint8Array, pageIndex: number): Promise<[number, number, number, number][]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(pageIndex).node.Contents();
  if (!contents) return [];
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const text = streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
  return [...text.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
}

/** Where the QR code of a page stands (its modules' bounding box), or null when the page draws none. */
export async function drawnQrBox(bytes: Uint8Array, pageIndex: number): Promise<{ x: number; y: number; width: number; height: number } | null> {
  const rects = await pageRects(bytes, pageIndex);
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map(([rx]) => rx));
  const y = Math.min(...rects.map(([, ry]) => ry));
  return { x, y, width: Math.max(...rects.map(([rx, , w]) => rx + w)) - x, height: Math.max(...rects.map(([, ry, , h]) => ry + h)) - y };
}

/**
 * The QR code drawn on a page, read back from its rectangles and turned back into modules row by row
 * from the top. Null when the page draws none.
 */
export async function drawnQr(bytes: Uint8Array, pageIndex: number): Promise<boolean[][] | null> {
  const rects = await pageRects(bytes, pageIndex);
  if (rects.length === 0) return null;
  const module = Math.min(...rects.map(([, , , h]) => h));
  const left = Math.min(...rects.map(([x]) => x));
  const top = Math.max(...rects.map(([, y, , h]) => y + h));
  const size = Math.round((Math.max(...rects.map(([x, , w]) => x + w)) - left) / module);
  const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [x, y, w, h] of rects) {
    const row = Math.round((top - y - h) / module);
    const first = Math.round((x - left) / module);
    for (let c = first; c < first + Math.round(w / module); c += 1) modules[row]![c] = true;
  }
  return modules;
}
