/**
 * Worker for the archive-exports queue: every spreadsheet export job (docs/decisions.md, "Spreadsheet
 * exports run as jobs"), given the lists of the capabilities that own the rows. The archive jobs arrive
 * with the archives capability.
 *
 * Cold init stays that of the job plumbing: the runners, the lists and their contracts are imported by
 * the first job that needs them, and exceljs only when a workbook is written (functions/exports/
 * spreadsheet.ts). The record below names every export job type (the compiler checks it is complete).
 * The archive job (functions/archives/archive-job.ts) loads the same way, with its first message.
 */
import type { ARCHIVE_JOB_TYPE } from '../archives/archive-job-input';
import type { ExportJobType } from '../exports/export-jobs';
import { createWorker } from '../runtime/worker';
import type { JobRunner } from '../runtime/worker';

const EXPORT_JOBS: Record<ExportJobType, true> = {
  'facilities-export': true, 'facility-stats-export': true, 'monitor-tenants-export': true, 'manager-tenants-export': true, 'policy-setup-export': true,
  'proofs-expiring-export': true,
};

let loaded: Promise<Record<ExportJobType, JobRunner>> | undefined;
const exportRunners = () => (loaded ??= Promise.all([
  import('../exports/export-runners'),
  import('../facilities/facility-list'),
  import('../facilities/stats-routes'),
  import('../tenants/tenant-list'),
  import('../tenants/tenant-view'),
  import('../policy-setup/setup-list'),
  import('../tenants/proofs-expiring'),
]).then(([runners, facilities, stats, tenantList, tenantView, setupList, proofsExpiring]) => runners.exportRunners({
  listFacilities: facilities.listFacilitiesForExport,
  listFacilityStats: stats.listAllFacilityStats,
  tenantLists: { allTenantsOf: tenantList.allTenantsOf, listTenants: tenantList.listTenants, viewsOf: (rows) => tenantView.viewsOf(rows, 'manager') },
  policySetupRows: setupList.policySetupExportRows,
  proofsExpiringRows: proofsExpiring.proofsExpiringForExport,
})));

const lazyRunner = (type: ExportJobType): JobRunner => async (ctx) => (await exportRunners())[type](ctx);

/** The archive job's type, spelled here so the worker's init does not load the job's input schema (the compiler checks they agree). */
const ARCHIVE_JOB: typeof ARCHIVE_JOB_TYPE = 'archive';
const archiveRunner: JobRunner = async (ctx) => (await import('../archives/archive-job')).runArchiveJob(ctx);

export const handler = createWorker('archive-exports', {
  ...Object.fromEntries((Object.keys(EXPORT_JOBS) as ExportJobType[]).map((type) => [type, lazyRunner(type)])),
  [ARCHIVE_JOB]: archiveRunner,
});
