/** pdfjs-dist ships no types for its worker module; the reader only hands it to pdfjs (pdf-text.ts). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
