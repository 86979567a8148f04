/**
 * The tenant rules that need no table: status groups, filters and flags of a tenant, its stored item
 * and index keys, what it adds to the counters, the history of a change, the response dates a status
 * brings, the manager's charge rule, the view the screens show, the stats card, and the contracts'
 * parsing of what the forms send.
 */
import { describe, expect, it, vi } from 'vitest';
import { contributionOf, delta, sumCounters, zeroCounters } from '../../functions/program/counters';
import { changedFields, historyPut } from '../../functions/tenants/tenant-history';
import { whyNoChargeConfirmation } from '../../functions/tenants/manager-routes';
import {
  TENANT_DEFAULTS, groupOf, isAddressIncomplete, matchesFilter, requiresSetup, sortNameOf, tenantFromItem, tenantItem,
} from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';
import { statusChanges } from '../../functions/tenants/tenant-changes';
import { statsCardOf } from '../../functions/tenants/tenant-stats';
import { historyFor, viewOf } from '../../functions/tenants/tenant-view';
import {
  MAX_BULK_TENANTS, TENANT_FILTER_KEYS, bulkTenantsBody, managerTenantBody, staffTenantBody, tenantDate, tenantIds, tenantListQuery, tenantStatusBody,
} from '../../shared/contracts/tenants';

const record = (extra: Partial<TenantRecord> = {}): TenantRecord => ({
  ...TENANT_DEFAULTS, id: 't1', facility_id: 'f1', facility_number: '1001', cycle_id: 'c1', first_name: 'Ann', last_name: 'Smith', unit: 'A-1',
  ledger_id: 'L1', address: '1 Road', city: 'Austin', state: 'TX', zip_code: '78701', created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z', ...extra,
});
const PLAN = 'cov-2000-12';

describe('a tenant: status group, flags and filters', () => {
  it('falls in exactly one status group', () => {
    expect(groupOf({ status: 'moved_out' })).toBe('move_out');
    expect(groupOf({ status: 'bad_address' })).toBe('bad_address');
    expect(groupOf({ status: 'opt_out' })).toBe('opt_out');
    expect(groupOf({ status: 'provide_proof' })).toBe('provide_proof');
    expect(groupOf({ status: PLAN })).toBe('any_coverage');
    expect(groupOf({ status: null })).toBe('non_responder');
    expect(groupOf({ status: 'no_response' })).toBe('non_responder');
    expect(groupOf({ status: '' })).toBe('non_responder');
  });

  it('has an incomplete address when address, city, state or zip code is blank', () => {
    expect(isAddressIncomplete(record())).toBe(false);
    for (const field of ['address', 'city', 'state', 'zip_code'] as const) expect(isAddressIncomplete(record({ [field]: '  ' })), field).toBe(true);
  });

  it('requires setup while a chosen plan is not set up', () => {
    expect(requiresSetup({ status: PLAN, setup_insurance_date: null })).toBe(true);
    expect(requiresSetup({ status: PLAN, setup_insurance_date: '2026-01-01' })).toBe(false);
    expect(requiresSetup({ status: 'opt_out', setup_insurance_date: null })).toBe(false);
  });

  it('matches each filter key', () => {
    const tagged = record({ status: 'opt_out', tagged_for_removal: true });
    const matched = TENANT_FILTER_KEYS.filter((key) => matchesFilter(tagged, key));
    expect(matched).toEqual(['all', 'opt_out', 'tagged_for_removal']);
    expect(TENANT_FILTER_KEYS.filter((key) => matchesFilter(record({ status: PLAN }), key))).toEqual(['all', 'any_coverage', 'requires_setup']);
    expect(TENANT_FILTER_KEYS.filter((key) => matchesFilter(record(), key))).toEqual(['all', 'non_responder']);
  });
});

