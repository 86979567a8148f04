/**
 * The one route guard rule (spec: Route table and Guard). Public routes are always open; the login
 * page sends a logged-in user home; everything else needs a token, and a permission list needs one
 * of its permissions (admin passes everywhere).
 */
import { hasAnyPermission } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';

/** public: always open. guest: open, but a logged-in user goes home. session: any logged-in user. */
export type RouteAccess = 'public' | 'guest' | 'session' | readonly Permission[];

/** Where the user must go instead, or null when the route may render. */
export function redirectFor(access: RouteAccess, session: { token: string; permissions: readonly string[] } | null): string | null {
  if (access === 'public') return null;
  if (access === 'guest') return session ? '/' : null;
  if (!session?.token) return '/login';
  if (access === 'session') return null;
  return hasAnyPermission(session.permissions, access) ? null : '/unauthorized';
}
