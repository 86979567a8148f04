/**
 * What the letters of a set of tenants are made from besides the tenants: their facilities, their
 * cycles and each facility's coverage options (its own, else its state's). Read once per batch by the
 * letter job and by the generate call, which checks the letters can be true before queueing them.
 */
import { getCyclesWithCounters } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import { getFacilitiesByIds } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { getStateCoverages } from '../program/reference-data';
import type { TenantRecord } from '../tenants/tenant-record';
import { coveragesOf } from './letter-content';
import type { LetterCoverage } from './letter-types';

export interface LetterContext {
  facilities: Map<string, FacilityRecord>;
  cycles: Map<string, CycleRecord>;
  coverages: Map<string, LetterCoverage[]>;
}

export async function letterContextOf(tenants: readonly Pick<TenantRecord, 'facility_id' | 'cycle_id'>[]): Promise<LetterContext> {
  const facilityIds = [...new Set(tenants.map((t) => t.facility_id))];
  const cycleIds = [...new Set(tenants.map((t) => t.cycle_id).filter(Boolean))];
  const [facilities, cycles] = await Promise.all([getFacilitiesByIds(facilityIds), getCyclesWithCounters(cycleIds)]);
  const coverages = new Map<string, LetterCoverage[]>();
  const states = new Map<string, Promise<Awaited<ReturnType<typeof getStateCoverages>>>>();
  for (const f of facilities.values()) {
    if (!states.has(f.state)) states.set(f.state, getStateCoverages(f.state));
    coverages.set(f.id, coveragesOf(f, await states.get(f.state)!));
  }
  return { facilities, cycles: new Map(cycles.map(({ cycle }) => [cycle.id, cycle])), coverages };
}
