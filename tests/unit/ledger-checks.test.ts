/**
 * The rules of Remove Ineligible Tenants and Sync Tenant Statuses that need no table: a ledger's state
 * read from SiteLink's and StorEdge's answers, which tenants are ineligible, which plan of the program is
 * the one on a ledger, and what a sync writes (docs/decisions.md "Letters: ineligible tenants and status sync").
 */
import { describe, expect, it } from 'vitest';
import {
  fromSiteLink, fromStorEdge, ineligibilityOf, matchingOption, removalAction, syncChangesOf,
} from '../../functions/letters/ledger-checks';
import type { LedgerState } from '../../functions/letters/ledger-checks';
import { TENANT_DEFAULTS } from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';
import { removalLimit } from '../../shared/contracts/ledger-checks';
import type { CoverageOption } from '../../shared/contracts/program';

const TODAY = '2026-03-10';

const tenant = (fields: Partial<TenantRecord> = {}): TenantRecord => ({
  ...TENANT_DEFAULTS, id: 't1', facility_id: 'f1', facility_number: '1101', cycle_id: 'c1', first_name: 'Ada', last_name: 'Lovelace',
  address: '1 Old Road', city: 'Austin', state: 'TX', zip_code: '78701', unit: 'A101', units: ['A101'], ledger_id: 'L1',
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...fields,
});

const state = (fields: Partial<LedgerState> = {}): LedgerState => ({ ledgerId: 'L1', movedOutOn: null, unit: null, address: null, plan: null, ...fields });

const COVERAGES: CoverageOption[] = [
  { coverage: 2000, premium: 12, sitelink_coverage_id: '110101', storedge_coverage_id: 'se-basic' },
  { coverage: 5000, premium: 22 },
];

describe('a ledger state from the software\'s answer', () => {
  it('SiteLink: a complete address joins its two lines; a partial one is no address; insurance is the coverage id, amounts and start', () => {
    const row = {
      LedgerID: 'L1', sUnitName: 'B202', sAddr1: '5 New St', sAddr2: 'Apt 2', sCity: 'Plano', sRegion: 'tx', sPostalCode: '75075', dMovedOut: null,
      InsurCoverageID: '110101', dcCoverage: 2000, dcPremium: 12, sPolicyNum: 'P1', TenantID: 'T1', UnitID: 'U1', dInsurStart: '2026-02-01',
    };
    expect(fromSiteLink(row)).toEqual({
      ledgerId: 'L1', movedOutOn: null, unit: 'B202', address: { address: '5 New St, Apt 2', city: 'Plano', state: 'TX', zip_code: '75075' },
      plan: { softwareId: '110101', coverage: 2000, premium: 12, startsOn: '2026-02-01' },
    });
    expect(fromSiteLink({ ...row, sCity: null, InsurCoverageID: null }).address).toBeNull();
    expect(fromSiteLink({ ...row, InsurCoverageID: null }).plan).toBeNull();
  });

  it('StorEdge: moved_out without a date moved out today; insurance by item id or amount, with its start', () => {
    const ledger = { id: 'L1', status: 'moved_out', move_out_date: null, unit_name: null, tenant_name: null, address: null, insurance: null };
    expect(fromStorEdge(ledger, TODAY)).toEqual(state({ movedOutOn: TODAY }));
    expect(fromStorEdge({ ...ledger, status: 'current', move_out_date: '2025-02-03' }, TODAY).movedOutOn).toBe('2025-02-03');
    const insured = fromStorEdge({ ...ledger, status: 'current', insurance: { invoiceable_item_id: 'se-basic', coverage_amount: 2000, amount: 12, policy_number: null, start_date: '2026-02-01' } }, TODAY);
    expect(insured.plan).toEqual({ softwareId: 'se-basic', coverage: 2000, premium: 12, startsOn: '2026-02-01' });
    expect(fromStorEdge({ ...ledger, status: 'current', insurance: { invoiceable_item_id: null, coverage_amount: null, amount: null, policy_number: 'x', start_date: null } }, TODAY).plan).toBeNull();
  });
});

describe('ineligible tenants', () => {
  it('a ledger the software does not have, a move-out on or before today, or insurance without a program plan', () => {
    expect(ineligibilityOf(tenant(), undefined, TODAY)).toBe('not_found');
    expect(ineligibilityOf(tenant(), state({ movedOutOn: TODAY }), TODAY)).toBe('moved_out');
    expect(ineligibilityOf(tenant(), state({ movedOutOn: '2025-01-05' }), TODAY)).toBe('moved_out');
    expect(ineligibilityOf(tenant({ status: 'opt_out' }), state({ plan: { softwareId: 'x', coverage: 1, premium: 1, startsOn: null } }), TODAY)).toBe('insured');
    expect(ineligibilityOf(tenant({ tagged_for_removal: true }), undefined, TODAY)).toBe('not_found');
  });

  it('eligible: a current ledger, a move-out still to come, a program plan on the ledger', () => {
    expect(ineligibilityOf(tenant(), state(), TODAY)).toBeNull();
    expect(ineligibilityOf(tenant(), state({ movedOutOn: '2026-03-11' }), TODAY)).toBeNull();
    expect(ineligibilityOf(tenant({ status: 'cov-2000-12', coverage_id: 'cov-2000-12' }), state({ plan: { softwareId: '110101', coverage: 2000, premium: 12, startsOn: null } }), TODAY)).toBeNull();
  });

  it('a tenant whose welcome letter went out is never removed', () => {
    expect(ineligibilityOf(tenant({ welcome_letter_sent_date: '2026-02-01' }), undefined, TODAY)).toBeNull();
    expect(ineligibilityOf(tenant({ welcome_letter_sent_date: '2026-02-01' }), state({ movedOutOn: '2025-01-05' }), TODAY)).toBeNull();
  });

  it('the history action names the reason', () => {
    expect(['not_found', 'moved_out', 'insured'].map((why) => removalAction(why as never))).toEqual(['ineligible_not_found', 'ineligible_moved_out', 'ineligible_insured']);
  });
});

