/**
 * An archive's export (docs/decisions.md "Archives: what the job does and why nothing is lost"): one
 * workbook that holds every archived tenant exactly as stored, with every history entry, so the tenants
 * can be deleted and still be read (by people in Excel) and restored (by functions/archives/
 * archive-restore.ts) field for field.
 *
 *   Tenants   one row per tenant: every TenantRecord field readable (ARCHIVE_TENANT_COLUMNS), then `record`,
 *             the stored record as JSON (what restore reads)
 *   Tenant History   tenant_id, at, actor, action, changes (JSON), then `entry`, the stored entry as JSON;
 *             every entry of every tenant, the tenants in the Tenants sheet's order, each tenant's entries
 *             together ('History' alone is a name Excel reserves for a sheet of its own and refuses)
 *   Facility  the facility record's fields, its counters before the archive, the cycles archived, the new letter dates
 *   Summary   scope, archive id, who, when, tenant count
 *
 * Written and read streaming, so a 50,000-tenant archive never sits in memory: exceljs's WorkbookWriter
 * commits each row into the zip, which flows into an S3 multipart upload (@aws-sdk/lib-storage). Cells
 * are written as inline strings (no shared-strings table, which would hold every distinct text of the
 * file in memory), and the sheets one after another (exceljs opens a sheet's zip entry at its first
 * row; two sheets open at once would buffer the second whole).
 *
 * Reading streams each sheet from S3 as the zip inflates (readArchiveTenants): the Tenants and the
 * History sheet through two reads of the object at once, merged tenant by tenant, since the History
 * sheet follows the Tenants sheet's order.
 */
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type { HistoryEntry } from '../../shared/contracts/tenants';
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';
import { MAX_CELL_CHARS } from '../exports/columns';
import { attachmentDisposition, XLSX_CONTENT_TYPE } from '../exports/presign';
import type { TenantRecord } from '../tenants/tenant-record';

/** Every TenantRecord field, in the order the Tenants sheet shows them (the compiler checks none is missing). */
const TENANT_FIELDS: Record<keyof TenantRecord, true> = {
  id: true, facility_id: true, facility_number: true, cycle_id: true, first_name: true, last_name: true, email: true,
  address: true, city: true, state: true, zip_code: true, country: true, unit: true, units: true, status: true,
  tagged_for_removal: true, move_in_date: true, billing_date: true, charge_apply_date: true, charge_applied_date: true,
  charge_confirmed_date: true, payment_confirmed_date: true, setup_insurance_date: true, insurance_effective_date: true,
  original_insurance_effective_date: true, tenant_made_selection: true, setup_via_api: true, api_confirmed: true, coverage_id: true,
  note: true, note_created: true, monitor_note: true, initial_letter_sent_date: true, reminder_letter_sent_date: true,
  welcome_letter_sent_date: true, welcome_certificate_emailed_date: true, ledger_id: true, insur_ledger_id: true, access_code: true,
  policy_number: true, policy_errors_date_logged: true, policy_errors_error_message: true, provided_proof_date: true, waiting_proof_id: true,
  proof_expiry_date: true, language: true, opt_out_date: true, move_out_date: true, bad_address_date: true, created_at: true, updated_at: true,
};
export const ARCHIVE_TENANT_COLUMNS = Object.keys(TENANT_FIELDS) as readonly (keyof TenantRecord)[];
/** The last column of the Tenants sheet: the stored record as JSON. */
export const RECORD_COLUMN = 'record';
export const HISTORY_COLUMNS = ['tenant_id', 'at', 'actor', 'action', 'changes', 'entry'] as const;

/** The sheets in the order of their tabs; a sheet's number names its part in the zip (xl/worksheets/sheet{n}.xml). */
export const ARCHIVE_SHEET_NAMES = ['Tenants', 'Tenant History', 'Facility', 'Summary'] as const;
const SHEET_NUMBER = { tenants: 1, history: 2 } as const;

/** A stored history entry as the History sheet keeps it: its sort key too, so restore puts back the same item. */
export interface ArchivedHistoryEntry extends HistoryEntry {
  sk: string;
  facility_id: string;
}

/** One tenant as an archive holds it. */
export interface ArchivedTenant {
  record: TenantRecord;
  history: ArchivedHistoryEntry[];
}

/** A label and a value, a row of the Facility and Summary sheets. */
export type InfoRow = readonly [string, string | number | boolean | null];

type ExcelJSModule = typeof import('exceljs');
let loaded: Promise<ExcelJSModule> | undefined;
/** exceljs loads on first use, not at the worker's init (as functions/exports/spreadsheet.ts does). */
function excelJs(): Promise<ExcelJSModule> {
  loaded ??= import('exceljs').then((m) => ((m as { default?: ExcelJSModule }).default ?? m));
  return loaded;
}

/**
 * JSON whose text survives the sheet's XML as is: exceljs decodes a cell's entities twice when reading
 * (`&amp;lt;` comes back as `<`), so `&`, `<` and `>` are written as JSON escapes, which JSON.parse reads back.
 */
