/**
 * Tenants (manager): the Master Audit, Cycle Audit and Tag modal lists, the manager's Edit Tenant,
 * tagging move-outs, confirming no move-outs, completing tagging, confirming charges, the history and
 * the Cycle Audit export, through real HTTP against the local runtime. Each manager owns a facility of
 * its own; every id of another facility (in the path, the query, the body or among the comma-separated
 * ids) is refused with 403 and changes nothing. Tenants, counters and cycles are checked in the table.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programToday, programDay } from './helpers';
import type { ApiResponse } from './helpers';
import { makeManagerWithFacility, TEST_WRITE, tokenFor } from './fixtures';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { cycleWithTenants, tenant } from './facility-fixtures';
import { exportDone } from './export-jobs';
import { createCycle, getCycle, getCycleCounters, updateCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { getFacilityCounters } from '../../functions/facilities/facility-store';
import { TENANT_EXPORT_COLUMNS } from '../../functions/exports/tenants-export';
import { claimAccessCode, newAccessCode } from '../../functions/tenants/access-codes';
import { createTenants, getTenant, getTenants, saveTenant } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';

const OTHER = 'This record belongs to another facility.';
const LOCKED = 'The welcome letter was sent to this tenant; it can no longer be edited.';
const PLAN = 'cov-2000-12';

interface Owner { facility: FacilityRecord; token: string; username: string }
let own: Owner;
let other: Owner;
let monitor: string;

beforeAll(async () => {
  const [a, b] = await Promise.all([makeManagerWithFacility(), makeManagerWithFacility()]);
  own = { facility: a.facility, token: a.token, username: a.manager.username };
  other = { facility: b.facility, token: b.token, username: b.manager.username };
  monitor = await tokenFor('monitor');
});

const plan = (i: number, extra: Partial<NewTenant> = {}) => tenant(i, PLAN, { coverage_id: PLAN, ...extra });
const facilityTenants = (facilityId: string, query: Record<string, string | number> = {}, token = own.token) =>
  call('GET', `/api/facilities/${facilityId}/tenants`, { token, query });
const updateTenant = (body: Record<string, unknown>, token = own.token) => call('POST', '/api/managers/update-tenant', { token, json: body });
const tag = (cycleId: string, ids: readonly string[], token = own.token) =>
  call('POST', '/api/managers/tag-tenants', { token, form: { cycle_id: cycleId, ids: ids.join(',') } });
const chargeAll = (ids: readonly string[], token = own.token) => call('POST', '/api/managers/bulk-charge-applied', { token, form: { ids: ids.join(',') } });
const confirmNoMoveOuts = (cycleId: string, token = own.token) => call('POST', '/api/managers/confirm-move-outs', { token, form: { cycle_id: cycleId } });
const completeTagging = (cycleId: string, token = own.token) => call('POST', '/api/managers/confirm-tagging-complete', { token, form: { cycle_id: cycleId } });
const firstNames = (res: ApiResponse) => (res.body.data as { first_name: string }[]).map((t) => t.first_name);

/** Another cycle of a facility, with tenants. */
async function addCycle(facility: FacilityRecord, tenants: NewTenant[]): Promise<{ cycle: CycleRecord; tenants: TenantRecord[] }> {
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Second ${facility.facility_number}` });
  return { cycle, tenants: await createTenants(cycle, tenants.map((t) => ({ ...t, facility_number: facility.facility_number })), TEST_WRITE) };
}

/** What a refused call must leave as it was: the tenants, the cycle and both counters. */
async function snapshot(cycle: CycleRecord, tenants: readonly TenantRecord[]) {
  return {
    tenants: await getTenants(tenants.map((t) => t.id)),
    cycle: await getCycle(cycle.id),
    cycleCounters: await getCycleCounters(cycle.id),
    facilityCounters: await getFacilityCounters(cycle.facility_id),
  };
}
async function expectUnchanged(before: Awaited<ReturnType<typeof snapshot>>, cycle: CycleRecord) {
  expect(await snapshot(cycle, before.tenants)).toEqual(before);
}
function expectOther(res: ApiResponse) {
  expect(res.status, res.text).toBe(403);
  expect(res.body.error).toBe(OTHER);
}

// ---------------------------------------------------------------------------------------------------

describe('GET /api/facilities/{id}/tenants (Master Audit, Cycle Audit, Tag modal)', () => {
  it("lists one cycle (Cycle Audit) or every cycle (Master Audit) of the manager's facility, with the incomplete-address count", async () => {
    const a = await cycleWithTenants(own.facility, [
      tenant(1, null, { first_name: 'Ann', last_name: 'Alpha', address: '' }), tenant(2, 'opt_out', { first_name: 'Bob', last_name: 'Beta' }),
      plan(3, { first_name: 'Cid', last_name: 'Gamma' }),
    ]);
    const b = await addCycle(own.facility, [tenant(4, null, { first_name: 'Dee', last_name: 'Delta', zip_code: '' })]);
    const cycleAudit = await facilityTenants(own.facility.id, { cycle_id: a.cycle.id });
    expect(cycleAudit.status, cycleAudit.text).toBe(200);
    expect(firstNames(cycleAudit)).toEqual(['Ann', 'Bob', 'Cid']);
    expect(cycleAudit.body.info).toEqual({ incomplete_address: 1 });
    expect(cycleAudit.body.pagination).toMatchObject({ total: 3, per_page: 100, exact: true });
    expect(cycleAudit.body.data[0]).toMatchObject({ cycle_id: a.cycle.id, cycle_is_active: true, incomplete_address: true });

    const filtered = await facilityTenants(own.facility.id, { cycle_id: a.cycle.id, filter: 'any_coverage' });
    expect(firstNames(filtered)).toEqual(['Cid']);
    const byName = await facilityTenants(own.facility.id, { cycle_id: a.cycle.id, full_name: 'bob beta' });
    expect(firstNames(byName)).toEqual(['Bob']);

    const masterAudit = await facilityTenants(own.facility.id, { filter: 'non_responder' });
    expect(masterAudit.status).toBe(200);
    expect(firstNames(masterAudit)).toEqual(expect.arrayContaining(['Ann', 'Dee']));
    expect((masterAudit.body.data as { cycle_id: string }[]).some((t) => t.cycle_id === b.cycle.id)).toBe(true);
    expect(masterAudit.body.info.incomplete_address).toBe((await getFacilityCounters(own.facility.id)).incomplete_address);
  });

  it('pages the Tag modal 50 at a time', async () => {
    const { cycle } = await cycleWithTenants(own.facility, Array.from({ length: 60 }, (_, i) => tenant(100 + i, null)));
    const first = await facilityTenants(own.facility.id, { cycle_id: cycle.id, per_page: 50 });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination).toMatchObject({ per_page: 50, total: 60, last_page: 2, current_page: 1 });
    const second = await facilityTenants(own.facility.id, { cycle_id: cycle.id, per_page: 50, page: 2 });
    expect(second.body.data).toHaveLength(10);
    const tooMany = await facilityTenants(own.facility.id, { cycle_id: cycle.id, per_page: 101 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ field: 'per_page', error: 'per_page must be at most 100.' });
  });

  it("refuses another facility's list, and another facility's cycle beside its own facility (403); staff read any", async () => {
    const mine = await cycleWithTenants(own.facility, [tenant(1, null)]);
    const theirs = await cycleWithTenants(other.facility, [tenant(2, null)]);
    expectOther(await facilityTenants(other.facility.id));
    expectOther(await facilityTenants(other.facility.id, { cycle_id: theirs.cycle.id }));
    expectOther(await facilityTenants(own.facility.id, { cycle_id: theirs.cycle.id }));
    const unknown = await facilityTenants(own.facility.id, { cycle_id: 'no-such-cycle' });
    expect(unknown.status).toBe(404);
    const staff = await facilityTenants(other.facility.id, { cycle_id: theirs.cycle.id }, monitor);
    expect(staff.status, staff.text).toBe(200);
    expect(staff.body.data).toHaveLength(1);
    // Staff naming a cycle of another facility than the one in the path: no such cycle there.
    expect((await facilityTenants(other.facility.id, { cycle_id: mine.cycle.id }, monitor)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('POST /api/managers/update-tenant', () => {
  it("chooses a coverage plan of the cycle: the effective date defaults to today, the 'T' badge goes, the counters follow", async () => {
    const { cycle, tenants: [t] } = await cycleWithTenants(own.facility, [tenant(1, null, { tenant_made_selection: true })]);
    const res = await updateTenant({ id: t!.id, updated_at: t!.updated_at, coverage: PLAN });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenant).toMatchObject({
      status: PLAN, coverage_id: PLAN, insurance_effective_date: programToday(), tenant_made_selection: false, original_insurance_effective_date: null,
    });
    expect(await getCycleCounters(cycle.id)).toMatchObject({ selected_coverage: 1, non_responder: 0, requires_setup: 1 });
    expect(await getFacilityCounters(own.facility.id)).toMatchObject({ selected_coverage: expect.any(Number) });

    const history = await call('GET', `/api/tenants/${t!.id}/history`, { token: own.token });
    expect(history.status, history.text).toBe(200);
    expect(history.body[0]).toMatchObject({ action: 'manager_edit', by: { username: own.username } });
    expect(history.body[0].changes).toEqual(expect.arrayContaining([
      { field: 'status', from: null, to: PLAN }, { field: 'coverage_id', from: null, to: PLAN }, { field: 'insurance_effective_date', from: null, to: programToday() },
    ]));
  });

  it('takes an effective date sent with the plan (with or without a time), and keeps the first date as the original when it changes', async () => {
    const { tenants: [t] } = await cycleWithTenants(own.facility, [tenant(1, null)]);
    const chosen = await updateTenant({ id: t!.id, updated_at: t!.updated_at, coverage: PLAN, insurance_effective_date: '2026-04-01 00:00:00' });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.tenant.insurance_effective_date).toBe('2026-04-01');
    const moved = await updateTenant({ id: t!.id, updated_at: chosen.body.tenant.updated_at, insurance_effective_date: '2026-05-01' });
    expect(moved.body.tenant).toMatchObject({ insurance_effective_date: '2026-05-01', original_insurance_effective_date: '2026-04-01' });
  });

  it('takes the keywords provide_proof, opt_out, moved_out and bad_address, with their dates, and leaves the plan', async () => {
    const { cycle, tenants: [t] } = await cycleWithTenants(own.facility, [plan(1, { insurance_effective_date: '2026-01-01' })]);
    let current = { id: t!.id, updated_at: t!.updated_at };
    const dates = { provide_proof: 'provided_proof_date', opt_out: 'opt_out_date', moved_out: 'move_out_date', bad_address: 'bad_address_date' } as const;
    for (const [keyword, field] of Object.entries(dates)) {
      const res = await updateTenant({ ...current, coverage: keyword });
      expect(res.status, `${keyword}: ${res.text}`).toBe(200);
      expect(res.body.tenant).toMatchObject({ status: keyword, coverage_id: null, insurance_effective_date: null, [field]: programToday() });
      for (const otherField of Object.values(dates).filter((f) => f !== field)) expect(res.body.tenant[otherField]).toBeNull();
      current = { id: t!.id, updated_at: res.body.tenant.updated_at };
    }
    expect(await getCycleCounters(cycle.id)).toMatchObject({ bad_address: 1, selected_coverage: 0, opted_out: 0, moved_out: 0, provided_proof: 0 });
  });

  it('corrects an incomplete address and the note; the incomplete-address count follows', async () => {
    const { cycle, tenants: [t] } = await cycleWithTenants(own.facility, [tenant(1, null, { address: '', city: '' })]);
    expect((await getCycleCounters(cycle.id)).incomplete_address).toBe(1);
    const res = await updateTenant({ id: t!.id, updated_at: t!.updated_at, address: '5 Oak St', city: 'Dallas', state: 'tx', zip_code: '75201', note: 'Fixed' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenant).toMatchObject({ address: '5 Oak St', city: 'Dallas', state: 'TX', zip_code: '75201', incomplete_address: false, note: 'Fixed', note_created: programToday() });
    expect((await getCycleCounters(cycle.id)).incomplete_address).toBe(0);
  });

  it('confirms the charge only where the rule allows: a plan, a charge apply date that has passed, none confirmed yet', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [
      plan(1, { charge_apply_date: programDay(-1) }), plan(2, { charge_apply_date: programToday() }), tenant(3, 'opt_out', { charge_apply_date: programDay(-5) }), tenant(4, null, { charge_apply_date: programDay(-5) }),
    ]);
    const [due, notYet, optedOut, fresh] = tenants as [TenantRecord, TenantRecord, TenantRecord, TenantRecord];
    const before = await snapshot(cycle, [notYet, optedOut]);
    const ok = await updateTenant({ id: due.id, updated_at: due.updated_at, charge_applied: true });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.tenant).toMatchObject({ charge_applied_date: programToday(), charge_confirmed_date: programToday() });
    expect((await getCycleCounters(cycle.id)).charge_applied).toBe(1);

    const early = await updateTenant({ id: notYet.id, updated_at: notYet.updated_at, charge_applied: 'true' });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ field: 'charge_applied', error: 'The charge can be confirmed once its charge apply date has passed.' });
    const noPlan = await updateTenant({ id: optedOut.id, updated_at: optedOut.updated_at, charge_applied: true });
    expect(noPlan.status).toBe(422);
    expect(noPlan.body.error).toBe('Only a tenant with a coverage plan can have its charge confirmed.');
    await expectUnchanged({ ...before, cycleCounters: await getCycleCounters(cycle.id), facilityCounters: await getFacilityCounters(own.facility.id) }, cycle);

    // Choosing a plan and confirming its charge in one save: the rule reads the plan being chosen.
    const both = await updateTenant({ id: fresh.id, updated_at: fresh.updated_at, coverage: PLAN, charge_applied: true });
    expect(both.status, both.text).toBe(200);
    expect(both.body.tenant).toMatchObject({ coverage_id: PLAN, charge_applied_date: programToday() });

    const undone = await updateTenant({ id: due.id, updated_at: ok.body.tenant.updated_at, charge_applied: false });
    expect(undone.body.tenant.charge_applied_date).toBeNull();
    expect((await getCycleCounters(cycle.id)).charge_applied).toBe(1);
  });

  it('refuses a tenant whose welcome letter was sent (409), an older version (409) and invalid fields (422), changing nothing', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null, { welcome_letter_sent_date: '2026-01-10' }), tenant(2, null)]);
    const [locked, t] = tenants as [TenantRecord, TenantRecord];
    const before = await snapshot(cycle, tenants);
    const lockedRes = await updateTenant({ id: locked.id, updated_at: locked.updated_at, note: 'x' });
    expect(lockedRes.status).toBe(409);
    expect(lockedRes.body.error).toBe(LOCKED);
    const stale = await updateTenant({ id: t.id, updated_at: '2000-01-01T00:00:00.000Z', coverage: 'opt_out' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('This tenant was changed by someone else. Reload and try again.');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ coverage: 'cov-9999-1' }, 'coverage', /^Choose one of the coverage options of this cycle\.$/],
      [{ state: 'XX' }, 'state', /State must be a two-letter US state code\.$/],
      [{ zip_code: '12' }, 'zip_code', /Zip code must be 5 digits \(or ZIP\+4\)\.$/],
      [{ insurance_effective_date: '2026-13-01' }, 'insurance_effective_date', /Insurance Effective Date must be a/],
      [{ charge_applied: 'perhaps' }, 'charge_applied', /charge_applied/],
    ];
    for (const [body, field, error] of cases) {
      const res = await updateTenant({ id: t.id, updated_at: t.updated_at, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toMatch(error);
    }
    const noVersion = await updateTenant({ id: t.id, note: 'x' });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.field).toBe('updated_at');
    expect((await updateTenant({ updated_at: t.updated_at, note: 'x' })).body.field).toBe('id');
    expect((await updateTenant({ id: 'no-such-tenant', updated_at: t.updated_at, note: 'x' })).status).toBe(404);
    await expectUnchanged(before, cycle);
  });

  it("refuses another facility's tenant (403) and changes nothing; staff cannot use the manager's call", async () => {
    const { cycle, tenants: [theirs] } = await cycleWithTenants(other.facility, [tenant(1, null)]);
    const before = await snapshot(cycle, [theirs!]);
    expectOther(await updateTenant({ id: theirs!.id, updated_at: theirs!.updated_at, coverage: 'opt_out' }));
    expect((await updateTenant({ id: theirs!.id, updated_at: theirs!.updated_at, coverage: 'opt_out' }, monitor)).status).toBe(403);
    await expectUnchanged(before, cycle);
  });
});

describe("GET /api/tenants/{id}/history (a manager's own facility only)", () => {
  it("answers the manager its own tenant's history and 403 for another facility's; staff read any", async () => {
    const mine = await cycleWithTenants(own.facility, [tenant(1, null)]);
    const theirs = await cycleWithTenants(other.facility, [tenant(2, null)]);
    const res = await call('GET', `/api/tenants/${mine.tenants[0]!.id}/history`, { token: own.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ action: 'test', by: { user_id: 'test', username: 'integration-test' }, changes: [] })]);
    expectOther(await call('GET', `/api/tenants/${theirs.tenants[0]!.id}/history`, { token: own.token }));
    expect((await call('GET', '/api/tenants/no-such-tenant/history', { token: own.token })).status).toBe(404);
    expect((await call('GET', `/api/tenants/${theirs.tenants[0]!.id}/history`, { token: monitor })).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('POST /api/managers/tag-tenants', () => {
  it('tags tenants of the cycle while tagging is open; the counters and the cycle card follow', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null), tenant(2, null), tenant(3, null, { tagged_for_removal: true })]);
    const res = await tag(cycle.id, [tenants[0]!.id, tenants[2]!.id]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: 2, message: '2 tenants tagged as moved out.' });
    expect((await getTenants(tenants.map((t) => t.id))).map((t) => t.tagged_for_removal)).toEqual([true, false, true]);
    expect((await getCycleCounters(cycle.id)).tagged_for_removal).toBe(2);
    const card = await call('GET', `/api/cycles/${cycle.id}`, { token: own.token });
    expect(card.body).toMatchObject({ can_tag_removal: true, ready_to_tag: true, stats: { tagged_for_removal: 2 } });
    const history = await call('GET', `/api/tenants/${tenants[0]!.id}/history`, { token: own.token });
    expect(history.body[0]).toMatchObject({ action: 'tag_for_removal', by: { username: own.username }, changes: [{ field: 'tagged_for_removal', from: false, to: true }] });
  });

  it('refuses, all or none, tenants of another cycle or with a welcome letter (422 naming them)', async () => {
    const a = await cycleWithTenants(own.facility, [tenant(1, null), tenant(2, null, { welcome_letter_sent_date: '2026-01-10' })]);
    const b = await addCycle(own.facility, [tenant(3, null)]);
    const before = await snapshot(a.cycle, [...a.tenants, ...b.tenants]);
    const res = await tag(a.cycle.id, [a.tenants[0]!.id, a.tenants[1]!.id, b.tenants[0]!.id]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ id: a.tenants[1]!.id, message: LOCKED }, { id: b.tenants[0]!.id, message: 'This tenant is not in this cycle.' }]);
    expect(res.body.error).toMatch(/^2 of 3 tenants cannot be changed: .*Nothing was changed\.$/);
    await expectUnchanged(before, a.cycle);
  });

  it("refuses another facility's tenants among the ids and another facility's cycle (403), changing nothing", async () => {
    const mine = await cycleWithTenants(own.facility, [tenant(1, null)]);
    const theirs = await cycleWithTenants(other.facility, [tenant(2, null)]);
    const before = [await snapshot(mine.cycle, mine.tenants), await snapshot(theirs.cycle, theirs.tenants)];
    expectOther(await tag(mine.cycle.id, [mine.tenants[0]!.id, theirs.tenants[0]!.id]));
    expectOther(await tag(theirs.cycle.id, [theirs.tenants[0]!.id]));
    expectOther(await tag(theirs.cycle.id, [mine.tenants[0]!.id]));
    await expectUnchanged(before[0]!, mine.cycle);
    await expectUnchanged(before[1]!, theirs.cycle);
    const unknown = await tag(mine.cycle.id, [mine.tenants[0]!.id, 'no-such-tenant']);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([{ id: 'no-such-tenant', message: 'No such tenant.' }]);
    await expectUnchanged(before[0]!, mine.cycle);
    expect((await tag(mine.cycle.id, [])).status).toBe(422);
  });

  it('refuses once tagging is closed (409)', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null)]);
    await updateCycle((await getCycle(cycle.id))!, { can_tag_removal: false });
    const before = await snapshot(cycle, tenants);
    const res = await tag(cycle.id, [tenants[0]!.id]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Tagging move-outs is closed for this cycle.');
    await expectUnchanged(before, cycle);
  });
});

describe('POST /api/managers/confirm-move-outs (nobody moved out)', () => {
  it('confirms with nobody tagged: tagging closes for good, the date is set, the cycles list files it as confirmed; a second call is 409', async () => {
    const { cycle } = await cycleWithTenants(own.facility, [tenant(1, null)]);
    const res = await confirmNoMoveOuts(cycle.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Move-outs confirmed!' });
    expect(await getCycle(cycle.id)).toMatchObject({ can_tag_removal: false, confirmed_no_move_outs_date: programToday(), confirmed_move_outs_date: null });
    const card = await call('GET', `/api/cycles/${cycle.id}`, { token: own.token });
    expect(card.body).toMatchObject({ can_tag_removal: false, ready_to_tag: false });
    const listed = await call('GET', '/api/cycles', { token: monitor, query: { facility_number: own.facility.facility_number, filter: 'confirmed_no_move_outs' } });
    expect((listed.body.data as { id: string }[]).map((c) => c.id)).toContain(cycle.id);

    const again = await confirmNoMoveOuts(cycle.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Tagging move-outs is closed for this cycle.');
    expect((await completeTagging(cycle.id)).status).toBe(409);
  });

  it('is refused while a tenant is tagged (409), and for another facility (403), changing nothing', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null, { tagged_for_removal: true })]);
    const theirs = await cycleWithTenants(other.facility, [tenant(2, null)]);
    const before = [await snapshot(cycle, tenants), await snapshot(theirs.cycle, theirs.tenants)];
    const tagged = await confirmNoMoveOuts(cycle.id);
    expect(tagged.status).toBe(409);
    expect(tagged.body.error).toBe('You have tagged 1 tenants as moved out. Complete tagging instead.');
    expectOther(await confirmNoMoveOuts(theirs.cycle.id));
    await expectUnchanged(before[0]!, cycle);
    await expectUnchanged(before[1]!, theirs.cycle);
    expect((await confirmNoMoveOuts('no-such-cycle')).status).toBe(404);
    const missing = await call('POST', '/api/managers/confirm-move-outs', { token: own.token, form: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ field: 'cycle_id', error: 'cycle_id is required.' });
  });
});

describe('POST /api/managers/confirm-tagging-complete', () => {
  it('completes with someone tagged, for good: tagging and confirming are closed afterwards', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null), tenant(2, null)]);
    expect((await tag(cycle.id, [tenants[0]!.id])).status).toBe(200);
    const res = await completeTagging(cycle.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Thank you for completing this phase!' });
    expect(await getCycle(cycle.id)).toMatchObject({ can_tag_removal: false, confirmed_move_outs_date: programToday(), confirmed_no_move_outs_date: null });
    const listed = await call('GET', '/api/cycles', { token: monitor, query: { facility_number: own.facility.facility_number, filter: 'confirmed_move_outs' } });
    expect((listed.body.data as { id: string }[]).map((c) => c.id)).toContain(cycle.id);
    expect((await completeTagging(cycle.id)).status).toBe(409);
    expect((await confirmNoMoveOuts(cycle.id)).status).toBe(409);
    const late = await tag(cycle.id, [tenants[1]!.id]);
    expect(late.status).toBe(409);
    expect((await getTenant(tenants[1]!.id))!.tagged_for_removal).toBe(false);
  });

  it('is refused with nobody tagged (409) and for another facility (403), changing nothing', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null)]);
    const theirs = await cycleWithTenants(other.facility, [tenant(2, null, { tagged_for_removal: true })]);
    const before = [await snapshot(cycle, tenants), await snapshot(theirs.cycle, theirs.tenants)];
    const none = await completeTagging(cycle.id);
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('No tenant is tagged as moved out. Confirm that no one moved out instead.');
    expectOther(await completeTagging(theirs.cycle.id));
    await expectUnchanged(before[0]!, cycle);
    await expectUnchanged(before[1]!, theirs.cycle);
  });
});

describe('POST /api/managers/bulk-charge-applied', () => {
  it('confirms the charge of every checked tenant the rule allows', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [plan(1, { charge_apply_date: programDay(-1) }), plan(2, { charge_apply_date: programDay(-30) })]);
    const res = await chargeAll(tenants.map((t) => t.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: 2, message: '2 tenants successfully updated!' });
    for (const t of await getTenants(tenants.map((x) => x.id))) expect(t).toMatchObject({ charge_applied_date: programToday(), charge_confirmed_date: programToday() });
    expect((await getCycleCounters(cycle.id)).charge_applied).toBe(2);
    const history = await call('GET', `/api/tenants/${tenants[1]!.id}/history`, { token: own.token });
    expect(history.body[0]).toMatchObject({ action: 'charge_confirmed', by: { username: own.username } });
  });

  it('refuses the whole call (409) naming every tenant the rule refuses, and why', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [
      plan(1, { charge_apply_date: programDay(-1) }),
      tenant(2, 'opt_out', { charge_apply_date: programDay(-1) }),
      plan(3, { charge_apply_date: programToday() }),
      plan(4, { charge_apply_date: programDay(3) }),
      plan(5, { charge_apply_date: null }),
      plan(6, { charge_apply_date: programDay(-1), charge_applied_date: programDay(-1) }),
      plan(7, { charge_apply_date: programDay(-1), welcome_letter_sent_date: programDay(-2) }),
    ]);
    const before = await snapshot(cycle, tenants);
    const res = await chargeAll(tenants.map((t) => t.id));
    expect(res.status).toBe(409);
    const notPassed = 'The charge can be confirmed once its charge apply date has passed.';
    expect(res.body.errors).toEqual([
      { id: tenants[1]!.id, message: 'Only a tenant with a coverage plan can have its charge confirmed.' },
      { id: tenants[2]!.id, message: notPassed },
      { id: tenants[3]!.id, message: notPassed },
      { id: tenants[4]!.id, message: notPassed },
      { id: tenants[5]!.id, message: 'The charge of this tenant is already confirmed.' },
      { id: tenants[6]!.id, message: LOCKED },
    ]);
    expect(res.body.error).toMatch(/^6 of 7 tenants cannot be changed: .*Nothing was changed\.$/);
    await expectUnchanged(before, cycle);
  });

  it('refusing one tenant says why in its own words, not "1 of 1 tenants" (issue 24)', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [plan(1, { charge_apply_date: programDay(3) })]);
    const before = await snapshot(cycle, tenants);
    const res = await chargeAll([tenants[0]!.id]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('The charge can be confirmed once its charge apply date has passed. Nothing was changed.');
    await expectUnchanged(before, cycle);
  });

  it("refuses another facility's tenants among the ids (403) and unknown ids (404), changing nothing", async () => {
    const mine = await cycleWithTenants(own.facility, [plan(1, { charge_apply_date: programDay(-1) })]);
    const theirs = await cycleWithTenants(other.facility, [plan(2, { charge_apply_date: programDay(-1) })]);
    const before = [await snapshot(mine.cycle, mine.tenants), await snapshot(theirs.cycle, theirs.tenants)];
    expectOther(await chargeAll([mine.tenants[0]!.id, theirs.tenants[0]!.id]));
    expectOther(await chargeAll([theirs.tenants[0]!.id]));
    expect((await chargeAll([mine.tenants[0]!.id, 'no-such-tenant'])).status).toBe(404);
    expect((await chargeAll([mine.tenants[0]!.id], monitor)).status).toBe(403);
    await expectUnchanged(before[0]!, mine.cycle);
    await expectUnchanged(before[1]!, theirs.cycle);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("a tenant's access code is staff's only (security issue 23: with the code and the ZIP code a manager could answer for a tenant)", () => {
  it('no manager answer carries it: the lists, the tenant an edit answers, the history of a code change; staff still read it', async () => {
    const { cycle, tenants } = await cycleWithTenants(own.facility, [tenant(1, null, { first_name: 'Ana', last_name: 'Anderson' })]);
    const ana = tenants[0]!;
    // A write that changed the code (as the access-code migration does): its history entry names the new code.
    const code = newAccessCode();
    await saveTenant(ana, { access_code: code }, { ...TEST_WRITE, action: 'access_code_migration', forget: ['access_code'] }, { alongside: [claimAccessCode(code, ana.id)] });
    const history = `/api/tenants/${ana.id}/history`;
    const answers = [
      await facilityTenants(own.facility.id, { cycle_id: cycle.id }),
      await facilityTenants(own.facility.id, { full_name: 'Anderson' }),
      await updateTenant({ id: ana.id, updated_at: (await getTenant(ana.id))!.updated_at, note: 'Called the tenant.' }),
      await call('GET', history, { token: own.token }),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.text).not.toContain(code);
      expect(res.text).not.toContain('"access_code"');
    }
    expect(answers[0]!.body.data.find((t: { id: string }) => t.id === ana.id)).toMatchObject({ zip_code: '78701' });

    const staffList = await facilityTenants(own.facility.id, { cycle_id: cycle.id }, monitor);
    expect(staffList.body.data.find((t: { id: string }) => t.id === ana.id).access_code).toBe(code);
    const staffHistory = await call('GET', history, { token: monitor });
    expect(staffHistory.body.find((e: { action: string }) => e.action === 'access_code_migration').changes).toEqual([{ field: 'access_code', from: null, to: code }]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('GET /api/exports/manager-tenants (Cycle Audit export, tenant_list.xlsx)', () => {
  it("writes the cycle's filtered list in the facility's folder; its manager downloads it, another manager cannot", async () => {
    const { cycle } = await cycleWithTenants(own.facility, [
      tenant(1, 'opt_out', { first_name: 'Ann', last_name: 'Zed' }), tenant(2, null, { first_name: 'Bob', last_name: 'Young' }),
      tenant(3, 'opt_out', { first_name: 'Cid', last_name: 'Abel' }),
    ]);
    const created = await call('GET', '/api/exports/manager-tenants', { token: own.token, query: { cycle_id: cycle.id, filter: 'opt_out' } });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      filename: 'tenant_list.xlsx', file_key: `temporary/facility/${encodeURIComponent(own.facility.id)}/${created.body.job_id}/tenant_list.xlsx`,
    });
    const job = await exportDone(created.body, own.token);
    expect(job.type).toBe('manager-tenants-export');

    expectOther(await call('GET', '/api/exports/download', { token: other.token, query: { file_key: created.body.file_key } }));
    const link = await call('GET', '/api/exports/download', { token: own.token, query: { file_key: created.body.file_key } });
    expect(link.status, link.text).toBe(200);
    expect(link.body.filename).toBe('tenant_list.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await fetch(link.body.url)).arrayBuffer());
    const sheet = workbook.getWorksheet('Tenants')!;
    const column = TENANT_EXPORT_COLUMNS.findIndex((c) => c.header === 'First Name') + 1;
    const names = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(column).value);
    const listed = await facilityTenants(own.facility.id, { cycle_id: cycle.id, filter: 'opt_out' });
    expect(names).toEqual(['Cid', 'Ann']);
    expect(names).toEqual(firstNames(listed));
    // Staff's only: no cell of the manager's workbook holds a tenant's access code.
    const cells = sheet.getSheetValues().flat().map(String);
    for (const t of await getTenants(listed.body.data.map((row: { id: string }) => row.id))) expect(cells).not.toContain(t.access_code);
  });

  it("refuses another facility's cycle (403), a missing cycle (422) and staff (the call is the manager's)", async () => {
    const theirs = await cycleWithTenants(other.facility, [tenant(1, null)]);
    expectOther(await call('GET', '/api/exports/manager-tenants', { token: own.token, query: { cycle_id: theirs.cycle.id } }));
    const missing = await call('GET', '/api/exports/manager-tenants', { token: own.token });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ field: 'cycle_id', error: 'cycle_id is required.' });
    expect((await call('GET', '/api/exports/manager-tenants', { token: own.token, query: { cycle_id: 'no-such-cycle' } })).status).toBe(404);
    expect((await call('GET', '/api/exports/manager-tenants', { token: monitor, query: { cycle_id: theirs.cycle.id } })).status).toBe(403);
  });
});
