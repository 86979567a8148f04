/**
 * A tenant's answers on the portal (issue 18's agreements; docs/decisions.md "Tenant response portal"):
 * each one is the tenant's write through saveTenant, so the status staff see, tenant_made_selection (the
 * 'T' badge), the dates, the counters and the history entry (actor: the tenant) move in one transaction,
 * with whatever the answer adds (a proof and the waiting count, the upload claim marked used, a waiting
 * proof the answer replaces). Every answer is refused while the letter is closed (respond-view.ts), and
 * answers the page again.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { coveragesWithIds } from '../../shared/coverage-ids';
import type {
  chooseCoverageBody, optOutBody, proofUploadBody, submitProofBody, ConfirmationEmailOutcome, RespondAnswered, RespondLanguage, RespondView,
} from '../../shared/contracts/respond';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { presignUpload } from '../aws/uploads';
import type { PresignedUpload } from '../aws/uploads';
import { logger } from '../runtime/logger';
import { recordMetric } from '../runtime/metrics';
import { HttpError, conflict, unprocessable } from '../runtime/http-error';
import { checkedProofKey, proofItem, proofLeavesWaiting, proofUploadFileKey, proofUploadKey, waitingCountBy } from '../proofs/proof-record';
import type { ProofRecord } from '../proofs/proof-record';
import { statusChanges } from '../tenants/tenant-changes';
import { saveTenant } from '../tenants/tenant-store';
import type { TenantChanges, TenantWrite, TransactItem } from '../tenants/tenant-store';
import { takeConfirmationPlace } from './confirmation-limits';
import { sendConfirmation } from './confirmation-email';
import type { ConfirmedAnswer } from './confirmation-email';
import { discardProofCopy, keepProofCopy, recordKeptProof } from './proof-file';
import type { ProofUpload } from './proof-file';
import { buildView, closedMessage, closedReason, coverageEffectiveDate, loadContext, optOutOffered } from './respond-view';
import type { RespondContext } from './respond-view';
import type { Respondent } from './respondent-sessions';

/** An upload claim lives a day (TTL); the presigned POST itself expires in minutes. */
const UPLOAD_CLAIM_TTL_S = 24 * 60 * 60;

/** The tenant as the history's actor (issue 18's agreement). */
export const tenantWrite = (tenantId: string, action: 'respond_coverage' | 'respond_opt_out' | 'respond_proof'): TenantWrite =>
  ({ actor: { user_id: `tenant:${tenantId}`, username: 'Tenant' }, action });

/** The letter's context, refused with a clear 409 when the tenant may no longer answer. */
async function openContext(respondent: Respondent): Promise<RespondContext> {
  const ctx = await loadContext(respondent);
  const closed = closedReason(ctx);
  if (closed) throw conflict(closedMessage(closed, ctx));
  return ctx;
}

/**
 * A proof still waiting for review leaves the waiting lists when the tenant answers again (review
 * 'replaced'), in the answer's transaction, on the condition that staff have not decided it meanwhile.
 * `count`: also take it off the waiting count (a plan or an opt-out; a new proof takes its place instead).
 */
function replaceWaitingProof(ctx: RespondContext, at: string, count: boolean): TransactItem[] {
  // The tenant names its waiting proof (waiting_proof_id, set and cleared with the proof's own writes).
  const id = ctx.tenant.waiting_proof_id;
  if (!id) return [];
  return [proofLeavesWaiting(id, 'replaced', at, tenantWrite(ctx.tenant.id, 'respond_proof').actor), ...(count ? [waitingCountBy(-1)] : [])];
}

/** The tenant's newest proof once the answer replaced a waiting one. */
const proofAfterReplacing = (ctx: RespondContext): ProofRecord | null =>
  (ctx.proof && ctx.proof.id === ctx.tenant.waiting_proof_id ? { ...ctx.proof, review: 'replaced' } : ctx.proof);

interface ConfirmationRequest { email: string | undefined; language: RespondLanguage; answer: ConfirmedAnswer }

/**
 * The confirmation of a saved answer, to the address typed with it, while the session and the tenant's
 * day have room (confirmation-limits.ts). The address is used for this one mail and never kept on the
 * tenant (security issue 23): staff's address of record is the one later mail goes to.
 */