export function cellJson(value: unknown): string {
  return JSON.stringify(value).replace(/[&<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function checkedCell(text: string, what: string): string {
  if (text.length > MAX_CELL_CHARS) throw new Error(`${what} is longer than an Excel cell holds (${text.length} characters)`);
  return text;
}

/** A field as people read it: dates and texts as text, booleans TRUE/FALSE, lists as JSON. */
function readable(value: unknown): string | boolean | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What the archive job hands the writer; each source is read once, in this order. */
export interface ArchiveWorkbookSource {
  /** The tenants, page by page. */
  tenants: AsyncIterable<readonly TenantRecord[]>;
  /** Then each tenant's history (stored items), in the same order as the tenants, called once every tenant is written. */
  history: (tenantIds: readonly string[]) => AsyncIterable<{ tenantId: string; entries: readonly ArchivedHistoryEntry[] }>;
  facility: readonly InfoRow[];
  /** The Summary sheet's rows, once the tenants are counted. */
  summary: (tenantCount: number) => readonly InfoRow[];
  /** Called after each page of tenants and of history. */
  onProgress?: (written: { tenants: number; history: number }) => Promise<void>;
}

/**
 * What a sheet has written that the zip has not compressed yet. exceljs hands a sheet's XML on to the
 * zip's deflate stream without heeding its backpressure (its StreamBuf ignores write()'s answer), so a
 * writer faster than the deflate and the upload behind it would pile the whole sheet up in memory: the
 * zip's queued bytes, plus what the sheet holds before the zip takes it. exceljs 4 internals (`_stream`,
 * StreamBuf's `buffers` of 64 kB and `pipes`), checked by tests/unit/archive-workbook.test.ts.
 */
interface SheetStream { buffers?: unknown[]; pipes?: { writableLength?: number; _writableState?: { length?: number } }[] }
export function sheetBacklog(sheet: object): number {
  const stream = (sheet as { _stream?: SheetStream })._stream;
  if (!stream) return 0;
  // The zip takes the sheet through a readable-stream PassThrough (archiver's), whose queue only its _writableState tells.
  const queued = (pipe: NonNullable<SheetStream['pipes']>[number]) => pipe.writableLength ?? pipe._writableState?.length ?? 0;
  return (stream.buffers?.length ?? 0) * 65_536 + (stream.pipes ?? []).reduce((sum, pipe) => sum + queued(pipe), 0);
}

/** The most a sheet may have waiting for the zip before the writer waits for it. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

/** Waits until the zip and the upload have caught up with the sheet, so a slow upload slows the writer instead of filling memory. */
async function caughtUp(sheet: object, out: PassThrough): Promise<void> {
  while (sheetBacklog(sheet) > MAX_BACKLOG_BYTES || out.writableNeedDrain) {
    if (out.destroyed) throw out.errored ?? new Error('the export stream was closed');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Writes the archive's workbook to `fileKey` in the exports bucket (a second write replaces it whole: S3
 * shows the new object only once its multipart upload completes). Answers what it wrote.
 */
export async function writeArchiveWorkbook(fileKey: string, filename: string, source: ArchiveWorkbookSource): Promise<{ tenants: number; history: number }> {
  const { Upload } = await import('@aws-sdk/lib-storage');
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const upload = new Upload({
    client: await s3Client(),
    params: { Bucket: bucketName('exports'), Key: fileKey, Body: out, ContentType: XLSX_CONTENT_TYPE, ContentDisposition: attachmentDisposition(filename) },
    // 5 MB parts, two in flight: what the upload holds at most, whatever the archive's size.
    queueSize: 2,
    partSize: 5 * 1024 * 1024,
    leavePartsOnError: false,
  });
  const uploaded = upload.done();
  // A failed upload must not leave the writer waiting on a drain that never comes.
  uploaded.catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  try {
    const written = await writeArchiveWorkbookTo(out, source);
    await uploaded;
    return written;
  } catch (err) {
    await upload.abort().catch(() => undefined);
    out.destroy();
    throw err;
  }
}

/** The workbook into a stream (the upload's, or a file's in tests); ends the stream. */
export async function writeArchiveWorkbookTo(out: PassThrough, source: ArchiveWorkbookSource): Promise<{ tenants: number; history: number }> {
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const frozen = { views: [{ state: 'frozen' as const, xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] };
  const [tenantSheet, historySheet, facilitySheet, summarySheet] = ARCHIVE_SHEET_NAMES.map((name) => workbook.addWorksheet(name, frozen));
  const sheets = { Tenants: tenantSheet!, History: historySheet!, Facility: facilitySheet!, Summary: summarySheet! };
  const header = (sheet: typeof tenantSheet & object, names: readonly string[]) => {
    const row = sheet.addRow([...names]);
    row.font = { bold: true };
    row.commit();
  };

  const written = { tenants: 0, history: 0 };
  const ids: string[] = [];
  header(sheets.Tenants, [...ARCHIVE_TENANT_COLUMNS, RECORD_COLUMN]);
  for await (const page of source.tenants) {
    for (const t of page) {
      const record = checkedCell(cellJson(t), `Tenant ${t.id}'s record`);
      sheets.Tenants.addRow([...ARCHIVE_TENANT_COLUMNS.map((field) => readable(t[field])), record]).commit();
      ids.push(t.id);
      written.tenants += 1;
    }
    await caughtUp(sheets.Tenants, out);
    await source.onProgress?.(written);
  }
  sheets.Tenants.commit();

  header(sheets.History, HISTORY_COLUMNS);
  for await (const { tenantId, entries } of source.history(ids)) {
    for (const e of entries) {
      const entry = checkedCell(cellJson(e), `A history entry of tenant ${tenantId}`);
      sheets.History.addRow([tenantId, e.at, e.by?.username ?? '', e.action, checkedCell(JSON.stringify(e.changes), 'A history entry\'s changes'), entry]).commit();
      written.history += 1;
    }
    await caughtUp(sheets.History, out);
  }
  await source.onProgress?.(written);
  sheets.History.commit();

  header(sheets.Facility, ['Field', 'Value']);
  for (const [label, value] of source.facility) sheets.Facility.addRow([label, value]).commit();
  sheets.Facility.commit();
  header(sheets.Summary, ['Field', 'Value']);
  for (const [label, value] of source.summary(written.tenants)) sheets.Summary.addRow([label, value]).commit();
  sheets.Summary.commit();

  await workbook.commit();
  return written;
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** What the reader uses of exceljs's streaming WorkbookReader beyond its typings (as functions/imports/first-sheet.ts). */
interface StreamedSheet {
  id: number | string;
  parse(): AsyncIterator<{ eventType: string; value: { number: number; values: unknown } }[]>;
}

async function objectStream(fileKey: string): Promise<Readable> {
  const { GetObjectCommand } = await s3Commands();
  const out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('exports'), Key: fileKey }));
  return out.Body as Readable;
}

/**
 * The rows (cell values by column, 1 = A) of one sheet of an archive export, after its header row,
 * streamed: exceljs is told up front that the file has no shared strings and no sheet names to wait
 * for (the writer above makes none), so it parses each sheet as it comes out of the zip instead of
 * copying every sheet to a temporary file first.
 */
export async function* archiveSheetRows(open: () => Promise<Readable>, sheet: number): AsyncGenerator<unknown[]> {
  const ExcelJS = await excelJs();
  const body = await open();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, {
      worksheets: 'emit', sharedStrings: 'ignore', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
    });
    Object.assign(reader, { sharedStrings: [], workbookRels: [] });
    for await (const found of reader as unknown as AsyncIterable<StreamedSheet>) {
      if (String(found.id) !== String(sheet)) continue;
      const batches = found.parse();
      for (let batch = await batches.next(); !batch.done; batch = await batches.next()) {
        for (const { eventType, value } of batch.value) {
          if (eventType === 'row' && value.number > 1) yield value.values as unknown[];
        }
      }
      return;
    }
    throw new Error(`the archive export has no sheet ${sheet}`);
  } finally {
    body.destroy();
  }
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

function recordOf(row: readonly unknown[], name: string): TenantRecord {
  const text = textOf(row[ARCHIVE_TENANT_COLUMNS.length + 1]);
  if (!text) throw new Error(`the archive export ${name} has a tenant row without its record`);
  return JSON.parse(text) as TenantRecord;
}

/** The tenants' records of an archive export alone, in the file's order (what the deletion goes through). */
export async function* readArchiveRecords(fileKey: string): AsyncGenerator<TenantRecord> {
  for await (const row of archiveSheetRows(() => objectStream(fileKey), SHEET_NUMBER.tenants)) yield recordOf(row, fileKey);
}

/**
 * Every tenant of an archive export with its history, in the file's order, streamed (the verify step
 * and restore read it). A file whose sheets do not hold together (a record missing, history out of
 * order) fails the reading: nothing may be deleted or restored from it.
 */
export function readArchiveTenants(fileKey: string): AsyncGenerator<ArchivedTenant> {
  return readArchiveTenantsFrom(() => objectStream(fileKey), fileKey);
}

/** The same from any source of the file's bytes (opened twice: once per sheet read). */
export async function* readArchiveTenantsFrom(open: () => Promise<Readable>, name: string): AsyncGenerator<ArchivedTenant> {
  const entryAt = HISTORY_COLUMNS.indexOf('entry') + 1;
  const history = archiveSheetRows(open, SHEET_NUMBER.history);
  const nextEntry = async () => {
    const next = await history.next();
    if (next.done) return null;
    return { tenantId: textOf(next.value[1]), entry: JSON.parse(textOf(next.value[entryAt])) as ArchivedHistoryEntry };
  };
  try {
    let pending = await nextEntry();
    for await (const row of archiveSheetRows(open, SHEET_NUMBER.tenants)) {
      const record = recordOf(row, name);
      const entries: ArchivedHistoryEntry[] = [];
      while (pending && pending.tenantId === record.id) {
        entries.push(pending.entry);
        pending = await nextEntry();
      }
      yield { record, history: entries };
    }
    if (pending) throw new Error(`the archive export ${name} has history of tenant ${pending.tenantId}, out of the Tenants sheet's order or without its tenant`);
  } finally {
    await history.return(undefined);
  }
}
