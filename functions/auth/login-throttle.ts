/**
 * Failed-login throttle per username (LOGIN#{username} / FAILURES): after 5 consecutive failures the
 * username is locked for 15 minutes, even for the right password. A success clears the count.
 *
 * A login takes its place in the count before its password is judged (functions/aws/attempt-lock.ts):
 * of any number of parallel attempts at most five are judged; the others are refused as locked.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../shared/constants';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import * as attempts from '../aws/attempt-lock';

const key = (username: string) => ({ pk: `LOGIN#${username.toLowerCase()}`, sk: 'FAILURES' });

/** Milliseconds until the lock ends, or 0 when the username may try. */
export const lockRemainingMs = (username: string, now = Date.now()): Promise<number> => attempts.lockRemainingMs(key(username), now);

/**
 * Counts a login as a failure before it is judged: 0 when it may be judged, else the milliseconds the
 * username stays locked (the attempt was not counted). A right password then clears the count.
 */
export async function countAttempt(username: string, now = Date.now()): Promise<number> {
  const place = await attempts.takePlace({
    key: key(username), max: LOGIN_MAX_FAILURES, now,
    // Failures are forgotten 15 minutes after the last one.
    countTtl: { epoch: Math.ceil((now + LOGIN_LOCK_MS) / 1000), keepFirst: false },
    lockOf: () => ({ until: now + LOGIN_LOCK_MS, ttlEpoch: Math.ceil((now + LOGIN_LOCK_MS) / 1000) }),
  });
  return place.taken ? 0 : place.lockedUntil - now;
}

export async function clearFailures(username: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key(username) }));
}
