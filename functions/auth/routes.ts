/** Login, logout, password change and profile (spec: Authentication and profile). */
import { AUTH_CONTRACTS } from '../../shared/contracts/auth';
import { HttpError } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { getUserByUsername, updateUser } from '../users/user-store';
import { changeOwnPassword } from './own-password';
import { passwordAttempt } from './password-attempt';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { sessionResponseOf, sessionUserOf } from './session-response';
import { createSession, revokeSession } from './sessions';

const WRONG_CREDENTIALS = 'The username or password is incorrect.';

export const authRoutes = {
  'POST /api/login': implement(AUTH_CONTRACTS['POST /api/login'], async ({ body }) => {
    // Counted before the password is judged, so parallel attempts cannot outrun the lock.
    const user = await passwordAttempt(body.username, async () => {
      const found = await getUserByUsername(body.username);
      const valid = found ? await verifyPassword(body.password, found.password_hash) : await verifyAgainstDummy(body.password);
      return valid ? found : null;
    });
    // A wrong password leaves its attempt counted.
    if (!user) throw new HttpError(401, WRONG_CREDENTIALS);
    const { token } = await createSession(user.id);
    return { body: sessionResponseOf(user, token) };
  }),

  'POST /api/logout': implement(AUTH_CONTRACTS['POST /api/logout'], async (input) => {
    await revokeSession(requireCaller(input).sessionId);
    return { body: { success: true } };
  }),

  /** A new password ends every session of the user and starts a new one; the generated password is forgotten. */
  'POST /api/change-password': implement(AUTH_CONTRACTS['POST /api/change-password'], async (input) => {
    const { user, token } = await changeOwnPassword(requireCaller(input), input.body);
    return { body: sessionResponseOf(user, token) };
  }),

  'POST /api/update-profile': implement(AUTH_CONTRACTS['POST /api/update-profile'], async (input) => {
    const user = await updateUser(requireCaller(input).user, { real_name: input.body.real_name });
    return { body: { user: sessionUserOf(user) } };
  }),
};
