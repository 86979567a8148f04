/**
 * The bytes of an uploaded workbook on their way to exceljs's streaming reader, checked as they pass,
 * because exceljs (through its zip parser) does not fail on every broken file: given a file cut short,
 * or one whose compressed data is corrupt, it waits forever for bytes that never come. So:
 *   - the first bytes tell a zip (every .xlsx is one) from anything else before exceljs sees them;
 *   - the last bytes must hold the zip's end-of-central-directory record, which a cut file lacks;
 *   - the zip parser's own 'error' event (exceljs does not listen to it) is caught where the bytes are
 *     piped into it, and its early 'end', which loses entries, is held back until it is true (see pipe).
 * Each of these fails the reading at once through `guard`, which the sheet reader wraps around every
 * wait on exceljs. Only the last 64 kB are kept, so a file of any size passes in constant memory.
 */
import { Readable } from 'node:stream';

/** What the first four bytes say the file is. */
export type FileStart = 'zip' | 'xls' | 'other';

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Excel 97-2003 (.xls) and other OLE2 compound files. */
const OLE2_HEADER = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const END_RECORD_SIGNATURE = 0x06054b50;
const END_RECORD_SIZE = 22;
/** The end record is the last thing in a zip, followed only by a comment of at most 65,535 bytes. */
const TAIL_BYTES = END_RECORD_SIZE + 0xffff;

/** Why the bytes stopped: the zip is broken, or the source itself failed (a dropped connection: worth a retry). */
export class BytesFailure extends Error {
  override name = 'BytesFailure';
  constructor(readonly kind: 'damaged' | 'source', override readonly cause: Error) {
    super(`${kind === 'damaged' ? 'damaged zip' : 'the file could not be read'}: ${cause.message}`);
  }
}

const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));

export class WorkbookBytes extends Readable {
  private tail = Buffer.alloc(0);
  private head: Buffer | null;
  private failure: BytesFailure | null = null;
  private rejectWaiting: ((failure: BytesFailure) => void) | null = null;

  private constructor(private readonly source: Readable, private readonly chunks: AsyncIterator<unknown>, head: Buffer, readonly start: FileStart) {
    super();
    this.head = head;
  }

  /** Reads the first bytes of `source` to tell what it is; the bytes read are passed on first. */
  static async open(source: Readable): Promise<WorkbookBytes> {
    const chunks = source[Symbol.asyncIterator]();
    const first: Buffer[] = [];
    let size = 0;
    while (size < ZIP_LOCAL_HEADER.length) {
      const next = await chunks.next();
      if (next.done) break;
      const chunk = asBuffer(next.value);
      first.push(chunk);
      size += chunk.length;
    }
    const head = Buffer.concat(first);
    const lead = head.subarray(0, ZIP_LOCAL_HEADER.length);
    const start: FileStart = lead.equals(ZIP_LOCAL_HEADER) ? 'zip' : lead.equals(OLE2_HEADER) ? 'xls' : 'other';
    return new WorkbookBytes(source, chunks, head, start);
  }

  /**
   * `pending`, unless the bytes fail first: then the failure. One waiter at a time (the sheet reader
   * waits on one thing at once), so no handler piles up on a promise that lives as long as the file.
   */
  guard<T>(pending: Promise<T>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.rejectWaiting = reject;
      pending.then(resolve, reject);
    });
  }

  /** exceljs pipes the bytes into its zip parser (unzipper's Parse), the one place two of its faults can be met. */
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const parser = destination as unknown as Readable;
    // An entry that cannot be inflated is reported only on the parser.
    parser.on('error', (error: Error) => this.fail(new BytesFailure('damaged', error)));
    // The parser announces 'end' as soon as it has parsed the zip's last record, while the entries it found
    // may still wait, unread, in its buffer: exceljs then stops taking entries. When the shared strings come
    // after the sheet (as Excel writes them) and the disk is slow to take exceljs's temporary copy of the
    // sheet, they are lost and the sheet reads as if its text cells were empty. The parser's readable side
    // ends for real (readableEnded) once every entry has been taken; only that 'end' is let through.
    const emit = parser.emit;
    parser.emit = function (this: Readable, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'end' && !this.readableEnded) return false;
      return emit.call(this, event, ...args);
    } as typeof parser.emit;
    return super.pipe(destination, options);
  }

  override _read(): void {
    if (this.head) {
      const head = this.head;
      this.head = null;
      this.keepTail(head);
      this.push(head);
      return;
    }
    this.chunks.next().then(({ done, value }) => {
      if (done) {
        if (!this.endsWithEndRecord()) this.fail(new BytesFailure('damaged', new Error('the zip ends before its central directory')));
        this.push(null);
        return;
      }
      const chunk = asBuffer(value);
      this.keepTail(chunk);
      this.push(chunk);
    }, (error: Error) => {
      this.fail(new BytesFailure('source', error));
      // Not destroy(error): nothing listens for errors on these bytes, and the guard reports it already.
      this.destroy();
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source.destroy();
    callback(error);
  }

  private fail(failure: BytesFailure): void {
    if (this.failure) return;
    this.failure = failure;
    this.rejectWaiting?.(failure);
  }

  private keepTail(chunk: Buffer): void {
    if (chunk.length >= TAIL_BYTES) {
      this.tail = Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES));
      return;
    }
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail = joined.length > TAIL_BYTES ? Buffer.from(joined.subarray(joined.length - TAIL_BYTES)) : joined;
  }

  /** A whole zip ends with its end record, whose comment length says exactly where the file ends. */
  private endsWithEndRecord(): boolean {
    const tail = this.tail;
    for (let at = tail.length - END_RECORD_SIZE; at >= 0; at -= 1) {
      if (tail.readUInt32LE(at) === END_RECORD_SIGNATURE && at + END_RECORD_SIZE + tail.readUInt16LE(at + 20) === tail.length) return true;
    }
    return false;
  }
}
