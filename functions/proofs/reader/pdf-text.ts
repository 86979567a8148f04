/**
 * A PDF's own text layer (pdfjs-dist, the text a viewer selects), page by page as placed runs of text in
 * the page's points with y growing downwards, and the document's information dictionary and XMP metadata
 * for the integrity check.
 */
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import type { PlacedWord } from './page-lines';
import { openPdf, pdfjs } from './pdfjs';

export interface PdfTextPage {
  words: PlacedWord[];
  /** Characters other than spaces on the page's text layer. */
  characters: number;
}

export interface PdfInfo {
  creator: string | null;
  producer: string | null;
  creationDate: string | null;
  modDate: string | null;
  /** The XMP metadata stream as written, when the document has one. */
  xmp: string | null;
}

export interface PdfText {
  /** Pages in the document. */
  pageCount: number;
  /** The first pages' text (up to the limit asked). */
  pages: PdfTextPage[];
  info: PdfInfo;
}

export class PdfUnreadable extends Error {}

const stringOr = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export async function readPdfText(bytes: Uint8Array, maxPages: number): Promise<PdfText> {
  const { Util } = await pdfjs();
  let doc;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new PdfUnreadable(name === 'PasswordException' ? 'the PDF is protected by a password' : `the file could not be read as a PDF (${(err as Error).message})`);
  }
  try {
    const pages: PdfTextPage[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n += 1) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const words: PlacedWord[] = [];
      let characters = 0;
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const text = (item as TextItem).str;
        // Device space: the page as shown, its /Rotate applied, y downwards.
        const [, , c, d, x, baseline] = Util.transform(viewport.transform, item.transform) as number[];
        const height = Math.hypot(c!, d!) || item.height || 1;
        words.push({ text, left: x!, right: x! + Math.max(item.width, 1), top: baseline! - 0.8 * height, bottom: baseline! + 0.2 * height, confidence: 1 });
        characters += text.replace(/\s/g, '').length;
      }
      pages.push({ words, characters });
      page.cleanup();
    }
    const meta = await doc.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as Record<string, unknown>;
    let xmp: string | null = null;
    try { xmp = stringOr(meta?.metadata?.getRaw()); } catch { /* no XMP */ }
    return {
      pageCount: doc.numPages,
      pages,
      info: {
        creator: stringOr(info.Creator), producer: stringOr(info.Producer),
        creationDate: stringOr(info.CreationDate), modDate: stringOr(info.ModDate), xmp,
      },
    };
  } finally {
    await doc.destroy();
  }
}
