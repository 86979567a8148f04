/**
 * pdf-lib, loaded on the first letter rather than at the worker's init: it is installed beside the
 * letter-generation worker's bundle (infra/bundling.ts), so a cold start that renders nothing does not
 * parse it. CommonJS under Node's ESM: its API may sit on the default export.
 */
export type PdfLib = typeof import('pdf-lib');

let loaded: Promise<PdfLib> | undefined;

export function loadPdfLib(): Promise<PdfLib> {
  loaded ??= import('pdf-lib').then((m) => ((m as { default?: PdfLib }).default ?? m)).catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}