async function confirm(ctx: RespondContext, view: RespondView, mail: ConfirmationRequest): Promise<ConfirmationEmailOutcome> {
  if (!mail.email) return 'not_asked';
  if (!(await takeConfirmationPlace(ctx.respondent, ctx.today))) {
    logger.warn('portal confirmation e-mail not sent: the limit is reached', { tenant_id: ctx.tenant.id, session: ctx.respondent.signIn.session });
    return 'limit_reached';
  }
  try {
    const outcome = await sendConfirmation({
      to: mail.email, language: mail.language, firstName: ctx.tenant.first_name, facilityName: view.facility.name, units: view.tenant.units,
      answer: mail.answer, deadline: view.deadline, program: ctx.settings,
    }, { tenants: [ctx.tenant], actor: tenantWrite(ctx.tenant.id, 'respond_proof').actor, what: 'Portal confirmation' });
    // A suppressed address (returned e-mail) is the tenant's page's 'failed': the portal does not tell
    // whoever signed in what the program knows of an address (security issue 23); staff see it in the history.
    return outcome.sent ? 'sent' : 'failed';
  } catch (error) {
    // The answer is saved; a mail that fails is logged, never turned into a failed answer.
    logger.error('portal confirmation e-mail failed', { error, tenant_id: ctx.tenant.id });
    return 'failed';
  }
}

/**
 * Saves the answer, its history entry saying how the tenant signed in, sends the confirmation when asked,
 * and answers the page as it now stands with the sign-in and the confirmation's outcome.
 */
async function answer(
  ctx: RespondContext, changes: TenantChanges, how: TenantWrite, alongside: TransactItem[], mail: ConfirmationRequest, proofAfter: ProofRecord | null,
  whenWritten?: () => Promise<void>,
): Promise<RespondAnswered> {
  // The page's language is the tenant's from now on: the program's reminders are e-mailed in it (issue 27).
  const tenant = await saveTenant(ctx.tenant, { ...changes, language: mail.language }, { ...how, sign_in: ctx.respondent.signIn }, { alongside, read: ctx.catalogSources, whenWritten });
  recordMetric('PortalAnswers', 1, mail.answer.kind);
  const view = buildView({ ...ctx, tenant, proof: proofAfter });
  return { ...view, sign_in: ctx.respondent.signIn, confirmation_email: await confirm({ ...ctx, tenant }, view, mail) };
}

export async function chooseCoverage(respondent: Respondent, body: z.output<typeof chooseCoverageBody>): Promise<RespondAnswered> {
  const ctx = await openContext(respondent);
  const option = coveragesWithIds(ctx.facility.coverages).find((o) => o.id === body.coverage_id);
  if (!option) throw unprocessable('Choose one of the coverage options shown.', 'coverage_id');
  const effective = coverageEffectiveDate(ctx);
  const at = new Date().toISOString();
  return answer(ctx, {
    ...statusChanges(option.id, ctx.tenant, ctx.today), coverage_id: option.id, tenant_made_selection: true, insurance_effective_date: effective, waiting_proof_id: null,
  }, tenantWrite(ctx.tenant.id, 'respond_coverage'), replaceWaitingProof(ctx, at, true), {
    email: body.email, language: body.language, answer: { kind: 'coverage', coverage: option.coverage, premium: option.premium, effective_date: effective },
  }, proofAfterReplacing(ctx));
}

export async function optOut(respondent: Respondent, body: z.output<typeof optOutBody>): Promise<RespondAnswered> {
  const ctx = await openContext(respondent);
  if (!optOutOffered(ctx.facility, ctx.optOut)) {
    throw new HttpError(403, 'Opting out is not offered at this facility. Choose a coverage plan or upload proof of your own insurance.');
  }
  const at = new Date().toISOString();
  return answer(ctx, {
    ...statusChanges('opt_out', ctx.tenant, ctx.today), opt_out_date: ctx.today, tenant_made_selection: true, waiting_proof_id: null,
  }, tenantWrite(ctx.tenant.id, 'respond_opt_out'), replaceWaitingProof(ctx, at, true), {
    email: body.email, language: body.language, answer: { kind: 'opt_out' },
  }, proofAfterReplacing(ctx));
}

/**
 * A presigned POST for one proof file at proofs/uploads/{tenant}/{upload_id}: exactly the declared size
 * (1 byte to 10 MB) and type, and the claim item that ties the upload to this tenant (PROOF_UPLOAD#{id},
 * TTL a day).
 */
