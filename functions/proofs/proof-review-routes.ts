/**
 * Proof Review (issue 18, docs/decisions.md "Proof Review"): staff list the proofs tenants uploaded on
 * the portal that wait for review (oldest first, 100 a page, by facility number and submitted dates),
 * open a proof's document through a short-lived link, and accept it (the tenant has Provided Proof,
 * dated today) or reject it with a reason (the tenant is back to no response, and is told by e-mail
 * when it gave an address). A decision is one transaction of the tenant store: the tenant, its history
 * entry and counters, the proof leaving the waiting lists, and the waiting count.
 */
import { PROOF_REVIEW_CONTRACTS, PROOF_REVIEW_PAGE_SIZE } from '../../shared/contracts/proof-reviews';
import type { ProofReviewRow } from '../../shared/contracts/proof-reviews';
import { startOfDayIn } from '../../shared/format';
import { getFacility, getFacilityByNumber } from '../facilities/facility-store';
import { programTimeZone, programToday, requireProgramIdentity } from '../program/program-settings';
import { HttpError, conflict, notFound, unprocessable } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import { recordMetric } from '../runtime/metrics';
import { implement, requireCaller } from '../runtime/route';
import type { Caller, RouteImpl } from '../runtime/route';
import { statusChanges, writeBy } from '../tenants/tenant-changes';
import { getTenant, saveTenant } from '../tenants/tenant-store';
import type { TenantChanges, TenantRecord } from '../tenants/tenant-store';
import { proofDocumentLink } from './proof-document';
import type { AcceptedFacts, ProofRecord } from './proof-record';
import { withCurrentTwins } from './proof-flags';
import { standingTwins } from './proof-twins';
import type { ProofReadingView } from '../../shared/proof-reading';
import { decisionActions, getProof, listWaitingProofs, waitingCount } from './proof-review-store';
import { sendRejectionEmail } from './rejection-email';
import { rejectionText } from '../../shared/proof-rejection';
import type { ProofRejectionCode } from '../../shared/proof-rejection';

type ProofReviewRoute = keyof typeof PROOF_REVIEW_CONTRACTS;

const rowOf = (p: ProofRecord): ProofReviewRow => ({
  id: p.id, tenant_id: p.tenant_id, facility_number: p.facility_number, first_name: p.first_name, last_name: p.last_name, unit: p.unit,
  insurer: p.insurer, policy_expiry_date: p.policy_expiry_date, content_type: p.content_type, size: p.size, submitted_at: p.submitted_at,
  flags: p.reading ? p.reading.flags.map((f) => f.code) : null,
});

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function requireProof(id: string): Promise<ProofRecord> {
  const proof = await getProof(id);
  if (!proof) throw notFound('This proof is not on record.');
  return proof;
}

const alreadyDecided = (proof: ProofRecord) => conflict(proof.review === 'replaced'
  ? 'The tenant answered again after uploading this proof (a newer proof, a plan or an opt-out), so it no longer waits for review. Refresh the list to see the proofs still waiting.'
  : proof.review === 'withdrawn'
    ? `This proof no longer waits for review: the tenant was given another status${proof.decided_by ? ` by ${proof.decided_by.username}` : ''}, or left the program (archived or removed). Refresh the list to see the proofs still waiting.`
    : `This proof was already ${proof.review}${proof.decided_by ? ` by ${proof.decided_by.username}` : ''}. Refresh the list to see the proofs still waiting.`);

/**
 * The proof and its tenant when staff may still decide it: it waits, the tenant is still in the program,
 * still answers with this proof (its newest) and has not been marked Provided Proof some other way.
 */
async function decidable(id: string): Promise<{ proof: ProofRecord; tenant: TenantRecord }> {
  const proof = await requireProof(id);
  if (proof.review !== 'waiting') throw alreadyDecided(proof);
  const tenant = await getTenant(proof.tenant_id);
  if (!tenant) {
    throw conflict('The tenant who uploaded this proof is no longer in the program (its cycle was archived or the tenant was removed), so the proof cannot be decided. It stays on file.');
  }
  // The tenant names the proof that waits for it (waiting_proof_id): a newer upload replaced this one.
  if (tenant.waiting_proof_id !== proof.id) throw conflict('The tenant uploaded a newer proof after this one. Review the newer one instead.');
  if (tenant.status !== 'provide_proof' || tenant.provided_proof_date !== null) {
    throw conflict('The tenant\'s answer changed after this proof was uploaded (by the tenant on the portal or by staff), so the proof can no longer be decided here. See the tenant\'s history on the Master Tenants List.');
  }
  return { proof, tenant };
}

