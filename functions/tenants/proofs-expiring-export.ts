/**
 * Proofs expiring as a workbook (GET /api/proofs-expiring/export, issue 27): the list under the same
 * filters, every row in the list's order, a `proofs-expiring-export` job on the archive-exports worker like
 * every spreadsheet export (docs/decisions.md "Spreadsheet exports run as jobs"). The columns and the
 * job's input are here; the runner is functions/exports/export-runners.ts.
 */
import * as z from 'zod';
import type { ProofExpiringRow } from '../../shared/contracts/proofs-expiring';
import type { ExportColumn } from '../exports/columns';
import { exportJobFile } from '../exports/export-jobs';
import type { ExpiringScope } from './proofs-expiring';

export const PROOFS_EXPIRING_EXPORT_SHEET = 'Proofs expiring';

/** The list's scope as the route fixed it: the program's today when it was queued, the window and the filters. */
const exportScope = z.object({
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  within_days: z.number().int().min(0),
  facility_number: z.string().nullable(),
  insurance_program_key: z.string().nullable(),
});

export const proofsExpiringExportInput = exportJobFile.extend({ scope: exportScope });
export type ProofsExpiringExportInput = z.infer<typeof proofsExpiringExportInput>;

/** `proofs_expiring_2026-12-06.xlsx`; a facility's list names it: `proofs_expiring_1013_2026-12-06.xlsx`. */
export const proofsExpiringExportName = (scope: ProofsExpiringExportInput['scope']): string =>
  ['proofs_expiring', scope.facility_number, scope.today].filter(Boolean).join('_');

export const expiringScopeOf = (scope: ProofsExpiringExportInput['scope']): ExpiringScope => ({
  today: scope.today, withinDays: scope.within_days, facilityNumber: scope.facility_number ?? undefined, programKey: scope.insurance_program_key ?? undefined,
});

/** How the lists name a tenant: 'last, first', or the first name alone (a business). */
const tenantName = (r: ProofExpiringRow) => (r.last_name ? `${r.last_name}, ${r.first_name}` : r.first_name);

export const PROOFS_EXPIRING_EXPORT_COLUMNS: readonly ExportColumn<ProofExpiringRow>[] = [
  { header: 'Tenant', key: 'last_name', value: tenantName },
  { header: 'Unit', key: 'unit' },
  { header: 'Facility', key: 'facility_number', value: (r) => (r.account_name ? `${r.facility_number} ${r.account_name}` : r.facility_number) },
  { header: 'Program', key: 'insurance_program_label' },
  { header: 'Insurer', key: 'insurer' },
  { header: 'Proof Expiry', key: 'proof_expiry_date', type: 'date' },
  { header: 'Days Left', key: 'days_left', type: 'number' },
  { header: 'E-mail', key: 'email' },
];
