/**
 * The draw phase: laid-out pages (draw-ops.ts) replayed into a pdf-lib document, with no letter data in
 * sight. Each page draws its shapes first and then its text one face at a time: pdf-lib adds a font
 * resource to the page every time the font is set, so two faces per page mean two entries, not one per
 * line. Both fonts are standard fonts, embedded once per document as a name (no font program).
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { PageOps, QrOp, TextOp, Tone } from './draw-ops';
import { FACE_FONTS } from './letter-fonts';
import type { FontFace } from './letter-fonts';
import { PAGE_SIZE } from './letter-geometry';
import { loadPdfLib } from './pdf-lib';
import type { PdfLib } from './pdf-lib';

type Tones = Record<Tone, RGB>;
const tonesOf = ({ rgb }: PdfLib): Tones => ({
  ink: rgb(0.11, 0.12, 0.14),
  muted: rgb(0.36, 0.38, 0.42),
  accent: rgb(0.05, 0.25, 0.45),
  rule: rgb(0.74, 0.77, 0.81),
  shade: rgb(0.935, 0.946, 0.96),
});

export type DocumentFonts = Record<FontFace, PDFFont>;

export interface LetterDocument {
  doc: PDFDocument;
  fonts: DocumentFonts;
  tones: Tones;
  /** pdf-lib's operators, for the QR code's rectangles. */
  lib: PdfLib;
}

export async function newLetterDocument(meta: { title: string; author: string }): Promise<LetterDocument> {
  const lib = await loadPdfLib();
  const doc = await lib.PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  const [regular, bold] = await Promise.all([doc.embedFont(FACE_FONTS.regular), doc.embedFont(FACE_FONTS.bold)]);
  return { doc, fonts: { regular, bold }, tones: tonesOf(lib), lib };
}

/** Each row's runs of dark modules as one rectangle each ('re'), filled once: a 33 x 33 code is a few hundred operators, not a thousand shapes. */
function drawQr(lib: PdfLib, page: PDFPage, tones: Tones, qr: QrOp): void {
  const { rectangle, fill, pushGraphicsState, popGraphicsState, setFillingColor } = lib;
  const size = qr.modules.length * qr.module;
  const rects = qr.modules.flatMap((row, r) => {
    const runs: ReturnType<typeof rectangle>[] = [];
    for (let c = 0; c < row.length; c += 1) {
      if (!row[c]) continue;
      const start = c;
      while (row[c + 1]) c += 1;
      runs.push(rectangle(qr.x + start * qr.module, qr.y + size - (r + 1) * qr.module, (c - start + 1) * qr.module, qr.module));
    }
    return runs;
  });
  page.pushOperators(pushGraphicsState(), setFillingColor(tones[qr.tone]), ...rects, fill(), popGraphicsState());
}

function drawTexts(page: PDFPage, font: PDFFont, tones: Tones, texts: readonly TextOp[]): void {
  if (texts.length === 0) return;
  page.setFont(font);
  for (const t of texts) page.drawText(t.text, { x: t.x, y: t.y, size: t.size, color: tones[t.tone] });
}

/** Adds one page per entry of `pages`, in order. */
export function drawPages({ doc, fonts, tones, lib }: LetterDocument, pages: readonly PageOps[]): void {
  for (const ops of pages) {
    const page = doc.addPage([PAGE_SIZE.width, PAGE_SIZE.height]);
    const regular: TextOp[] = [];
    const boldTexts: TextOp[] = [];
    for (const op of ops) {
      if (op.kind === 'rect') page.drawRectangle({ x: op.x, y: op.y, width: op.width, height: op.height, color: tones[op.fill], borderWidth: 0 });
      else if (op.kind === 'qr') drawQr(lib, page, tones, op);
      else if (op.kind === 'line') page.drawLine({ start: { x: op.x1, y: op.y1 }, end: { x: op.x2, y: op.y2 }, thickness: op.thickness, color: tones[op.tone] });
      else (op.face === 'bold' ? boldTexts : regular).push(op);
    }
    drawTexts(page, fonts.regular, tones, regular);
    drawTexts(page, fonts.bold, tones, boldTexts);
  }
}