describe('the stored item and its index keys', () => {
  it('sorts by last then first name, case-free; a business (no last name) by its name', () => {
    expect(sortNameOf({ first_name: ' Ann ', last_name: 'SMITH' })).toBe('smith#ann');
    expect(sortNameOf({ first_name: 'Acme Storage', last_name: null })).toBe('acme storage#');
    expect(sortNameOf({ first_name: 'Acme', last_name: '  ' })).toBe('acme#');
  });

  it('carries the key of every list it belongs to, sparse ones only when it belongs', () => {
    const item = tenantItem(record({ status: PLAN, unit: ' B-7 ', insur_ledger_id: 'INS-9', address: '' }));
    expect(item).toMatchObject({
      pk: 'TENANT#t1', sk: 'PROFILE', type: 'tenant', incomplete_address: true,
      tcycpk: 'c1', tcycsk: 'smith#ann#t1', tfacpk: 'f1', tfacsk: 'smith#ann#t1', tgrppk: 'f1#any_coverage', tgrpsk: 'smith#ann#t1',
      tnamepk: 'sm', tnamesk: 'smith ann#t1', tname2pk: 'an', tname2sk: 'ann smith#t1', tunitpk: 'b-7', tunitsk: '1001#smith#ann#t1',
      tsetpk: 'f1', tsetsk: 'smith#ann#t1', tldgpk: 'ins-9', tldgsk: 't1',
    });
    expect(item.ttagpk).toBeUndefined();
    const plain = tenantItem(record({ tagged_for_removal: true }));
    expect(plain).toMatchObject({ ttagpk: 'f1', ttagsk: 'smith#ann#t1', tgrppk: 'f1#non_responder' });
    expect(plain.tsetpk).toBeUndefined();
    expect(plain.tldgpk).toBeUndefined();
  });

  it('reads back as the record it was, without the keys and derived flags', () => {
    const t = record({ status: PLAN, units: ['A-1', 'A-2'], tagged_for_removal: true });
    expect(tenantFromItem(tenantItem(t))).toEqual(t);
    // An item written before a field existed reads it as its default.
    const { note: _note, units: _units, ...older } = tenantItem(t);
    expect(tenantFromItem(older)).toMatchObject({ note: '', units: [] });
  });
});

describe('what a tenant adds to the counters', () => {
  it('counts a plan with its charge, payment and setup; moved-out and bad-address tenants only in the total', () => {
    expect(contributionOf(record({ status: PLAN, charge_applied_date: '2026-01-01', payment_confirmed_date: '2026-01-02' }))).toMatchObject({
      total: 1, selected_coverage: 1, charge_applied: 1, confirmed_payment: 1, requires_setup: 1, non_responder: 0,
    });
    const moved = contributionOf(record({ status: 'moved_out', charge_applied_date: '2026-01-01', tagged_for_removal: true }));
    expect(moved).toMatchObject({ total: 1, moved_out: 1, charge_applied: 0, non_responder: 0, tagged_for_removal: 1 });
    expect(contributionOf(record({ zip_code: '', initial_letter_sent_date: '2026-01-01', welcome_letter_sent_date: '2026-02-01' }))).toMatchObject({
      non_responder: 1, incomplete_address: 1, audit_letters_sent: 1, reminder_letters_sent: 0, welcome_letters_sent: 1,
    });
    expect(contributionOf(null)).toEqual(zeroCounters());
  });

  it('moves by exactly the difference between two versions', () => {
    const before = record({ status: PLAN, charge_applied_date: '2026-01-01' });
    const after = record({ status: 'opt_out' });
    expect(delta(contributionOf(before), contributionOf(after))).toEqual({
      selected_coverage: -1, charge_applied: -1, requires_setup: -1, opted_out: 1, welcome_letter_ready: -1,
    });
    expect(delta(contributionOf(before), contributionOf(before))).toEqual({});
    expect(sumCounters([{ total: 1, opted_out: 1 }, { total: -1, non_responder: 2 }])).toEqual({ opted_out: 1, non_responder: 2 });
  });
});

