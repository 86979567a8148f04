/**
 * Letter claims (docs/decisions.md "Letters: no tenant is mailed twice by accident"): a tenant is in at
 * most one letter batch of a type at a time. The generate call claims every tenant of its batch before
 * it queues the job, so a second call naming any of them (a double click, two staff on one facility) is
 * refused with a 409 that names the batch holding them.
 *
 *   LETTER_CLAIM#{letter_type}#{tenant id} / CLAIM   job_id, batch (the job's file stem), created_by,
 *                                                    claimed_at, expires_at (+ TTL expires_at_epoch)
 *
 * Whether a claim still holds is read from its job, only when a claim is in the way: it holds while the
 * job is queued or running, and for FINISHED_MS after the job is done (a call that read the tenants
 * before that batch marked them still cannot take them; `resend` may); a failed job's claims are free,
 * and every claim is free after CLAIM_MS, when SQS has given up on the job even if its worker died
 * without a word. The claims of up to 300 tenants are taken in sorted order, 100 to a transaction; when a
 * later transaction is refused, the ones taken before it are let go again.
 */
import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MailedLetterType } from '../../shared/contracts/letters';
import { LETTER_TYPE_LABELS } from '../../shared/contracts/letters';
import { JOB_QUEUES } from '../../shared/jobs';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { getJob } from '../jobs/job-store';
import type { JobRecord } from '../jobs/job-store';
import { HttpError } from '../runtime/http-error';
import { cancellationReasons, isConditionalCheckFailed } from '../aws/dynamo-errors';

export interface LetterClaim {
  tenant_id: string;
  letter_type: MailedLetterType;
  job_id: string;
  /** The batch's file stem (its PDF is `{batch}.pdf`), the name staff find on Letter Batches. */
  batch: string;
  /** The username of who asked for the batch. */
  created_by: string;
  claimed_at: string;
  expires_at: string;
}

export interface ClaimRequest {
  letterType: MailedLetterType;
  tenantIds: readonly string[];
  jobId: string;
  batch: string;
  createdBy: string;
  /** Staff chose to mail these tenants again: a claim of a batch already done does not stop them. */
  resend: boolean;
  /** Staff checked the tenants (else the call took the first ones ready): how the refusal names them. */
  named: boolean;
}

/** A transaction met claims that still hold: the call is refused. */
class ClaimsHeld extends Error {
  constructor(readonly held: readonly Held[]) {
    super('letter claims held by another batch');
  }
}

const LETTER_QUEUE_DEF = JOB_QUEUES.find((q) => q.name === 'letter-generation')!;
/** Every delivery SQS makes of a job (each hidden for the visibility timeout), and ten minutes more. */
export const CLAIM_MS = (LETTER_QUEUE_DEF.maxReceiveCount * LETTER_QUEUE_DEF.visibilityTimeoutSeconds + 600) * 1000;
/** How long a finished batch keeps its tenants from another batch of the same letter. */
export const FINISHED_MS = 10 * 60_000;
/** A claim whose job record is not there yet belongs to a call still queuing it; after this, to a call that died. */
const QUEUING_MS = 60_000;
/** DynamoDB's limit of actions in one transaction. */
const CLAIMS_PER_TRANSACTION = 100;
/** Tries of one transaction: a retry follows a claim found free on a closer look, or another transaction on the same claims. */
const TRIES = 5;

const claimKey = (type: MailedLetterType, tenantId: string) => ({ pk: `LETTER_CLAIM#${type}#${tenantId}`, sk: 'CLAIM' });

