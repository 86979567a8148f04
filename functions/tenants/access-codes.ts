/**
 * The program's own access codes (shared/access-code.ts has the rules; docs/decisions.md "Access codes
 * are the program's own"). Each tenant gets one when it is created, and one item claims the code
 * program-wide, so a code is unique by a conditional write and the portal finds its tenant by key:
 *
 *   ACCESS#{code} / ACCESS     { tenant_id }   put with attribute_not_exists(pk) beside the tenant
 *
 * The item is never deleted, not even when its tenant is archived or removed: a code is never given to
 * another tenant, so an old letter can never open someone else's record.
 */
import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, normalizeAccessCode } from '../../shared/access-code';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';

/** A new random code (crypto.randomInt: uniform over the alphabet, no modulo bias). Uniqueness is the claim's job. */
export function newAccessCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i += 1) code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  return code;
}

export const accessCodeKey = (code: string) => ({ pk: `ACCESS#${code}`, sk: 'ACCESS' });

/** The claim of a code for a tenant, for the tenant's own transaction: refused if any tenant ever had the code. */
export function claimAccessCode(code: string, tenantId: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...accessCodeKey(code), type: 'access-code', tenant_id: tenantId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The tenant a (normalized) code was given to, or null when no tenant ever had it. One GetItem. */
export async function findAccessCode(code: string): Promise<{ tenant_id: string } | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: accessCodeKey(code) }));
  return out.Item ? { tenant_id: out.Item.tenant_id as string } : null;
}

/**
 * Which of these tenants hold a program code of their own: a code whose claim item names the tenant.
 * Not so: no code, an old gate code (not of the alphabet, or of it by chance but never claimed), or a
 * code claimed by another tenant. One BatchGetItem per 100 tenants.
 */
export async function tenantsWithClaimedCode(tenants: readonly { id: string; access_code: string }[]): Promise<Set<string>> {
  const codes = tenants.flatMap((t) => {
    const code = normalizeAccessCode(t.access_code);
    return code === t.access_code ? [code] : [];
  });
  const claims = await batchGetItems(codes.map(accessCodeKey), 'pk, tenant_id');
  const claimedBy = new Map(claims.map((c) => [(c.pk as string).slice('ACCESS#'.length), c.tenant_id as string]));
  return new Set(tenants.filter((t) => claimedBy.get(t.access_code) === t.id).map((t) => t.id));
}
