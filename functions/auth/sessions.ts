/**
 * Sessions: a token goes to the client once, `{user id}.{random 256 bits}`; only its SHA-256 is stored
 * (SESSION#{hash} / SESSION). Expiry slides with use, never past a fixed end 24 hours after sign-in
 * (`ends_at`), and DynamoDB TTL removes dead sessions. The user id in the token is no secret (the random
 * part is); it lets a request read its session and its user in one round trip (runtime/authenticate.ts),
 * and it cannot be changed without changing the hash, so it only ever names the session's own user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '../../shared/constants';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';

export interface SessionRecord {
  id: string;
  user_id: string;
  /** Epoch ms; slides with use, never past ends_at. */
  expires_at: number;
  /** Epoch ms; a session older than its user's sessions_valid_after is over. */
  created_at: number;
  /** Epoch ms, fixed at sign-in: the session is over then however often it is used. */
  ends_at: number;
}

export const sessionKey = (id: string) => ({ pk: `SESSION#${id}`, sk: 'SESSION' });
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Slide the expiry only when a minute has passed since the last slide: one write a minute at most. */
const SLIDE_EVERY_MS = 60_000;

export async function createSession(userId: string, now = Date.now()): Promise<{ token: string; session: SessionRecord }> {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  const ends_at = now + SESSION_MAX_AGE_MS;
  const session: SessionRecord = { id: hashToken(token), user_id: userId, expires_at: Math.min(now + SESSION_TTL_MS, ends_at), created_at: now, ends_at };
  await dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: { ...sessionKey(session.id), type: 'session', ...session, expires_at_epoch: Math.ceil(session.expires_at / 1000) },
  }));
  return { token, session };
}

/**
 * The user a token names before its random part (base64url has no '.'); null for a token without one:
 * those signed in before tokens named their user (2026-12-07), which live at most 24 hours.
 */
export function userIdNamedBy(token: string): string | null {
  const dot = token.lastIndexOf('.');
  return dot > 0 ? token.slice(0, dot) : null;
}

/** The live session for a token, or null when it is unknown, revoked or expired. */
export async function findSession(token: string, now = Date.now()): Promise<SessionRecord | null> {
  const id = hashToken(token);
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: sessionKey(id) }));
  return liveSession(id, out.Item, now);
}

/** The session a stored item holds, or null when there is none or it has ended. */
export function liveSession(id: string, item: Record<string, unknown> | undefined, now = Date.now()): SessionRecord | null {
  if (!item || typeof item.expires_at !== 'number' || item.expires_at <= now) return null;
  const created_at = Number(item.created_at ?? 0);
  // Sessions written before ends_at existed end the same time after their start.
  const ends_at = typeof item.ends_at === 'number' ? item.ends_at : created_at + SESSION_MAX_AGE_MS;
  if (ends_at <= now) return null;
  return { id, user_id: item.user_id as string, expires_at: item.expires_at, created_at, ends_at };
}

export async function slideSession(session: SessionRecord, now = Date.now()): Promise<void> {
  const nextExpiry = Math.min(now + SESSION_TTL_MS, session.ends_at);
  if (nextExpiry - session.expires_at < SLIDE_EVERY_MS) return;
  await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: sessionKey(session.id),
    UpdateExpression: 'SET expires_at = :e, expires_at_epoch = :t',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':e': nextExpiry, ':t': Math.ceil(nextExpiry / 1000) },
  })).catch(() => undefined); // a session revoked meanwhile simply stays revoked
}

export async function revokeSession(sessionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(sessionId) }));
}

/** Test and ops hook: ends a session now without deleting it, as if its time had run out. */
export async function expireSession(sessionId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: sessionKey(sessionId),
    UpdateExpression: 'SET expires_at = :past',
    ExpressionAttributeValues: { ':past': 0 },
  }));
}
