/**
 * What the portal's one page shows (GET /api/respond/letter, and every answer's reply): the tenant's
 * letter facts, the facility's choices, the current answer and whether the tenant may still change it
 * (docs/decisions.md "Tenant response portal: when answers close").
 *
 * Reads, all by key: the tenant, facility, cycle, Program Settings and the cycle's and facility's counters
 * (one BatchGetItem; an answer's save builds its catalog entries on them) beside the tenant's newest proof
 * (Query gsi3, Limit 1) and every insurance program's opt-out setting (one Query of a handful; the facility
 * names its program only once read).
 */
import { planOfCoverageId, coveragesWithIds } from '../../shared/coverage-ids';
import { coverageStartDate, letterPromiseOf } from '../../shared/coverage-start';
import type { RespondAnswer, RespondClosedReason, RespondView } from '../../shared/contracts/respond';
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import type { OptOutSetting } from '../../shared/reference-data';
import { readTogether } from '../aws/batch-get';
import type { FoundItems } from '../aws/batch-get';
import { cycleRead } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import { facilityRead } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { programSettingsRead, todayIn } from '../program/program-settings';
import { optOutSettings } from '../program/reference-data';
import { newestProofOf } from '../proofs/proof-review-store';
import type { ProofRecord } from '../proofs/proof-record';
import { HttpError } from '../runtime/http-error';
import { isRealPlan } from '../tenants/tenant-changes';
import { catalogSourcesRead, tenantRead } from '../tenants/tenant-store';
import type { TenantRecord } from '../tenants/tenant-store';
import type { Respondent } from './respondent-sessions';

export interface RespondContext {
  /** The portal session the request came with. */
  respondent: Respondent;
  tenant: TenantRecord;
  facility: FacilityRecord;
  cycle: CycleRecord;
  settings: ProgramSettingsValues;
  optOut: OptOutSetting | null;
  /** The tenant's newest proof, whatever its review. */
  proof: ProofRecord | null;
  /** Today in the program's time zone (Program Settings; UTC until set). */
  today: string;
  /** The sources of the tenant's catalog entries as read with the rest (an answer's save: tenant-store.ts catalogSourcesRead). */
  catalogSources: FoundItems;
}

/** 410: the session's tenant (or its cycle) is no longer in the program (archived or removed). */
export const tenantGone = () => new HttpError(410, 'This letter is closed: its records are no longer open for answers. If you have questions, call the number on your letter.');

export async function loadContext(respondent: Respondent): Promise<RespondContext> {
  const [[tenant, facility, cycle, view, catalogSources], proof, optOuts] = await Promise.all([
    readTogether(tenantRead(respondent.tenant_id), facilityRead(respondent.facility_id), cycleRead(respondent.cycle_id), programSettingsRead(), catalogSourcesRead(respondent)),
    newestProofOf(respondent.tenant_id),
    optOutSettings(),
  ]);
  if (!tenant || !facility || !cycle || cycle.archived_at || tenant.cycle_id !== cycle.id) throw tenantGone();
  const optOut = optOuts.get(facility.insurance_program_key) ?? null;
  return { respondent, tenant, facility, cycle, settings: view.settings, optOut, proof, today: todayIn(view), catalogSources };
}

/**
 * Opting out is offered where the facility's insurance program allows it in the facility's state, and
 * only while the tenant's lease does not already require insurance: a facility that still 'needs updated
 * lease language' asks its tenants to accept the insurance clause, so they may decline it; a facility
 * whose lease is up to date (uses_updated_lease_language false) already binds them to it.
 */
export function optOutOffered(facility: Pick<FacilityRecord, 'state' | 'uses_updated_lease_language'>, setting: OptOutSetting | null): boolean {
  return setting !== null && facility.uses_updated_lease_language && (setting.states as readonly string[]).includes(facility.state);
}

/** The cycle's response deadline (the facility's letter dates are the newest cycle's copy). */
const deadlineOf = (ctx: Pick<RespondContext, 'cycle'>) => ctx.cycle.update_responses_deadline_date;

