/**
 * Changing one's own password, the one way for both doors (POST /api/change-password and
 * POST /api/users/{own id}): the current password first (after a generated password, that one), then
 * the new one must not be among the commonest. The new hash, the generated password forgotten and
 * `sessions_valid_after` go in one write, which ends every session of the user, a stolen one too; the
 * caller's is replaced by a fresh one, handed back, so the caller stays signed in.
 */
import { CURRENT_PASSWORD_REQUIRED } from '../../shared/contracts/auth';
import { unprocessable } from '../runtime/http-error';
import type { Caller } from '../runtime/route';
import { updateUser } from '../users/user-store';
import type { UserChanges, UserRecord } from '../users/user-store';
import { refuseCommonPassword } from './common-passwords';
import { passwordAttempt } from './password-attempt';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';

export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';

export interface OwnPasswordChange {
  password: string;
  current_password?: string;
}

/**
 * `account` is the caller's record as the route read it (its `updated_at` guards the write); `changes`
 * are the route's other fields, written in the same update.
 */
export async function changeOwnPassword(
  caller: Caller, { password, current_password }: OwnPasswordChange, changes: UserChanges = {}, account: UserRecord = caller.user,
): Promise<{ user: UserRecord; token: string }> {
  if (!current_password) throw unprocessable(CURRENT_PASSWORD_REQUIRED, 'current_password');
  await refuseCommonPassword(password);
  const known = await passwordAttempt(account.username, async () => ((await verifyPassword(current_password, account.password_hash)) ? true : null));
  if (!known) throw unprocessable(WRONG_CURRENT_PASSWORD, 'current_password');
  const user = await updateUser(account, {
    ...changes,
    password_hash: await hashPassword(password),
    has_changed_password: true,
    original_password_sealed: null,
    sessions_valid_after: Date.now(),
  });
  await revokeSession(caller.sessionId);
  const { token } = await createSession(user.id);
  return { user, token };
}
