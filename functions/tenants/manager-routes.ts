/**
 * Tenants (manager): the audit lists and what a facility manager may do to its own tenants (spec
 * tenants-letters-users §2 'Manager audit views', §4, §7 'Tenants (manager)'). The server enforces
 * section 4: tagging only while the cycle allows it, confirming no move-outs and completing tagging turn
 * tagging off for good, a tenant with a sent welcome letter is locked, a charge is confirmed only where
 * the rule allows, and a manager touches only its own facility's tenants whatever ids are sent (the route
 * table checks ids in the path or body; the bulk calls check every id here).
 */
import { PAGE_SIZE } from '../../shared/constants';
import { coveragesWithIds } from '../../shared/coverage-ids';
import { coverageStartDate } from '../../shared/coverage-start';
import { tenantsUpdated } from '../../shared/format';
import { MANAGER_KEYWORD_CHOICES, MANAGER_TENANT_CONTRACTS } from '../../shared/contracts/tenants';
import { refuseTenantChanges, tenantChangesAllowed } from '../archives/archive-lock';
import { readTogether } from '../aws/batch-get';
import { getCycleCounters, isMoveOutConfirmed, requireCycle, updateCycle } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import { getFacilityCounters, requireFacility } from '../facilities/facility-store';
import { programToday, programTodayRead } from '../program/program-settings';
import { conflict, forbidden, notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { Caller } from '../runtime/route';
import { requireAll, refuseAny } from './routes';
import { letterPromiseOfCycle } from './coverage-start';
import { statusChanges, writeBy } from './tenant-changes';
import { listTenants } from './tenant-list';
import { catalogSourcesRead, requireTenant, saveTenant, saveTenants } from './tenant-store';
import type { TenantChanges, TenantRecord } from './tenant-store';
import { contextRead, readerOf, viewOf, viewsOf } from './tenant-view';

const isStaff = (caller: Caller) => caller.permissions.includes('admin') || caller.permissions.includes('monitor');

/** Every tenant must be of the caller's facility (staff reach all); one stranger refuses the whole call. */
function requireOwned(caller: Caller, tenants: readonly TenantRecord[]): void {
  if (isStaff(caller)) return;
  if (tenants.some((t) => t.facility_id !== caller.user.facility_id)) throw forbidden('This record belongs to another facility.');
}

const LOCKED = 'The welcome letter was sent to this tenant; it can no longer be edited.';

/**
 * Spec §2 'Confirm Charge Added': the tenant has a coverage, its charge apply date has passed (before
 * today), no charge is confirmed yet and no welcome letter was sent. Answers why not, or null.
 */
export function whyNoChargeConfirmation(t: TenantRecord, on: string): string | null {
  if (t.welcome_letter_sent_date) return LOCKED;
  if (!t.coverage_id) return 'Only a tenant with a coverage plan can have its charge confirmed.';
  if (t.charge_applied_date) return 'The charge of this tenant is already confirmed.';
  if (!t.charge_apply_date || t.charge_apply_date >= on) return 'The charge can be confirmed once its charge apply date has passed.';
  return null;
}

/** Tagging is open while the cycle allows it and its move-outs are not confirmed (spec §4). */
function requireTaggingOpen(cycle: CycleRecord): void {
  if (!cycle.can_tag_removal || isMoveOutConfirmed(cycle)) throw conflict('Tagging move-outs is closed for this cycle.');
}

const cycleChecked = async (id: string) => {
  const cycle = await requireCycle(id);
  if (cycle.archived_at) throw conflict('This cycle is archived and can no longer be changed.');
  return cycle;
};

export const managerTenantRoutes = {
  'POST /api/managers/update-tenant': implement(MANAGER_TENANT_CONTRACTS['POST /api/managers/update-tenant'], async (input) => {
    const { body } = input;
    const caller = requireCaller(input);
    const current = await requireTenant(body.id);
    requireOwned(caller, [current]);
    // The archive lock, the program's day, the answer's cycle label and software and the sources of the
    // catalog entries the save refreshes, in one BatchGetItem.
    const [, today, context, read] = await readTogether(
      tenantChangesAllowed([current]), programTodayRead(), contextRead([current], readerOf(caller)), catalogSourcesRead(current),
    );
    if (current.welcome_letter_sent_date) throw conflict(LOCKED);
    if (body.updated_at !== current.updated_at) throw conflict('This tenant was changed by someone else. Reload and try again.');
    let changes: TenantChanges = {};
    let plan = current.coverage_id !== null;
    if (body.coverage !== undefined) {
      const isKeyword = (MANAGER_KEYWORD_CHOICES as readonly string[]).includes(body.coverage);
      if (!isKeyword) {
        const cycle = await requireCycle(current.cycle_id);
        const facility = await requireFacility(cycle.facility_id);
        if (!coveragesWithIds(facility.coverages).some((c) => c.id === body.coverage)) throw unprocessable('Choose one of the coverage options of this cycle.', 'coverage');
      }
      plan = !isKeyword;
      const chosen = body.coverage === (current.coverage_id ?? current.status);
      if (!chosen) changes = { ...statusChanges(body.coverage, current, today), tenant_made_selection: false };
    }
    for (const field of ['address', 'city', 'state', 'zip_code'] as const) if (body[field] !== undefined) changes[field] = body[field];
    if (body.note !== undefined && body.note !== current.note) Object.assign(changes, { note: body.note, note_created: body.note ? today : null });
    if (plan) {
      // Spec §4 sets a plan with no effective date to today; issue 24: one rule with the portal and staff
      // instead, the date the letter promised or today once it has passed (docs/decisions.md "One
      // coverage start date"). A date entered wins; a date on record stays unless the manager empties it.
      const kept = body.insurance_effective_date === undefined ? current.insurance_effective_date : body.insurance_effective_date;
      const date = kept ?? coverageStartDate(await letterPromiseOfCycle(current.cycle_id), today);
      if (date !== current.insurance_effective_date) {
        changes.insurance_effective_date = date;
        if (current.insurance_effective_date && !current.original_insurance_effective_date) changes.original_insurance_effective_date = current.insurance_effective_date;
      }
    }
    if (body.charge_applied === true && !current.charge_applied_date) {
      const why = whyNoChargeConfirmation({ ...current, ...changes } as TenantRecord, today);
      if (why) throw unprocessable(why, 'charge_applied');
      Object.assign(changes, { charge_applied_date: today, charge_confirmed_date: today });
    }
    if (body.charge_applied === false && current.charge_applied_date) Object.assign(changes, { charge_applied_date: null, charge_confirmed_date: null });
    const saved = Object.keys(changes).length ? await saveTenant(current, changes, writeBy(caller, 'manager_edit'), { read }) : current;
    return { body: { tenant: viewOf(saved, context) } };
  }),

  'POST /api/managers/confirm-move-outs': implement(MANAGER_TENANT_CONTRACTS['POST /api/managers/confirm-move-outs'], async ({ body }) => {
    const cycle = await cycleChecked(body.cycle_id);
    requireTaggingOpen(cycle);
    const counters = await getCycleCounters(cycle.id);
    if (counters.tagged_for_removal > 0) {
      throw conflict(`You have tagged ${counters.tagged_for_removal} tenants as moved out. Complete tagging instead.`);
    }
    await updateCycle(cycle, { confirmed_no_move_outs_date: await programToday(), can_tag_removal: false });
    return { body: { success: true as const, message: 'Move-outs confirmed!' } };
  }),

  'POST /api/managers/confirm-tagging-complete': implement(MANAGER_TENANT_CONTRACTS['POST /api/managers/confirm-tagging-complete'], async ({ body }) => {
    const cycle = await cycleChecked(body.cycle_id);
    requireTaggingOpen(cycle);
    const counters = await getCycleCounters(cycle.id);
    // Spec §2: with nobody tagged the card offers Confirm (no move-outs), not Complete.
    if (counters.tagged_for_removal === 0) throw conflict('No tenant is tagged as moved out. Confirm that no one moved out instead.');
    await updateCycle(cycle, { confirmed_move_outs_date: await programToday(), can_tag_removal: false });
    return { body: { success: true as const, message: 'Thank you for completing this phase!' } };
  }),

  'POST /api/managers/tag-tenants': implement(MANAGER_TENANT_CONTRACTS['POST /api/managers/tag-tenants'], async (input) => {
    const { cycle_id, ids } = input.body;
    const caller = requireCaller(input);
    const cycle = await cycleChecked(cycle_id);
    requireTaggingOpen(cycle);
    const tenants = await requireAll(ids);
    requireOwned(caller, tenants);
    await refuseTenantChanges(tenants);
    refuseAny(tenants, (t) => (t.cycle_id !== cycle.id ? 'This tenant is not in this cycle.' : t.welcome_letter_sent_date ? LOCKED : null));
    const toTag = tenants.filter((t) => !t.tagged_for_removal);
    await saveTenants(toTag.map((t) => ({ current: t, changes: { tagged_for_removal: true } })), writeBy(caller, 'tag_for_removal'));
    return { body: { updated: tenants.length, message: `${tenants.length} tenants tagged as moved out.` } };
  }),

  'POST /api/managers/bulk-charge-applied': implement(MANAGER_TENANT_CONTRACTS['POST /api/managers/bulk-charge-applied'], async (input) => {
    const caller = requireCaller(input);
    const tenants = await requireAll(input.body.ids);
    requireOwned(caller, tenants);
    await refuseTenantChanges(tenants);
    const date = await programToday();
    refuseAny(tenants, (t) => whyNoChargeConfirmation(t, date), 409);
    await saveTenants(tenants.map((t) => ({ current: t, changes: { charge_applied_date: date, charge_confirmed_date: date } })), writeBy(caller, 'charge_confirmed'));
    return { body: { updated: tenants.length, message: tenantsUpdated(tenants.length) } };
  }),
};

/** GET /api/facilities/{id}/tenants: Master Audit (all cycles), Cycle Audit (cycle_id) and the Tag modal (per_page 50, full_name). */
export const facilityTenantRoutes = {
  'GET /api/facilities/{id}/tenants': implement(MANAGER_TENANT_CONTRACTS['GET /api/facilities/{id}/tenants'], async (input) => {
    const { params, query } = input;
    // The facility and the cycle read at once; a missing facility is answered before a missing cycle, as one after the other would.
    const [facilityRead, cycleRead] = await Promise.allSettled([requireFacility(params.id), query.cycle_id ? requireCycle(query.cycle_id) : Promise.resolve(null)]);
    if (facilityRead.status === 'rejected') throw facilityRead.reason;
    if (cycleRead.status === 'rejected') throw cycleRead.reason;
    const facility = facilityRead.value;
    const cycle = cycleRead.value;
    if (cycle && cycle.facility_id !== facility.id) {
      // The route table checked the facility in the path; a manager naming another facility's cycle beside it is refused like any other.
      if (!isStaff(requireCaller(input))) throw forbidden('This record belongs to another facility.');
      throw notFound('Cycle not found.');
    }
    // The counters and the page read at once: neither needs the other.
    const [counters, page] = await Promise.all([
      cycle ? getCycleCounters(cycle.id) : getFacilityCounters(facility.id),
      listTenants({
        scope: cycle ? { kind: 'cycle', cycleId: cycle.id } : { kind: 'facility', facilityId: facility.id },
        filter: query.filter, name: query.full_name, sort: query.sort, page: query.page ?? 1, perPage: query.per_page ?? PAGE_SIZE.tenants,
        // Pages by number; a cursor sent anyway is refused by the list (none was ever answered here).
        cursor: query.cursor,
      }),
    ]);
    return { body: { data: await viewsOf(page.rows, readerOf(requireCaller(input))), pagination: page.pagination, info: { incomplete_address: counters.incomplete_address } } };
  }),
};

