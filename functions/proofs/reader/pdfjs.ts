/**
 * pdfjs-dist for the reader (a PDF's text layer, pdf-text.ts; a scan's pixels, pdf-page-image.ts). The
 * legacy build runs on Node 20 without a canvas; nothing here renders, fetches or evaluates code.
 */
type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<Pdfjs> | null = null;

/**
 * pdfjs, loaded with its parser on the first document rather than at the worker's init (infra/bundling.ts
 * installs it beside the bundle; loading the reader's libraries at init took the worker's cold start to
 * 316 ms). pdfjs parses in a "fake worker" on Node, whose module it would otherwise import by path.
 */
export function pdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= (async () => {
    const [main, parser] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= parser;
    return main;
  })().catch((err: unknown) => { pdfjsModule = null; throw err; });
  return pdfjsModule;
}

/**
 * Opens a document. pdfjs takes ownership of the buffer it is given (so it gets a copy). No font faces, no
 * eval, no system fonts; decoded images come back as pixels (no OffscreenCanvas on Node).
 */
export async function openPdf(bytes: Uint8Array) {
  const { getDocument } = await pdfjs();
  return getDocument({
    data: bytes.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, stopAtErrors: false,
    isOffscreenCanvasSupported: false,
  }).promise;
}
