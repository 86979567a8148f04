/**
 * The two lists of Insurance Policy Management (docs/decisions.md "Policy setup"), both a facility's:
 *   - Setup Tenants: the tenants requiring setup (chose a plan, not set up), by name, with their plan's
 *     premium and coverage and their last setup error;
 *   - List Setup Tenants: the tenants set up, by name, with their policy numbers.
 * Each reads the facility's slim `tfac` partition (as every facility list does: its cost follows the
 * facility, never the program), filters and sorts it in memory and reads the page's tenants. The error
 * filter needs the error fields, which the slim index does not carry: it reads every candidate (the
 * facility's tenants requiring setup under the unit and name filters), four BatchGetItem calls at a time.
 */
import type { ErrorFilter, PolicySetupTenant, SetUpTenant, SetupSoftware } from '../../shared/contracts/policy-setup';
import { planOfCoverageId } from '../../shared/coverage-ids';
import { getFacility, getFacilityByNumber } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { FAMILY_OF_SOFTWARE, labelOfSoftware } from '../letters/ledger-scope';
import { notFound, unprocessable } from '../runtime/http-error';
import { allTenantsOf, matchingTenantIds, tenantsInOrder } from '../tenants/tenant-list';
import type { TenantRecord } from '../tenants/tenant-record';

export interface Page<R> {
  data: R[];
  pagination: { current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number };
}

/** The facility of this number running this software family; 404 for an unknown number, 422 for another software. */
export async function facilityForSetup(facilityNumber: string, software: SetupSoftware): Promise<FacilityRecord> {
  const facility = await getFacilityByNumber(facilityNumber.trim());
  if (!facility) throw notFound(`Facility ${facilityNumber.trim()} does not exist.`);
  if (FAMILY_OF_SOFTWARE[facility.software.trim()] !== software) {
    const runs = facility.software.trim() ? labelOfSoftware(facility.software.trim()) : 'no software';
    throw unprocessable(`Facility ${facility.facility_number} uses ${runs}, not ${labelOfSoftware(software)}.`, 'software');
  }
  return facility;
}

export function policySetupRow(t: TenantRecord): PolicySetupTenant {
  const plan = planOfCoverageId(t.coverage_id);
  return {
    id: t.id, cycle_id: t.cycle_id, facility_number: t.facility_number, unit: t.unit, first_name: t.first_name, last_name: t.last_name,
    ledger_id: t.ledger_id, coverage_id: t.coverage_id, coverage_premium: plan?.premium ?? null, coverage_coverage: plan?.coverage ?? null,
    tagged_for_removal: t.tagged_for_removal, policy_errors_date_logged: t.policy_errors_date_logged,
    policy_errors_error_message: t.policy_errors_error_message, updated_at: t.updated_at,
  };
}

export const setUpRow = (t: TenantRecord): SetUpTenant => ({
  id: t.id, facility_number: t.facility_number, unit: t.unit, first_name: t.first_name, last_name: t.last_name,
  policy_number: t.policy_number, setup_insurance_date: t.setup_insurance_date, setup_via_api: t.setup_via_api,
});

const hasError = (t: TenantRecord) => Boolean(t.policy_errors_error_message);
const errorMatch = (filter: ErrorFilter) => (t: TenantRecord) => filter === 'all' || hasError(t) === (filter === 'errors');

export interface SetupListFilters { unit?: string; name?: string; error_filter: ErrorFilter }

const requiringSetup = (facility: FacilityRecord, f: Pick<SetupListFilters, 'unit' | 'name'>) =>
  ({ scope: { kind: 'facility' as const, facilityId: facility.id }, filter: 'requires_setup' as const, unit: f.unit, name: f.name, sort: 'name' });

/** Every tenant of the Setup Tenants list under the filters, by name (the export's rows). */
export async function policySetupTenants(facility: FacilityRecord, f: SetupListFilters): Promise<TenantRecord[]> {
  return (await allTenantsOf(requiringSetup(facility, f))).filter(errorMatch(f.error_filter));
}

/** The page of a list held whole: its items and the pagination the tables read. */
function paged<T>(all: readonly T[], page: number, perPage: number): { items: T[]; pagination: Page<never>['pagination'] } {
  const start = (page - 1) * perPage;
  const items = all.slice(start, start + perPage);
  return {
    items,
    pagination: {
      current_page: page, last_page: Math.max(1, Math.ceil(all.length / perPage)), per_page: perPage, total: all.length,
      from: items.length ? start + 1 : null, to: items.length ? start + items.length : null,
    },
  };
}

/** One page of Setup Tenants: without the error filter only the page's tenants are read. */
export async function policySetupPage(facility: FacilityRecord, f: SetupListFilters, page: number, perPage: number): Promise<Page<PolicySetupTenant>> {
  if (f.error_filter === 'all') {
    const { items, pagination } = paged(await matchingTenantIds(requiringSetup(facility, f)), page, perPage);
    return { data: (await tenantsInOrder(items)).map(policySetupRow), pagination };
  }
  const { items, pagination } = paged(await policySetupTenants(facility, f), page, perPage);
  return { data: items.map(policySetupRow), pagination };
}

/** One page of List Setup Tenants: the facility's tenants set up, by name, filtered by unit, name and policy number. */
export async function setUpPage(facility: FacilityRecord, f: { unit?: string; name?: string; policy_number?: string }, page: number, perPage: number): Promise<Page<SetUpTenant>> {
  const ids = await matchingTenantIds({ scope: { kind: 'facility', facilityId: facility.id }, setUp: true, unit: f.unit, name: f.name, policyNumber: f.policy_number, sort: 'name' });
  const { items, pagination } = paged(ids, page, perPage);
  return { data: (await tenantsInOrder(items)).map(setUpRow), pagination };
}

/** The export's rows: the facility's Setup Tenants list under the filters, every row (a facility removed since exports none). */
export async function policySetupExportRows(facilityId: string, f: SetupListFilters): Promise<PolicySetupTenant[]> {
  const facility = await getFacility(facilityId);
  return facility ? (await policySetupTenants(facility, f)).map(policySetupRow) : [];
}
