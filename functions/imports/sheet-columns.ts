/**
 * Columns are found by their header text, whatever their order: each kind of sheet (a software's rent
 * roll, EasyStorage's address list and insurance sheet) names its columns with the headers the software
 * prints, and the header row is the first of the sheet's first 25 non-blank rows that holds every
 * required one. Rows above it (report title, facility, date printed, merged or not) are not data; they
 * are kept with the layout, for the site a report prints there (prime-site.ts).
 * Then each row is read through RowCells, which finds a column's cell, turns it into text or a date and
 * collects the row's errors, each naming the file, the row as Excel numbers it, and the column's header
 * as the file writes it.
 */
import { importFileLabel } from '../../shared/import-software';
import type { ImportFileRole } from '../../shared/import-software';
import { cellDate, cellText, headerKey, plainValue } from './cell-values';
import { capitalised, fileNamed } from './first-sheet';
import type { FirstSheet, SheetRow } from './first-sheet';
import { ImportFileError } from './import-file-error';
import type { RowError } from './import-file-error';

export interface ColumnSpec {
  /** The headers the software prints for this column; the first is the one messages name. */
  headers: readonly string[];
  /** The header row must hold it; optional columns are read when present. */
  required?: true;
}

export const requiredColumn = (...headers: string[]): ColumnSpec => ({ headers, required: true });
export const optionalColumn = (...headers: string[]): ColumnSpec => ({ headers });

/** A kind of sheet: which file it is, what to call it ('a StorEdge rent roll') and its columns. */
export interface SheetKind<K extends string> {
  file: ImportFileRole;
  title: string;
  columns: Readonly<Record<K, ColumnSpec>>;
}

/** Where the header row put each column: its number (1 = A) and its header as written. */
export interface SheetLayout<K extends string> {
  columns: Partial<Record<K, { index: number; header: string }>>;
  /** The non-blank rows above the header (report title, facility, date printed), where a report may name its site. */
  titleRows: readonly SheetRow[];
}

/** The header row is looked for among this many non-blank rows at the top of the sheet. */
const HEADER_SEARCH_ROWS = 25;

const isBlank = (values: readonly unknown[]): boolean => {
  for (let i = 1; i < values.length; i += 1) if (cellText(values[i]) !== '') return false;
  return true;
};

const requiredKeys = <K extends string>(kind: SheetKind<K>): K[] =>
  (Object.keys(kind.columns) as K[]).filter((key) => kind.columns[key].required);

/** The columns of `kind` that a row names, by header text. */
function layoutOf<K extends string>(kind: SheetKind<K>, row: SheetRow): SheetLayout<K> {
  const byHeader = new Map<string, K>();
  for (const key of Object.keys(kind.columns) as K[]) for (const header of kind.columns[key].headers) byHeader.set(headerKey(header), key);
  const columns: SheetLayout<K>['columns'] = {};
  row.values.forEach((value, index) => {
    const text = cellText(value);
    const key = byHeader.get(headerKey(text));
    // The first column of a header wins: a report may repeat one (two 'Address' columns).
    if (key && !columns[key]) columns[key] = { index, header: text };
  });
  return { columns, titleRows: [] };
}

const missingFrom = <K extends string>(kind: SheetKind<K>, layout: SheetLayout<K>): K[] => requiredKeys(kind).filter((key) => !layout.columns[key]);

const headerNames = <K extends string>(kind: SheetKind<K>, keys: readonly K[]): string => {
  const names = keys.map((key) => kind.columns[key].headers[0]!);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');
};

/**
 * Reads `rows` down to the header row and answers its layout; the rows under it are what `rows` gives
 * next. No header among the first rows, or no row at all, refuses the file; the message names the
 * columns looked for, the row that came closest, and the kind of sheet the rows look like when it is
 * another one of `others`.
 */
