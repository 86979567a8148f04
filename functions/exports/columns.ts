/**
 * What an export sheet is made of: columns over rows, and how a row's raw value becomes a cell value
 * (text, number, boolean or a true date). Pure and free of any workbook library, so the route modules
 * can declare their columns and the tests can check the conversions; the workbook itself is written by
 * the archive-exports worker with exceljs (functions/exports/spreadsheet.ts).
 */

export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * text: as given. number: a finite number (numeric strings are converted). boolean: TRUE/FALSE.
 * date: a Date or 'YYYY-MM-DD...' string, shown m/d/yyyy. datetime: the same with the time of day.
 * Strings are read as wall-clock values, Date objects by their UTC time. A value a typed column cannot
 * read is written as text rather than dropped.
 */
export type ColumnType = 'text' | 'number' | 'boolean' | 'date' | 'datetime';

export interface ExportColumn<R = Record<string, unknown>> {
  header: string;
  /** The row field shown in this column (ignored when `value` is given). */
  key: string;
  value?: (row: R) => CellValue;
  type?: ColumnType;
  /** Width in characters; by default fitted to the header and the first rows. */
  width?: number;
}

export interface SheetSpec<R = Record<string, unknown>> {
  sheet: string;
  columns: readonly ExportColumn<R>[];
  rows: readonly R[];
}

/** Excel's limit on the text of one cell. */
export const MAX_CELL_CHARS = 32_767;
/** Excel's limit on the rows of one sheet (the header is one of them). */
export const MAX_SHEET_ROWS = 1_048_576;

export const DATE_FORMAT = 'm/d/yyyy';
export const DATETIME_FORMAT = 'm/d/yyyy h:mm:ss';

/** Characters XML 1.0 cannot carry (controls other than tab and newlines, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** 1900-01-01: Excel shows no earlier date. */
const EXCEL_FIRST_DAY_MS = Date.UTC(1900, 0, 1);

/**
 * The instant a date cell holds, or null when the value is no date. Wall-clock strings are taken as
 * UTC (exceljs writes a Date by its UTC time), so '2026-03-15' is the serial of March 15 whatever the
 * Lambda's zone; a string with a zone is that instant. 2026-02-31 is no date.
 */
export function dateOf(value: Date | string, withTime: boolean): Date | null {
  let ms: number;
  if (value instanceof Date) {
    ms = value.getTime();
  } else {
    const text = value.trim();
    const m = DATE_TEXT.exec(text);
    if (!m) return null;
    const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
    ms = zone ? Date.parse(text.replace(' ', 'T')) : Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    // Date.UTC rolls 2026-02-31 over to March; a date that is not in the calendar is not a date.
    const check = new Date(ms);
    if (!zone && (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d))) return null;
  }
  if (!Number.isFinite(ms) || ms < EXCEL_FIRST_DAY_MS) return null;
  if (!withTime) return new Date(Math.floor(ms / 86_400_000) * 86_400_000);
  return new Date(Math.round(ms / 1000) * 1000);
}

/** The value a cell gets from a raw value under its column type; null leaves the cell empty. */
export function cellValueOf(raw: CellValue, type: ColumnType = 'text'): string | number | boolean | Date | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (type === 'date' || type === 'datetime') {
    if (typeof raw === 'string' || raw instanceof Date) {
      const date = dateOf(raw, type === 'datetime');
      if (date) return date;
    }
  } else if (type === 'number') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (Number.isFinite(n)) return n;
  } else if (type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
  } else if (typeof raw === 'number' && Number.isFinite(raw)) {
    // A number in a text column stays a number: Excel would flag it as "number stored as text".
    return raw;
  } else if (typeof raw === 'boolean') {
    return raw;
  }
  const text = raw instanceof Date ? (Number.isFinite(raw.getTime()) ? raw.toISOString() : '') : String(raw);
  const clean = text.replace(INVALID_XML, '').slice(0, MAX_CELL_CHARS);
  return clean === '' ? null : clean;
}

/** The raw value of a column in a row. */
export const rawValueOf = <R>(column: ExportColumn<R>, row: R): CellValue =>
  (column.value ? column.value(row) : (row as Record<string, CellValue>)[column.key]);

/** Excel sheet names: 1-31 characters, none of []:*?/\ and no leading or trailing apostrophe. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return cleaned === '' ? 'Sheet1' : cleaned;
}

const MAX_WIDTH = 60;
const MIN_WIDTH = 8;
/** Column widths are fitted to the header and this many first rows. */
export const WIDTH_SAMPLE_ROWS = 200;

/** Column widths in characters: a given width, or the header and the first rows' values fitted. */
export function columnWidths<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): number[] {
  return columns.map((column) => {
    if (column.width) return column.width;
    let widest = column.header.length;
    for (const row of rows.slice(0, WIDTH_SAMPLE_ROWS)) {
      const value = cellValueOf(rawValueOf(column, row), column.type);
      if (value === null) continue;
      const shown = value instanceof Date ? (column.type === 'datetime' ? 19 : 10) : String(value).length;
      widest = Math.max(widest, shown);
    }
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
  });
}
