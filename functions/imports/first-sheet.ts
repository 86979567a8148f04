/**
 * The rows of an uploaded workbook's first sheet (spec §5: only the first sheet is used), streamed with
 * exceljs's WorkbookReader, so a 50,000-row file never sits in memory as a workbook: rows come one at a
 * time as the zip is inflated. What stays in memory is exceljs's cache of the shared strings (each
 * distinct text once) and the row being read.
 *
 * exceljs reads a sheet at once when the shared strings came before it in the zip; Excel writes them
 * after the sheets, and then exceljs first copies the sheet's XML to a temporary file (a 50,000-row
 * sheet is ≈ 40 MB of XML in the function's /tmp) and reads it from there. exceljs deletes a copy only
 * when it moves past that sheet, so once the first sheet is read the rest of the zip is passed through
 * without parsing any other sheet, and a reading stopped early moves it past them all (release).
 */
import type { Readable } from 'node:stream';
import { importFileLabel } from '../../shared/import-software';
import type { ImportFileRole } from '../../shared/import-software';
import { ImportFileError } from './import-file-error';
import { BytesFailure, WorkbookBytes } from './workbook-bytes';

/** One row of the sheet: its number as Excel shows it, and its cell values by column number (1 = A). */
export interface SheetRow {
  number: number;
  values: readonly unknown[];
}

/** An uploaded file: a stream and the name the user gave it, or a path on disk (tests, samples, the bench). */
export type WorkbookSource = string | { stream: Readable; name: string };

type ExcelJSModule = typeof import('exceljs');

let loaded: Promise<ExcelJSModule> | undefined;
/** exceljs loads on first use, not at the worker's init (as functions/exports/spreadsheet.ts does). */
function excelJs(): Promise<ExcelJSModule> {
  loaded ??= import('exceljs').then((m) => ((m as { default?: ExcelJSModule }).default ?? m));
  return loaded;
}

/**
 * What this module uses of exceljs's streaming reader beyond its typings: the workbook's sheet list and
 * date system, known once xl/workbook.xml is read, and each sheet's id and its rows.
 */
interface StreamedWorkbook {
  model?: { sheets?: { id: number }[] };
  properties?: { model?: { date1904?: boolean } };
  [Symbol.asyncIterator](): AsyncIterator<StreamedSheet>;
}
interface StreamedSheet {
  id: number | string;
  /** The sheet's XML: a file stream when exceljs copied it to a temporary file. */
  iterator?: { destroy?: () => void; on?: (event: 'error', listener: (err: Error) => void) => unknown };
  /** The sheet's rows (and other events) a batch at a time, as exceljs parses each piece of XML. */
  parse(): AsyncIterator<{ eventType: string; value: { number: number; values: unknown } }[]>;
}

/**
 * Closes a sheet unread. exceljs deletes a temporary copy as soon as it is asked for the next sheet, which
 * can be before the file stream it made has opened the file: that late open then fails (ENOENT) on a
 * stream nobody reads, an 'error' event with no listener, which ends the process (seen once in CI,
 * 2026-11-27). The copy is meant to go, so that error is expected and dropped.
 */
function closeUnread(sheet: StreamedSheet | null | undefined): void {
  sheet?.iterator?.on?.('error', () => undefined);
  sheet?.iterator?.destroy?.();
}

const READER_OPTIONS = {
  worksheets: 'emit',
  sharedStrings: 'cache',
  hyperlinks: 'ignore',
  // Number formats are not needed: the reader knows which columns hold dates and reads their serials itself.
  styles: 'ignore',
  entries: 'ignore',
} as const;

export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The file in a message: "the rent roll 'May.xlsx'". */
export const fileNamed = (role: ImportFileRole, name: string): string => `the ${importFileLabel(role)} '${name}'`;

const sourceName = (source: WorkbookSource): string => (typeof source === 'string' ? source.split(/[/\\]/).pop()! : source.name);