/** A plan chosen today starts on the letter's effective date, or today once that has passed (shared/coverage-start.ts). */
export function coverageEffectiveDate(ctx: Pick<RespondContext, 'cycle' | 'facility' | 'today'>): string {
  return coverageStartDate(letterPromiseOf(ctx.cycle, ctx.facility), ctx.today);
}

/** Why the tenant can no longer change the answer online, or null while it can. */
export function closedReason(ctx: Pick<RespondContext, 'tenant' | 'cycle' | 'today'>): RespondClosedReason | null {
  const t = ctx.tenant;
  if (t.status === 'moved_out' || t.move_out_date) return 'moved_out';
  if (t.setup_insurance_date) return 'set_up';
  // Staff accepted a proof, or set an answer the portal does not offer (a bad address).
  if (t.provided_proof_date || t.status === 'bad_address') return 'confirmed';
  const deadline = deadlineOf(ctx);
  if (deadline && ctx.today > deadline) return 'deadline_passed';
  return null;
}

/** The 409 of an answer the tenant may no longer give, in the words of the page's closed notice. */
export function closedMessage(reason: RespondClosedReason, ctx: Pick<RespondContext, 'cycle'>): string {
  switch (reason) {
    case 'deadline_passed': return `The deadline to answer this letter (${deadlineOf(ctx)}) has passed, so your answer can no longer be changed online. Call the number on your letter for help.`;
    case 'confirmed': return 'Your answer has been confirmed by our staff, so it can no longer be changed online. Call the number on your letter for help.';
    case 'set_up': return 'Your coverage is already set up with the facility, so your answer can no longer be changed online. Call the number on your letter for help.';
    case 'moved_out': return 'Our records show that you have moved out of this facility, so there is nothing to answer.';
    case 'archived': return tenantGone().message;
  }
}

/** The tenant's answer as the portal shows it. A proof the tenant replaced is never shown. */
export function currentAnswer(t: TenantRecord, proof: ProofRecord | null): RespondAnswer {
  const proofAnswer = (p: ProofRecord, review: 'waiting' | 'accepted' | 'rejected'): RespondAnswer => ({
    kind: 'proof', review, insurer: p.insurer, policy_expiry_date: p.policy_expiry_date, submitted_at: p.submitted_at, reject_reason: p.reject_reason, reject_reason_code: p.reject_reason_code,
  });
  if (t.status === 'opt_out') return { kind: 'opt_out', date: t.opt_out_date ?? '' };
  if (isRealPlan(t.status)) {
    const id = t.coverage_id ?? t.status!;
    const plan = planOfCoverageId(id);
    return plan ? { kind: 'coverage', coverage_id: id, ...plan, effective_date: t.insurance_effective_date } : { kind: 'other' };
  }
  if (t.status === 'provide_proof') {
    // Staff may set Provided Proof without a portal proof: shown, not one of the portal's answers.
    return proof && (proof.review === 'waiting' || proof.review === 'accepted') ? proofAnswer(proof, proof.review) : { kind: 'other' };
  }
  // Back to no response after staff rejected the proof: the tenant sees why, and may upload again.
  if (t.status === null) return proof?.review === 'rejected' ? proofAnswer(proof, 'rejected') : { kind: 'none' };
  return { kind: 'other' };
}

export function buildView(ctx: RespondContext): RespondView {
  const { tenant: t, facility: f, settings } = ctx;
  return {
    tenant: { first_name: t.first_name, last_name: t.last_name, units: t.units.length > 0 ? t.units : [t.unit], email: t.email },
    facility: { name: f.account_name.trim() || `Facility ${f.facility_number}`, city: f.city, state: f.state },
    deadline: deadlineOf(ctx),
    coverages: coveragesWithIds(f.coverages).map(({ id, coverage, premium }) => ({ id, coverage, premium })),
    coverage_effective_date: coverageEffectiveDate(ctx),
    opt_out: optOutOffered(f, ctx.optOut) ? { wording: ctx.optOut!.wording } : null,
    answer: currentAnswer(t, ctx.proof),
    closed: closedReason(ctx),
    program: { name: settings.program_name, phone: settings.phone, email: settings.email },
  };
}
