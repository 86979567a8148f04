/**
 * The workbooks an import leaves for download: the duplicates list (tenants that already went
 * through the system, spec 'Import Complete' card), the refused rows (file, row, column and why) and the
 * tenants already active in the system (the card counts them; issue 24 lists them), each only when it has rows. They live under IMPORT_REPORTS_PREFIX of the exports bucket
 * (`import-reports/{import id}/{file}`), kept IMPORT_REPORT_DAYS by lifecycle rule, and are downloaded
 * by import (GET /api/import-history/{id}/download, staff only), never by key. Written again by a
 * retried job under the same keys, so a retry leaves one of each.
 */
import { IMPORT_REPORTS_PREFIX } from '../../shared/resources';
import { safeFilename } from '../exports/export-keys';
import { buildSpreadsheet, putSpreadsheet } from '../exports/spreadsheet';
import type { ExportColumn } from '../exports/columns';
import type { ImportedTenant } from './rent-roll-reader';

export type DuplicateRow = ImportedTenant & { row: number };
export interface RefusedRow { row: number; column: string; message: string }

/** A row of the file naming a tenant: the duplicates list's and the already-active list's columns. */
const TENANT_ROW_COLUMNS: readonly ExportColumn<DuplicateRow>[] = [
  { header: 'Row', key: 'row', type: 'number' },
  { header: 'Prime Site ID', key: 'prime_site_id' },
  { header: 'Tenant ID', key: 'ledger_id' },
  { header: 'First Name', key: 'first_name' },
  { header: 'Last Name', key: 'last_name' },
  { header: 'Unit', key: 'unit' },
  { header: 'Move In Date', key: 'move_in_date', type: 'date' },
];

const REFUSED_COLUMNS: readonly ExportColumn<RefusedRow>[] = [
  { header: 'Row', key: 'row', type: 'number' },
  { header: 'Column', key: 'column' },
  { header: 'Problem', key: 'message' },
];

export const importReportKey = (importId: string, filename: string): string => `${IMPORT_REPORTS_PREFIX}${importId}/${filename}`;

export async function writeImportReports(
  jobId: string, facilityNumber: string, rows: { duplicates: readonly DuplicateRow[]; refused: readonly RefusedRow[]; active: readonly DuplicateRow[] },
): Promise<{ duplicates: string | null; refused: string | null; active: string | null }> {
  const write = async <R>(name: string, sheet: string, columns: readonly ExportColumn<R>[], list: readonly R[]) => {
    if (list.length === 0) return null;
    const filename = safeFilename(`${facilityNumber}_${name}`);
    const file = { file_key: importReportKey(jobId, filename), filename };
    await putSpreadsheet(file, await buildSpreadsheet({ sheet, columns, rows: list }));
    return file.file_key;
  };
  return {
    duplicates: await write('duplicate_tenants', 'Duplicate Tenants', TENANT_ROW_COLUMNS, rows.duplicates),
    refused: await write('refused_rows', 'Refused Rows', REFUSED_COLUMNS, rows.refused),
    active: await write('already_active_tenants', 'Already Active', TENANT_ROW_COLUMNS, rows.active),
  };
}
