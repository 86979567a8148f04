/**
 * Import History (docs/decisions.md "Import History"): the import records, newest first, 100 a page by
 * cursor, filtered by facility number and software; and the download of an import's duplicates list,
 * refused-rows report or list of tenants already active while it is kept (IMPORT_REPORT_DAYS), 410 after. Reports are named by import and
 * kind, never by key, so no caller can ask this route for another object of the bucket.
 */
import { IMPORT_HISTORY_CONTRACTS, IMPORT_HISTORY_PAGE_SIZE, IMPORT_REPORT_LABELS } from '../../shared/contracts/import-history';
import { IMPORT_REPORT_DAYS } from '../../shared/resources';
import { exportExists, presignDownload } from '../exports/presign';
import { HttpError, notFound, unprocessable } from '../runtime/http-error';
import { implement } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';
import { getImportRecord, importRecordViewOf, listImportRecords } from './import-record';

type ImportHistoryRoute = keyof typeof IMPORT_HISTORY_CONTRACTS;

export const importHistoryRoutes: Record<ImportHistoryRoute, RouteImpl> = {
  'GET /api/import-history': implement(IMPORT_HISTORY_CONTRACTS['GET /api/import-history'], async ({ query }) => {
    const page = query.page ?? 1;
    if (page > 1 && !query.cursor) throw unprocessable(`Page ${page} starts where page ${page - 1} ended: send the next_cursor it answered.`, 'cursor');
    const perPage = IMPORT_HISTORY_PAGE_SIZE;
    const { rows, nextCursor } = await listImportRecords({ facilityNumber: query.facility_number, software: query.software, cursor: query.cursor, perPage });
    const before = (page - 1) * perPage;
    return {
      body: {
        data: rows.map(importRecordViewOf),
        pagination: {
          current_page: page, last_page: nextCursor ? page + 1 : page, per_page: perPage,
          from: rows.length ? before + 1 : null, to: rows.length ? before + rows.length : null, total: before + rows.length,
          exact: false, next_cursor: nextCursor,
        },
      },
    };
  }),

  'GET /api/import-history/{id}/download': implement(IMPORT_HISTORY_CONTRACTS['GET /api/import-history/{id}/download'], async ({ params, query }) => {
    const record = await getImportRecord(params.id);
    if (!record) throw notFound('This import is not on record.');
    const label = IMPORT_REPORT_LABELS[query.report];
    const key = { duplicates: record.duplicates_key, refused_rows: record.refused_rows_key, active: record.active_key ?? null }[query.report];
    if (!key) throw notFound(`This import left no ${label}.`);
    // Refused from the record's own date: S3 deletes expired objects some hours after the day, not at once.
    const gone = new HttpError(410, `The ${label} of this import was kept for ${IMPORT_REPORT_DAYS} days and has been deleted.`);
    if (!record.reports_expire_at || record.reports_expire_at <= new Date().toISOString()) throw gone;
    if (!(await exportExists(key))) throw gone;
    return { body: await presignDownload(key, key.slice(key.lastIndexOf('/') + 1)) };
  }),
};