describe('the history of a change', () => {
  it('records each changed field from and to, never the version stamps', () => {
    const before = record();
    const after = record({ first_name: 'Zed', units: ['A-1', 'A-9'], tagged_for_removal: true, updated_at: '2026-02-01T00:00:00.000Z' });
    expect(changedFields(before, after)).toEqual([
      { field: 'first_name', from: 'Ann', to: 'Zed' }, { field: 'tagged_for_removal', from: false, to: true }, { field: 'units', from: [], to: ['A-1', 'A-9'] },
    ]);
    expect(changedFields(before, { ...before, updated_at: 'later' })).toEqual([]);
  });

  it('a creation and a deletion record only that they happened', () => {
    vi.stubEnv('APP_TABLE_NAME', 'unit-table');
    const how = { actor: { user_id: 'u1', username: 'monitor' }, action: 'delete' };
    const created = historyPut(null, record(), { ...how, action: 'import' }, '2026-01-01T00:00:00.000Z').Put.Item;
    expect(created).toMatchObject({ pk: 'TENANT#t1', action: 'import', changes: [], facility_id: 'f1', by: how.actor });
    expect(created.sk).toMatch(/^HISTORY#2026-01-01T00:00:00.000Z#[0-9a-f]{8}$/);
    const deleted = historyPut(record(), null, how, '2026-01-02T00:00:00.000Z').Put.Item;
    expect(deleted).toMatchObject({ pk: 'TENANT#t1', action: 'delete', changes: [] });
    vi.unstubAllEnvs();
  });
});

describe('the response dates a status brings (staff status modal, manager coverage choice)', () => {
  const today = '2026-11-24';

  it("sets the new status's date, keeps it when it was already set, and clears the others", () => {
    const t = record({ status: 'opt_out', opt_out_date: '2026-01-05', provided_proof_date: '2025-12-01' });
    expect(statusChanges('provide_proof', t, today)).toMatchObject({
      status: 'provide_proof', coverage_id: null, provided_proof_date: '2025-12-01', opt_out_date: null, move_out_date: null, bad_address_date: null,
      insurance_effective_date: null, charge_applied_date: null, charge_confirmed_date: null,
    });
    expect(statusChanges('moved_out', t, today)).toMatchObject({ status: 'moved_out', move_out_date: today, opt_out_date: null });
    expect(statusChanges('no_response', t, today)).toMatchObject({ status: null, opt_out_date: null, provided_proof_date: null });
  });

  it('a plan becomes the coverage and keeps its effective date and charge', () => {
    const changes = statusChanges(PLAN, record({ opt_out_date: '2026-01-05', insurance_effective_date: '2026-02-01' }), today);
    expect(changes).toMatchObject({ status: PLAN, coverage_id: PLAN, opt_out_date: null });
    expect(changes).not.toHaveProperty('insurance_effective_date');
    expect(changes).not.toHaveProperty('charge_applied_date');
  });
});

describe("the manager's charge rule (Confirm Charge Added)", () => {
  const on = '2026-05-10';
  const due = record({ status: PLAN, coverage_id: PLAN, charge_apply_date: '2026-05-09' });

  it('allows a plan whose charge apply date has passed, not yet confirmed, without a welcome letter', () => {
    expect(whyNoChargeConfirmation(due, on)).toBeNull();
  });

  it('says why not, the welcome letter first', () => {
    expect(whyNoChargeConfirmation({ ...due, welcome_letter_sent_date: '2026-05-01', coverage_id: null }, on))
      .toBe('The welcome letter was sent to this tenant; it can no longer be edited.');
    expect(whyNoChargeConfirmation({ ...due, coverage_id: null }, on)).toBe('Only a tenant with a coverage plan can have its charge confirmed.');
    expect(whyNoChargeConfirmation({ ...due, charge_applied_date: '2026-05-09' }, on)).toBe('The charge of this tenant is already confirmed.');
    for (const charge_apply_date of [null, on, '2026-05-11']) {
      expect(whyNoChargeConfirmation({ ...due, charge_apply_date }, on), String(charge_apply_date)).toBe('The charge can be confirmed once its charge apply date has passed.');
    }
  });
});

describe('a tenant as the screens show it', () => {
  const context = {
    reader: 'staff' as const,
    cycles: new Map([['c1', { label: 'Spring', archived_at: null }], ['c2', { label: 'Old', archived_at: '2026-01-01' }]]), software: new Map([['f1', 'sitelink_web']]),
  };

  it("shows the access code to staff only: a manager's view has none (security issue 23)", () => {
    expect(viewOf(record({ access_code: 'K7PX3M9Q' }), context).access_code).toBe('K7PX3M9Q');
    const managers = viewOf(record({ access_code: 'K7PX3M9Q' }), { ...context, reader: 'manager' });
    expect(managers).not.toHaveProperty('access_code');
    expect(managers).toMatchObject({ zip_code: record().zip_code });
  });

  it("keeps the access code and a portal answer's address out of a manager's history", () => {
    const signIn = { method: 'access_code_and_zip' as const, at: '2026-05-01T10:00:00.000Z', address: '198.51.100.7', session: 'abc123' };
    const entries = [
      { at: '2026-05-02', action: 'access_code_migration', by: { user_id: 'ops', username: 'ops' }, changes: [{ field: 'access_code', from: null, to: 'K7PX3M9Q' }, { field: 'note', from: '', to: 'x' }] },
      { at: '2026-05-01', action: 'respond_opt_out', by: { user_id: 'tenant:t1', username: 'Tenant' }, changes: [{ field: 'status', from: null, to: 'opt_out' }], sign_in: signIn },
    ];
    expect(historyFor(entries, 'staff')).toEqual(entries);
    expect(historyFor(entries, 'manager')).toEqual([
      { ...entries[0], changes: [{ field: 'note', from: '', to: 'x' }] },
      { ...entries[1], sign_in: { ...signIn, address: null } },
    ]);
  });

  it('names its cycle and software; a cycle archived or gone is not active', () => {
    expect(viewOf(record(), context)).toMatchObject({ cycle_label: 'Spring', cycle_is_active: true, software: 'sitelink_web', incomplete_address: false });
    expect(viewOf(record({ cycle_id: 'c2' }), context)).toMatchObject({ cycle_label: 'Old', cycle_is_active: false });
    expect(viewOf(record({ cycle_id: 'gone', facility_id: 'gone' }), context)).toMatchObject({ cycle_label: '', cycle_is_active: false, software: '' });
  });

  it('lists its units (its unit when it has no list)', () => {
    expect(viewOf(record(), context).units).toEqual([{ identifier: 'A-1' }]);
    expect(viewOf(record({ units: ['A-1', 'A-2'] }), context).units).toEqual([{ identifier: 'A-1' }, { identifier: 'A-2' }]);
  });

  it('is billed on its anniversary when billed on its move-in day of the month rather than the first', () => {
    const anniversary = (move_in_date: string | null, billing_date: string | null) => viewOf(record({ move_in_date, billing_date }), context).billing_anniversary;
    expect(anniversary('2025-03-17', '2026-02-17')).toBe(1);
    expect(anniversary('2025-03-01', '2026-02-01')).toBe(0);
    expect(anniversary('2025-03-17', '2026-02-01')).toBe(0);
    expect(anniversary(null, '2026-02-17')).toBe(0);
  });
});

describe('the stats card', () => {
  it('gives shares of the active tenants, floored; Total Active as a share of every tenant', () => {
    const c = { ...zeroCounters(), total: 10, moved_out: 1, bad_address: 2, selected_coverage: 3, charge_applied: 1, opted_out: 1, provided_proof: 1, non_responder: 2 };
    expect(statsCardOf(c)).toEqual({
      charge_applied: 1, charge_applied_percentage: 14, opted_out: 1, opted_out_percentage: 14, provided_proof: 1, provided_proof_percentage: 14,
      selected_coverage: 3, selected_coverage_percentage: 42, potential_for_coverage: 2, potential_for_coverage_percentage: 28,
      total_active: 7, total_active_percentage: 70,
    });
    expect(statsCardOf(zeroCounters())).toMatchObject({ total_active: 0, total_active_percentage: 0, selected_coverage_percentage: 0 });
  });
});

describe('the tenant contracts read what the forms send', () => {
  it('ids: comma-separated, trimmed, 1 to 300, no repeats', () => {
    expect(tenantIds.parse(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(tenantIds.parse(['a', 'b'])).toEqual(['a', 'b']);
    const many = Array.from({ length: MAX_BULK_TENANTS }, (_, i) => `t${i}`);
    expect(tenantIds.parse(many.join(','))).toHaveLength(300);
    expect(tenantIds.safeParse([...many, 'x']).error?.issues[0]?.message).toBe('At most 300 tenants can be changed at once.');
    expect(tenantIds.safeParse('a,a').error?.issues[0]?.message).toBe('ids names a tenant twice.');
    expect(tenantIds.safeParse('').error?.issues[0]?.message).toBe('Select at least one tenant.');
    expect(tenantIds.safeParse(undefined).error?.issues[0]?.message).toBe('ids is required.');
  });

  it("dates: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' stored as the date; blank clears; no impossible dates", () => {
    const date = tenantDate('Move-in date');
    expect(date.parse('2026-03-04 10:11:12')).toBe('2026-03-04');
    expect(date.parse(' 2026-03-04 ')).toBe('2026-03-04');
    expect(date.parse('')).toBeNull();
    expect(date.parse(null)).toBeNull();
    expect(date.safeParse('2026-02-30').error?.issues[0]?.message).toBe('Move-in date must be a real calendar date.');
    expect(date.safeParse('03/04/2026').error?.issues[0]?.message).toBe('Move-in date must be a date as YYYY-MM-DD.');
  });

  it('the staff edit: state upper-cased, units split, a blank last name is none, the version required', () => {
    const body = staffTenantBody.parse({ updated_at: 'v1', state: 'ca', units: 'A-1, A-2,', last_name: '', zip_code: '12345-6789', untag: 'true' });
    expect(body).toMatchObject({ state: 'CA', units: ['A-1', 'A-2'], last_name: null, zip_code: '12345-6789', untag: true });
    expect(staffTenantBody.parse({ updated_at: 'v1', state: '' }).state).toBe('');
    expect(staffTenantBody.safeParse({ state: 'CA' }).error?.issues[0]?.message).toBe('updated_at is required.');
    expect(staffTenantBody.safeParse({ updated_at: 'v1', zip_code: '1234' }).success).toBe(false);
    expect(staffTenantBody.safeParse({ updated_at: 'v1', units: Array.from({ length: 51 }, (_, i) => `U${i}`).join(',') }).error?.issues[0]?.message)
      .toBe('A tenant has at most 50 units.');
  });

  it('the status, bulk, list and manager bodies', () => {
    expect(tenantStatusBody.safeParse({ status: PLAN }).success).toBe(false);
    expect(bulkTenantsBody.parse({ field: 'country', ids: 'a' })).toEqual({ field: 'country', ids: ['a'], value: '' });
    expect(tenantListQuery.parse({ status: '', filter: '', sort: '-billing_date', tagged_for_removal: 'on', page: '2' }))
      .toMatchObject({ status: undefined, filter: undefined, sort: '-billing_date', tagged_for_removal: true, page: 2 });
    expect(tenantListQuery.safeParse({ sort: '-email' }).success).toBe(false);
    expect(managerTenantBody.parse({ id: 't1', updated_at: 'v1', coverage: '', charge_applied: '1' })).toMatchObject({ coverage: undefined, charge_applied: true });
  });
});
