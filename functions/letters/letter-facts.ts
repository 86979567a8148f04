/**
 * Can these tenants' letters be true? (docs/decisions.md "Letters: what each letter says"). An audit or
 * reminder letter must name the plan added without an answer and the date it is added, with its dates
 * in sequence; a welcome letter must name the tenant's own plan. Pure over the letter context, so the
 * generate call refuses (422) before anything is queued and says what to fix, where.
 */
import { enrollmentOf, letterDatesOf } from './letter-content';
import type { LetterChoice } from './letter-content';
import type { LetterContext } from './letter-context';
import { letterDateProblems } from './letter-dates';
import type { TenantRecord } from '../tenants/tenant-record';

/** 'Jane Doe (unit B-117)': how a refusal names a tenant. */
export const tenantLabel = (t: Pick<TenantRecord, 'first_name' | 'last_name' | 'unit'>) => `${[t.first_name, t.last_name].filter(Boolean).join(' ')} (unit ${t.unit})`;

export interface LetterFactProblem {
  message: string;
  /** The tenants it concerns (welcome letters), for the error's details. */
  tenants?: { id: string; message: string }[];
}

type LetterTenant = Pick<TenantRecord, 'id' | 'facility_id' | 'cycle_id' | 'coverage_id' | 'status' | 'insurance_effective_date' | 'first_name' | 'last_name' | 'unit'>;

/**
 * `dates: false` for sample letters: a preview dated today for any letter type, whose planned dates need
 * not be in sequence with today; the plan and its start date are checked all the same.
 */
export function letterFactProblems(
  tenants: readonly LetterTenant[], ctx: LetterContext, choice: LetterChoice, { dates: checkDates = true }: { dates?: boolean } = {},
): LetterFactProblem[] {
  if (choice.letter_type === 'welcome') {
    const planless = tenants.filter((t) => enrollmentOf(t).plan === null);
    if (planless.length === 0) return [];
    return [{
      message: `${planless.length === 1 ? '1 of the chosen tenants has' : `${planless.length} of the chosen tenants have`} no coverage plan on record, so a welcome letter could not state it; no letter was generated. Set the tenant's coverage first.`,
      tenants: planless.map((t) => ({ id: t.id, message: tenantLabel(t) })),
    }];
  }
  const problems: LetterFactProblem[] = [];
  const seen = new Set<string>();
  for (const t of tenants) {
    const key = `${t.facility_id}#${t.cycle_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const facility = ctx.facilities.get(t.facility_id);
    if (!facility) continue;
    const cycle = ctx.cycles.get(t.cycle_id) ?? null;
    const where = `facility ${facility.facility_number}${cycle ? `, cycle ${cycle.label}` : ''}`;
    if ((ctx.coverages.get(facility.id) ?? []).length === 0) {
      problems.push({ message: `Facility ${facility.facility_number} has no coverage options (none of its own, none for ${facility.state}): add them to the facility, so the letter can name the plan added to the rent of tenants who do not answer.` });
    }
    const dates = letterDatesOf(choice, cycle, facility);
    if (!dates.letter_effective_date) {
      problems.push({ message: `${where[0]!.toUpperCase()}${where.slice(1)} has no Letter Effective Date: set it in Manage Cycles, so the letter can say from when the plan is added.` });
    }
    if (!checkDates) continue;
    for (const message of letterDateProblems(choice.letter_type, dates)) problems.push({ message: `${message.replace(/\.$/, '')} (${where}).` });
  }
  return problems;
}

/** The problems as one 422 (the generate calls) — or nothing to say. */
export function letterFactsError(problems: readonly LetterFactProblem[]): { message: string; details: { id: string; message: string }[] } | null {
  if (problems.length === 0) return null;
  return {
    message: problems.length === 1 ? problems[0]!.message : `${problems.length} problems keep these letters from being mailed: ${problems.map((p) => p.message).join(' ')}`,
    details: problems.flatMap((p) => p.tenants ?? []),
  };
}
