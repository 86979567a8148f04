/**
 * One guess at a user's password, through whichever door: the login, or the current password asked
 * before a password change. Both count toward the same per-username lock (login-throttle.ts), so a
 * stolen session cannot guess the current password past five tries either.
 */
import { HttpError } from '../runtime/http-error';
import { clearFailures, countAttempt } from './login-throttle';

/**
 * Counts the attempt before `judge` runs (parallel guesses cannot outrun the lock); a locked username
 * answers 429 whatever the password. `judge` answers what the right password unlocks, or null; a
 * right password clears the count, a wrong one leaves its attempt counted.
 */
export async function passwordAttempt<T>(username: string, judge: () => Promise<T | null>): Promise<T | null> {
  const lockedMs = await countAttempt(username);
  if (lockedMs > 0) {
    const minutes = Math.ceil(lockedMs / 60_000);
    throw new HttpError(429, `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      headers: { 'retry-after': String(Math.ceil(lockedMs / 1000)) },
    });
  }
  const unlocked = await judge();
  if (unlocked !== null) await clearFailures(username);
  return unlocked;
}
