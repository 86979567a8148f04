/**
 * The home dashboard's cycle stats (GET /api/monitors/cycle-stats) and the manager home panel
 * (GET /api/managers/facility) through the real HTTP path. The dashboard counts every cycle of the
 * suite's data, so the tests compare counts before and after a change, never absolute numbers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_WRITE } from './fixtures';
import { call, uniqueName } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { getCycle, makeCycle, tenant } from './cycle-fixtures';
import { updateCycle } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createTenants, saveTenant } from '../../functions/tenants/tenant-store';

type Stats = { move_outs: Record<string, number>; tenant_thresholds: Record<string, number>; letters: Record<string, number> };

let monitor: string;
let admin: string;

beforeAll(async () => {
  [monitor, admin] = await Promise.all([tokenFor('monitor'), tokenFor('admin')]);
});

async function cycleStats(token = monitor): Promise<Stats> {
  const res = await call('GET', '/api/monitors/cycle-stats', { token });
  expect(res.status, res.text).toBe(200);
  return res.body as Stats;
}

/** after - before, per key, leaving out the keys that did not move. */
function moved(before: Stats, after: Stats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const group of ['move_outs', 'tenant_thresholds', 'letters'] as const) {
    for (const [key, value] of Object.entries(after[group])) {
      const d = value - before[group][key]!;
      if (d !== 0) out[key] = d;
    }
  }
  return out;
}

describe('GET /api/monitors/cycle-stats', () => {
  it('is for staff: monitor and admin 200, manager 403, nobody 401', async () => {
    const { token: managerToken } = await makeManagerWithFacility();
    expect((await call('GET', '/api/monitors/cycle-stats', { token: admin })).status).toBe(200);
    expect((await call('GET', '/api/monitors/cycle-stats', { token: monitor })).status).toBe(200);
    expect((await call('GET', '/api/monitors/cycle-stats', { token: managerToken })).status).toBe(403);
    expect((await call('GET', '/api/monitors/cycle-stats')).status).toBe(401);
  });

  it('answers the three groups with every key, and equals the unfiltered cycles list badges', async () => {
    const stats = await cycleStats();
    expect(Object.keys(stats).sort()).toEqual(['letters', 'move_outs', 'tenant_thresholds']);
    expect(Object.keys(stats.move_outs).sort()).toEqual(['confirmed_move_outs', 'confirmed_no_move_outs', 'doing_move_outs', 'total']);
    expect(Object.keys(stats.tenant_thresholds).sort()).toEqual(['bad_address_threshold', 'moved_out_threshold', 'opt_outs_threshold', 'provided_proof_threshold']);
    expect(Object.keys(stats.letters).sort()).toEqual(['initial_letters_unsent', 'reminder_letters_unsent', 'welcome_letters_unsent']);
    for (const group of Object.values(stats)) for (const n of Object.values(group)) expect(n).toBeGreaterThanOrEqual(0);
    // The maintained counts and a count over the catalog entries agree.
    const list = await call('GET', '/api/cycles', { token: monitor, query: { per_page: 1 } });
    expect(list.body.stats).toEqual(stats);
    expect(list.body.pagination.total).toBe(stats.move_outs.total);
  });

  it('moves as cycles are made and tenants change status, are tagged and confirmed', async () => {
    const { facility } = await makeManagerWithFacility();
    let before = await cycleStats();
    const cycle = await makeCycle(facility);
    let after = await cycleStats();
    expect(moved(before, after)).toEqual({ total: 1 });

    before = after;
    const tenants = await createTenants(cycle, Array.from({ length: 10 }, () => tenant()), TEST_WRITE);
    after = await cycleStats();
    expect(moved(before, after)).toEqual({ initial_letters_unsent: 1 });

    before = after;
    await saveTenant(tenants[0]!, { status: 'opt_out' }, TEST_WRITE);
    after = await cycleStats();
    // 1 of 10 opted out: over 5%.
    expect(moved(before, after)).toEqual({ opt_outs_threshold: 1 });

    before = after;
    const provedA = await saveTenant(tenants[1]!, { status: 'provide_proof' }, TEST_WRITE);
    await saveTenant(tenants[2]!, { status: 'provide_proof' }, TEST_WRITE);
    after = await cycleStats();
    // 2 of 10 is not over 20%.
    expect(moved(before, after)).toEqual({});
    await saveTenant(tenants[3]!, { status: 'provide_proof' }, TEST_WRITE);
    after = await cycleStats();
    expect(moved(before, after)).toEqual({ provided_proof_threshold: 1 });

    before = after;
    await saveTenant(provedA, { status: 'no_response' }, TEST_WRITE);
    after = await cycleStats();
    expect(moved(before, after)).toEqual({ provided_proof_threshold: -1 });

    before = after;
    await saveTenant(tenants[4]!, { tagged_for_removal: true }, TEST_WRITE);
    after = await cycleStats();
    expect(moved(before, after)).toEqual({ doing_move_outs: 1 });

    before = after;
    expect((await call('POST', `/api/cycles/${cycle.id}/confirm-move-outs`, { token: monitor })).status).toBe(200);
    after = await cycleStats();
    expect(moved(before, after)).toEqual({ doing_move_outs: -1, confirmed_move_outs: 1 });

    before = after;
    await updateCycle((await getCycle(cycle.id))!, { initial_letter_sent_date: '2031-01-01' });
    after = await cycleStats();
    expect(moved(before, after)).toEqual({ initial_letters_unsent: -1, reminder_letters_unsent: 1, welcome_letters_unsent: 1 });

    before = after;
    await updateCycle((await getCycle(cycle.id))!, { archived_at: new Date().toISOString() });
    after = await cycleStats();
    // An archived cycle leaves every count it was in.
    expect(moved(before, after)).toEqual({ total: -1, confirmed_move_outs: -1, opt_outs_threshold: -1, reminder_letters_unsent: -1, welcome_letters_unsent: -1 });
  });
});

