/**
 * The tenant lists as workbooks (spec tenants-letters-users §7): `GET /api/exports/monitor-tenants`
 * (staff, the master list's filters) and `GET /api/exports/manager-tenants` (a manager's cycle and
 * filter, saved as `tenant_list.xlsx`). Each route validates, decides the list's scope and the file's
 * key and queues a job (functions/exports/export-jobs.ts); the archive-exports worker reads the rows
 * through the tenants capability's lists, handed to the runner as functions: `allTenantsOf` for a cycle
 * or a facility (every match, in the list's order), and for the whole program `listTenants` page after
 * page with its cursor, streamed into the workbook so no export holds the program in memory.
 *
 * Keys: staff exports are staff-only (`temporary/staff/{job_id}/…`); the manager's export is its
 * facility's (`temporary/facility/{facility_id}/{job_id}/tenant_list.xlsx`), so the manager may
 * download it through `GET /api/exports/download`. File names: `tenant_list.xlsx` (manager; spec),
 * `tenants_{facility number}.xlsx` for a chosen facility or cycle, `all_tenants.xlsx` program-wide.
 */
import * as z from 'zod';
import { TENANT_EXPORT_CONTRACTS, TENANT_STATUS_LABELS } from '../../shared/contracts/tenants';
import type { TenantStatus, TenantView } from '../../shared/contracts/tenants';
import { requireCycle } from '../cycles/cycle-store';
import { getFacilityByNumber } from '../facilities/facility-store';
import { unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';
import type { ListScope, TenantListRequest, TenantPage } from '../tenants/tenant-list';
import { listTenants } from '../tenants/tenant-list';
import type { TenantRecord } from '../tenants/tenant-record';
import type { ExportColumn } from './columns';
import { enqueueExport, EXPORT_JOB_TYPES, exportJobFile } from './export-jobs';
import { JobRefused } from '../jobs/job-refused';

const monitorContract = TENANT_EXPORT_CONTRACTS['GET /api/exports/monitor-tenants'];
const managerContract = TENANT_EXPORT_CONTRACTS['GET /api/exports/manager-tenants'];

/** The list's filters as the route validated them (the manager's export uses only `filter`). */
export type TenantExportFilters = z.output<typeof monitorContract.query>;

/** The spec's name of the manager's export (§7: 'the downloaded export file name is tenant_list'). */
export const MANAGER_TENANTS_EXPORT_NAME = 'tenant_list';
export const TENANTS_EXPORT_SHEET = 'Tenants';

/**
 * A program-wide export holds at most this many tenants: one sheet holds about a million rows, and one
 * worker run writes some 100,000 in a minute or two. Past it, staff choose a facility, cycle or filter.
 */
export const MAX_TENANT_EXPORT_ROWS = 100_000;
const thousands = (n: number) => n.toLocaleString('en-US');
/** The refusal of an export past the limit; `n` is the number matching when the list knows it. */
export const tooManyTenantsMessage = (n: number | null) =>
  `${n === null ? `More than ${thousands(MAX_TENANT_EXPORT_ROWS)} tenants match` : `This export would hold ${thousands(n)} tenants`}; `
  + `at most ${thousands(MAX_TENANT_EXPORT_ROWS)} can be exported at once. Choose a facility, a cycle or a filter first.`;

/** Where the rows come from, decided by the route: a cycle, a facility, the program, or nobody (filters that name no list). */
export const tenantExportScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cycle'), cycle_id: z.string().min(1) }),
  z.object({ kind: z.literal('facility'), facility_id: z.string().min(1) }),
  z.object({ kind: z.literal('program') }),
  z.object({ kind: z.literal('none') }),
]);
export type TenantExportScope = z.infer<typeof tenantExportScope>;

/** A `monitor-tenants-export` or `manager-tenants-export` job's input: the file, the scope and the filters. */
export const tenantsExportJobInput = exportJobFile.extend({ scope: tenantExportScope, filters: monitorContract.query });

/** The list request of the filters (the same mapping as GET /api/tenants). */
export const listRequestOf = (filters: TenantExportFilters): Omit<TenantListRequest, 'scope' | 'page' | 'perPage' | 'cursor'> => ({
  filter: filters.filter, status: filters.status, tagged: filters.tagged_for_removal, name: filters.name, unit: filters.unit,
  policyNumber: filters.policy_number, sort: filters.sort,
});

