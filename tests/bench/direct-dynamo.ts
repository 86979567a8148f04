/**
 * The DynamoDB operations the measured handlers make, issued directly with the SDK against the same
 * emulator, in the same order and one at a time as the handlers issue them. Read from
 * functions/auth/routes.ts, functions/auth/login-throttle.ts, functions/auth/sessions.ts,
 * functions/runtime/authenticate.ts and functions/users/*.ts; the item keys are spelled out here on
 * purpose, and every read checks it found its item, so a changed key format fails the bench instead
 * of silently timing a miss.
 */
import { createHash, randomBytes, scrypt } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { PAGE_SIZE, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '../../shared/constants';
import { ENV } from '../../shared/resources';

type Item = Record<string, NativeAttributeValue>;

export interface DirectDynamo {
  /** Throttle GetItem, username-claim GetItem, user GetItem, throttle DeleteItem, session PutItem. */
  login: (username: string) => Promise<number>;
  /** Session GetItem, user GetItem, USERS gsi1 Query (all pages), facilities BatchGet when the page has any. */
  listUsers: (token: string) => Promise<number>;
  /** The once-a-minute activity write of authenticate (conditional UpdateItem), for reference. */
  touchActivity: (userId: string) => Promise<number>;
  /** scrypt with the parameters stored in the user's hash: the CPU part of a login. */
  scryptVerify: (username: string, password: string) => Promise<number>;
  /** The USERS gsi1 Query alone (one page), to see how the emulator's index reads scale with the table. */
  queryUsersIndex: () => Promise<number>;
  /** Items in the table (a Scan: bench bookkeeping, never on a request path). */
  countItems: () => Promise<number>;
  readUser: (userId: string) => Promise<Item>;
  readSession: (token: string) => Promise<Item>;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function createDirectDynamo(): DirectDynamo {
  const table = process.env[ENV.table];
  if (!table) throw new Error(`${ENV.table} is not set: start the program first`);
  // The same client settings as functions/aws/clients.ts.
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1' }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const get = async (pk: string, sk: string) => (await doc.send(new GetCommand({ TableName: table, Key: { pk, sk } }))).Item;
  const must = (item: Item | undefined, what: string): Item => {
    if (!item) throw new Error(`direct DynamoDB: ${what} not found; the key format in functions/ changed?`);
    return item;
  };

  const readUser = async (userId: string) => must(await get(`USER#${userId}`, 'PROFILE'), `user ${userId}`);
  const readSession = async (token: string) => must(await get(`SESSION#${sha256(token)}`, 'SESSION'), 'session');

  async function login(username: string): Promise<number> {
    const lower = username.toLowerCase();
    const started = performance.now();
    // The attempt is counted before the password is judged (functions/aws/attempt-lock.ts).
    await doc.send(new UpdateCommand({
      TableName: table, Key: { pk: `LOGIN#${lower}`, sk: 'FAILURES' },
      UpdateExpression: 'ADD failures :one SET expires_at_epoch = :ttl',
      ConditionExpression: '(attribute_not_exists(locked_until) OR locked_until <= :now) AND (attribute_not_exists(failures) OR failures < :last)',
      ExpressionAttributeValues: { ':one': 1, ':now': Date.now(), ':last': 4, ':ttl': Math.ceil(Date.now() / 1000) + 900 },
    }));
    const claim = must(await get(`USERNAME#${lower}`, 'USERNAME'), `username claim ${lower}`);
    const user = must(await get(`USER#${claim.user_id}`, 'PROFILE'), 'user');
    await doc.send(new DeleteCommand({ TableName: table, Key: { pk: `LOGIN#${lower}`, sk: 'FAILURES' } }));
    const now = Date.now();
    const id = sha256(randomBytes(32).toString('base64url'));
    await doc.send(new PutCommand({
      TableName: table,
      Item: {
        pk: `SESSION#${id}`, sk: 'SESSION', type: 'session', id, user_id: user.id, expires_at: now + SESSION_TTL_MS,
        created_at: now, ends_at: now + SESSION_MAX_AGE_MS, expires_at_epoch: Math.ceil((now + SESSION_TTL_MS) / 1000),
      },
    }));
    return performance.now() - started;
  }

  async function listUsers(token: string): Promise<number> {
    const started = performance.now();
    const session = must(await get(`SESSION#${sha256(token)}`, 'SESSION'), 'session');
    must(await get(`USER#${session.user_id}`, 'PROFILE'), 'user');
    const users: Item[] = [];
    let ExclusiveStartKey: Item | undefined;
    do {
      const out = await doc.send(new QueryCommand({
        TableName: table, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :users',
        ExpressionAttributeValues: { ':users': 'USERS' }, ExclusiveStartKey,
      }));
      users.push(...(out.Items ?? []));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    // The handler pages in memory (first page, PAGE_SIZE.users rows) and fetches those rows' facilities.
    const facilityIds = [...new Set(users.slice(0, PAGE_SIZE.users).flatMap((u) => (u.facility_id ? [u.facility_id as string] : [])))];
    if (facilityIds.length > 0) {
      let request: Record<string, { Keys: Item[] }> | undefined = { [table!]: { Keys: facilityIds.map((id) => ({ pk: `FACILITY#${id}`, sk: 'PROFILE' })) } };
      while (request && Object.keys(request).length > 0) {
        const out = await doc.send(new BatchGetCommand({ RequestItems: request }));
        request = out.UnprocessedKeys as typeof request;
      }
    }
    return performance.now() - started;
  }

  async function touchActivity(userId: string): Promise<number> {
    const started = performance.now();
    await doc.send(new UpdateCommand({
      TableName: table, Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, UpdateExpression: 'SET last_active_at = :now',
      ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }));
    return performance.now() - started;
  }

  /** Parameters come from the stored hash (scrypt$N$r$p$salt$hash), so this follows whatever the seed used. */
  const storedHashes = new Map<string, string>();
  async function scryptVerify(username: string, password: string): Promise<number> {
    let stored = storedHashes.get(username);
    if (!stored) {
      const claim = must(await get(`USERNAME#${username.toLowerCase()}`, 'USERNAME'), 'username claim');
      stored = String((await readUser(claim.user_id as string)).password_hash);
      storedHashes.set(username, stored);
    }
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) throw new Error(`unexpected password hash scheme '${scheme}'`);
    const expected = Buffer.from(hash, 'base64');
    const started = performance.now();
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) }, (err, k) => (err ? reject(err) : resolve(k))));
    const ms = performance.now() - started;
    if (!key.equals(expected)) throw new Error('scrypt: the demo password does not match the stored hash');
    return ms;
  }

  async function queryUsersIndex(): Promise<number> {
    const started = performance.now();
    await doc.send(new QueryCommand({
      TableName: table, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :users', ExpressionAttributeValues: { ':users': 'USERS' },
    }));
    return performance.now() - started;
  }

  async function countItems(): Promise<number> {
    let count = 0;
    let ExclusiveStartKey: Item | undefined;
    do {
      const out = await doc.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey }));
      count += out.Count ?? 0;
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return count;
  }

  return { login, listUsers, touchActivity, scryptVerify, queryUsersIndex, countItems, readUser, readSession };
}
