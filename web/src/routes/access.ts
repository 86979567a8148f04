/**
 * The one route guard rule (spec: Route table and Guard). Public routes are always open; the login
 * page sends a logged-in user home, or back to the page its `next` names; everything else needs a
 * token, and a permission list needs one of its permissions (admin passes everywhere). A visitor without
 * a token goes to /login with the page (and its query) to return to.
 */
import { hasAnyPermission } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';
import { afterLoginPath, loginPathFor } from '../../../shared/return-path';

/** public: always open. guest: open, but a logged-in user goes on. session: any logged-in user. */
export type RouteAccess = 'public' | 'guest' | 'session' | readonly Permission[];

/** Where the user must go instead, or null when the route may render. */
export function redirectFor(
  access: RouteAccess,
  session: { token: string; permissions: readonly string[] } | null,
  location: { pathname: string; search: string },
): string | null {
  if (access === 'public') return null;
  if (access === 'guest') return session ? afterLoginPath(location.search) : null;
  if (!session?.token) return loginPathFor(location);
  if (access === 'session') return null;
  return hasAnyPermission(session.permissions, access) ? null : '/unauthorized';
}