export async function startProofUpload(respondent: Respondent, body: z.output<typeof proofUploadBody>): Promise<{ upload_id: string } & PresignedUpload> {
  const ctx = await openContext(respondent);
  const uploadId = randomUUID();
  const key = proofUploadFileKey(ctx.tenant.id, uploadId);
  await dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: {
      ...proofUploadKey(uploadId), type: 'proof-upload', upload_id: uploadId, tenant_id: ctx.tenant.id, file_key: key,
      declared_type: body.content_type, declared_size: body.size, created_at: new Date().toISOString(),
      expires_at_epoch: Math.ceil(Date.now() / 1000) + UPLOAD_CLAIM_TTL_S,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  return { upload_id: uploadId, ...(await presignUpload(key, { min: body.size, max: body.size }, body.content_type)) };
}

const NOT_YOUR_UPLOAD = 'This upload was not found. Choose the file and upload it again.';

/** The upload this tenant claimed and has not sent yet (its claim read consistently), or a 4xx. */
async function claimedUpload(tenantId: string, uploadId: string): Promise<ProofUpload> {
  const { Item: claim } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: proofUploadKey(uploadId), ConsistentRead: true }));
  // Another tenant's upload reads exactly as an unknown one.
  if (!claim || claim.tenant_id !== tenantId) throw unprocessable(NOT_YOUR_UPLOAD, 'upload_id');
  if (claim.used_at) throw conflict('This file was already sent. Upload it again to send another proof.', 'upload_id');
  return { key: claim.file_key as string, declaredSize: Number(claim.declared_size) };
}

export async function submitProof(respondent: Respondent, body: z.output<typeof submitProofBody>): Promise<RespondAnswered> {
  const proofId = randomUUID();
  // The proof names the checked copy, never the upload's key (a POST may still write there: proof-file.ts).
  const fileKey = checkedProofKey(respondent.tenant_id, proofId);
  // The upload is claimed, read, checked and copied while the letter's context is read, so the answer
  // waits on the longer of the two rather than both. Only this tenant's own unsent upload is touched, and
  // the refusals are told in the order they always were: the letter's, the expiry, then the upload's.
  const [context, kept] = await Promise.allSettled([
    openContext(respondent),
    claimedUpload(respondent.tenant_id, body.upload_id).then(async (upload) => ({ upload, file: await keepProofCopy(upload, fileKey) })),
  ]);
  const refusal = (): unknown => {
    if (context.status === 'rejected') return context.reason;
    if (body.policy_expiry_date < context.value.today) return unprocessable('The policy has expired. Send proof of a policy that is in force.', 'policy_expiry_date');
    return kept.status === 'rejected' ? kept.reason : null;
  };
  const refused = refusal();
  if (refused !== null || context.status === 'rejected' || kept.status === 'rejected') {
    if (kept.status === 'fulfilled') await discardProofCopy(fileKey);
    throw refused;
  }
  const ctx = context.value;
  const { upload, file } = kept.value;
  const t = ctx.tenant;
  return recordKeptProof(upload, fileKey, (whenWritten) => recordProof(ctx, body, {
    id: proofId, tenant_id: t.id, facility_id: t.facility_id, facility_number: t.facility_number, cycle_id: t.cycle_id,
    first_name: t.first_name, last_name: t.last_name, unit: t.unit, insurer: body.insurer, policy_expiry_date: body.policy_expiry_date,
    ...file, file_key: fileKey, submitted_at: new Date().toISOString(), review: 'waiting', decided_at: null, decided_by: null, reject_reason: null, reject_reason_code: null, reading: null, accepted_facts: null,
  }, whenWritten));
}

/** The tenant's answer with its new proof: the proof, the upload claim marked used, and the waiting list. */
function recordProof(ctx: RespondContext, body: z.output<typeof submitProofBody>, proof: ProofRecord, whenWritten: () => Promise<void>): Promise<RespondAnswered> {
  const t = ctx.tenant;
  const at = proof.submitted_at;
  const replaced = replaceWaitingProof(ctx, at, false);
  return answer(ctx, {
    ...statusChanges('provide_proof', t, ctx.today), provided_proof_date: null, tenant_made_selection: true, waiting_proof_id: proof.id,
  }, tenantWrite(t.id, 'respond_proof'), [
    { Put: { TableName: tableName(), Item: proofItem(proof), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: tableName(), Key: proofUploadKey(body.upload_id),
        ConditionExpression: 'tenant_id = :tenant AND attribute_not_exists(used_at)',
        UpdateExpression: 'SET used_at = :at, proof_id = :proof',
        ExpressionAttributeValues: { ':tenant': t.id, ':at': at, ':proof': proof.id },
      },
    },
    // A waiting proof replaced by this one leaves the list as this one joins it: the count stays.
    ...(replaced.length > 0 ? replaced : [waitingCountBy(1)]),
  ], { email: body.email, language: body.language, answer: { kind: 'proof', policy_expiry_date: body.policy_expiry_date } }, proof, whenWritten);
}