// ---------------------------------------------------------------------------------------------------
// The workbook

/** 'No response' when none, the status's label, or 'Selected Coverage' for a plan (as the master list shows it). */
export function tenantStatusLabel(status: string | null): string {
  if (status === null || status === 'no_response') return 'No response';
  return status in TENANT_STATUS_LABELS ? TENANT_STATUS_LABELS[status as TenantStatus] : 'Selected Coverage';
}

/** The master list's welcome letter cell (spec §2): mailed, certificate emailed, both, or NULL. */
export function welcomeLetterCell(t: Pick<TenantView, 'welcome_letter_sent_date' | 'welcome_certificate_emailed_date'>): string {
  if (t.welcome_letter_sent_date && t.welcome_certificate_emailed_date) return 'Mailed + certificate emailed';
  if (t.welcome_letter_sent_date) return 'Mailed';
  if (t.welcome_certificate_emailed_date) return 'Certificate emailed';
  return 'NULL';
}

/** The setup column (spec §2): set up through the software's API, confirmed, or not yet. */
const setupCell = (t: TenantView) => (t.setup_via_api ? 'API' : t.setup_insurance_date ? 'Confirmed' : null);
const unitsCell = (t: TenantView) => t.units.map((u) => u.identifier).join(', ') || t.unit;

export const TENANT_EXPORT_COLUMNS: readonly ExportColumn<TenantView>[] = [
  { header: 'Facility Number', key: 'facility_number' },
  { header: 'Cycle', key: 'cycle_label' },
  { header: 'Last Name', key: 'last_name' },
  { header: 'First Name', key: 'first_name' },
  { header: 'Unit(s)', key: 'units', value: unitsCell },
  { header: 'Status', key: 'status', value: (t) => tenantStatusLabel(t.status) },
  { header: 'Email', key: 'email' },
  { header: 'Address', key: 'address' },
  { header: 'City', key: 'city' },
  { header: 'State', key: 'state' },
  { header: 'Zip Code', key: 'zip_code' },
  { header: 'Move-In Date', key: 'move_in_date', type: 'date' },
  { header: 'Billing Date', key: 'billing_date', type: 'date' },
  { header: 'Charge Apply Date', key: 'charge_apply_date', type: 'date' },
  { header: 'Charge Applied', key: 'charge_applied_date', type: 'date' },
  { header: 'Payment Confirmed', key: 'payment_confirmed_date', type: 'date' },
  { header: 'Setup Confirmed', key: 'setup_insurance_date', value: setupCell },
  { header: 'Welcome Letter', key: 'welcome_letter', value: welcomeLetterCell },
  { header: 'Tagged for Removal', key: 'tagged_for_removal', type: 'boolean' },
  { header: 'Note', key: 'note' },
];

// ---------------------------------------------------------------------------------------------------
// The rows (run by the worker)

/** The tenants capability's lists, handed to the runner (functions/workers/archive-exports.ts). */
export interface TenantExportLists {
  /** Every tenant of a cycle or facility matching the filters, in the list's order. */
  allTenantsOf: (req: Omit<TenantListRequest, 'page' | 'perPage' | 'cursor'> & { scope: Exclude<ListScope, { kind: 'program' }> }) => Promise<TenantRecord[]>;
  /** One page of a list; program-wide pages follow `pagination.next_cursor`. */
  listTenants: (req: TenantListRequest) => Promise<TenantPage>;
  /** The tenants as the screens show them (cycle label, software). */
  viewsOf: (tenants: readonly TenantRecord[]) => Promise<TenantView[]>;
}

/** Tenants read per program-wide page (a page reads at most ~1,000 index keys whatever its size). */
export const PROGRAM_EXPORT_PAGE = 500;

export type TenantExportRows = readonly TenantView[] | { rows: AsyncIterable<TenantView>; total: number | null };

