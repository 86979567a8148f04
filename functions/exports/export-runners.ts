/**
 * The runners of the spreadsheet export jobs (functions/exports/export-jobs.ts), run by the
 * archive-exports worker: read the job's input, build the rows with the owning capability's list
 * (handed in as functions, so the exports code never re-implements a list), write the workbook with
 * exceljs and put it at the key the create route chose. The job is done with `{ file_key, filename }`.
 * A retry writes the same key again; a job already done is never run twice (functions/runtime/worker.ts).
 *
 * Progress: 10 once started, 40 once the rows are read, up to 90 while rows are written (reported
 * every tenth), then the upload; the worker sets 100 with the result.
 */
import type { JobRunContext, JobRunner } from '../runtime/worker';
import type { ExportColumn } from './columns';
import { EXPORT_JOB_TYPES } from './export-jobs';
import type { ExportJobFile, ExportJobType } from './export-jobs';
import { FACILITIES_EXPORT_SHEET, FACILITY_EXPORT_COLUMNS, facilitiesExportJobInput } from './facilities-export';
import type { ListFacilitiesForExport } from './facilities-export';
import { FACILITY_STATS_EXPORT_COLUMNS, FACILITY_STATS_EXPORT_SHEET, facilityStatsExportJobInput } from './facility-stats-export';
import type { ListFacilityStatsForExport } from './facility-stats-export';
import { buildSpreadsheet, putSpreadsheet } from './spreadsheet';

export interface ExportRunnerDeps {
  /** The facilities capability's list: every active facility matching the filters, in the list's order. */
  listFacilities: ListFacilitiesForExport;
  /** The facility-stats capability's list: every active facility's stats row. */
  listFacilityStats: ListFacilityStatsForExport;
  /** Where the workbook goes; the exports bucket unless a test says otherwise. */
  store?: (file: ExportJobFile, body: Buffer) => Promise<void>;
}

const ROWS_READ = 40;
const ROWS_WRITTEN = 90;

export function exportRunners(deps: ExportRunnerDeps): Record<ExportJobType, JobRunner> {
  const store = deps.store ?? putSpreadsheet;

  async function writeSheet<R>(ctx: JobRunContext, file: ExportJobFile, sheet: string, columns: readonly ExportColumn<R>[], load: () => Promise<readonly R[]>) {
    await ctx.progress(10);
    const rows = await load();
    await ctx.progress(ROWS_READ);
    let reported = ROWS_READ;
    const body = await buildSpreadsheet({ sheet, columns, rows }, async (written, total) => {
      const percent = ROWS_READ + Math.floor(((ROWS_WRITTEN - ROWS_READ) * written) / Math.max(1, total));
      if (percent - reported < 10) return;
      reported = percent;
      await ctx.progress(percent);
    });
    await store(file, body);
    return { file_key: file.file_key, filename: file.filename };
  }

  return {
    [EXPORT_JOB_TYPES.facilities]: async (ctx) => {
      const { filters, ...file } = facilitiesExportJobInput.parse(ctx.job.input);
      return writeSheet(ctx, file, FACILITIES_EXPORT_SHEET, FACILITY_EXPORT_COLUMNS, () => deps.listFacilities(filters));
    },
    [EXPORT_JOB_TYPES.facilityStats]: async (ctx) => {
      const file = facilityStatsExportJobInput.parse(ctx.job.input);
      return writeSheet(ctx, file, FACILITY_STATS_EXPORT_SHEET, FACILITY_STATS_EXPORT_COLUMNS, () => deps.listFacilityStats());
    },
  };
}
