/**
 * The runners of the spreadsheet export jobs (functions/exports/export-jobs.ts), run by the
 * archive-exports worker: read the job's input, build the rows with the owning capability's list
 * (handed in as functions, so the exports code never re-implements a list), write the workbook with
 * exceljs and put it at the key the create route chose. The job is done with `{ file_key, filename }`.
 * A retry writes the same key again; a job already done is never run twice (functions/runtime/worker.ts).
 *
 * Progress: 10 once started, 40 once the rows are read, up to 90 while rows are written (reported
 * every tenth), then the upload; the worker sets 100 with the result. Rows read page after page (a
 * program-wide tenant export) are written as they arrive: 10 to 90 as they are written, when the list
 * knows its total.
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
import { TENANT_EXPORT_COLUMNS, TENANTS_EXPORT_SHEET, tenantExportRows, tenantsExportJobInput } from './tenants-export';
import type { TenantExportLists } from './tenants-export';
import { POLICY_SETUP_EXPORT_COLUMNS, POLICY_SETUP_EXPORT_SHEET, policySetupExportInput } from '../policy-setup/setup-export';
import type { PolicySetupExportInput } from '../policy-setup/setup-export';
import type { PolicySetupTenant } from '../../shared/contracts/policy-setup';
import type { ProofExpiringRow } from '../../shared/contracts/proofs-expiring';
import { PROOFS_EXPIRING_EXPORT_COLUMNS, PROOFS_EXPIRING_EXPORT_SHEET, expiringScopeOf, proofsExpiringExportInput } from '../tenants/proofs-expiring-export';
import type { ExpiringScope } from '../tenants/proofs-expiring';

export interface ExportRunnerDeps {
  /** The facilities capability's list: every active facility matching the filters, in the list's order. */
  listFacilities: ListFacilitiesForExport;
  /** The facility-stats capability's list: every active facility's stats row. */
  listFacilityStats: ListFacilityStatsForExport;
  /** The tenants capability's lists (a cycle's or facility's whole list, the program's pages, the rows' views). */
  tenantLists: TenantExportLists;
  /** The policy-setup capability's Setup Tenants list: every row of a facility under the filters, by name. */
  policySetupRows?: (facilityId: string, filters: PolicySetupExportInput['filters']) => Promise<PolicySetupTenant[]>;
  /** The tenants capability's Proofs expiring list: every row of the window under the filters, in the list's order, with its length. */
  proofsExpiringRows?: (scope: ExpiringScope) => Promise<{ rows: AsyncIterable<ProofExpiringRow>; total: number }>;
  /** Where the workbook goes; the exports bucket unless a test says otherwise. */
  store?: (file: ExportJobFile, body: Buffer) => Promise<void>;
}

const ROWS_READ = 40;
const ROWS_WRITTEN = 90;

export function exportRunners(deps: ExportRunnerDeps): Record<ExportJobType, JobRunner> {
  const store = deps.store ?? putSpreadsheet;

  /** The rows: a list read whole, or a stream read page after page (with its total when known). */
  type Rows<R> = readonly R[] | { rows: AsyncIterable<R>; total: number | null };

  async function writeSheet<R>(ctx: JobRunContext, file: ExportJobFile, sheet: string, columns: readonly ExportColumn<R>[], load: () => Promise<Rows<R>>) {
    await ctx.progress(10);
    const loaded = await load();
    const streamed = !Array.isArray(loaded);
    const source = streamed ? (loaded as Exclude<Rows<R>, readonly R[]>) : { rows: loaded as readonly R[], total: (loaded as readonly R[]).length };
    if (!streamed) await ctx.progress(ROWS_READ);
    const from = streamed ? 10 : ROWS_READ;
    let reported = from;
    const body = await buildSpreadsheet({ sheet, columns, rows: source.rows, total: source.total }, async (written, total) => {
      if (total === null) return;
      const percent = from + Math.floor(((ROWS_WRITTEN - from) * written) / Math.max(1, total));
      if (percent - reported < 10) return;
      reported = percent;
      await ctx.progress(percent);
    });
    await store(file, body);
    return { file_key: file.file_key, filename: file.filename };
  }

  const tenantsRunner: JobRunner = async (ctx) => {
    const { scope, filters, ...file } = tenantsExportJobInput.parse(ctx.job.input);
    return writeSheet(ctx, file, TENANTS_EXPORT_SHEET, TENANT_EXPORT_COLUMNS, () => tenantExportRows(deps.tenantLists, scope, filters));
  };

  return {
    [EXPORT_JOB_TYPES.facilities]: async (ctx) => {
      const { filters, ...file } = facilitiesExportJobInput.parse(ctx.job.input);
      return writeSheet(ctx, file, FACILITIES_EXPORT_SHEET, FACILITY_EXPORT_COLUMNS, () => deps.listFacilities(filters));
    },
    [EXPORT_JOB_TYPES.facilityStats]: async (ctx) => {
      const file = facilityStatsExportJobInput.parse(ctx.job.input);
      return writeSheet(ctx, file, FACILITY_STATS_EXPORT_SHEET, FACILITY_STATS_EXPORT_COLUMNS, () => deps.listFacilityStats());
    },
    [EXPORT_JOB_TYPES.monitorTenants]: tenantsRunner,
    [EXPORT_JOB_TYPES.managerTenants]: tenantsRunner,
    [EXPORT_JOB_TYPES.policySetup]: async (ctx) => {
      const { facility_id: facilityId, filters, ...file } = policySetupExportInput.parse(ctx.job.input);
      const rows = deps.policySetupRows;
      if (!rows) throw new Error('The policy setup export runs without the Setup Tenants list.');
      return writeSheet(ctx, file, POLICY_SETUP_EXPORT_SHEET, POLICY_SETUP_EXPORT_COLUMNS, () => rows(facilityId, filters));
    },
    [EXPORT_JOB_TYPES.proofsExpiring]: async (ctx) => {
      const { scope, ...file } = proofsExpiringExportInput.parse(ctx.job.input);
      const list = deps.proofsExpiringRows;
      if (!list) throw new Error('The proofs expiring export runs without the Proofs expiring list.');
      return writeSheet(ctx, file, PROOFS_EXPIRING_EXPORT_SHEET, PROOFS_EXPIRING_EXPORT_COLUMNS, () => list(expiringScopeOf(scope)));
    },
  };
}