/** The export's rows: a cycle's or facility's whole list at once, the program's page after page. */
export async function tenantExportRows(lists: TenantExportLists, scope: TenantExportScope, filters: TenantExportFilters): Promise<TenantExportRows> {
  const req = listRequestOf(filters);
  if (scope.kind === 'none') return [];
  if (scope.kind === 'cycle') return lists.viewsOf(await lists.allTenantsOf({ ...req, scope: { kind: 'cycle', cycleId: scope.cycle_id } }));
  if (scope.kind === 'facility') return lists.viewsOf(await lists.allTenantsOf({ ...req, scope: { kind: 'facility', facilityId: scope.facility_id } }));

  const pageOf = (page: number, cursor?: string) => lists.listTenants({ ...req, scope: { kind: 'program' }, page, perPage: PROGRAM_EXPORT_PAGE, cursor });
  const first = await pageOf(1);
  const total = first.pagination.exact ? first.pagination.total : null;
  if (total !== null && total > MAX_TENANT_EXPORT_ROWS) throw new JobRefused(tooManyTenantsMessage(total));
  async function* rows(): AsyncGenerator<TenantView> {
    let current = first;
    let read = 0;
    for (let page = 1; ; page += 1) {
      read += current.rows.length;
      if (read > MAX_TENANT_EXPORT_ROWS) throw new JobRefused(tooManyTenantsMessage(null));
      yield* await lists.viewsOf(current.rows);
      const cursor = current.pagination.next_cursor;
      if (!cursor) return;
      current = await pageOf(page + 1, cursor);
    }
  }
  return { rows: rows(), total };
}

// ---------------------------------------------------------------------------------------------------
// The routes

/** The master list's scope (as GET /api/tenants): a cycle, a facility by its exact number, the program, or none. */
async function monitorScopeOf(filters: TenantExportFilters): Promise<{ scope: TenantExportScope; name: string }> {
  if (filters.cycle_id) {
    const cycle = await requireCycle(filters.cycle_id);
    const mismatch = filters.facility_number && cycle.facility_number.toLowerCase() !== filters.facility_number.toLowerCase();
    return { scope: mismatch ? { kind: 'none' } : { kind: 'cycle', cycle_id: cycle.id }, name: `tenants_${cycle.facility_number}` };
  }
  if (filters.facility_number) {
    const facility = await getFacilityByNumber(filters.facility_number);
    return {
      scope: facility ? { kind: 'facility', facility_id: facility.id } : { kind: 'none' },
      name: `tenants_${facility?.facility_number ?? filters.facility_number}`,
    };
  }
  return { scope: { kind: 'program' }, name: 'all_tenants' };
}

/**
 * A program-wide export is checked as its list would be (the same 422s: a name of one letter, a sort
 * other than by name) and, where the list knows its total, against MAX_TENANT_EXPORT_ROWS, so a job
 * is queued only for what it can write. Reading the list's first row costs the catalog and one key.
 */
async function checkProgramExport(filters: TenantExportFilters): Promise<void> {
  const first = await listTenants({ ...listRequestOf(filters), scope: { kind: 'program' }, page: 1, perPage: 1 });
  if (first.pagination.exact && first.pagination.total > MAX_TENANT_EXPORT_ROWS) throw unprocessable(tooManyTenantsMessage(first.pagination.total));
}

/** GET /api/exports/monitor-tenants (staff): the master list under its filters, every matching row. */
export const monitorTenantsExportRoute: RouteImpl = implement(monitorContract, async (input) => {
  const caller = requireCaller(input);
  const { scope, name } = await monitorScopeOf(input.query);
  if (scope.kind === 'program') await checkProgramExport(input.query);
  const queued = await enqueueExport({
    type: EXPORT_JOB_TYPES.monitorTenants, owner: { kind: 'staff' }, name, createdBy: caller.user.id, input: { scope, filters: input.query },
  });
  return { body: queued };
});

/**
 * GET /api/exports/manager-tenants (manager): a cycle's tenants under the Cycle Audit filter, as
 * tenant_list.xlsx in the cycle's facility's folder. The route table has checked that the cycle is the
 * caller's facility's (an admin, who passes every guard, gets any cycle's).
 */
export const managerTenantsExportRoute: RouteImpl = implement(managerContract, async (input) => {
  const caller = requireCaller(input);
  const cycle = await requireCycle(input.query.cycle_id);
  const filters: TenantExportFilters = { filter: input.query.filter };
  const queued = await enqueueExport({
    type: EXPORT_JOB_TYPES.managerTenants, owner: { kind: 'facility', facility_id: cycle.facility_id }, name: MANAGER_TENANTS_EXPORT_NAME,
    createdBy: caller.user.id, input: { scope: { kind: 'cycle', cycle_id: cycle.id }, filters },
  });
  return { body: queued };
});