describe('GET /api/managers/facility', () => {
  let manager: { facility: FacilityRecord; token: string };

  beforeAll(async () => {
    manager = await makeManagerWithFacility();
  });

  it("answers the caller's facility with its stats and its cycles, oldest first", async () => {
    const first = await makeCycle(manager.facility, { label: 'First', initial_letter_send_date: '2031-03-01', setup_coverage_end_date: '2031-05-31' });
    const second = await makeCycle(manager.facility, { label: 'Second' });
    await createTenants(first, [tenant('opt_out'), tenant('cov-2000-12'), tenant(), tenant('moved_out')], TEST_WRITE);
    const res = await call('GET', '/api/managers/facility', { token: manager.token });
    expect(res.status, res.text).toBe(200);
    const f = manager.facility;
    expect(res.body).toMatchObject({
      id: f.id, facility_number: f.facility_number, account_name: f.account_name, address: f.address, city: f.city, state: f.state,
      zip_code: f.zip_code, phone: f.phone, email: f.email, software: f.software, initial_letter_send_date: null, reminder_letter_send_date: null,
    });
    expect(Object.keys(res.body).sort()).toEqual([
      'account_name', 'address', 'city', 'cycles', 'email', 'facility_number', 'id', 'initial_letter_send_date', 'phone',
      'reminder_letter_send_date', 'software', 'state', 'stats', 'zip_code',
    ]);
    expect(res.body.stats).toMatchObject({ upload_count: 4, tenant_count: 3, opted_out: 1, selected_coverage: 1, moved_out: 1, non_responder: 1, requires_setup: 1, opted_out_percentage: 33, moved_out_percentage: 25 });
    expect(res.body.cycles.map((c: { id: string }) => c.id)).toEqual([first.id, second.id]);
    expect(res.body.cycles[0]).toMatchObject({
      label: 'First', tenant_count: 3, move_out_date: '2031-02-27', setup_coverage_end_date: '2031-05-31', can_tag_removal: true, ready_to_tag: true,
      account_name: f.account_name,
    });
    expect(res.body.cycles[0].stats).toMatchObject({ total: 3, opted_out: 1, opted_out_percentage: 33, selected_coverage: 1, non_responder: 1 });
    expect(res.body.cycles[1]).toMatchObject({ label: 'Second', tenant_count: 0, ready_to_tag: false });
    // Nothing of the password or the manager account leaks.
    expect(res.text).not.toMatch(/password|manager_user_id/);
  });

  it('its stats move when a tenant changes status', async () => {
    const cycle = await makeCycle(manager.facility, { label: 'Moving' });
    const [t] = await createTenants(cycle, [tenant(), tenant()], TEST_WRITE);
    const read = async () => (await call('GET', '/api/managers/facility', { token: manager.token })).body;
    const before = await read();
    await saveTenant(t!, { status: 'provide_proof' }, TEST_WRITE);
    const after = await read();
    expect(after.stats.provided_proof - before.stats.provided_proof).toBe(1);
    expect(after.stats.non_responder - before.stats.non_responder).toBe(-1);
    const card = after.cycles.find((c: { id: string }) => c.id === cycle.id);
    expect(card.stats).toMatchObject({ total: 2, provided_proof: 1, provided_proof_percentage: 50, non_responder: 1, non_responder_percentage: 50 });
  });

  it('archived cycles leave the panel', async () => {
    const cycle = await makeCycle(manager.facility, { label: 'Archived' });
    await updateCycle(cycle, { archived_at: new Date().toISOString() });
    const res = await call('GET', '/api/managers/facility', { token: manager.token });
    expect(res.body.cycles.map((c: { id: string }) => c.id)).not.toContain(cycle.id);
  });

  it('is for managers: an admin owning no facility hears 404 (admin passes every guard), a monitor 403, nobody 401', async () => {
    const adminNone = await call('GET', '/api/managers/facility', { token: admin });
    expect(adminNone.status).toBe(404);
    expect(adminNone.body.error).toBe('You are not the owner of a facility. Please contact support.');
    expect((await call('GET', '/api/managers/facility', { token: monitor })).status).toBe(403);
    expect((await call('GET', '/api/managers/facility')).status).toBe(401);
    const plain = await tokenFor(await makeUser());
    expect((await call('GET', '/api/managers/facility', { token: plain })).status).toBe(403);
  });

  it('a manager whose facility is gone hears 404', async () => {
    const orphan = await makeUser({ facility_id: uniqueName('gone-facility') });
    const res = await call('GET', '/api/managers/facility', { token: await tokenFor(orphan) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Your facility is no longer in the program. Please contact support.');
  });

  it("always answers the caller's own facility, whatever is sent", async () => {
    const other = await makeManagerWithFacility();
    const res = await call('GET', '/api/managers/facility', { token: manager.token, query: { facility_id: other.facility.id, id: other.facility.id } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(manager.facility.id);
  });
});