/**
 * Saves the tenant with the decision in one transaction. A refused condition is a second reviewer (the
 * proof no longer waits) or a change to the tenant in between: either way nothing was written.
 */
async function decide(
  caller: Caller, { proof, tenant }: { proof: ProofRecord; tenant: TenantRecord }, action: 'proof_accepted' | 'proof_rejected', changes: TenantChanges,
  reason: { note: string | null; code: ProofRejectionCode | null } | null, accepted: AcceptedFacts | null = null,
): Promise<void> {
  const how = writeBy(caller, action);
  const alongside = decisionActions(proof, {
    review: action === 'proof_accepted' ? 'accepted' : 'rejected', at: new Date().toISOString(), by: how.actor,
    reason: reason?.note ?? null, reasonCode: reason?.code ?? null, accepted,
  });
  try {
    await saveTenant(tenant, { ...changes, waiting_proof_id: null }, how, { alongside });
    recordMetric('ProofsDecided', 1, action === 'proof_accepted' ? 'accepted' : 'rejected');
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) {
      const now = await getProof(proof.id);
      if (now && now.review !== 'waiting') throw alreadyDecided(now);
    }
    throw err;
  }
}

/** The stored reading with the flags that name other tenants' proofs as those stand now (proof-flags.ts withCurrentTwins). */
async function readingAsOfNow(proof: ProofRecord): Promise<ProofReadingView | null> {
  if (!proof.reading) return null;
  const policyNumber = proof.reading.facts.policy_number?.value ?? null;
  const twins = await standingTwins(proof, { policyNumber, sha256: proof.sha256 });
  return { ...proof.reading, flags: withCurrentTwins(proof.reading.flags, policyNumber, twins) };
}