async function openSource(source: WorkbookSource): Promise<Readable> {
  if (typeof source !== 'string') return source.stream;
  const { createReadStream } = await import('node:fs');
  return createReadStream(source);
}

export class FirstSheet implements AsyncIterable<SheetRow> {
  /** The workbook counts dates from 1904 (old Mac Excel); known once the first row has come. */
  date1904 = false;
  readonly name: string;

  /** @param progress counts the rows read, each as it comes */
  constructor(private readonly source: WorkbookSource, readonly role: ImportFileRole, private readonly progress: { rowsRead: number } = { rowsRead: 0 }) {
    this.name = sourceName(source);
  }

  /** "The rent roll 'May.xlsx'" */
  get described(): string {
    return capitalised(fileNamed(this.role, this.name));
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<SheetRow> {
    const bytes = await WorkbookBytes.open(await openSource(this.source));
    let sheets: AsyncIterator<StreamedSheet> | null = null;
    let current: StreamedSheet | null = null;
    let finished = false;
    try {
      if (bytes.start !== 'zip') {
        throw new ImportFileError(this.role, bytes.start === 'xls'
          ? `${this.described} is an Excel 97-2003 workbook (.xls). Save it as Excel Workbook (.xlsx) and try again.`
          : `${this.described} is not an .xlsx workbook. Save it as Excel Workbook (.xlsx) and try again.`);
      }
      const ExcelJS = await excelJs();
      const workbook = new ExcelJS.stream.xlsx.WorkbookReader(bytes, READER_OPTIONS) as unknown as StreamedWorkbook;
      sheets = workbook[Symbol.asyncIterator]();
      let read = false;
      for (let next = await bytes.guard(sheets.next()); !next.done; next = await bytes.guard(sheets.next())) {
        current = next.value;
        const first = workbook.model?.sheets?.[0];
        if (read || (first && String(first.id) !== String(current.id))) {
          // Not parsed; a sheet exceljs copied to a temporary file is closed unread (it deletes the file next).
          closeUnread(current);
          continue;
        }
        read = true;
        this.date1904 = Boolean(workbook.properties?.model?.date1904);
        // Batches rather than exceljs's row iterator: one wait per piece of XML instead of one per row.
        const batches = current.parse();
        for (let batch = await bytes.guard(batches.next()); !batch.done; batch = await bytes.guard(batches.next())) {
          for (const { eventType, value } of batch.value) {
            if (eventType !== 'row') continue;
            this.progress.rowsRead += 1;
            yield { number: value.number, values: value.values as unknown[] };
          }
        }
      }
      finished = true;
      if (!read) throw new ImportFileError(this.role, `${this.described} is not an .xlsx workbook: it holds no worksheet. Save it as Excel Workbook (.xlsx) and try again.`);
    } catch (err) {
      if (err instanceof ImportFileError) throw err;
      // A dropped connection is not the file's fault: the job's retry reads it again.
      if (err instanceof BytesFailure && err.kind === 'source') throw err.cause;
      throw new ImportFileError(this.role, `${this.described} is damaged: it could not be unpacked as an .xlsx workbook. Save it again from Excel and upload the new file.`);
    } finally {
      if (!finished && sheets && bytes.readableEnded) await this.release(bytes, sheets, current);
      bytes.destroy();
    }
  }

  /**
   * Reading stopped before the end (a header not found, a consumer that stopped): once the whole zip has
   * been read, what is left of exceljs's work is its temporary copies of sheets, each deleted as it moves
   * past it, so it is moved past them all, unread. A file that failed answers at once and is left alone.
   */
  private async release(bytes: WorkbookBytes, sheets: AsyncIterator<StreamedSheet>, current: StreamedSheet | null): Promise<void> {
    closeUnread(current);
    try {
      for (let next = await bytes.guard(sheets.next()); !next.done; next = await bytes.guard(sheets.next())) closeUnread(next.value);
    } catch {
      // Already failed: nothing more to release.
    }
  }
}
