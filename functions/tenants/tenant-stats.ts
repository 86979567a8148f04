/**
 * The stats card, filter badges and incomplete-address count of a tenant list, from maintained
 * counters: a cycle's or facility's STATS item, or for the whole program the sum of the counts each
 * facility's catalog entry carries (one Query of the catalog, whatever the number of tenants).
 */
import type { TenantStatsCard } from '../../shared/contracts/tenants';
import { getCycleCounters } from '../cycles/cycle-store';
import type { FacilityEntry } from '../facilities/facility-store';
import { getFacilityCounters } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import type { Counters } from '../program/counters';
import { LIST_COUNTERS, activeOf, percent, tenantFiltersOf, zeroCounters } from '../program/counters';
import type { ListScope } from './tenant-list';

export async function countersOfScope(scope: Exclude<ListScope, { kind: 'program' }>): Promise<Counters> {
  return scope.kind === 'cycle' ? getCycleCounters(scope.cycleId) : getFacilityCounters(scope.facilityId);
}

export async function programCounters(): Promise<Counters> {
  const sum = zeroCounters();
  for (const entry of await readCatalog<FacilityEntry>('facilities')) {
    if (entry.retired || !entry.tenants) continue;
    for (const key of LIST_COUNTERS) sum[key] += entry.tenants[key] ?? 0;
  }
  return sum;
}

/**
 * Spec §2 Reading B: Total Active is every tenant who has not moved out or has a bad address; the other
 * five are shares of it. Potential for Coverage is the active tenants who have not answered yet
 * (docs/decisions.md "Tenants: the stats card").
 */
export function statsCardOf(c: Counters): TenantStatsCard {
  const active = activeOf(c);
  return {
    charge_applied: c.charge_applied, charge_applied_percentage: percent(c.charge_applied, active),
    opted_out: c.opted_out, opted_out_percentage: percent(c.opted_out, active),
    provided_proof: c.provided_proof, provided_proof_percentage: percent(c.provided_proof, active),
    selected_coverage: c.selected_coverage, selected_coverage_percentage: percent(c.selected_coverage, active),
    potential_for_coverage: c.non_responder, potential_for_coverage_percentage: percent(c.non_responder, active),
    total_active: active, total_active_percentage: percent(active, c.total),
  };
}

/** The filters (key, label, count), the stats card and the incomplete-address count of a list's scope. */
export function listInfoOf(counters: Counters | null, scope: ListScope['kind']) {
  const c = counters ?? zeroCounters();
  return {
    filters: tenantFiltersOf(c),
    info: {
      incomplete_address: c.incomplete_address,
      scope,
      text_match: scope === 'program' ? 'prefix' as const : 'contains' as const,
      stats: statsCardOf(c),
    },
  };
}
