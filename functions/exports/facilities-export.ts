/**
 * GET /api/exports/facilities (spec §2 Active facilities tab, §7): the facilities list under the same
 * filters as the table, every matching row (not one page), as `all_facilities.xlsx` for staff. The route
 * validates the filters and queues a `facilities-export` job (functions/exports/export-jobs.ts); the
 * archive-exports worker runs the list query, which belongs to the facilities capability
 * (functions/facilities/facility-list.ts) and is handed to the runner as a function, so the exports
 * code never re-implements the filters.
 */
import type * as z from 'zod';
import { EXPORT_CONTRACTS } from '../../shared/contracts/exports';
import type { FacilityView } from '../../shared/contracts/facilities';
import { implement, requireCaller } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';
import type { ExportColumn } from './columns';
import { enqueueExport, EXPORT_JOB_TYPES, exportJobFile } from './export-jobs';

const contract = EXPORT_CONTRACTS['GET /api/exports/facilities'];
export type FacilityExportFilters = z.output<typeof contract.query>;

/** What a row of the export needs from the list (a subset of the list's own rows). */
export type FacilityExportRow = Pick<FacilityView,
  | 'facility_number' | 'prime_site_id' | 'account_name' | 'corporate_group' | 'insurance_program_label' | 'software'
  | 'address' | 'city' | 'state' | 'zip_code' | 'contact_name' | 'email' | 'phone' | 'fax' | 'tenant_count' | 'can_tag_removal'
  | 'confirmed_move_outs_date' | 'confirmed_no_move_outs_date' | 'initial_letter_send_date' | 'reminder_letter_send_date'
  | 'welcome_letter_send_date' | 'letter_effective_date' | 'note'
> & { stats?: Partial<FacilityView['stats']> };

/** Every active facility matching the filters, in the list's order. */
export type ListFacilitiesForExport = (filters: FacilityExportFilters) => Promise<readonly FacilityExportRow[]>;

/** The spec's name for this export (GET /api/exports/download?filename=all_facilities). */
export const FACILITIES_EXPORT_NAME = 'all_facilities';

const stat = (key: keyof FacilityView['stats']) => (row: FacilityExportRow) => row.stats?.[key] ?? null;

export const FACILITY_EXPORT_COLUMNS: readonly ExportColumn<FacilityExportRow>[] = [
  { header: 'Facility Number', key: 'facility_number' },
  { header: 'Prime Site ID', key: 'prime_site_id' },
  { header: 'Account Name', key: 'account_name' },
  { header: 'Corporate Group', key: 'corporate_group' },
  { header: 'Insurance Program', key: 'insurance_program_label' },
  { header: 'Software', key: 'software' },
  { header: 'Address', key: 'address' },
  { header: 'City', key: 'city' },
  { header: 'State', key: 'state' },
  { header: 'Zip Code', key: 'zip_code' },
  { header: 'Manager', key: 'contact_name' },
  { header: 'Email', key: 'email' },
  { header: 'Phone', key: 'phone' },
  { header: 'Fax', key: 'fax' },
  { header: 'Tenants', key: 'tenant_count', type: 'number' },
  { header: 'Can Tag Removal', key: 'can_tag_removal', type: 'boolean' },
  { header: 'Confirmed Move-Outs', key: 'confirmed_move_outs_date', type: 'date' },
  { header: 'Confirmed No Move-Outs', key: 'confirmed_no_move_outs_date', type: 'date' },
  { header: 'Audit Letter Date', key: 'initial_letter_send_date', type: 'date' },
  { header: 'Reminder Letter Date', key: 'reminder_letter_send_date', type: 'date' },
  { header: 'Welcome Letter Date', key: 'welcome_letter_send_date', type: 'date' },
  { header: 'Letter Effective Date', key: 'letter_effective_date', type: 'date' },
  { header: 'Selected Coverage', key: 'selected_coverage', value: stat('selected_coverage'), type: 'number' },
  { header: 'Charge Applied', key: 'charge_applied', value: stat('charge_applied'), type: 'number' },
  { header: 'Opted Out', key: 'opted_out', value: stat('opted_out'), type: 'number' },
  { header: 'Provided Proof', key: 'provided_proof', value: stat('provided_proof'), type: 'number' },
  { header: 'Non Responders', key: 'non_responder', value: stat('non_responder'), type: 'number' },
  { header: 'Moved Out', key: 'moved_out', value: stat('moved_out'), type: 'number' },
  { header: 'Bad Address', key: 'bad_address', value: stat('bad_address'), type: 'number' },
  { header: 'Percent Complete', key: 'percent_complete', value: stat('percent_complete'), type: 'number' },
  { header: 'Note', key: 'note' },
];

export const FACILITIES_EXPORT_SHEET = 'Facilities';

/** A `facilities-export` job's input: the file, and the list's filters as the route validated them. */
export const facilitiesExportJobInput = exportJobFile.extend({ filters: contract.query });

/** The route: queues the export and answers `{ filename, file_key, job_id }` at once. */
export const facilitiesExportRoute: RouteImpl = implement(contract, async (input) => {
  const caller = requireCaller(input);
  const queued = await enqueueExport({
    type: EXPORT_JOB_TYPES.facilities, owner: { kind: 'staff' }, name: FACILITIES_EXPORT_NAME, createdBy: caller.user.id,
    input: { filters: input.query },
  });
  return { body: queued };
});
