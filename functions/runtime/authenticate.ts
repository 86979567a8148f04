/**
 * Who is calling: the session token comes as `Authorization: Bearer <token>` or `X-Authorization`.
 * Public routes need none; every other route needs a live session and one of its permissions.
 */
import { hasAnyPermission, permissionsOf } from '../../shared/permissions';
import type { RouteDef } from '../../shared/routes';
import { findSession, slideSession } from '../auth/sessions';
import { getUser, touchLastActive } from '../users/user-store';
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
  // Tenant portal sessions are their own kind (functions/respond): no user's token reaches these routes.
  if (route.access === 'respondent') throw unauthenticated();
  const token = tokenFrom(headers ?? {});
  if (!token) throw unauthenticated();
  const session = await findSession(token);
  if (!session) throw tokenGone();
  const user = await getUser(session.user_id);
  // A password change ends every session started before it.
  if (!user || session.created_at < user.sessions_valid_after) throw tokenGone();
  const permissions = permissionsOf(user);
  if (route.access !== 'session' && !hasAnyPermission(permissions, route.access)) throw forbidden();
  await Promise.all([slideSession(session), touchLastActive(user)]);
  return { user, permissions, sessionId: session.id };
}
