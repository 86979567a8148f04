/**
 * Portal sign-in limits (docs/decisions.md "Tenant response portal: guessing"), one TTL item each:
 *
 *   RLIMIT#CODE#{code} / FAILURES               { failures, locks, locked_until }   per access code
 *   RLIMIT#ADDR#{address} / HOUR#{yyyy-MM-ddTHH} { failures }                        per client address and clock hour
 *
 * A code locks after CODE_MAX_FAILURES failures, for CODE_LOCK_MS doubled with each lock it had in the
 * last day (15 min, 30, 1 h, ... at most CODE_LOCK_MAX_MS); a locked code refuses even the right ZIP
 * code. An address is refused for the rest of the hour once it failed ADDRESS_MAX_FAILURES times in it.
 * Modelled on functions/auth/login-throttle.ts, which is a fixed lock per username and stays as the spec
 * describes it; these two differ in key, back-off and window.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';

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

export interface CodeLimit { failures: number; locks: number; lockedUntil: number }

/** The counters a sign-in reads before deciding (two GetItems, the same on every path). */
export async function readLimits(code: string, address: string, now = Date.now()): Promise<{ code: CodeLimit; addressFailures: number }> {
  const [c, a] = await Promise.all([
    dynamo().send(new GetCommand({ TableName: tableName(), Key: codeKey(code) })),
    dynamo().send(new GetCommand({ TableName: tableName(), Key: addressKey(address, now) })),
  ]);
  return {
    code: { failures: Number(c.Item?.failures ?? 0), locks: Number(c.Item?.locks ?? 0), lockedUntil: Number(c.Item?.locked_until ?? 0) },
    addressFailures: Number(a.Item?.failures ?? 0),
  };
}

export const codeLocked = (limit: CodeLimit, now = Date.now()) => limit.lockedUntil > now;
export const addressLocked = (failures: number) => failures >= ADDRESS_MAX_FAILURES;

/** The lock after `locks` earlier ones: 15 minutes, doubled each time, at most a day. */
export const lockLengthMs = (locks: number) => Math.min(CODE_LOCK_MS * 2 ** locks, CODE_LOCK_MAX_MS);

/** One failure of the address in this hour. */
export async function recordAddressFailure(address: string, now = Date.now()): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: addressKey(address, now),
    UpdateExpression: 'ADD failures :one SET expires_at_epoch = :ttl',
    ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil((now + 2 * HOUR_MS) / 1000) },
  }));
}

/**
 * One failure of a code that is not locked; the CODE_MAX_FAILURES-th locks it (and counts afresh, so
 * the first failure after the lock does not relock at once; the next lock is twice as long).
 */
export async function recordCodeFailure(code: string, now = Date.now()): Promise<void> {
  const out = await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: codeKey(code),
    UpdateExpression: 'ADD failures :one SET expires_at_epoch = if_not_exists(expires_at_epoch, :ttl)',
    ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil((now + CODE_MEMORY_MS) / 1000) },
    ReturnValues: 'ALL_NEW',
  }));
  const failures = Number(out.Attributes?.failures ?? 0);
  if (failures < CODE_MAX_FAILURES) return;
  const locks = Number(out.Attributes?.locks ?? 0);
  const until = now + lockLengthMs(locks);
  await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: codeKey(code),
    UpdateExpression: 'SET locked_until = :until, failures = :zero, expires_at_epoch = :ttl ADD #locks :one',
    // Two failures racing to the fifth lock once.
    ConditionExpression: 'failures >= :max',
    ExpressionAttributeNames: { '#locks': 'locks' }, // a reserved word
    ExpressionAttributeValues: { ':until': until, ':zero': 0, ':one': 1, ':max': CODE_MAX_FAILURES, ':ttl': Math.ceil((until + CODE_MEMORY_MS) / 1000) },
  })).catch((e: unknown) => {
    if (!(e instanceof Error && e.name === 'ConditionalCheckFailedException')) throw e;
  });
}

/** A successful sign-in forgets the code's failures (only when it had any: a success writes nothing else). */
export async function clearCodeFailures(code: string, limit: CodeLimit): Promise<void> {
  if (limit.failures === 0 && limit.locks === 0) return;
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: codeKey(code) }));
}
