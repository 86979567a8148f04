/**
 * A proof of insurance a tenant uploaded on the response portal, and the keys that list it
 * (docs/data-model.md "Proofs"). Written by the portal (functions/respond), decided by staff
 * (functions/proofs, Proof Review).
 *
 *   PROOF#{id} / PROOF                      the proof
 *     gsi1  PROOFS#WAITING / {submitted_at}#{id}                    every waiting proof, oldest first (removed once decided)
 *     gsi2  PROOFS#WAITING#{facility_number} / {submitted_at}#{id}  one facility's waiting proofs (same)
 *     gsi3  PROOFS#TENANT#{tenant_id} / {submitted_at}#{id}         a tenant's proofs, newest last (kept)
 *   PROOFS / WAITING                        { waiting }: the home menu badge, ADDed in the same transaction
 *   PROOF_UPLOAD#{upload_id} / PROOF_UPLOAD  one presigned POST handed to one tenant (TTL: a day)
 *
 * The file: the tenant's browser POSTs it to proofUploadFileKey (uploads bucket, expires in a day); once
 * submitted, its checked bytes are kept at checkedProofKey, which no presigned POST names (functions/
 * respond/proof-file.ts). Private; staff view it through a short-lived presigned GET only.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ProofContentType } from '../../shared/contracts/respond';
import { CHECKED_PROOFS_PREFIX, PROOF_UPLOADS_PREFIX } from '../../shared/resources';
import { tableName } from '../aws/config';
import type { Actor } from '../tenants/tenant-history';
import type { ProofRejectionCode } from '../../shared/proof-rejection';
import type { ProofReadingView } from '../../shared/proof-reading';

/**
 * 'replaced': the tenant answered again (another proof, a plan, an opt-out) before staff decided; the
 * proof leaves the waiting lists as a decided one does, and the portal never shows it as the answer.
 */
/**
 * replaced: the tenant answered again before staff decided. withdrawn: staff gave the tenant another
 * status, or the tenant left the program (archived, removed), before the proof was reviewed.
 */
export type ProofReview = 'waiting' | 'accepted' | 'rejected' | 'replaced' | 'withdrawn';

export interface ProofRecord {
  id: string;
  tenant_id: string;
  facility_id: string;
  facility_number: string;
  cycle_id: string;
  /** As the tenant was listed when it uploaded: staff see whose proof it is without reading the tenant. */
  first_name: string;
  last_name: string | null;
  unit: string;
  insurer: string;
  /** yyyy-MM-dd */
  policy_expiry_date: string;
  /** The type its content was found to be (never the name or the browser's word). */
  content_type: ProofContentType;
  size: number;
  /** The checked copy (checkedProofKey); a proof submitted before copies were kept names its upload's key. */
  file_key: string;
  /** SHA-256 (hex) of the bytes that were checked; null for a proof submitted before it was recorded. */
  sha256: string | null;
  /** ISO time */
  submitted_at: string;
  review: ProofReview;
  decided_at: string | null;
  decided_by: Actor | null;
  /** The reviewer's own words (shown as written), null when only a common reason was chosen. */
  reject_reason: string | null;
  /** The common reason chosen (shared/proof-rejection.ts), said in the tenant's language; null for older proofs. */
  reject_reason_code: ProofRejectionCode | null;
  /** What the proof reader found on the page and the flags it raised (proof-reading.ts); null until read. */
  reading: ProofReadingView | null;
  /** The facts staff accepted the proof with (as read, corrected, or as typed); null unless accepted. */
  accepted_facts: AcceptedFacts | null;
}

/** What a proof was accepted as: its expiry is the tenant's proof expiry. */
export interface AcceptedFacts {
  /** yyyy-MM-dd */
  policy_expiry_date: string;
  insurer: string;
  policy_number: string | null;
}

/** Every proof file of the uploads bucket is under this prefix (staff's link signs no other key). */
export const PROOFS_PREFIX = 'proofs/';
/** Where the tenant's browser POSTs a file: expires in a day unless submitted (shared/resources.ts). */
export const proofUploadFileKey = (tenantId: string, uploadId: string) => `${PROOF_UPLOADS_PREFIX}${tenantId}/${uploadId}`;
/** Where a submitted proof's checked bytes are kept with the tenant's record; no presigned POST names it. */
export const checkedProofKey = (tenantId: string, proofId: string) => `${CHECKED_PROOFS_PREFIX}${tenantId}/${proofId}`;

