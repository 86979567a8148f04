/**
 * Tenant portal sessions, a kind of their own (docs/decisions.md "Tenant response portal: sessions"):
 *
 *   RSESSION#{sha256(token)} / RSESSION   { tenant_id, facility_id, cycle_id, expires_at }   TTL expires_at_epoch
 *
 * A random 256-bit token goes to the tenant's browser once; only its hash is stored. The session names
 * one tenant and reaches only /api/respond/* (functions/runtime/authenticate.ts): a staff token is never
 * found here, and a tenant token is never found among the user sessions (SESSION#). It lasts
 * RESPONDENT_SESSION_MS from sign-in and is never extended: answering a letter takes minutes.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { hashToken } from '../auth/sessions';

/** 30 minutes from sign-in, not extended by use. */
export const RESPONDENT_SESSION_MS = 30 * 60 * 1000;

/** The tenant a portal request acts for. */
export interface Respondent {
  /** Hash of the session token, to end the session. */
  sessionId: string;
  tenant_id: string;
  facility_id: string;
  cycle_id: string;
  /** Epoch ms */
  expires_at: number;
}

const respondentSessionKey = (id: string) => ({ pk: `RSESSION#${id}`, sk: 'RSESSION' });

export async function createRespondentSession(
  tenant: { id: string; facility_id: string; cycle_id: string }, now = Date.now(),
): Promise<{ token: string; respondent: Respondent }> {
  const token = randomBytes(32).toString('base64url');
  const respondent: Respondent = {
    sessionId: hashToken(token), tenant_id: tenant.id, facility_id: tenant.facility_id, cycle_id: tenant.cycle_id, expires_at: now + RESPONDENT_SESSION_MS,
  };
  await dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: {
      ...respondentSessionKey(respondent.sessionId), type: 'respondent-session',
      tenant_id: respondent.tenant_id, facility_id: respondent.facility_id, cycle_id: respondent.cycle_id,
      expires_at: respondent.expires_at, created_at: now, expires_at_epoch: Math.ceil(respondent.expires_at / 1000),
    },
  }));
  return { token, respondent };
}

/** The live portal session of a token, or null when it is unknown, ended or expired (TTL deletes lazily). */
export async function findRespondentSession(token: string, now = Date.now()): Promise<Respondent | null> {
  const id = hashToken(token);
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: respondentSessionKey(id) }));
  const item = out.Item;
  if (!item || typeof item.expires_at !== 'number' || item.expires_at <= now) return null;
  return { sessionId: id, tenant_id: item.tenant_id, facility_id: item.facility_id, cycle_id: item.cycle_id, expires_at: item.expires_at };
}

export async function endRespondentSession(sessionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: respondentSessionKey(sessionId) }));
}

/** Test and ops hook: ends a portal session now without deleting it, as if its 30 minutes had run out. */
export async function expireRespondentSession(sessionId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: respondentSessionKey(sessionId),
    UpdateExpression: 'SET expires_at = :past',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':past': 0 },
  }));
}