describe('the program plan on a ledger', () => {
  it('by the software\'s plan id first, then by coverage and premium; none when neither matches', () => {
    expect(matchingOption({ softwareId: '110101', coverage: 9, premium: 9, startsOn: null }, COVERAGES, 'sitelink')?.id).toBe('cov-2000-12');
    expect(matchingOption({ softwareId: 'se-basic', coverage: null, premium: null, startsOn: null }, COVERAGES, 'storedge')?.id).toBe('cov-2000-12');
    expect(matchingOption({ softwareId: 'se-basic', coverage: null, premium: null, startsOn: null }, COVERAGES, 'sitelink')).toBeNull();
    expect(matchingOption({ softwareId: 'other', coverage: 5000, premium: 22, startsOn: null }, COVERAGES, 'sitelink')?.id).toBe('cov-5000-22');
    expect(matchingOption({ softwareId: 'other', coverage: 3000, premium: 16, startsOn: null }, COVERAGES, 'sitelink')).toBeNull();
  });
});

describe('what a sync writes', () => {
  const sync = (t: TenantRecord, s: LedgerState | undefined) => syncChangesOf(t, s, COVERAGES, 'sitelink', TODAY);

  it('nothing for an unknown ledger or a current one that matches', () => {
    expect(sync(tenant(), undefined)).toEqual({});
    expect(sync(tenant(), state())).toEqual({});
    expect(sync(tenant(), state({ unit: 'a101 ', address: { address: '1 old  road', city: 'AUSTIN', state: 'TX', zip_code: '78701' } }))).toEqual({});
  });

  it('a move-out: status moved_out with the software\'s date, the plan\'s charge dates cleared', () => {
    const chose = tenant({ status: 'cov-2000-12', coverage_id: 'cov-2000-12', charge_applied_date: '2026-02-01', insurance_effective_date: '2026-02-01' });
    expect(sync(chose, state({ movedOutOn: '2025-12-31' }))).toEqual({
      status: 'moved_out', coverage_id: null, move_out_date: '2025-12-31', insurance_effective_date: null, charge_applied_date: null,
    });
    // Already moved out: only a missing date is filled; a later move-out date is not one yet.
    expect(sync(tenant({ status: 'moved_out', move_out_date: '2026-01-01' }), state({ movedOutOn: '2025-12-31' }))).toEqual({});
    expect(sync(tenant({ status: 'moved_out' }), state({ movedOutOn: '2025-12-31' }))).toEqual({ move_out_date: '2025-12-31' });
    expect(sync(tenant(), state({ movedOutOn: '2026-04-01' }))).toEqual({});
  });

  it('insurance of a program plan: that plan, set up and effective today; another plan: Provided Proof', () => {
    const plan = { softwareId: '110101', coverage: 2000, premium: 12, startsOn: null };
    expect(sync(tenant({ tenant_made_selection: true }), state({ plan }))).toEqual({
      status: 'cov-2000-12', coverage_id: 'cov-2000-12', tenant_made_selection: false, setup_insurance_date: TODAY, insurance_effective_date: TODAY,
    });
    expect(sync(tenant({ status: 'opt_out', opt_out_date: '2026-02-02' }), state({ plan: { softwareId: 'x', coverage: 1, premium: 1, startsOn: null } }))).toEqual({
      status: 'provide_proof', provided_proof_date: TODAY, opt_out_date: null,
    });
    // The same plan chosen already: only the setup and effective dates it lacked.
    expect(sync(tenant({ status: 'cov-2000-12', coverage_id: 'cov-2000-12', insurance_effective_date: '2026-02-01' }), state({ plan }))).toEqual({ setup_insurance_date: TODAY });
    // A chosen plan is never replaced by Provided Proof, and a move-out is never taken back.
    expect(sync(tenant({ status: 'cov-5000-22', coverage_id: 'cov-5000-22' }), state({ plan: { softwareId: 'x', coverage: 1, premium: 1, startsOn: null } }))).toEqual({});
    expect(sync(tenant({ status: 'moved_out', move_out_date: '2026-01-01' }), state({ plan }))).toEqual({});
  });

  it('the unit and the address when the software has other ones; the removal tag is left alone', () => {
    const moved = state({ unit: 'C303', address: { address: '9 New Way', city: 'Plano', state: 'TX', zip_code: '75075' } });
    expect(sync(tenant({ tagged_for_removal: true }), moved)).toEqual({
      unit: 'C303', units: ['C303'], address: '9 New Way', city: 'Plano', zip_code: '75075',
    });
    // A tenant of several units keeps its list; a unit already on it is no change.
    expect(sync(tenant({ units: ['A101', 'A102'] }), state({ unit: 'B1' }))).toEqual({ unit: 'B1' });
    expect(sync(tenant({ units: ['A101', 'A102'] }), state({ unit: 'A102' }))).toEqual({});
  });
});

describe('the removal cap', () => {
  it('is 40% of the tenants checked, never fewer than 10 tenants', () => {
    expect([0, 11, 25, 26, 30, 1000].map(removalLimit)).toEqual([10, 10, 10, 10, 12, 400]);
  });
});
