/** Login, logout, password change and profile (spec: Authentication and profile). */
import { AUTH_CONTRACTS } from '../../shared/contracts/auth';
import { HttpError } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { getUserByUsername, updateUser } from '../users/user-store';
import { clearFailures, countAttempt } from './login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { sessionResponseOf, sessionUserOf } from './session-response';
import { createSession, revokeSession } from './sessions';

const WRONG_CREDENTIALS = 'The username or password is incorrect.';

export const authRoutes = {
  'POST /api/login': implement(AUTH_CONTRACTS['POST /api/login'], async ({ body }) => {
    // Counted before the password is judged, so parallel attempts cannot outrun the lock.
    const lockedMs = await countAttempt(body.username);
    if (lockedMs > 0) {
      const minutes = Math.ceil(lockedMs / 60_000);
      throw new HttpError(429, `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        headers: { 'retry-after': String(Math.ceil(lockedMs / 1000)) },
      });
    }
    const user = await getUserByUsername(body.username);
    const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDummy(body.password);
    // A wrong password leaves its attempt counted; a right one clears the count.
    if (!user || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
    await clearFailures(body.username);
    const { token } = await createSession(user.id);
    return { body: sessionResponseOf(user, token) };
  }),

  'POST /api/logout': implement(AUTH_CONTRACTS['POST /api/logout'], async (input) => {
    await revokeSession(requireCaller(input).sessionId);
    return { body: { success: true } };
  }),

  /** A new password ends every session of the user and starts a new one; the generated password is forgotten. */
  'POST /api/change-password': implement(AUTH_CONTRACTS['POST /api/change-password'], async (input) => {
    const caller = requireCaller(input);
    const user = await updateUser(caller.user, {
      password_hash: await hashPassword(input.body.password),
      has_changed_password: true,
      original_password_sealed: null,
      sessions_valid_after: Date.now(),
    });
    await revokeSession(caller.sessionId);
    const { token } = await createSession(user.id);
    return { body: sessionResponseOf(user, token) };
  }),

  'POST /api/update-profile': implement(AUTH_CONTRACTS['POST /api/update-profile'], async (input) => {
    const user = await updateUser(requireCaller(input).user, { real_name: input.body.real_name });
    return { body: { user: sessionUserOf(user) } };
  }),
};
