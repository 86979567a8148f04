/**
 * The Import History calls (docs/decisions.md "Import History"): the records page for useServerTable,
 * and an import's report opened as a download. Reports are asked for by import and kind; the server
 * answers a short-lived link (or 410 once they are no longer kept).
 */
import type { ImportReport } from '../../../shared/contracts/import-history';
import { call } from '../api/client';
import type { QueryOf } from '../api/client';
import type { PageRequest } from '../widgets/use-server-table';

export const importHistoryKey = ['imports', 'history'] as const;

export type ImportHistoryFilters = Omit<Partial<QueryOf<'GET /api/import-history'>>, 'page' | 'cursor'>;

export const fetchImportHistoryPage = ({ query, page, cursor }: PageRequest<ImportHistoryFilters>) =>
  call('GET /api/import-history', { query: { ...query, page, cursor } });

/**
 * Asks for the report's link and follows it in this page: S3 answers it as an attachment, so the browser
 * saves the workbook and the page stays. A followed link, not a new window, because the duplicates list
 * also downloads with no click at all (use-import.ts), and popup blockers stop windows nobody clicked for.
 */
export async function downloadImportReport(importId: string, report: ImportReport): Promise<void> {
  const link = await call('GET /api/import-history/{id}/download', { params: { id: importId }, query: { report } });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
