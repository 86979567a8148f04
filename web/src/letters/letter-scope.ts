/**
 * What the Send Letters page works on (spec §2): one facility (optionally one of its cycles) on the
 * 'By Facility' tab, or every facility of a state on the 'By State' tab. Every letter call is asked for
 * a scope, so the two modes share one table, one filter and one sending flow.
 */
import type { StateCode } from '../../../shared/states';
import type { FoundFacility } from '../facilities/FindFacilityCard';

export type LetterTab = 'facility' | 'state';

export type LetterScope =
  | { kind: 'facility'; facility: FoundFacility; cycleId: string | undefined }
  | { kind: 'state'; state: StateCode };

/** The scope the active tab has chosen, or null while it has chosen none (spec §8 'No active tab selected.'). */
export function scopeOf(tab: LetterTab, facility: FoundFacility | null, cycleId: string, state: StateCode | null): LetterScope | null {
  if (tab === 'facility') return facility ? { kind: 'facility', facility, cycleId: cycleId || undefined } : null;
  return state ? { kind: 'state', state } : null;
}

/** What identifies the scope in a query key and in the debounced table query. */
export const scopeKey = (scope: LetterScope | null): string =>
  !scope ? 'none' : scope.kind === 'facility' ? `facility:${scope.facility.id}:${scope.cycleId ?? ''}` : `state:${scope.state}`;

/** How a file of this scope is named when downloaded ('1001' or 'IL'). */
export const scopeName = (scope: LetterScope): string => (scope.kind === 'facility' ? scope.facility.facility_number : scope.state);

/**
 * The Master Tenants List showing the scope's tenants tagged for removal, where they are untagged: the
 * facility's (its cycle's) for a facility; the tenant list has no state filter, so for a state every
 * tagged tenant, each with its facility number.
 */
export function taggedTenantsHref(scope: LetterScope): string {
  const where = scope.kind === 'facility' ? { facility_number: scope.facility.facility_number, ...(scope.cycleId ? { cycle_id: scope.cycleId } : {}) } : {};
  return `/tenant-list?${new URLSearchParams({ ...where, tagged_for_removal: 'true' }).toString()}`;
}
