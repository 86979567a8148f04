/**
 * Tenants (staff): the master tenant list, the Edit Tenant and Edit Tenant Status modals, the bulk
 * actions and the history (spec tenants-letters-users §2, §4, §7 'Tenants (staff)'; the rules the spec
 * leaves open are in docs/decisions.md "Tenants"). Every write goes through the tenant store, so the
 * counters, the catalog entries and the history move with it.
 */
import type * as z from 'zod';
import { PAGE_SIZE } from '../../shared/constants';
import { coverageStartDate } from '../../shared/coverage-start';
import { tenantsUpdated } from '../../shared/format';
import type { TenantListQuery, staffTenantBody } from '../../shared/contracts/tenants';
import { TENANT_CONTRACTS } from '../../shared/contracts/tenants';
import { refuseTenantChanges, tenantChangesAllowed } from '../archives/archive-lock';
import { readTogether } from '../aws/batch-get';
import { requireCycle } from '../cycles/cycle-store';
import { getFacilityByNumber } from '../facilities/facility-store';
import { programToday, programTodayRead } from '../program/program-settings';
import { HttpError, conflict, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { letterPromiseOfCycle } from './coverage-start';
import { tenantHistory } from './tenant-history';
import { listTenants } from './tenant-list';
import type { ListScope } from './tenant-list';
import { catalogSourcesRead, getTenants, requireTenant, saveTenant, saveTenants, deleteTenants } from './tenant-store';
import type { TenantChanges, TenantRecord } from './tenant-store';
import { countersOfScope, listInfoOf, programCounters } from './tenant-stats';
import { contextRead, historyFor, readerOf, viewOf, viewsOf } from './tenant-view';
import { isRealPlan, statusChanges, writeBy } from './tenant-changes';


/**
 * The list's scope: a cycle (cycle_id), a facility (facility_number, matched exactly) or the program.
 * An unknown facility number is an empty list, not an error: the field filters as the user types.
 */
async function scopeOf(query: Pick<TenantListQuery, 'cycle_id' | 'facility_number'>): Promise<ListScope | 'none'> {
  if (query.cycle_id) {
    const cycle = await requireCycle(query.cycle_id);
    if (query.facility_number && cycle.facility_number.toLowerCase() !== query.facility_number.toLowerCase()) return 'none';
    return { kind: 'cycle', cycleId: cycle.id };
  }
  if (query.facility_number) {
    const facility = await getFacilityByNumber(query.facility_number);
    return facility ? { kind: 'facility', facilityId: facility.id } : 'none';
  }
  return { kind: 'program' };
}

const EMPTY_PAGE = (perPage: number) => ({
  current_page: 1, last_page: 1, per_page: perPage, from: null, to: null, total: 0, exact: true, next_cursor: null,
});

/** The tenants named by ids, every one of them, or a 404 naming those that do not exist (nothing changed). */
export async function requireAll(ids: readonly string[]): Promise<TenantRecord[]> {
  const found = await getTenants(ids);
  if (found.length !== ids.length) {
    const known = new Set(found.map((t) => t.id));
    const missing = ids.filter((id) => !known.has(id));
    throw new HttpError(404, `${missing.length} of these tenants do not exist (any more). Reload and try again; nothing was changed.`,
      { details: missing.map((id) => ({ id, message: 'No such tenant.' })) });
  }
  return found;
}

/** Refuses a whole bulk action when any tenant fails its rule, naming them (nothing changed). */
export function refuseAny(tenants: readonly TenantRecord[], rule: (t: TenantRecord) => string | null, status = 422): void {
  const refused = tenants.flatMap((t) => {
    const why = rule(t);
    return why ? [{ id: t.id, message: why }] : [];
  });
  if (refused.length) {
    // One tenant asked for is refused in its own words ('1 of 1 tenants' told the user nothing more).
    const why = tenants.length === 1 ? refused[0]!.message : `${refused.length} of ${tenants.length} tenants cannot be changed: ${refused[0]!.message}${refused.length > 1 ? ' (and others)' : ''}`;
    throw new HttpError(status, `${why} Nothing was changed.`, { details: refused });
  }
}

const sameVersion = (t: TenantRecord, seen: string | undefined) => {
  if (seen !== undefined && seen !== t.updated_at) throw conflict('This tenant was changed by someone else. Reload and try again.');
};

/** The staff edit body as changes: untag wins over tag, the charge box sets or clears the charge date, a new note is dated. */
function staffChanges(body: z.output<typeof staffTenantBody>, current: TenantRecord, today: string): TenantChanges {
  const { updated_at: _seen, untag, charge_applied, tagged_for_removal, units, ...fields } = body;
  const changes: TenantChanges = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (changes as Record<string, unknown>)[k] = v;
  if (units !== undefined) changes.units = units;
  if (changes.unit !== undefined && units === undefined && current.units.length <= 1) changes.units = [changes.unit];
  if (tagged_for_removal !== undefined) changes.tagged_for_removal = tagged_for_removal;
  if (untag) changes.tagged_for_removal = false;
  if (charge_applied === true && !current.charge_applied_date) Object.assign(changes, { charge_applied_date: today, charge_confirmed_date: today });
  if (charge_applied === false && current.charge_applied_date) Object.assign(changes, { charge_applied_date: null, charge_confirmed_date: null });
  if (changes.note !== undefined && changes.note !== current.note) changes.note_created = changes.note ? today : null;
  if (changes.insurance_effective_date && !current.original_insurance_effective_date) changes.original_insurance_effective_date = current.insurance_effective_date;
  return changes;
}

/**
 * A plan always has a start date: staff emptying the date of a tenant on a plan gives it the one rule's
 * date (the letter's promise, or today once it has passed), as the manager's and the portal's choices
 * get (docs/decisions.md "One coverage start date"); a date staff enter is kept as entered.
 */
async function withCoverageStart(body: z.output<typeof staffTenantBody>, current: TenantRecord, today: string): Promise<z.output<typeof staffTenantBody>> {
  if (body.insurance_effective_date !== null || !isRealPlan(current.status)) return body;
  return { ...body, insurance_effective_date: coverageStartDate(await letterPromiseOfCycle(current.cycle_id), today) };
}

/** Reset: the tenant back to 'no response', as before anyone answered (letters mailed stay on record). */
const RESET: TenantChanges = {
  status: null, coverage_id: null, tenant_made_selection: false, tagged_for_removal: false,
  provided_proof_date: null, opt_out_date: null, move_out_date: null, bad_address_date: null,
  charge_applied_date: null, charge_confirmed_date: null, payment_confirmed_date: null,
  insurance_effective_date: null, setup_insurance_date: null, setup_via_api: false, api_confirmed: false,
  policy_errors_date_logged: null, policy_errors_error_message: null,
};

const updated = (n: number) => ({ updated: n, message: tenantsUpdated(n) });

export const tenantRoutes = {
  'GET /api/tenants': implement(TENANT_CONTRACTS['GET /api/tenants'], async ({ query }) => {
    const perPage = PAGE_SIZE.tenants;
    const scope = await scopeOf(query);
    if (scope === 'none') {
      const none = listInfoOf(null, 'facility');
      return { body: { data: [], pagination: EMPTY_PAGE(perPage), filters: none.filters, info: none.info } };
    }
    // The stats card's counters and the page read at once: neither needs the other (one round trip less to wait for).
    const [counters, page] = await Promise.all([
      scope.kind === 'program' ? programCounters() : countersOfScope(scope),
      listTenants({
        scope, filter: query.filter, status: query.status, tagged: query.tagged_for_removal, name: query.name, unit: query.unit,
        policyNumber: query.policy_number, sort: query.sort, page: query.page ?? 1, perPage, cursor: query.cursor,
      }),
    ]);
    const info = listInfoOf(counters, scope.kind);
    return { body: { data: await viewsOf(page.rows, 'staff'), pagination: page.pagination, filters: info.filters, info: { ...info.info, text_match: page.textMatch } } };
  }),

  'POST /api/tenants/{id}': implement(TENANT_CONTRACTS['POST /api/tenants/{id}'], async (input) => {
    const current = await requireTenant(input.params.id);
    // What the edit needs besides the tenant, in one BatchGetItem: the archive lock, the program's day,
    // the answer's cycle label and software (a tenant's cycle and facility never change), and the
    // sources of the catalog entries the save refreshes.
    const [, today, context, read] = await readTogether(
      tenantChangesAllowed([current]), programTodayRead(), contextRead([current], 'staff'), catalogSourcesRead(current),
    );
    sameVersion(current, input.body.updated_at);
    const body = await withCoverageStart(input.body, current, today);
    const saved = await saveTenant(current, staffChanges(body, current, today), writeBy(requireCaller(input), 'staff_edit'), { read });
    return { body: { tenant: viewOf(saved, context) } };
  }),

  'POST /api/tenants/{id}/status': implement(TENANT_CONTRACTS['POST /api/tenants/{id}/status'], async (input) => {
    const current = await requireTenant(input.params.id);
    const [, today, context, read] = await readTogether(
      tenantChangesAllowed([current]), programTodayRead(), contextRead([current], 'staff'), catalogSourcesRead(current),
    );
    sameVersion(current, input.body.updated_at);
    const currentStatus = current.status ?? 'no_response';
    // Spec §4: staff may move any status to any other; only choosing the same one is refused.
    if (currentStatus === input.body.status) throw unprocessable('Choose a status different from the current one.', 'status');
    // Staff chose it, not the tenant: the 'T' badge (tenant-made selection) goes, as with a manager's choice.
    const changes = { ...statusChanges(input.body.status, current, today), tenant_made_selection: false };
    const saved = await saveTenant(current, changes, writeBy(requireCaller(input), 'status_change'), { read });
    return { body: { tenant: viewOf(saved, context) } };
  }),

  'GET /api/tenants/{id}/history': implement(TENANT_CONTRACTS['GET /api/tenants/{id}/history'], async (input) => {
    await requireTenant(input.params.id);
    return { body: historyFor(await tenantHistory(input.params.id), readerOf(requireCaller(input))) };
  }),

  'POST /api/tenants/bulk': implement(TENANT_CONTRACTS['POST /api/tenants/bulk'], async (input) => {
    const { field, ids, value } = input.body;
    const tenants = await requireAll(ids);
    await refuseTenantChanges(tenants);
    let changes: (t: TenantRecord) => TenantChanges;
    if (field === 'payment_confirmed') {
      refuseAny(tenants, (t) => (isRealPlan(t.status) ? null : 'A payment can only be confirmed for a tenant with a coverage plan.'));
      const today = await programToday();
      changes = (t) => ({ payment_confirmed_date: t.payment_confirmed_date ?? today });
    } else if (field === 'move_in_date') {
      const date = value.slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
        throw unprocessable('Move-in date must be a date as YYYY-MM-DD.', 'value');
      }
      changes = () => ({ move_in_date: date });
    } else if (field === 'last_name') {
      changes = () => ({ last_name: value || null });
    } else {
      if (!value) throw unprocessable(`${field === 'first_name' ? 'First name' : 'Country'} is required.`, 'value');
      changes = () => ({ [field]: value });
    }
    await saveTenants(tenants.map((t) => ({ current: t, changes: changes(t) })), writeBy(requireCaller(input), field === 'payment_confirmed' ? 'payment_confirmed' : 'bulk_edit'));
    return { body: updated(tenants.length) };
  }),

  'DELETE /api/tenants/bulk': implement(TENANT_CONTRACTS['DELETE /api/tenants/bulk'], async (input) => {
    const tenants = await requireAll(input.query.ids);
    await refuseTenantChanges(tenants);
    await deleteTenants(tenants, writeBy(requireCaller(input), 'delete'));
    return { body: { updated: tenants.length, message: `${tenants.length} tenants were permanently deleted.` } };
  }),

  'POST /api/tenants/reset': implement(TENANT_CONTRACTS['POST /api/tenants/reset'], async (input) => {
    const tenants = await requireAll(input.body.ids);
    await refuseTenantChanges(tenants);
    await saveTenants(tenants.map((t) => ({ current: t, changes: RESET })), writeBy(requireCaller(input), 'reset'));
    return { body: updated(tenants.length) };
  }),
};

