/**
 * User accounts in the app table (docs/data-model.md):
 *   USER#{id} / PROFILE          the account; gsi1 USERS / {username_lower} lists accounts by username
 *   USERNAME#{lower} / USERNAME  claims a username, so two accounts can never share one
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { conflict, notFound } from '../runtime/http-error';
import { isConditionalCheckFailed, isTransactionCanceled } from '../aws/dynamo-errors';

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  real_name: string;
  password_hash: string;
  is_admin: boolean;
  is_monitor: boolean;
  facility_id: string | null;
  has_changed_password: boolean;
  /** Sealed generated password; removed when the user changes it. */
  original_password_sealed: string | null;
  last_active_at: string | null;
  /** Sessions started before this instant (epoch ms) are over: set when the password changes. */
  sessions_valid_after: number;
  created_at: string;
  updated_at: string;
}

export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
const usernameKey = (username: string) => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'USERNAME' });

export function userFromItem(item: Record<string, NativeAttributeValue>): UserRecord {
  return {
    id: item.id,
    username: item.username,
    email: item.email ?? '',
    real_name: item.real_name ?? '',
    password_hash: item.password_hash,
    is_admin: Boolean(item.is_admin),
    is_monitor: Boolean(item.is_monitor),
    facility_id: item.facility_id ?? null,
    has_changed_password: Boolean(item.has_changed_password),
    original_password_sealed: item.original_password_sealed ?? null,
    last_active_at: item.last_active_at ?? null,
    sessions_valid_after: Number(item.sessions_valid_after ?? 0),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

function toItem(user: UserRecord): Record<string, NativeAttributeValue> {
  return { ...userKey(user.id), gsi1pk: 'USERS', gsi1sk: user.username.toLowerCase(), type: 'user', ...user };
}

export async function getUser(id: string): Promise<UserRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return out.Item ? userFromItem(out.Item) : null;
}

export async function getUserByUsername(username: string): Promise<UserRecord | null> {
  const claim = await dynamo().send(new GetCommand({ TableName: tableName(), Key: usernameKey(username) }));
  return claim.Item ? getUser(claim.Item.user_id as string) : null;
}

export type NewUser = Omit<UserRecord, 'id' | 'created_at' | 'updated_at' | 'last_active_at' | 'sessions_valid_after'> & { id?: string };

/** Creates the account and claims its username in one transaction; a taken username is a 409. */
export async function createUser(input: NewUser): Promise<UserRecord> {
  const now = new Date().toISOString();
  const user: UserRecord = { ...input, id: input.id ?? randomUUID(), last_active_at: null, sessions_valid_after: 0, created_at: now, updated_at: now };
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...usernameKey(user.username), user_id: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }));
  } catch (err) {
    if (isConditionFailure(err)) throw conflict(`The username '${user.username}' is already taken.`, 'username');
    throw err;
  }
  return user;
}

export type UserChanges = Partial<Pick<UserRecord,
  'username' | 'email' | 'real_name' | 'password_hash' | 'is_admin' | 'is_monitor' | 'facility_id' | 'has_changed_password' | 'original_password_sealed' | 'sessions_valid_after'>>;

/**
 * Applies changes to an existing account. A new username moves the claim in the same transaction,
 * so a rename can never leave two accounts with one name or a name with no account.
 */
export async function updateUser(current: UserRecord, changes: UserChanges): Promise<UserRecord> {
  const next: UserRecord = { ...current, ...changes, updated_at: new Date().toISOString() };
  const renamed = next.username.toLowerCase() !== current.username.toLowerCase();
  // Every attribute but the key and last_active_at, which authentication touches on its own: writing
  // the value read before this request's touch would put the activity back.
  const { pk: _pk, sk: _sk, last_active_at: _lastActive, ...item } = toItem(next);
  const fields = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined));
  const names = Object.fromEntries(Object.keys(fields).map((k) => [`#${k}`, k]));
  const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`:${k}`, v]));
  const update = {
    TableName: tableName(),
    Key: userKey(current.id),
    UpdateExpression: `SET ${Object.keys(fields).map((k) => `#${k} = :${k}`).join(', ')}`,
    // Optimistic concurrency: the record must be as we read it.
    ConditionExpression: 'updated_at = :seen',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':seen': current.updated_at },
  };
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [{ Update: update }];
  if (renamed) {
    items.push(
      { Put: { TableName: tableName(), Item: { ...usernameKey(next.username), user_id: next.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: usernameKey(current.username) } },
    );
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (isConditionFailure(err)) {
      if (renamed && (await getUserByUsername(next.username))) throw conflict(`The username '${next.username}' is already taken.`, 'username');
      throw conflict('This user was changed by someone else. Reload and try again.');
    }
    throw err;
  }
  return next;
}

export async function deleteUser(user: UserRecord): Promise<void> {
  await dynamo().send(new TransactWriteCommand({
    TransactItems: [
      { Delete: { TableName: tableName(), Key: userKey(user.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: usernameKey(user.username) } },
    ],
  })).catch((err) => {
    if (isConditionFailure(err)) throw notFound('User not found.');
    throw err;
  });
}

/** Activity is written at most once a minute per user, so reads do not turn into a write each. */
export async function touchLastActive(user: UserRecord, now = new Date()): Promise<void> {
  if (user.last_active_at && now.getTime() - Date.parse(user.last_active_at) < 60_000) return;
  await dynamo().send(new UpdateCommand({
    TableName: tableName(),
    Key: userKey(user.id),
    UpdateExpression: 'SET last_active_at = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':now': now.toISOString() },
  })).catch((err) => {
    if (!isConditionFailure(err)) throw err;
  });
}

/**
 * All accounts in username order. The program has about 300 users (DESIGN.md), so the list Queries
 * the whole USERS index partition and filters and pages in memory; see docs/decisions.md.
 */
export async function listUsers(): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let ExclusiveStartKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :users',
      ExpressionAttributeValues: { ':users': 'USERS' },
      ExclusiveStartKey,
    }));
    users.push(...(out.Items ?? []).map(userFromItem));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return users;
}

/** Refused for any reason: a condition, or a race with another write of the same username or user (answered as the condition would be). */
const isConditionFailure = (err: unknown): boolean => isConditionalCheckFailed(err) || isTransactionCanceled(err);

