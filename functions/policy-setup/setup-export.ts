/**
 * Export Tenants on Setup Tenants (GET /api/tenants/export-policy-setup): the list under the same filters,
 * every row, as `{facility_number}_{YYYY-MM-DD}_policy_export.xlsx` (spec §7), a `policy-setup-export` job
 * on the archive-exports worker like every spreadsheet export (docs/decisions.md "Spreadsheet exports run
 * as jobs"). The columns and the job's input are here; the runner is functions/exports/export-runners.ts.
 */
import * as z from 'zod';
import { ERROR_FILTERS } from '../../shared/contracts/policy-setup';
import type { PolicySetupTenant } from '../../shared/contracts/policy-setup';
import type { ExportColumn } from '../exports/columns';
import { exportJobFile } from '../exports/export-jobs';
import { planText } from './setup-rules';

export const POLICY_SETUP_EXPORT_SHEET = 'Setup Tenants';
export const policySetupExportName = (facilityNumber: string, date: string) => `${facilityNumber}_${date}_policy_export`;

export const policySetupExportInput = exportJobFile.extend({
  facility_id: z.string(),
  filters: z.object({ unit: z.string().optional(), name: z.string().optional(), error_filter: z.enum(ERROR_FILTERS) }),
});
export type PolicySetupExportInput = z.infer<typeof policySetupExportInput>;

const coverageCell = (t: PolicySetupTenant) =>
  (t.coverage_premium !== null && t.coverage_coverage !== null ? planText({ premium: t.coverage_premium, coverage: t.coverage_coverage }) : t.coverage_id);

export const POLICY_SETUP_EXPORT_COLUMNS: readonly ExportColumn<PolicySetupTenant>[] = [
  { header: 'Facility Number', key: 'facility_number' },
  { header: 'Unit', key: 'unit' },
  { header: 'Last Name', key: 'last_name' },
  { header: 'First Name', key: 'first_name' },
  { header: 'Ledger ID', key: 'ledger_id' },
  { header: 'Selected Coverage', key: 'coverage_id', value: coverageCell },
  { header: 'Premium', key: 'coverage_premium', type: 'number' },
  { header: 'Coverage', key: 'coverage_coverage', type: 'number' },
  { header: 'Flagged for Deletion', key: 'tagged_for_removal', type: 'boolean' },
  { header: 'Last Error', key: 'policy_errors_error_message' },
  { header: 'Error Logged', key: 'policy_errors_date_logged', type: 'datetime' },
];
