import { permissionsOf } from '../../shared/permissions';
import type { SessionResponse, SessionUser } from '../../shared/contracts/auth';
import type { UserRecord } from '../users/user-store';

export function sessionUserOf(user: UserRecord): SessionUser {
  return {
    id: user.id,
    username: user.username,
    real_name: user.real_name,
    email: user.email,
    is_admin: user.is_admin,
    is_monitor: user.is_monitor,
    facility_id: user.facility_id,
    has_changed_password: user.has_changed_password,
  };
}

export const sessionResponseOf = (user: UserRecord, token: string): SessionResponse => ({
  permissions: permissionsOf(user),
  token,
  user: sessionUserOf(user),
});
