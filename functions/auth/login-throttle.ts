/**
 * Failed-login throttle per username (LOGIN#{username} / FAILURES): after 5 consecutive failures the
 * username is locked for 15 minutes, even for the right password. A success clears the count.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../shared/constants';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';

const key = (username: string) => ({ pk: `LOGIN#${username.toLowerCase()}`, sk: 'FAILURES' });

/** Milliseconds until the lock ends, or 0 when the username may try. */
export async function lockRemainingMs(username: string, now = Date.now()): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key(username) }));
  const lockedUntil = Number(out.Item?.locked_until ?? 0);
  return lockedUntil > now ? lockedUntil - now : 0;
}

export async function recordFailure(username: string, now = Date.now()): Promise<void> {
  const out = await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: key(username),
    UpdateExpression: 'ADD failures :one SET expires_at_epoch = :ttl',
    ExpressionAttributeValues: { ':one': 1, ':ttl': Math.ceil((now + LOGIN_LOCK_MS) / 1000) },
    ReturnValues: 'ALL_NEW',
  }));
  if (Number(out.Attributes?.failures) >= LOGIN_MAX_FAILURES) {
    // Lock and start counting afresh, so the next failure after the lock ends does not relock at once.
    await dynamo().send(new UpdateCommand({
      TableName: tableName(),
      Key: key(username),
      UpdateExpression: 'SET locked_until = :until, failures = :zero',
      ExpressionAttributeValues: { ':until': now + LOGIN_LOCK_MS, ':zero': 0 },
    }));
  }
}

export async function clearFailures(username: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key(username) }));
}
