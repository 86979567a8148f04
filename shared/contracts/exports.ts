/**
 * Exports (spec §7): a create call queues a job that writes an .xlsx to the exports bucket and answers
 * the file's key and the job's id at once (decisions: "Spreadsheet exports run as jobs"); once
 * GET /api/jobs/{id} says done, the download call answers a short-lived presigned link the browser opens
 * (decisions: "Export downloads").
 */
import * as z from 'zod';
import { requiredText } from './form';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { EXPORTS_TEMPORARY_PREFIX } from '../resources';
import { facilityListQuery } from './facilities';
import { exportDownload, queuedExport } from './export-file';


/** A key the download route may presign: only one-off exports, never a path out of their prefix. */
export const exportFileKey = requiredText('file_key', 500)
  .refine((key) => key.startsWith(EXPORTS_TEMPORARY_PREFIX), `file_key must start with '${EXPORTS_TEMPORARY_PREFIX}'.`)
  .refine((key) => !key.includes('..'), "file_key must not contain '..'.");

export const EXPORT_CONTRACTS = {
  'GET /api/exports/facilities': { summary: 'Queue the facilities list (same filters) as a workbook job', query: facilityListQuery.omit({ page: true, per_page: true }), response: queuedExport },
  'GET /api/exports/download': {
    summary: 'A short-lived link to an export the caller may read',
    query: z.object({ file_key: exportFileKey, filename: z.string().trim().max(200).optional() }),
    response: exportDownload,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
