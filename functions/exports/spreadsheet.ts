/**
 * Export workbooks, written by the archive-exports worker with exceljs's streaming WorkbookWriter
 * (DESIGN.md "Files and jobs"): each row is committed as it is written, so a big export never holds
 * exceljs's cell model of the whole sheet, only the zipped bytes. A bold frozen header row with an
 * auto-filter, column widths fitted to the first rows, true Excel dates (m/d/yyyy).
 *
 * exceljs is loaded on first use (`await import`), never at module init: the worker's cold start stays
 * that of the job plumbing, and only an invocation that writes a workbook pays for loading it. No API
 * Lambda imports this module (docs/decisions.md, "Spreadsheet exports run as jobs").
 */
import { PassThrough } from 'node:stream';
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';
import { cellValueOf, columnWidths, DATE_FORMAT, DATETIME_FORMAT, MAX_SHEET_ROWS, rawValueOf, safeSheetName, WIDTH_SAMPLE_ROWS } from './columns';
import type { SheetSpec } from './columns';
import { attachmentDisposition, XLSX_CONTENT_TYPE } from './presign';

/**
 * Called after every `PROGRESS_EVERY_ROWS` rows and at the end, with rows written and rows in all
 * (null while the rows arrive as a stream whose length nobody knows yet).
 */
export type RowProgress = (written: number, total: number | null) => void | Promise<void>;
const PROGRESS_EVERY_ROWS = 500;

/**
 * A sheet to write: its rows as a list, or as a stream read page by page (a list too big to hold, such
 * as a program-wide tenant export), with the number of rows when it is known beforehand.
 */
export interface SheetSource<R> extends Omit<SheetSpec<R>, 'rows'> {
  rows: readonly R[] | AsyncIterable<R>;
  total?: number | null;
}

type ExcelJSModule = typeof import('exceljs');

let loaded: Promise<ExcelJSModule> | undefined;
/** exceljs is CommonJS: its API is the default export under Node's ESM and esbuild's bundle alike. */
function excelJs(): Promise<ExcelJSModule> {
  loaded ??= import('exceljs').then((m) => ((m as { default?: ExcelJSModule }).default ?? m));
  return loaded;
}

/** The rows the column widths are fitted to come first; a stream is read that far before the header is written. */
async function firstRows<R>(rows: AsyncIterable<R>): Promise<{ head: R[]; rest: AsyncIterator<R> | null }> {
  const iterator = rows[Symbol.asyncIterator]();
  const head: R[] = [];
  while (head.length < WIDTH_SAMPLE_ROWS) {
    const next = await iterator.next();
    if (next.done) return { head, rest: null };
    head.push(next.value);
  }
  return { head, rest: iterator };
}

/** The .xlsx bytes of one sheet; rows are written in the order given, each committed as it comes. */
export async function buildSpreadsheet<R>(spec: SheetSource<R>, onProgress?: RowProgress): Promise<Buffer> {
  const { columns } = spec;
  if (columns.length === 0) throw new Error(`sheet '${spec.sheet}' has no columns`);
  const listed = Array.isArray(spec.rows) ? (spec.rows as readonly R[]) : null;
  const total = listed ? listed.length : spec.total ?? null;
  if (total !== null && total + 1 > MAX_SHEET_ROWS) throw new Error(`sheet '${spec.sheet}' has more rows than Excel can hold`);
  const { head, rest } = listed ? { head: listed, rest: null } : await firstRows(spec.rows as AsyncIterable<R>);
  const ExcelJS = await excelJs();

  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(safeSheetName(spec.sheet), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  const widths = columnWidths(columns, head);
  sheet.columns = widths.map((width, i) => ({ key: `c${i}`, width }));

  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  const formats = columns.map((c) => (c.type === 'date' ? DATE_FORMAT : c.type === 'datetime' ? DATETIME_FORMAT : undefined));
  let written = 0;
  const write = async (row: R) => {
    if (written + 2 > MAX_SHEET_ROWS) throw new Error(`sheet '${spec.sheet}' has more rows than Excel can hold`);
    const line = sheet.addRow(columns.map((column) => cellValueOf(rawValueOf(column, row), column.type)));
    formats.forEach((numFmt, i) => {
      if (!numFmt) return;
      const cell = line.getCell(i + 1);
      if (cell.value instanceof Date) cell.numFmt = numFmt;
    });
    line.commit();
    written += 1;
    if (onProgress && written % PROGRESS_EVERY_ROWS === 0) await onProgress(written, total);
  };
  for (const row of head) await write(row);
  if (rest) for (let next = await rest.next(); !next.done; next = await rest.next()) await write(next.value);
  // The filter spans every row; exceljs writes it when the sheet is committed, so a stream's length is known by then.
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: written + 1, column: columns.length } };
  sheet.commit();
  await workbook.commit();
  await ended;
  if (onProgress) await onProgress(written, written);
  return Buffer.concat(chunks);
}

export interface StoredExport {
  file_key: string;
  filename: string;
}

/** Puts a workbook at its export key; the browser saves it as `filename`. Writing the same key again replaces it. */
export async function putSpreadsheet(file: StoredExport, body: Buffer): Promise<void> {
  const { PutObjectCommand } = await s3Commands();
  await (await s3Client()).send(new PutObjectCommand({
    Bucket: bucketName('exports'),
    Key: file.file_key,
    Body: body,
    ContentType: XLSX_CONTENT_TYPE,
    ContentDisposition: attachmentDisposition(file.filename),
  }));
}
