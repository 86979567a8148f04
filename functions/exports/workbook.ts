/**
 * A real Office Open XML workbook (.xlsx) from columns and rows: shared strings, a bold frozen header
 * row with an auto-filter, column widths, and true Excel dates (serial numbers with a date format), so
 * dates sort and filter as dates. The parts are written here and zipped with Node's zlib
 * (functions/exports/zip.ts); exceljs would add 0.5-1 MB to Lambdas already near their 1 MB budget
 * (docs/decisions.md, "Export workbooks"). The tests read every workbook back with exceljs.
 */
import { zip } from './zip';

/** UTF-8 bytes of each part. */
const utf8 = new TextEncoder();
const strToU8 = (text: string): Uint8Array => utf8.encode(text);

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
const MAX_CELL_CHARS = 32_767;
/** Excel's limit on the rows of one sheet (the header is one of them). */
export const MAX_SHEET_ROWS = 1_048_576;
const MAX_WIDTH = 60;
const MIN_WIDTH = 8;
const WIDTH_SAMPLE_ROWS = 200;

/** Style indexes of styles.xml's cellXfs. */
const STYLE = { header: 1, date: 2, datetime: 3 } as const;

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot carry (controls other than tab and newlines, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Excel sheet names: 1-31 characters, none of []:*?/\ and no leading or trailing apostrophe. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return cleaned === '' ? 'Sheet1' : cleaned;
}

const DAY_MS = 86_400_000;
/** Days from Excel's epoch (1899-12-30, with its 1900 leap-year quirk folded in) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25_569;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The Excel serial of a date, or null when the value is no date. */
export function excelSerial(value: Date | string, withTime: boolean): number | null {
  let ms: number;
  if (value instanceof Date) {
    ms = value.getTime();
  } else {
    const m = DATE_TEXT.exec(value.trim());
    if (!m) return null;
    const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
    ms = zone ? Date.parse(value.trim().replace(' ', 'T')) : Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    // Date.UTC rolls 2026-02-31 over to March; a date that is not in the calendar is not a date.
    const check = new Date(ms);
    if (!zone && (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d))) return null;
  }
  if (!Number.isFinite(ms)) return null;
  const days = ms / DAY_MS + EXCEL_EPOCH_OFFSET_DAYS;
  // Excel cannot show dates before 1900-01-01 (serial 1).
  if (days < 1) return null;
  return withTime ? Math.round(days * DAY_MS / 1000) / (DAY_MS / 1000) : Math.floor(days);
}

interface Cell {
  kind: 'string' | 'number' | 'boolean';
  value: string | number | boolean;
  style?: number;
}

function toCell(raw: CellValue, type: ColumnType): Cell | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (type === 'date' || type === 'datetime') {
    if (typeof raw === 'string' || raw instanceof Date) {
      const serial = excelSerial(raw, type === 'datetime');
      if (serial !== null) return { kind: 'number', value: serial, style: type === 'date' ? STYLE.date : STYLE.datetime };
    }
  } else if (type === 'number') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (Number.isFinite(n)) return { kind: 'number', value: n };
  } else if (type === 'boolean') {
    if (typeof raw === 'boolean') return { kind: 'boolean', value: raw };
  } else if (typeof raw === 'number' && Number.isFinite(raw)) {
    // A number in a text column stays a number: Excel would flag it as "number stored as text".
    return { kind: 'number', value: raw };
  } else if (typeof raw === 'boolean') {
    return { kind: 'boolean', value: raw };
  }
  const text = raw instanceof Date ? (Number.isFinite(raw.getTime()) ? raw.toISOString() : '') : String(raw);
  return text === '' ? null : { kind: 'string', value: text.slice(0, MAX_CELL_CHARS) };
}

class SharedStrings {
  private readonly index = new Map<string, number>();
  private readonly list: string[] = [];
  count = 0;

  add(text: string): number {
    this.count += 1;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.index.set(text, i);
      this.list.push(text);
    }
    return i;
  }

  xml(): string {
    const items = this.list.map((s) => `<si><t${/^\s|\s$/.test(s) ? ' xml:space="preserve"' : ''}>${escapeXml(s)}</t></si>`);
    return `${XML_HEAD}<sst xmlns="${NS_MAIN}" count="${this.count}" uniqueCount="${this.list.length}">${items.join('')}</sst>`;
  }
}

function cellXml(ref: string, cell: Cell, strings: SharedStrings): string {
  const style = cell.style !== undefined ? ` s="${cell.style}"` : '';
  if (cell.kind === 'string') return `<c r="${ref}" t="s"${style}><v>${strings.add(cell.value as string)}</v></c>`;
  if (cell.kind === 'boolean') return `<c r="${ref}" t="b"${style}><v>${cell.value ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${style}><v>${cell.value}</v></c>`;
}

