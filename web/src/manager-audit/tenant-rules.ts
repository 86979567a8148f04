/**
 * What the manager views read from a tenant (spec tenants-letters-users §2 'Manager audit views', §4):
 * its name as listed, its response as shown, when it is locked, when its charge can be confirmed, and
 * which coverage choice the edit modal starts from.
 */
import { MANAGER_KEYWORD_CHOICES, TENANT_STATUS_LABELS } from '../../../shared/contracts/tenants';
import type { TenantStatus, TenantView } from '../../../shared/contracts/tenants';

type Named = Pick<TenantView, 'first_name' | 'last_name'>;

/** 'last, first' as every manager table lists a tenant; a business without a last name is its first name. */
export const listedName = (t: Named): string => (t.last_name ? `${t.last_name}, ${t.first_name}` : t.first_name);

/** 'first last', as the prompts and the success toast name a tenant. */
export const fullName = (t: Named): string => [t.first_name, t.last_name].filter(Boolean).join(' ');

/** A tenant whose welcome letter went out is locked from editing in the manager views. */
export const isLocked = (t: Pick<TenantView, 'welcome_letter_sent_date'>): boolean => t.welcome_letter_sent_date !== null;

/**
 * The row's 'Confirm Charge Added' button: the tenant chose a plan, its charge apply date has passed
 * (is before today), the charge is not confirmed yet and no welcome letter went out.
 */
export function canConfirmCharge(
  t: Pick<TenantView, 'coverage_id' | 'charge_apply_date' | 'charge_applied_date' | 'welcome_letter_sent_date'>,
  today: string,
): boolean {
  return !!t.coverage_id && !!t.charge_apply_date && t.charge_apply_date < today && !t.charge_applied_date && !t.welcome_letter_sent_date;
}

export type KeywordChoice = (typeof MANAGER_KEYWORD_CHOICES)[number];

export const isKeywordChoice = (choice: string): choice is KeywordChoice => (MANAGER_KEYWORD_CHOICES as readonly string[]).includes(choice);

/** The edit modal's starting choice: the tenant's plan, else the response its dates record, else none. */
export function currentChoice(
  t: Pick<TenantView, 'coverage_id' | 'provided_proof_date' | 'opt_out_date' | 'move_out_date' | 'bad_address_date'>,
): string | null {
  if (t.coverage_id) return t.coverage_id;
  if (t.provided_proof_date) return 'provide_proof';
  if (t.opt_out_date) return 'opt_out';
  if (t.move_out_date) return 'moved_out';
  if (t.bad_address_date) return 'bad_address';
  return null;
}

/** Address, city, state or zip code missing: the edit modal asks for them. */
export const hasIncompleteAddress = (t: Pick<TenantView, 'address' | 'city' | 'state' | 'zip_code'>): boolean =>
  !t.address.trim() || !t.city.trim() || !t.state.trim() || !t.zip_code.trim();

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** A coverage option as the radio list reads: '$12 per month for $2,000 coverage'. */
export const coverageLabel = (option: { premium: number; coverage: number }): string =>
  `${dollars(option.premium)} per month for ${dollars(option.coverage)} coverage`;

/** A plan's id is `cov-{coverage}-{premium}` (shared/coverage-ids.ts); the plan read back from it. */
export function planOfCoverageId(id: string): { coverage: number; premium: number } | null {
  const m = /^cov-(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(id);
  return m ? { coverage: Number(m[1]), premium: Number(m[2]) } : null;
}

/** The status column: 'No response' when none, a response's label, or the chosen plan. */
export function statusText(status: string | null): string {
  // A tenant staff marked as not responding reads the same as one who never answered.
  if (status === null || status === 'no_response') return 'No response';
  if (status in TENANT_STATUS_LABELS) return TENANT_STATUS_LABELS[status as TenantStatus];
  const plan = planOfCoverageId(status);
  return plan ? coverageLabel(plan) : status;
}