export async function locateHeader<K extends string>(
  sheet: FirstSheet, rows: AsyncIterator<SheetRow>, kind: SheetKind<K>, others: readonly SheetKind<string>[],
): Promise<SheetLayout<K>> {
  const seen: SheetRow[] = [];
  while (seen.length < HEADER_SEARCH_ROWS) {
    const next = await rows.next();
    if (next.done) break;
    if (isBlank(next.value.values)) continue;
    const layout = layoutOf(kind, next.value);
    if (missingFrom(kind, layout).length === 0) return { ...layout, titleRows: seen };
    seen.push(next.value);
  }
  if (seen.length === 0) throw new ImportFileError(kind.file, `The first sheet of ${fileNamed(sheet.role, sheet.name)} is empty.`);

  const required = requiredKeys(kind);
  const closest = seen.map((row) => ({ row, missing: missingFrom(kind, layoutOf(kind, row)) }))
    .reduce((best, candidate) => (candidate.missing.length < best.missing.length ? candidate : best));
  let message = `${sheet.described} has no header row: none of its first ${HEADER_SEARCH_ROWS} rows names the columns ${headerNames(kind, required)} of ${kind.title}.`;
  if (closest.missing.length < required.length) message += ` Row ${closest.row.number} comes closest but lacks ${headerNames(kind, closest.missing)}.`;
  const lookalike = others.find((other) => other !== kind && seen.some((row) => missingFrom(other, layoutOf(other, row)).length === 0));
  if (lookalike) message += ` It looks like ${lookalike.title}.`;
  throw new ImportFileError(kind.file, message);
}

/**
 * 'Total: 523 units', 'Grand Total', 'Subtotal 12', 'Page 3 of 12', 'End of Report': a line a report
 * prints under or between its data, told by its first filled cell, wherever the columns are. A total
 * must be alone or carry a number or a colon, so a business named 'Total Fitness' is still a tenant.
 */
const REPORT_LINE = /^(?:(?:grand|sub)\s*)?totals?(?:\s*$|\b.*[\d:])|^page \d+(?: of \d+)?$|^end of report$/i;

export function isReportLine(values: readonly unknown[]): boolean {
  for (let i = 1; i < values.length; i += 1) {
    const text = cellText(values[i]);
    if (text !== '') return REPORT_LINE.test(text);
  }
  return false;
}

/** What a text column may hold at most (the tenant record's limits, shared/contracts/tenants.ts). */
export interface TextRule {
  /** In messages: 'the unit'. */
  what: string;
  max: number;
}

/** The cells of one row, read by column key; each problem becomes a RowError of the row. */
export class RowCells<K extends string> {
  row: SheetRow = { number: 0, values: [] };
  errors: RowError[] = [];
  /** 'Rent roll': the file, as each message begins. */
  private readonly where: string;

  constructor(readonly layout: SheetLayout<K>, private readonly kind: SheetKind<K>, private readonly sheet: FirstSheet) {
    this.where = capitalised(importFileLabel(kind.file));
  }

  /** Moves to the next row; false when it is a report's total or page line rather than data. */
  load(row: SheetRow): boolean {
    this.row = row;
    if (this.errors.length) this.errors = [];
    return !isReportLine(row.values);
  }

  has(key: K): boolean {
    return this.layout.columns[key] !== undefined;
  }

  /** The column's header as the file writes it (its usual name when the file has no such column). */
  header(key: K): string {
    return this.layout.columns[key]?.header ?? this.kind.columns[key].headers[0]!;
  }

  raw(key: K): unknown {
    const column = this.layout.columns[key];
    return column ? this.row.values[column.index] : undefined;
  }

  /** The cell's text ('' when the file has no such column); longer than the rule allows is an error. */
  text(key: K, rule?: TextRule): string {
    const text = cellText(this.raw(key));
    if (rule && text.length > rule.max) this.fail(this.header(key), `${rule.what} is longer than ${rule.max} characters.`);
    return text;
  }

  /** Text the row cannot go without. */
  required(key: K, rule: TextRule): string {
    const text = this.text(key, rule);
    if (text === '') this.fail(this.header(key), `${rule.what} is missing.`);
    return text;
  }

  /** The cell's date as YYYY-MM-DD, null when empty; anything else is an error. */
  date(key: K): string | null {
    const value = this.raw(key);
    const date = cellDate(value, this.sheet.date1904);
    if (date !== undefined) return date;
    this.fail(this.header(key), `'${cellText(value)}' is not a date (M/D/YYYY or YYYY-MM-DD).`);
    return null;
  }

  /** A number cell as Excel keeps it (a zip code typed as a number lost its leading zeros). */
  number(key: K): number | null {
    const value = plainValue(this.raw(key));
    return typeof value === 'number' ? value : null;
  }

  fail(column: string, problem: string): void {
    this.errors.push({ column, message: `${this.where}, row ${this.row.number}, ${column}: ${problem}` });
  }
}