/** Claims every tenant for the job, or none: a tenant held by another batch answers 409 naming it. */
export async function claimTenants(req: ClaimRequest): Promise<void> {
  const ids = [...new Set(req.tenantIds)].sort();
  const taken: string[] = [];
  try {
    for (let i = 0; i < ids.length; i += CLAIMS_PER_TRANSACTION) {
      const group = ids.slice(i, i + CLAIMS_PER_TRANSACTION);
      await claimGroup(req, group);
      taken.push(...group);
    }
  } catch (err) {
    await releaseClaims(req.letterType, taken, req.jobId);
    if (!(err instanceof ClaimsHeld)) throw err;
    // The refusal counts every tenant of the call another batch holds, not only those of the transaction refused.
    const now = new Date();
    const held = (await holdersOf(req.letterType, ids, now)).filter((h) => h.claim.job_id !== req.jobId && holds(h, req.resend));
    throw claimConflict(req, held.length > 0 ? held : err.held, now);
  }
}

/** Lets go of the job's claims (a call that could not queue its job); a claim another job took since is left alone. */
export async function releaseClaims(type: MailedLetterType, tenantIds: readonly string[], jobId: string): Promise<void> {
  for (let i = 0; i < tenantIds.length; i += 25) {
    await Promise.all(tenantIds.slice(i, i + 25).map((id) => dynamo().send(new DeleteCommand({
      TableName: tableName(), Key: claimKey(type, id), ConditionExpression: 'job_id = :job', ExpressionAttributeValues: { ':job': jobId },
    })).catch((err: unknown) => {
      if (!isConditionalCheckFailed(err)) throw err;
    })));
  }
}

/**
 * The tenants whose claim another job holds now (the worker leaves them out). Only possible once the
 * job's own claims ran out (CLAIM_MS) and another call took them.
 */
export async function claimedElsewhere(type: MailedLetterType, tenantIds: readonly string[], jobId: string): Promise<Set<string>> {
  const now = new Date().toISOString();
  const items = await batchGetItems(tenantIds.map((id) => claimKey(type, id)), 'tenant_id, job_id, expires_at');
  return new Set(items.filter((c) => c.job_id !== jobId && String(c.expires_at) > now).map((c) => String(c.tenant_id)));
}

async function claimGroup(req: ClaimRequest, group: readonly string[]): Promise<void> {
  /** Claims found in the way but free (or, with `resend`, of a finished batch): replaced if still as seen. */
  const replaceable = new Map<string, LetterClaim>();
  for (let tried = 1; ; tried += 1) {
    const now = new Date();
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: group.map((id) => claimPut(req, id, now, replaceable.get(id))) }));
      return;
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (!reasons) throw err;
      const inTheWay = group.filter((_, i) => reasons[i] === 'ConditionalCheckFailed');
      const held = inTheWay.length > 0 ? await holdersOf(req.letterType, inTheWay, now) : [];
      const blocking = held.filter((h) => holds(h, req.resend));
      if (blocking.length > 0) throw new ClaimsHeld(blocking);
      if (tried >= TRIES) {
        throw new HttpError(409, 'Another letter batch is being set up for these tenants right now; no letter was generated. Try again in a moment.');
      }
      for (const h of held) replaceable.set(h.claim.tenant_id, h.claim);
      // Another call's transaction on the same claims at the same moment (TransactionConflict): look again shortly.
      if (inTheWay.length === 0) await new Promise((resolve) => setTimeout(resolve, 20 * tried + Math.random() * 30));
    }
  }
}

function claimPut(req: ClaimRequest, tenantId: string, now: Date, seen: LetterClaim | undefined) {
  const expires = new Date(now.getTime() + CLAIM_MS);
  const claim: LetterClaim = {
    tenant_id: tenantId, letter_type: req.letterType, job_id: req.jobId, batch: req.batch, created_by: req.createdBy,
    claimed_at: now.toISOString(), expires_at: expires.toISOString(),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...claimKey(req.letterType, tenantId), type: 'letter_claim', ...claim, expires_at_epoch: Math.ceil(expires.getTime() / 1000) },
      ConditionExpression: `attribute_not_exists(pk) OR expires_at < :now${seen ? ' OR (job_id = :seen_job AND claimed_at = :seen_at)' : ''}`,
      ExpressionAttributeValues: { ':now': now.toISOString(), ...(seen ? { ':seen_job': seen.job_id, ':seen_at': seen.claimed_at } : {}) },
    },
  };
}


