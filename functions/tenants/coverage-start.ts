/**
 * The server's side of the one coverage start rule (shared/coverage-start.ts): the letter promise of a
 * tenant's cycle, read from the store, for the manager's and staff's edits (the portal has its cycle
 * and facility in hand already).
 */
import { letterPromiseOf } from '../../shared/coverage-start';
import type { LetterPromise } from '../../shared/coverage-start';
import { requireCycle } from '../cycles/cycle-store';
import { requireFacility } from '../facilities/facility-store';

export async function letterPromiseOfCycle(cycleId: string): Promise<LetterPromise> {
  const cycle = await requireCycle(cycleId);
  return cycle.letter_effective_date ? cycle : letterPromiseOf(cycle, await requireFacility(cycle.facility_id));
}
