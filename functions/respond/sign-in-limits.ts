/**
 * Portal sign-in limits (docs/decisions.md "Tenant response portal: guessing"), one TTL item each:
 *
 *   RLIMIT#CODE#{code} / FAILURES               { failures, locks, locked_until }   per access code
 *   RLIMIT#ADDR#{address} / HOUR#{yyyy-MM-ddTHH} { failures }                        per client address and clock hour
 *
 * A code locks after CODE_MAX_FAILURES failures, for CODE_LOCK_MS doubled with each lock it had in the
 * last day (15 min, 30, 1 h, ... at most CODE_LOCK_MAX_MS); a locked code refuses even the right ZIP
 * code. An address is refused for the rest of the hour once it failed ADDRESS_MAX_FAILURES times in it.
 *
 * A sign-in takes its place in both counts BEFORE its ZIP code is judged, each with one conditional
 * write (the code's through functions/aws/attempt-lock.ts, as the staff login's), so parallel guesses
 * cannot all read "not locked" and be judged: at most CODE_MAX_FAILURES per code and
 * ADDRESS_MAX_FAILURES per address and hour are. A failure leaves its places counted; a success clears
 * the code's item and gives the address its place back.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { takePlace, tried } from '../aws/attempt-lock';

export const CODE_MAX_FAILURES = 5;
export const CODE_LOCK_MS = 15 * 60 * 1000;
export const CODE_LOCK_MAX_MS = 24 * 60 * 60 * 1000;
/** How long a code's lock count is remembered after its last lock (the back-off's memory). */
const CODE_MEMORY_MS = 24 * 60 * 60 * 1000;
export const ADDRESS_MAX_FAILURES = 20;
const HOUR_MS = 60 * 60 * 1000;

const codeKey = (code: string) => ({ pk: `RLIMIT#CODE#${code}`, sk: 'FAILURES' });
const hourOf = (now: number) => new Date(now).toISOString().slice(0, 13);
const addressKey = (address: string, now: number) => ({ pk: `RLIMIT#ADDR#${address || 'unknown'}`, sk: `HOUR#${hourOf(now)}` });

/** The lock after `locks` earlier ones: 15 minutes, doubled each time, at most a day. */
export const lockLengthMs = (locks: number) => Math.min(CODE_LOCK_MS * 2 ** locks, CODE_LOCK_MAX_MS);

/** Counts a sign-in against its code before it is judged; false: the code is locked (nothing counted). */
export async function countCodeAttempt(code: string, now = Date.now()): Promise<boolean> {
  const place = await takePlace({
    key: codeKey(code), max: CODE_MAX_FAILURES, now,
    countTtl: { epoch: Math.ceil((now + CODE_MEMORY_MS) / 1000), keepFirst: true },
    lockOf: (locks) => {
      const until = now + lockLengthMs(locks);
      return { until, ttlEpoch: Math.ceil((until + CODE_MEMORY_MS) / 1000) };
    },
  });
  return place.taken;
}

/** Counts a sign-in against its address in this hour before it is judged; false: the address is refused (nothing counted). */
export async function countAddressAttempt(address: string, now = Date.now()): Promise<boolean> {
  return tried(new UpdateCommand({
    TableName: tableName(),
    Key: addressKey(address, now),
    UpdateExpression: 'ADD failures :one SET expires_at_epoch = :ttl',
    ConditionExpression: 'attribute_not_exists(failures) OR failures < :max',
    ExpressionAttributeValues: { ':one': 1, ':max': ADDRESS_MAX_FAILURES, ':ttl': Math.ceil((now + 2 * HOUR_MS) / 1000) },
  }));
}

/** A successful sign-in forgets the code's failures and locks (its own place among them). */
export async function clearCodeFailures(code: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: codeKey(code) }));
}

/** A successful sign-in was no failure of its address: its place is given back (`now`: when it was counted). */
export async function uncountAddressAttempt(address: string, now: number): Promise<void> {
  // Refused when the hour's item expired meanwhile: nothing to give back.
  await tried(new UpdateCommand({
    TableName: tableName(),
    Key: addressKey(address, now),
    UpdateExpression: 'ADD failures :minusOne',
    ConditionExpression: 'failures > :zero',
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  }));
}
