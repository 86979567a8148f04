/**
 * Tenant portal sessions, a kind of their own (docs/decisions.md "Tenant response portal: sessions"):
 *
 *   RSESSION#{sha256(token)} / RSESSION   { tenant_id, facility_id, cycle_id, expires_at, created_at, sign_in_method,
 *                                           sign_in_address, confirmations_sent }   TTL expires_at_epoch
 *
 * A random 256-bit token goes to the tenant's browser once; only its hash is stored. The session names
 * one tenant and reaches only /api/respond/* (functions/runtime/authenticate.ts): a staff token is never
 * found here, and a tenant token is never found among the user sessions (SESSION#). It lasts
 * RESPONDENT_SESSION_MS from sign-in and is never extended: answering a letter takes minutes.
 *
 * The item keeps how it was signed in (the way, the time, the address the runtime saw), which every
 * answer and its history entry carry (security issue 23), and the confirmations it mailed
 * (confirmation-limits.ts).
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { hashToken } from '../auth/sessions';
import type { RespondSignIn } from '../../shared/contracts/respond';

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
  /** How this session was signed in, as the server knows it. */
  signIn: RespondSignIn;
}

/** The session's reference in answers and history: the start of its token's hash, which opens nothing and tells sessions apart. */
const sessionReference = (sessionId: string) => sessionId.slice(0, 16);

export const respondentSessionKey = (id: string) => ({ pk: `RSESSION#${id}`, sk: 'RSESSION' });

/** `address`: the client's address as the runtime sees it (functions/runtime/api-chain.ts clientAddress). */
export async function createRespondentSession(
  tenant: { id: string; facility_id: string; cycle_id: string }, address: string, now = Date.now(),
): Promise<{ token: string; respondent: Respondent }> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = hashToken(token);
  const respondent: Respondent = {
    sessionId, tenant_id: tenant.id, facility_id: tenant.facility_id, cycle_id: tenant.cycle_id, expires_at: now + RESPONDENT_SESSION_MS,
    signIn: { method: 'access_code_and_zip', at: new Date(now).toISOString(), address: address || null, session: sessionReference(sessionId) },
  };
  await dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: {
      ...respondentSessionKey(respondent.sessionId), type: 'respondent-session',
      tenant_id: respondent.tenant_id, facility_id: respondent.facility_id, cycle_id: respondent.cycle_id,
      expires_at: respondent.expires_at, created_at: now, expires_at_epoch: Math.ceil(respondent.expires_at / 1000),
      sign_in_method: respondent.signIn.method, sign_in_address: respondent.signIn.address,
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
  return {
    sessionId: id, tenant_id: item.tenant_id, facility_id: item.facility_id, cycle_id: item.cycle_id, expires_at: item.expires_at,
    // A session written before sign-ins were recorded was signed in the one way there is; its address is unknown.
    signIn: {
      method: 'access_code_and_zip', at: new Date(typeof item.created_at === 'number' ? item.created_at : item.expires_at - RESPONDENT_SESSION_MS).toISOString(),
      address: typeof item.sign_in_address === 'string' ? item.sign_in_address : null, session: sessionReference(id),
    },
  };
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
