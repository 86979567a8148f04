/**
 * Who is calling: the session token comes as `Authorization: Bearer <token>` or `X-Authorization`.
 * Public routes need none; every other route needs a live session and one of its permissions.
 */
import { hasAnyPermission, permissionsOf } from '../../shared/permissions';
import type { RouteDef } from '../../shared/routes';
import { batchGetItems } from '../aws/batch-get';
import { findSession, hashToken, liveSession, sessionKey, slideSession, userIdNamedBy } from '../auth/sessions';
import type { SessionRecord } from '../auth/sessions';
import { findRespondentSession } from '../respond/respondent-sessions';
import type { Respondent } from '../respond/respondent-sessions';
import { getUser, touchLastActive, userFromItem, userKey } from '../users/user-store';
import type { UserRecord } from '../users/user-store';
import { forbidden, tokenGone, unauthenticated } from './http-error';
import type { Caller } from './route';

export function tokenFrom(headers: Record<string, string | undefined>): string | null {
  const raw = headers['authorization'] ?? headers['x-authorization'];
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 512 ? token : null;
}

export async function authenticate(headers: Record<string, string | undefined> | null, route: RouteDef): Promise<Caller | null> {
  if (route.access === 'public') return null;
  // Respondent routes authenticate with authenticateRespondent; no user's session reaches them.
  if (route.access === 'respondent') throw unauthenticated();
  const token = tokenFrom(headers ?? {});
  if (!token) throw unauthenticated();
  const { session, user } = await sessionAndUser(token);
  // A password change ends every session started before it.
  if (!session || !user || session.user_id !== user.id || session.created_at < user.sessions_valid_after) throw tokenGone();
  const permissions = permissionsOf(user);
  if (route.access !== 'session' && !hasAnyPermission(permissions, route.access)) throw forbidden();
  await Promise.all([slideSession(session), touchLastActive(user)]);
  return { user, permissions, sessionId: session.id };
}

/**
 * The token's session and its user. A token that names its user (auth/sessions.ts) has both read in one
 * BatchGetItem, a round trip less on every request; an older one, its session and then its user.
 */
async function sessionAndUser(token: string): Promise<{ session: SessionRecord | null; user: UserRecord | null }> {
  const named = userIdNamedBy(token);
  if (!named) {
    const session = await findSession(token);
    return { session, user: session ? await getUser(session.user_id) : null };
  }
  const id = hashToken(token);
  const items = await batchGetItems([sessionKey(id), userKey(named)]);
  const sessionItem = items.find((item) => item.sk === 'SESSION');
  const userItem = items.find((item) => item.sk === 'PROFILE');
  return { session: liveSession(id, sessionItem), user: userItem ? userFromItem(userItem) : null };
}

/**
 * A tenant portal request (access 'respondent'): only a live portal session passes. A staff or manager
 * token is not one (its hash names no RSESSION item), so it answers 401 x-token-gone like an expired one;
 * and a portal token is never a user session, so authenticate() above refuses it on every other route.
 */
export async function authenticateRespondent(headers: Record<string, string | undefined> | null): Promise<Respondent> {
  const token = tokenFrom(headers ?? {});
  if (!token) throw unauthenticated();
  const respondent = await findRespondentSession(token);
  if (!respondent) throw tokenGone();
  return respondent;
}
