/**
 * Check Charges without a table (docs/decisions.md "Check Charges"): which tenants are asked about, and
 * what a confirmation writes from the ledger's insurance.
 */
import { describe, expect, it } from 'vitest';
import { byUnit, confirmationOf, confirmedChargeOf, isChargeCandidate } from '../../functions/charges/charge-confirmation';
import { RESULT_ROWS_BYTES, resultOf } from '../../functions/charges/charge-check-job';
import type { LedgerState } from '../../functions/letters/ledger-checks';
import { TENANT_DEFAULTS } from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';

const TODAY = '2026-03-10';

const tenant = (fields: Partial<TenantRecord> = {}): TenantRecord => ({
  ...TENANT_DEFAULTS, id: 't1', facility_id: 'f1', facility_number: '1101', cycle_id: 'c1', first_name: 'Ada', last_name: 'Lovelace',
  unit: 'A101', units: ['A101'], ledger_id: 'L1', status: 'cov-2000-12', coverage_id: 'cov-2000-12',
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...fields,
});

const insured = (startsOn: string | null, fields: Partial<LedgerState> = {}): LedgerState => ({
  ledgerId: 'L1', movedOutOn: null, unit: null, address: null, plan: { softwareId: '110101', coverage: 2000, premium: 12, startsOn }, ...fields,
});

describe('which tenants a check asks about', () => {
  it('a tenant who chose a plan and whose charge is not confirmed yet', () => {
    expect(isChargeCandidate(tenant())).toBe(true);
    expect(isChargeCandidate(tenant({ charge_confirmed_date: '2026-03-01', charge_applied_date: '2026-03-01' }))).toBe(false);
    for (const status of [null, 'opt_out', 'provide_proof', 'moved_out', 'bad_address']) expect(isChargeCandidate(tenant({ status, coverage_id: null }))).toBe(false);
  });
});

describe('what a confirmation writes', () => {
  it('confirmed and applied today by the API; the software\'s start replaces another effective date, the old one kept as the original', () => {
    expect(confirmationOf(tenant({ insurance_effective_date: '2026-03-05' }), insured('2026-03-01'), TODAY)).toEqual({
      charge_confirmed_date: TODAY, charge_applied_date: TODAY, api_confirmed: true,
      insurance_effective_date: '2026-03-01', original_insurance_effective_date: '2026-03-05',
    });
  });

  it('an original kept already stays; the same start date, or none, leaves the effective date alone; an applied date stays', () => {
    expect(confirmationOf(tenant({ insurance_effective_date: '2026-03-05', original_insurance_effective_date: '2026-02-20' }), insured('2026-03-01'), TODAY))
      .toEqual({ charge_confirmed_date: TODAY, charge_applied_date: TODAY, api_confirmed: true, insurance_effective_date: '2026-03-01' });
    expect(confirmationOf(tenant({ insurance_effective_date: '2026-03-01' }), insured('2026-03-01'), TODAY))
      .toEqual({ charge_confirmed_date: TODAY, charge_applied_date: TODAY, api_confirmed: true });
    expect(confirmationOf(tenant({ insurance_effective_date: '2026-03-05', charge_applied_date: '2026-03-06' }), insured(null), TODAY))
      .toEqual({ charge_confirmed_date: TODAY, charge_applied_date: '2026-03-06', api_confirmed: true });
  });

  it('no effective date before: the start is set and the original stays empty (nothing to keep)', () => {
    expect(confirmationOf(tenant(), insured('2026-03-01'), TODAY))
      .toEqual({ charge_confirmed_date: TODAY, charge_applied_date: TODAY, api_confirmed: true, insurance_effective_date: '2026-03-01' });
  });

  it('nothing without insurance on the ledger, without the ledger, on a closed ledger, or for a tenant who is no candidate', () => {
    expect(confirmationOf(tenant(), insured('2026-03-01', { plan: null }), TODAY)).toBeNull();
    expect(confirmationOf(tenant(), undefined, TODAY)).toBeNull();
    expect(confirmationOf(tenant(), insured('2026-03-01', { movedOutOn: TODAY }), TODAY)).toBeNull();
    expect(confirmationOf(tenant(), insured('2026-03-01', { movedOutOn: '2026-04-30' }), TODAY)).not.toBeNull();
    expect(confirmationOf(tenant({ status: 'opt_out', coverage_id: null }), insured('2026-03-01'), TODAY)).toBeNull();
    expect(confirmationOf(tenant({ charge_confirmed_date: '2026-03-02' }), insured('2026-03-01'), TODAY)).toBeNull();
  });

  it('the result rows: the modal\'s fields, by unit as facilities number them', () => {
    const rows = [tenant({ id: 'a', unit: 'A10' }), tenant({ id: 'b', unit: 'A2', last_name: null })].map(confirmedChargeOf).sort(byUnit);
    expect(rows).toEqual([
      { id: 'b', unit: 'A2', first_name: 'Ada', last_name: null, insurance_effective_date: null, original_insurance_effective_date: null },
      { id: 'a', unit: 'A10', first_name: 'Ada', last_name: 'Lovelace', insurance_effective_date: null, original_insurance_effective_date: null },
    ]);
  });
});

describe('the job\'s result', () => {
  it('every row by unit while the job\'s record holds them; past that the first ones, with the count of all', () => {
    const row = (i: number) => confirmedChargeOf(tenant({ id: `t${i}`, unit: `A${i}`, first_name: 'F'.repeat(40), last_name: 'L'.repeat(40) }));
    expect(resultOf([row(2), row(1)])).toEqual({ confirmed_count: 2, confirmed: [row(1), row(2)] });
    const many = Array.from({ length: 3000 }, (_, i) => row(3000 - i));
    const result = resultOf(many);
    expect(result.confirmed_count).toBe(3000);
    expect(result.confirmed.length).toBeLessThan(3000);
    expect(result.confirmed.map((r) => r.unit)).toEqual(Array.from({ length: result.confirmed.length }, (_, i) => `A${i + 1}`));
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(RESULT_ROWS_BYTES + 100);
    // As many as fit: one more would pass the budget.
    const next = row(result.confirmed.length + 1);
    expect(JSON.stringify([...result.confirmed, next]).length).toBeGreaterThan(RESULT_ROWS_BYTES);
  });
});
