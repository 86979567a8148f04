/**
 * One declarations read in a fresh process, as a worker Lambda's first invocation does it (the reader's
 * modules loaded, the OCR engine started on the first page): its time and the process's peak resident
 * set size (getrusage maxRSS: the V8 heap, sharp's pixels, and the OCR engine's WebAssembly memory in
 * its worker thread). Run by tests/bench/proofs.ts with `node --import tsx`.
 *
 * argv: the file, its content type, the file to write the measurement to.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { DeclarationsContentType } from '../../functions/proofs/reader/declarations-types';

const [file, contentType, out] = process.argv.slice(2) as [string, DeclarationsContentType, string];
const bytes = new Uint8Array(readFileSync(file));
const { readDeclarations, closeOcrEngine } = await import('../../functions/proofs/reader/read-declarations');
const loadedRssBytes = process.memoryUsage().rss;
const started = performance.now();
const reading = await readDeclarations(bytes, contentType);
const seconds = (performance.now() - started) / 1000;
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
await closeOcrEngine();
writeFileSync(out, JSON.stringify({ seconds, loadedRssBytes, peakRssBytes, reading }));
process.exit(0);
