/**
 * Proofs that share a policy number or a file with another tenant's (issue 27: "the same policy number,
 * or the same file, already stands on another tenant's proof anywhere in the program"). One key item per
 * read proof and fact, so a proof's twins are one Query of the base table, never a Scan:
 *
 *   PROOF_POLICY#{policy number, letters and digits upper-cased} / PROOF#{proof_id}   { proof_id, tenant_id }
 *   PROOF_FILE#{sha256} / PROOF#{proof_id}                                              { proof_id, tenant_id }
 *
 * A twin "stands" while its proof waits for review or was accepted: a rejected, replaced or withdrawn
 * proof does not vouch for anyone. The items are written before the twins are looked for, so two
 * proofs read at the same moment each find the other.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OtherProof } from '../../shared/proof-reading';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { proofFromItem, proofKey } from './proof-record';
import type { ProofRecord } from './proof-record';

/** Shorter policy numbers ('123') are too common across insurers to mean one policy. */
const MIN_POLICY_KEY_LENGTH = 5;

/** 'HO-123 456 7' and 'ho1234567' are one policy number. */
export function policyNumberKey(policyNumber: string): string | null {
  const key = policyNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key.length >= MIN_POLICY_KEY_LENGTH ? key : null;
}

const policyPk = (key: string) => `PROOF_POLICY#${key}`;
const filePk = (sha256: string) => `PROOF_FILE#${sha256}`;

export interface TwinKeys { policyNumber: string | null; sha256: string | null }

function partitions({ policyNumber, sha256 }: TwinKeys): { policy: string | null; file: string | null } {
  const policy = policyNumber ? policyNumberKey(policyNumber) : null;
  return { policy: policy ? policyPk(policy) : null, file: sha256 ? filePk(sha256) : null };
}

/** Records the proof under its policy number and file hash (idempotent: a second reading puts the same items). */
export async function recordTwinKeys(proof: Pick<ProofRecord, 'id' | 'tenant_id'>, keys: TwinKeys): Promise<void> {
  const { policy, file } = partitions(keys);
  await Promise.all([policy, file].filter((pk): pk is string => pk !== null).map((pk) => dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: { pk, sk: `PROOF#${proof.id}`, type: 'proof-twin', proof_id: proof.id, tenant_id: proof.tenant_id },
  }))));
}

async function proofIdsUnder(pk: string, notTenant: string): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'proof_id, tenant_id', ExclusiveStartKey: start,
    }));
    for (const item of out.Items ?? []) if (item.tenant_id !== notTenant) ids.push(item.proof_id as string);
    start = out.LastEvaluatedKey;
  } while (start);
  return ids;
}

const otherOf = (p: ProofRecord): OtherProof => ({
  proof_id: p.id, tenant_id: p.tenant_id, facility_number: p.facility_number, unit: p.unit,
  name: [p.first_name, p.last_name].filter(Boolean).join(' '), review: p.review,
});

/** Other tenants' standing proofs with the same policy number and with the same file. */
export async function standingTwins(proof: Pick<ProofRecord, 'id' | 'tenant_id'>, keys: TwinKeys): Promise<{ samePolicy: OtherProof[]; sameFile: OtherProof[] }> {
  const { policy, file } = partitions(keys);
  const [policyIds, fileIds] = await Promise.all([
    policy ? proofIdsUnder(policy, proof.tenant_id) : [], file ? proofIdsUnder(file, proof.tenant_id) : [],
  ]);
  const found = new Map((await batchGetItems([...policyIds, ...fileIds].map(proofKey)))
    .map(proofFromItem).filter((p) => p.review === 'waiting' || p.review === 'accepted').map((p) => [p.id, otherOf(p)]));
  const standing = (ids: string[]) => ids.flatMap((id) => found.get(id) ?? []);
  return { samePolicy: standing(policyIds), sameFile: standing(fileIds) };
}
