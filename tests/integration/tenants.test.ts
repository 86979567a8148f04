/**
 * Tenants (staff): the master list, edits, status, bulk actions, reset, delete and history, through
 * real HTTP against the local runtime, with the counters and history checked in the table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { TEST_WRITE, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { getCycleCounters } from '../../functions/cycles/cycle-store';

let monitor: string;
beforeAll(async () => {
  monitor = await tokenFor('monitor');
  void TEST_WRITE;
});

describe('GET /api/tenants', () => {
  it('lists a cycle with its stats card, filters and exact pages', async () => {
    const facility = await facilityWith(stem());
    const { cycle } = await cycleWithTenants(facility, [tenant(1, null), tenant(2, 'opt_out'), tenant(3, 'provide_proof', { address: '' })]);
    const res = await call('GET', '/api/tenants', { token: monitor, query: { cycle_id: cycle.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.pagination).toMatchObject({ total: 3, exact: true, current_page: 1, last_page: 1 });
    expect(res.body.info).toMatchObject({ scope: 'cycle', incomplete_address: 1, text_match: 'contains' });
    expect(res.body.info.stats).toMatchObject({ opted_out: 1, provided_proof: 1, total_active: 3, potential_for_coverage: 1 });
    const byStatus = await call('GET', '/api/tenants', { token: monitor, query: { cycle_id: cycle.id, status: 'opt_out' } });
    expect(byStatus.body.data.map((t: { first_name: string }) => t.first_name)).toEqual(['First2']);
  });

  it('lists the whole program page by page with a cursor', async () => {
    const first = await call('GET', '/api/tenants', { token: monitor });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.info.scope).toBe('program');
    const second = await call('GET', '/api/tenants', { token: monitor, query: { page: 2, cursor: first.body.pagination.next_cursor } });
    expect(second.status, second.text).toBe(200);
    const byNumber = await call('GET', '/api/tenants', { token: monitor, query: { page: 2 } });
    expect(byNumber.body.data.map((t: { id: string }) => t.id)).toEqual(second.body.data.map((t: { id: string }) => t.id));
    const ids = new Set(first.body.data.map((t: { id: string }) => t.id));
    expect(second.body.data.some((t: { id: string }) => ids.has(t.id))).toBe(false);
  });

  it('edits a tenant, moves the counters and records the history', async () => {
    const facility = await facilityWith(stem());
    const { cycle, tenants } = await cycleWithTenants(facility, [tenant(1, null)]);
    const t = tenants[0]!;
    const res = await call('POST', `/api/tenants/${t.id}/status`, { token: monitor, form: { status: 'opt_out', updated_at: t.updated_at } });
    expect(res.status, res.text).toBe(200);
    expect((await getCycleCounters(cycle.id)).opted_out).toBe(1);
    const stale = await call('POST', `/api/tenants/${t.id}`, { token: monitor, form: { first_name: 'X', updated_at: t.updated_at } });
    expect(stale.status).toBe(409);
    const edit = await call('POST', `/api/tenants/${t.id}`, { token: monitor, form: { first_name: 'Zed', updated_at: res.body.tenant.updated_at } });
    expect(edit.status, edit.text).toBe(200);
    const history = await call('GET', `/api/tenants/${t.id}/history`, { token: monitor });
    expect(history.body[0]).toMatchObject({ action: 'staff_edit', by: { username: 'monitor' }, changes: [{ field: 'first_name', from: 'First1', to: 'Zed' }] });
  });
});