export const proofReviewRoutes: Record<ProofReviewRoute, RouteImpl> = {
  'GET /api/proof-reviews': implement(PROOF_REVIEW_CONTRACTS['GET /api/proof-reviews'], async ({ query }) => {
    const page = query.page ?? 1;
    const perPage = PROOF_REVIEW_PAGE_SIZE;
    // Typed case-free, as the other facility filters: the facility's own spelling names its partition.
    const facilityNumber = query.facility_number
      ? (await getFacilityByNumber(query.facility_number))?.facility_number ?? query.facility_number
      : undefined;
    const filtered = Boolean(facilityNumber || query.from || query.to);
    // Only the whole list knows its total (the count item), so only it can start a page by number.
    if (page > 1 && !query.cursor && filtered) throw unprocessable(`Page ${page} starts where page ${page - 1} ended: send the next_cursor it answered.`, 'cursor');
    if (query.from && query.to && query.from > query.to) throw unprocessable('Submitted from must be on or before Submitted to.', 'from');
    // The dates are the program's calendar days; submitted_at is an instant (UTC).
    const zone = query.from || query.to ? await programTimeZone() : 'UTC';
    const [{ rows, nextCursor }, count] = await Promise.all([
      listWaitingProofs({
        facilityNumber, perPage, cursor: query.cursor, skip: query.cursor ? undefined : (page - 1) * perPage,
        submittedFrom: query.from ? startOfDayIn(zone, query.from) : undefined,
        submittedBefore: query.to ? startOfDayIn(zone, dayAfter(query.to)) : undefined,
      }),
      filtered ? Promise.resolve(null) : waitingCount(),
    ]);
    const before = (page - 1) * perPage;
    return {
      body: {
        data: rows.map(rowOf),
        pagination: {
          current_page: page, last_page: count !== null ? Math.max(1, Math.ceil(count / perPage)) : nextCursor ? page + 1 : page, per_page: perPage,
          from: rows.length ? before + 1 : null, to: rows.length ? before + rows.length : null,
          total: count ?? before + rows.length, exact: count !== null, next_cursor: nextCursor,
        },
      },
    };
  }),

  'GET /api/proof-reviews/count': implement(PROOF_REVIEW_CONTRACTS['GET /api/proof-reviews/count'], async () => ({ body: { waiting: await waitingCount() } })),

  'GET /api/proof-reviews/{id}': implement(PROOF_REVIEW_CONTRACTS['GET /api/proof-reviews/{id}'], async ({ params }) => {
    const proof = await requireProof(params.id);
    const [tenant, reading] = await Promise.all([getTenant(proof.tenant_id), readingAsOfNow(proof)]);
    return {
      body: {
        ...rowOf(proof), review: proof.review, reading,
        tenant: tenant && {
          first_name: tenant.first_name, last_name: tenant.last_name, address: tenant.address, city: tenant.city, state: tenant.state, zip_code: tenant.zip_code,
        },
      },
    };
  }),

  'GET /api/proof-reviews/{id}/document': implement(PROOF_REVIEW_CONTRACTS['GET /api/proof-reviews/{id}/document'], async ({ params }) => ({
    body: await proofDocumentLink(await requireProof(params.id)),
  })),

  'POST /api/proof-reviews/{id}/accept': implement(PROOF_REVIEW_CONTRACTS['POST /api/proof-reviews/{id}/accept'], async (input) => {
    const decision = await decidable(input.params.id);
    const { proof } = decision;
    // What staff confirmed (the review panel offers the page's facts); the tenant's word where they sent none.
    const accepted: AcceptedFacts = {
      policy_expiry_date: input.body.policy_expiry_date ?? proof.policy_expiry_date,
      insurer: input.body.insurer || proof.insurer,
      policy_number: input.body.policy_number || proof.reading?.facts.policy_number?.value || null,
    };
    // Provided Proof from today, the program's calendar day (as charge checks and letters are dated).
    const today = await programToday();
    if (accepted.policy_expiry_date < today) throw unprocessable('The policy expiry is in the past: a proof of an expired policy cannot be accepted.', 'policy_expiry_date');
    await decide(requireCaller(input), decision, 'proof_accepted', {
      ...statusChanges('provide_proof', decision.tenant, today), provided_proof_date: today, tenant_made_selection: true,
      // Until the policy ends (issue 27): the daily schedule reminds the tenant before that day and ends the answer on it.
      proof_expiry_date: accepted.policy_expiry_date,
    }, null, accepted);
    return { body: { success: true } };
  }),

  'POST /api/proof-reviews/{id}/reject': implement(PROOF_REVIEW_CONTRACTS['POST /api/proof-reviews/{id}/reject'], async (input) => {
    const { params, body } = input;
    const decision = await decidable(params.id);
    const { proof, tenant } = decision;
    const reason = { code: body.reason_code ?? null, note: body.reason || null };
    // The e-mail names the program and the portal's address: refuse before any change while they are not set.
    const settings = tenant.email.trim() ? await requireProgramIdentity('a rejected proof can be e-mailed to the tenant') : null;
    await decide(requireCaller(input), decision, 'proof_rejected', { ...statusChanges('no_response', tenant, await programToday()), tenant_made_selection: false }, reason);
    if (!settings) return { body: { success: true, email: 'no_address' } };
    try {
      const facility = await getFacility(tenant.facility_id);
      const outcome = await sendRejectionEmail({
        tenant, proof, reason: rejectionText(reason.code, reason.note), program: settings.settings,
        facility: { account_name: facility?.account_name ?? '', facility_number: tenant.facility_number },
      }, writeBy(requireCaller(input), 'proof_rejected').actor);
      return { body: { success: true, email: outcome.sent ? 'sent' : 'suppressed' } };
    } catch (err) {
      // The decision stands (it is on the tenant's history); the answer tells staff the e-mail did not go.
      logger.error('rejected proof e-mail not sent', { proof_id: proof.id, error: err as Error });
      return { body: { success: true, email: 'failed' } };
    }
  }),
};
