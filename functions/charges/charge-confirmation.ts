/**
 * Check Charges (spec tenants-letters-users §2 'Check Charges modal', §3 'Charge-check result row'): which
 * tenants of a facility are asked about, and what a confirmation writes. docs/decisions.md "Check
 * Charges" says why. Pure: the job (charge-check-job.ts) reads the tenants and asks the software.
 */
import type { ConfirmedCharge } from '../../shared/contracts/policy-setup';
import type { LedgerState } from '../letters/ledger-checks';
import { isCoverageChoice } from '../program/counters';
import type { TenantChanges, TenantRecord } from '../tenants/tenant-store';

/**
 * A tenant whose charge is checked: it chose one of the program's plans and its charge is not confirmed
 * yet (by an earlier check, by staff or by its manager). Whether its ledger can be asked about at all is
 * the caller's `askable`.
 */
export const isChargeCandidate = (t: TenantRecord): boolean => isCoverageChoice(t.status) && t.charge_confirmed_date === null;

/**
 * What confirming a tenant's charge writes, when its ledger carries insurance and is not closed by
 * `today`; null when it is not confirmed. The charge is confirmed and counts as applied (the software
 * shows it on the ledger) and the confirmation is the API's. The software's coverage start becomes the
 * insurance effective date when it differs, the earlier date (if any) kept as the original unless one is kept already.
 */
export function confirmationOf(t: TenantRecord, state: LedgerState | undefined, today: string): TenantChanges | null {
  if (!isChargeCandidate(t) || !state?.plan) return null;
  if (state.movedOutOn !== null && state.movedOutOn <= today) return null;
  const changes: TenantChanges = { charge_confirmed_date: today, charge_applied_date: t.charge_applied_date ?? today, api_confirmed: true };
  const start = state.plan.startsOn;
  if (start && start !== t.insurance_effective_date) {
    changes.insurance_effective_date = start;
    if (t.original_insurance_effective_date === null && t.insurance_effective_date !== null) changes.original_insurance_effective_date = t.insurance_effective_date;
  }
  return changes;
}

/** The modal's row of a confirmed tenant (its saved version). */
export const confirmedChargeOf = (t: TenantRecord): ConfirmedCharge => ({
  id: t.id, unit: t.unit, first_name: t.first_name, last_name: t.last_name,
  insurance_effective_date: t.insurance_effective_date, original_insurance_effective_date: t.original_insurance_effective_date,
});

/** Units as a facility numbers them (A2 before A10), then by name. */
export const byUnit = (a: ConfirmedCharge, b: ConfirmedCharge): number =>
  a.unit.localeCompare(b.unit, 'en', { numeric: true }) || (a.last_name ?? a.first_name).localeCompare(b.last_name ?? b.first_name) || a.id.localeCompare(b.id);
