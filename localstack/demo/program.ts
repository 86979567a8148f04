/**
 * Writes the demo program (localstack/demo/facilities.ts) through the stores the API uses: facilities
 * with createFacility, cycles with createCycle/updateCycle, tenants with createTenants (chunked
 * transactions that keep the counters, so every stat, flag and COUNTS item is what the API maintains).
 *
 * Run again, it leaves a facility that already has its cycles alone (no duplicates, no reset of what
 * someone changed while trying the app); it only re-links the facility to its manager account.
 */
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { createCycle, updateCycle } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createFacility, facilityCycleIds, getFacility, updateFacility } from '../../functions/facilities/facility-store';
import { createTenants } from '../../functions/tenants/tenant-store';
import { cycleChangesFor, cycleDatesOf, cycleLabelOf, dayAfter } from './cycles';
import type { DemoFacility } from './facilities';
import { DEMO_FACILITIES } from './facilities';
import { demoFacilityId, facilityFields, plannedTenants, utcToday } from './records';

export { DEMO_MANAGERS, demoFacilityId, utcToday } from './records';

/** The demo tenants' history says the seed wrote them. */
const SEED_WRITE = { actor: { user_id: 'system', username: 'demo-seed' }, action: 'seed' };

async function writeCycle(facility: FacilityRecord, f: DemoFacility, index: number, today: string): Promise<CycleRecord> {
  const plan = f.cycles[index]!;
  const cycle = await createCycle({
    facility_id: facility.id, facility_number: facility.facility_number, label: cycleLabelOf(plan, today),
    ...cycleDatesOf(dayAfter(today, plan.initialLetterIn)),
  });
  const tenants = plannedTenants(f, index, today);
  if (tenants.length) await createTenants(cycle, tenants, SEED_WRITE);
  const changes = cycleChangesFor(plan, tenants, today);
  return Object.keys(changes).length ? updateCycle(cycle, changes) : cycle;
}

export interface DemoProgramResult {
  facilitiesCreated: number;
  cyclesCreated: number;
  tenantsCreated: number;
}

async function seedFacility(f: DemoFacility, managerUserId: string | null, today: string, result: DemoProgramResult): Promise<void> {
  let facility = await getFacility(demoFacilityId(f.number));
  if (facility) {
    if (facility.manager_user_id !== managerUserId) facility = await updateFacility(facility, { manager_user_id: managerUserId });
    // A facility from an older seed (or a run stopped before its cycles) gets its cycles; one that has them is left alone.
    if ((await facilityCycleIds(facility.id)).length > 0) return;
  } else {
    facility = await createFacility(facilityFields(f, demoFacilityId(f.number), managerUserId, today));
    result.facilitiesCreated += 1;
  }
  for (const [index, plan] of f.cycles.entries()) {
    await writeCycle(facility, f, index, today);
    result.cyclesCreated += 1;
    result.tenantsCreated += plan.tenants;
  }
}

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The demo facilities, their cycles and tenants. `managerIds` maps each facility id to its manager's
 * user id. Facilities are written a few at a time: the emulator takes DynamoDB calls one at
 * a time, but the round trips overlap.
 */
export async function seedDemoProgram(managerIds: ReadonlyMap<string, string>, today = utcToday()): Promise<DemoProgramResult> {
  const result: DemoProgramResult = { facilitiesCreated: 0, cyclesCreated: 0, tenantsCreated: 0 };
  await inPool(DEMO_FACILITIES, 4, (f) => seedFacility(f, managerIds.get(demoFacilityId(f.number)) ?? null, today, result));
  return result;
}
