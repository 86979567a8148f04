/**
 * Import History (beyond the spec; issue 'Letters and imports fit for real mail'): every rent-roll import
 * on record once its job finished or its file was refused, newest first, 100 a page, and the two
 * reports it left (the duplicates list and the refused rows) downloadable while they are kept
 * (IMPORT_REPORT_DAYS). docs/decisions.md "Import History", docs/data-model.md "Rent-roll imports".
 * Apart from imports.ts so the import routes' bundle does not carry these schemas, nor these the upload ones.
 */
import * as z from 'zod';
import { cursorPagination } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { IMPORT_FILE_ROLES, IMPORT_SOFTWARE_KEYS } from '../import-software';
import { exportDownload } from './export-file';
import { formInt } from './form';
import { importCounts } from './import-counts';

export const IMPORT_HISTORY_PAGE_SIZE = 100;

/**
 * The reports an import may leave, by the name the download call takes: the tenants that already went
 * through the system, the refused rows, and the tenants already active (counted, so listed too: issue 24).
 */
export const IMPORT_REPORTS = ['duplicates', 'refused_rows', 'active'] as const;
export type ImportReport = (typeof IMPORT_REPORTS)[number];
export const IMPORT_REPORT_LABELS: Record<ImportReport, string> = {
  duplicates: 'duplicates list', refused_rows: 'refused rows report', active: 'list of tenants already active',
};

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const importHistoryQuery = z.object({
  facility_number: z.preprocess(blankToUndefined, z.string().trim().max(20, 'facility_number is at most 20 characters.').optional()),
  software: z.preprocess(blankToUndefined, z.enum(IMPORT_SOFTWARE_KEYS, { error: `software must be one of ${IMPORT_SOFTWARE_KEYS.join(', ')}.` }).optional()),
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(10_000, 'page must be at most 10000.')).optional(),
  /** Where page `page` starts: the next_cursor the page before answered (page 1 needs none). */
  cursor: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
});

export const importRecordView = z.object({
  /** The import's id: its job's id. */
  id: z.string(),
  /** done: the rows were imported; refused: the file was refused as a whole and nothing was written. */
  status: z.enum(['done', 'refused']),
  started_at: z.string(),
  finished_at: z.string(),
  username: z.string(),
  software: z.enum(IMPORT_SOFTWARE_KEYS),
  /** Null for a refused file whose facility was never found. */
  facility_id: z.string().nullable(),
  facility_number: z.string().nullable(),
  cycle_id: z.string().nullable(),
  cycle_label: z.string().nullable(),
  files: z.array(z.object({ role: z.enum(IMPORT_FILE_ROLES), name: z.string() })),
  /** Null when the file was refused. */
  counts: importCounts.nullable(),
  /** Why the file was refused (the job's message); null when it was imported. */
  refusal: z.string().nullable(),
  /** Which reports the import left. */
  duplicates_list: z.boolean(),
  refused_rows_report: z.boolean(),
  already_active_list: z.boolean(),
  /** Until when its reports can be downloaded; null when it left none. */
  reports_expire_at: z.string().nullable(),
});
export type ImportRecordView = z.infer<typeof importRecordView>;

export const importHistoryResponse = z.object({
  data: z.array(importRecordView),
  /** Paged by cursor: `total` counts the imports up to this page, `next_cursor` says whether more follow. */
  pagination: cursorPagination,
});

export const importReportParams = z.object({ id: z.string().trim().min(1).max(64) });
export const importReportQuery = z.object({
  report: z.enum(IMPORT_REPORTS, { error: `report must be one of ${IMPORT_REPORTS.join(', ')}.` }),
});

export const IMPORT_HISTORY_CONTRACTS = {
  'GET /api/import-history': { summary: 'Every rent-roll import on record, newest first (100 a page, by cursor)', query: importHistoryQuery, response: importHistoryResponse },
  'GET /api/import-history/{id}/download': {
    summary: 'A short-lived link to an import\'s duplicates list or refused-rows report (410 once no longer kept)',
    params: importReportParams, query: importReportQuery, response: exportDownload,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
