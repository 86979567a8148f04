/**
 * The id of a facility's coverage option, as GET /api/cycles/{id}/coverages answers it and a tenant's
 * coverage_id (and coverage-choice status) stores it: `cov-{coverage}-{premium}` (docs/decisions.md
 * "Coverage option ids"). It is derived from the plan itself, so it survives other options being
 * added or removed and a plan deleted and added again keeps its id; a changed amount is a new plan.
 */
export const coverageIdOf = (option: { coverage: number; premium: number }): string => `cov-${option.coverage}-${option.premium}`;

/** The options with their ids, the first of any duplicates kept, in the facility's order. */
export function coveragesWithIds<T extends { coverage: number; premium: number }>(options: readonly T[]): (T & { id: string })[] {
  const seen = new Set<string>();
  const out: (T & { id: string })[] = [];
  for (const option of options) {
    const id = coverageIdOf(option);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ ...option, id });
  }
  return out;
}

/**
 * The plan an id names ('cov-2000-12.5' -> $2,000 at $12.50 a month): the id is made of the plan, so a
 * tenant's chosen plan is known even after the facility dropped that option. Null for any other text.
 */
export function planOfCoverageId(id: string | null | undefined): { coverage: number; premium: number } | null {
  const m = /^cov-(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec((id ?? '').trim());
  return m ? { coverage: Number(m[1]), premium: Number(m[2]) } : null;
}
