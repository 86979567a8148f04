/**
 * Proof Review's reads and writes of proofs (docs/data-model.md "Proofs"; the item and its keys are
 * proof-record.ts): the waiting list oldest first, the waiting count, one proof by id, a tenant's
 * newest proof, and the two actions a decision adds to the tenant's own transaction (saveTenant's
 * `alongside`), so the tenant, its history, its counters, the proof and the count move together.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { indexPage } from '../aws/newest-first-page';
import type { TransactItem } from '../tenants/tenant-store';
import type { Actor } from '../tenants/tenant-history';
import { WAITING_COUNT_KEY, WAITING_PK, proofFromItem, proofKey, proofLeavesWaiting, tenantProofsPk, waitingCountBy, waitingFacilityPk } from './proof-record';
import type { AcceptedFacts, ProofRecord, ProofReview } from './proof-record';
import type { ProofRejectionCode } from '../../shared/proof-rejection';

export async function getProof(id: string): Promise<ProofRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: proofKey(id), ConsistentRead: true }));
  return out.Item ? proofFromItem(out.Item) : null;
}

/** How many proofs wait for review (the home menu badge; the unfiltered list's exact total). */
export async function waitingCount(): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: WAITING_COUNT_KEY }));
  return Math.max(0, Number(out.Item?.waiting ?? 0));
}

/** The tenant's most recent proof, whatever its review (gsi3, newest last): what the portal shows as the tenant's proof answer. */
export async function newestProofOf(tenantId: string): Promise<ProofRecord | null> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': tenantProofsPk(tenantId) }, ScanIndexForward: false, Limit: 1,
  }));
  const item = out.Items?.[0];
  return item ? proofFromItem(item) : null;
}

export interface WaitingListRequest {
  facilityNumber?: string;
  /** Submitted at or after this instant (ISO). */
  submittedFrom?: string;
  /** Submitted before this instant (ISO). */
  submittedBefore?: string;
  cursor?: string;
  /** Proofs to pass over when a page is asked by number without its cursor. */
  skip?: number;
  perPage: number;
}

/**
 * A page of the waiting proofs, oldest first: one Query of gsi1 (all) or gsi2 (one facility), the
 * submitted range a key condition on the `{submitted_at}#{id}` sort key.
 */
export async function listWaitingProofs(req: WaitingListRequest): Promise<{ rows: ProofRecord[]; nextCursor: string | null }> {
  const facility = req.facilityNumber?.trim();
  const { items, nextCursor } = await indexPage({
    index: facility ? 'gsi2' : 'gsi1', partition: facility ? waitingFacilityPk(facility) : WAITING_PK, order: 'oldest',
    record: { pkPrefix: 'PROOF#', sk: 'PROOF' }, perPage: req.perPage, cursor: req.cursor, skip: req.skip,
    range: { from: req.submittedFrom, before: req.submittedBefore },
  });
  return { rows: items.map(proofFromItem), nextCursor };
}

export interface ProofDecision {
  /** 'replaced' too: a waiting proof that leaves the list because its tenant answered again (or left). */
  review: Exclude<ProofReview, 'waiting'>;
  at: string;
  by: Actor;
  /** Rejections only: the reviewer's words and the common reason chosen. */
  reason: string | null;
  reasonCode?: ProofRejectionCode | null;
  /** Acceptances only: the facts staff accepted the proof with. */
  accepted?: AcceptedFacts | null;
}

/**
 * What a decision adds to the tenant's transaction: the proof's Update, only while it still waits (a
 * second reviewer's decision fails the whole transaction), taking it off both waiting lists; and the
 * waiting count one down. Any way a proof leaves the waiting list can use it (the portal's replacement too).
 */
export function decisionActions(proof: ProofRecord, decision: ProofDecision): TransactItem[] {
  return [proofLeavesWaiting(proof.id, decision.review, decision.at, decision.by, decision.reason, decision.reasonCode ?? null, decision.accepted ?? null), waitingCountBy(-1)];
}