export const proofKey = (id: string) => ({ pk: `PROOF#${id}`, sk: 'PROOF' });
export const proofUploadKey = (uploadId: string) => ({ pk: `PROOF_UPLOAD#${uploadId}`, sk: 'PROOF_UPLOAD' });
export const WAITING_COUNT_KEY = { pk: 'PROOFS', sk: 'WAITING' } as const;

export const WAITING_PK = 'PROOFS#WAITING';
export const waitingFacilityPk = (facilityNumber: string) => `PROOFS#WAITING#${facilityNumber}`;
export const tenantProofsPk = (tenantId: string) => `PROOFS#TENANT#${tenantId}`;
export const proofSortKey = (p: Pick<ProofRecord, 'submitted_at' | 'id'>) => `${p.submitted_at}#${p.id}`;

/** The stored item of a proof: its index keys follow from its review state. */
export function proofItem({ reading, ...p }: ProofRecord): Record<string, unknown> {
  const sort = proofSortKey(p);
  return {
    // An unread proof has no reading attribute: the reader stores its one reading only where there is none.
    ...proofKey(p.id), type: 'proof', ...p, ...(reading ? { reading } : {}),
    gsi3pk: tenantProofsPk(p.tenant_id), gsi3sk: sort,
    ...(p.review === 'waiting' ? { gsi1pk: WAITING_PK, gsi1sk: sort, gsi2pk: waitingFacilityPk(p.facility_number), gsi2sk: sort } : {}),
  };
}

export function proofFromItem(item: Record<string, unknown>): ProofRecord {
  return {
    id: item.id as string, tenant_id: item.tenant_id as string, facility_id: item.facility_id as string,
    facility_number: item.facility_number as string, cycle_id: item.cycle_id as string,
    first_name: item.first_name as string, last_name: (item.last_name as string | null) ?? null, unit: item.unit as string,
    insurer: item.insurer as string, policy_expiry_date: item.policy_expiry_date as string,
    content_type: item.content_type as ProofContentType, size: Number(item.size), file_key: item.file_key as string,
    sha256: (item.sha256 as string | undefined) ?? null,
    submitted_at: item.submitted_at as string, review: item.review as ProofReview,
    decided_at: (item.decided_at as string | null) ?? null, decided_by: (item.decided_by as Actor | null) ?? null,
    reject_reason: (item.reject_reason as string | null) ?? null,
    reject_reason_code: (item.reject_reason_code as ProofRejectionCode | null | undefined) ?? null,
    reading: (item.reading as ProofReadingView | undefined) ?? null,
    accepted_facts: (item.accepted_facts as AcceptedFacts | undefined) ?? null,
  };
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A waiting proof leaving the waiting lists (accepted, rejected, replaced or withdrawn), for the
 * tenant's own transaction: only while it still waits, so a second decision fails the whole write.
 */
export function proofLeavesWaiting(
  id: string, review: Exclude<ProofReview, 'waiting'>, at: string, by: Actor, reason: string | null = null, reasonCode: ProofRejectionCode | null = null,
  accepted: AcceptedFacts | null = null,
): TransactItem {
  return {
    Update: {
      TableName: tableName(), Key: proofKey(id),
      ConditionExpression: '#review = :waiting',
      UpdateExpression: 'SET #review = :review, decided_at = :at, decided_by = :by, reject_reason = :reason, reject_reason_code = :code, accepted_facts = :accepted REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
      ExpressionAttributeNames: { '#review': 'review' },
      ExpressionAttributeValues: { ':waiting': 'waiting', ':review': review, ':at': at, ':by': by, ':reason': reason, ':code': reasonCode, ':accepted': accepted },
    },
  };
}

/** The waiting count moved by `n`, in the same transaction as the proofs that join or leave the list. */
export const waitingCountBy = (n: number): TransactItem => ({
  Update: { TableName: tableName(), Key: WAITING_COUNT_KEY, UpdateExpression: 'ADD waiting :n', ExpressionAttributeValues: { ':n': n } },
});