type Standing = 'running' | 'finished' | 'free';
interface Held { claim: LetterClaim; standing: Standing; job: JobRecord | null }

/** The claims in the way, read again, each with its job and whether it still holds. */
async function holdersOf(type: MailedLetterType, tenantIds: readonly string[], now: Date): Promise<Held[]> {
  const claims = (await Promise.all(tenantIds.map(async (id) => (await dynamo().send(new GetCommand({
    TableName: tableName(), Key: claimKey(type, id), ConsistentRead: true,
  }))).Item as LetterClaim | undefined))).filter((c): c is LetterClaim => c !== undefined);
  const jobs = new Map(await Promise.all([...new Set(claims.map((c) => c.job_id))].map(async (id) => [id, await getJob(id)] as const)));
  return claims.map((claim) => {
    const job = jobs.get(claim.job_id) ?? null;
    return { claim, job, standing: standingOf(claim, job, now) };
  });
}

/** A claim of a batch still being generated holds; one of a batch just done holds unless staff resend on purpose. */
const holds = (h: Held, resend: boolean) => h.standing === 'running' || (h.standing === 'finished' && !resend);

function standingOf(claim: LetterClaim, job: JobRecord | null, now: Date): Standing {
  if (claim.expires_at < now.toISOString()) return 'free';
  if (!job) return now.getTime() - Date.parse(claim.claimed_at) < QUEUING_MS ? 'running' : 'free';
  if (job.status === 'failed') return 'free';
  if (job.status === 'done') return now.getTime() - Date.parse(job.updated_at) < FINISHED_MS ? 'finished' : 'free';
  return 'running';
}

const minutesAgo = (iso: string, now: Date) => {
  const minutes = Math.floor((now.getTime() - Date.parse(iso)) / 60_000);
  return minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
};

/**
 * '2 of the chosen tenants are already in the Audit letter batch alice started 1 minute ago (1001-initial-
 * 2026-12-01-1a2b3c4d5e6f, still being generated). No letter was generated: …' — how many, and each
 * batch by who started it, when, and the name Letter Batches lists its files under.
 */
function claimConflict(req: ClaimRequest, blocking: readonly Held[], now: Date): HttpError {
  const byJob = new Map<string, Held[]>();
  for (const h of blocking) byJob.set(h.claim.job_id, [...(byJob.get(h.claim.job_id) ?? []), h]);
  const batches = [...byJob.values()].map((held) => {
    const { claim, standing, job } = held[0]!;
    const state = standing === 'running' ? 'still being generated' : `finished ${minutesAgo(job!.updated_at, now)}`;
    return `${claim.created_by} started ${minutesAgo(claim.claimed_at, now)} (${claim.batch}, ${state})`;
  });
  const label = LETTER_TYPE_LABELS[req.letterType];
  const whose = req.named ? 'the chosen tenants' : `the tenants ready for ${req.letterType === 'initial' ? 'an' : 'a'} ${label.toLowerCase()} letter`;
  const which = blocking.length === 1 ? `1 of ${whose} is` : `${blocking.length} of ${whose} are`;
  const where = batches.length === 1 ? `the ${label} letter batch ${batches[0]}` : `${batches.length} ${label} letter batches: ${batches.join('; ')}`;
  const next = blocking.some((h) => h.standing === 'running')
    ? 'wait until it is done (Letter Batches then lists it) before generating these letters again.'
    : 'reload the list; to mail them again on purpose, check them and answer Continue.';
  return new HttpError(409, `${which} already in ${where}. No letter was generated: ${next}`, {
    field: 'tenants', details: blocking.map((h) => ({ id: h.claim.tenant_id, message: `In letter batch ${h.claim.batch}.` })),
  });
}