function sheetXml<R>(spec: SheetSpec<R>, sheetIndex: number, strings: SharedStrings): { xml: string; filterRef: string } {
  const { columns, rows } = spec;
  if (columns.length === 0) throw new Error(`sheet '${spec.sheet}' has no columns`);
  if (rows.length + 1 > MAX_SHEET_ROWS) throw new Error(`sheet '${spec.sheet}' has more rows than Excel can hold`);
  const lastCol = columnLetter(columns.length - 1);
  const lastRow = rows.length + 1;
  const filterRef = `A1:${lastCol}${lastRow}`;
  const widths = columns.map((c) => c.header.length);

  const out: string[] = [];
  out.push(`<row r="1">${columns.map((c, i) => cellXml(`${columnLetter(i)}1`, { kind: 'string', value: c.header, style: STYLE.header }, strings)).join('')}</row>`);
  rows.forEach((row, r) => {
    const rowNumber = r + 2;
    const cells: string[] = [];
    columns.forEach((column, i) => {
      const raw = column.value ? column.value(row) : (row as Record<string, CellValue>)[column.key];
      const cell = toCell(raw, column.type ?? 'text');
      if (!cell) return;
      if (r < WIDTH_SAMPLE_ROWS) {
        const shown = cell.style === STYLE.date ? 10 : cell.style === STYLE.datetime ? 19 : String(cell.value).length;
        widths[i] = Math.max(widths[i]!, shown);
      }
      cells.push(cellXml(`${columnLetter(i)}${rowNumber}`, cell, strings));
    });
    out.push(`<row r="${rowNumber}">${cells.join('')}</row>`);
  });

  const cols = columns.map((c, i) => {
    const width = c.width ?? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widths[i]! + 2));
    return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
  });
  const xml = `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">`
    + `<dimension ref="${filterRef}"/>`
    + `<sheetViews><sheetView workbookViewId="0"${sheetIndex === 0 ? ' tabSelected="1"' : ''}>`
    + '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
    + '</sheetView></sheetViews>'
    + '<sheetFormatPr defaultRowHeight="15"/>'
    + `<cols>${cols.join('')}</cols>`
    + `<sheetData>${out.join('')}</sheetData>`
    + `<autoFilter ref="${filterRef}"/>`
    + '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
    + '</worksheet>';
  return { xml, filterRef };
}

const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">`
  + '<numFmts count="2"><numFmt numFmtId="164" formatCode="m/d/yyyy"/><numFmt numFmtId="165" formatCode="m/d/yyyy h:mm:ss"/></numFmts>'
  + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
  + '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="4">'
  + '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
  + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
  + '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
  + '</cellXfs>'
  + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
  + '</styleSheet>';

/** The .xlsx file of one or more sheets, as bytes. */
export function buildWorkbook<R>(sheets: readonly SheetSpec<R>[]): Buffer {
  if (sheets.length === 0) throw new Error('a workbook needs at least one sheet');
  const strings = new SharedStrings();
  const names = new Set<string>();
  const parts: Record<string, Uint8Array> = {};
  const sheetEntries: string[] = [];
  const definedNames: string[] = [];
  const overrides: string[] = [];
  const rels: string[] = [];

  sheets.forEach((spec, i) => {
    let name = safeSheetName(spec.sheet);
    for (let n = 2; names.has(name.toLowerCase()); n += 1) name = `${safeSheetName(spec.sheet).slice(0, 27)} (${n})`;
    names.add(name.toLowerCase());
    const { xml, filterRef } = sheetXml(spec, i, strings);
    const file = `sheet${i + 1}.xml`;
    parts[`xl/worksheets/${file}`] = strToU8(xml);
    sheetEntries.push(`<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
    const absolute = filterRef.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
    definedNames.push(`<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${escapeXml(name.replace(/'/g, "''"))}'!${absolute}</definedName>`);
    overrides.push(`<Override PartName="/xl/worksheets/${file}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`);
    rels.push(`<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/${file}"/>`);
  });
  const n = sheets.length;
  rels.push(`<Relationship Id="rId${n + 1}" Type="${NS_REL}/styles" Target="styles.xml"/>`);
  rels.push(`<Relationship Id="rId${n + 2}" Type="${NS_REL}/sharedStrings" Target="sharedStrings.xml"/>`);

  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(`${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
      + overrides.join('')
      + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
      + '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
      + '</Types>'),
    '_rels/.rels': strToU8(`${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">`
      + `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': strToU8(`${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">`
      + '<bookViews><workbookView/></bookViews>'
      + `<sheets>${sheetEntries.join('')}</sheets>`
      + `<definedNames>${definedNames.join('')}</definedNames>`
      + '</workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8(`${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${rels.join('')}</Relationships>`),
    'xl/styles.xml': strToU8(STYLES_XML),
    ...parts,
    'xl/sharedStrings.xml': strToU8(strings.xml()),
  };
  return zip(Object.entries(files));
}
