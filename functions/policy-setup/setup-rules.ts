/**
 * The rules of policy setup (docs/decisions.md "Policy setup"), pure so the routes, the StorEdge job and
 * the tests read one version of them:
 *   - which tenants the Setup Tenants list shows, and when a tenant counts as set up;
 *   - why the program refuses to set a tenant up (a 4xx before any software is asked);
 *   - the plan's id in the facility software, the policy number and the start date sent;
 *   - what a success and a failure write on the tenant.
 */
import { SETUP_SOFTWARE_LABELS } from '../../shared/contracts/policy-setup';
import type { SetupSoftware } from '../../shared/contracts/policy-setup';
import { coverageIdOf, planOfCoverageId } from '../../shared/coverage-ids';
import type { CoverageOption } from '../../shared/contracts/program';
import { isCoverageChoice } from '../program/counters';
import { requiresSetup } from '../tenants/tenant-record';
import type { TenantChanges, TenantRecord } from '../tenants/tenant-record';

/** Set up: the program recorded the plan as set up in the facility software (by this program's API call, a sync or staff). */
export const isSetUp = (t: Pick<TenantRecord, 'setup_insurance_date'>): boolean => t.setup_insurance_date !== null && t.setup_insurance_date !== '';

/**
 * Listed on Setup Tenants: chose a plan and is not set up yet (the counters' requires_setup, the `tset`
 * index). Tagged tenants are listed (flagged for deletion) but refused by the setup calls.
 */
export const listedForSetup = requiresSetup;

export const nameOf = (t: Pick<TenantRecord, 'first_name' | 'last_name'>): string => [t.first_name, t.last_name].filter(Boolean).join(' ');

/** How a refusal names the tenant: 'Unit A-12 (Ada Lovelace)'. */
export const tenantLabel = (t: Pick<TenantRecord, 'unit' | 'first_name' | 'last_name'>): string => `Unit ${t.unit} (${nameOf(t)})`;

const money = (n: number) => `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2)}`;
/** '$12.50 per month for $2,000', as the Setup Tenants list shows a plan. */
export const planText = (plan: { premium: number; coverage: number }): string => `${money(plan.premium)} per month for ${money(plan.coverage)}`;

/** The facility's coverage option the tenant chose (by its derived id), if the facility still offers it. */
export function chosenOption(t: Pick<TenantRecord, 'coverage_id' | 'status'>, coverages: readonly CoverageOption[]): CoverageOption | null {
  const id = t.coverage_id ?? (isCoverageChoice(t.status) ? t.status : null);
  if (!id) return null;
  return coverages.find((o) => coverageIdOf(o) === id) ?? null;
}

/** The plan's id in the facility software (SiteLink's InsurCoverageID, StorEdge's invoiceable item id), from the facility's options. */
export function softwarePlanId(option: CoverageOption, software: SetupSoftware): string | null {
  const id = software === 'sitelink' ? option.sitelink_coverage_id : option.storedge_coverage_id;
  return id?.trim() ? id.trim() : null;
}

/**
 * Why the program will not set this tenant up, or null when it will. Each message names the tenant and
 * says what staff can do about it. The facility's software is checked by the caller (a whole-call 4xx).
 */
export function setupRefusal(t: TenantRecord, coverages: readonly CoverageOption[], software: SetupSoftware, facilityNumber: string): string | null {
  const who = tenantLabel(t);
  if (!isCoverageChoice(t.status) || !t.coverage_id) return `${who} has not chosen a coverage plan.`;
  if (t.tagged_for_removal) return `${who} is tagged for removal; remove or untag it first.`;
  if (isSetUp(t)) return `${who} is set up already (on ${t.setup_insurance_date}).`;
  if (!t.ledger_id.trim() || t.ledger_id.includes(',')) return `${who} has no ledger id the facility software can be asked about.`;
  const label = SETUP_SOFTWARE_LABELS[software];
  const option = chosenOption(t, coverages);
  const plan = planOfCoverageId(t.coverage_id);
  const planName = plan ? planText(plan) : t.coverage_id;
  if (!option) return `${who} chose ${planName}, which is no longer one of facility ${facilityNumber}'s coverage options.`;
  if (!softwarePlanId(option, software)) {
    return `${who} chose ${planName}, which has no ${label} coverage id in facility ${facilityNumber}'s coverage options; add it on the facility first.`;
  }
  return null;
}

/**
 * The policy number the program gives a SiteLink setup: the facility number and the ledger id
 * ('1101-4521'). The same ledger always gets the same number, so a retried setup sends what the first
 * try sent. StorEdge numbers its policies itself (the number comes back on the ledger).
 */
export const policyNumberOf = (facilityNumber: string, ledgerId: string): string => `${facilityNumber.trim()}-${ledgerId.trim()}`.toUpperCase();

/**
 * The day the coverage starts: the tenant's insurance effective date when it has one (a manager or the
 * tenant chose it), else the cycle's Letter Effective Date (the date the letters told tenants coverage
 * begins), else today in the program's time zone.
 */
export function startDateOf(t: Pick<TenantRecord, 'insurance_effective_date'>, cycle: { letter_effective_date: string | null } | null, today: string): string {
  return t.insurance_effective_date?.slice(0, 10) || cycle?.letter_effective_date?.slice(0, 10) || today;
}

/** What a success writes: set up today through the API, with the policy number; the last error cleared. */
export function setUpChanges(t: TenantRecord, policyNumber: string, today: string, startDate: string): TenantChanges {
  return {
    setup_insurance_date: today,
    setup_via_api: true,
    policy_number: policyNumber,
    insurance_effective_date: t.insurance_effective_date ?? startDate,
    policy_errors_date_logged: null,
    policy_errors_error_message: null,
  };
}

/** What a failure writes: when and why, shown as the tenant's last error on Setup Tenants. */
export const failureChanges = (message: string, at: Date = new Date()): TenantChanges => ({
  policy_errors_date_logged: at.toISOString(),
  policy_errors_error_message: message.slice(0, 1000),
});
