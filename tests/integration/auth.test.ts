/**
 * Authentication and profile through the real HTTP path: login (with its throttle), sessions, logout,
 * change password and update profile.
 */
import { describe, expect, it } from 'vitest';
import { call, DEMO_FACILITY_ID, DEMO_PASSWORD, login, uniqueName } from './helpers';
import { getUser, makeUser, tokenFor } from './fixtures';
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createSession, expireSession, findSession, hashToken } from '../../functions/auth/sessions';
import { countAttempt, lockRemainingMs } from '../../functions/auth/login-throttle';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '../../shared/constants';
import { verifyPassword } from '../../functions/auth/passwords';

const SESSION_USER_KEYS = ['email', 'facility_id', 'has_changed_password', 'id', 'is_admin', 'is_monitor', 'real_name', 'username'];
const WRONG = 'The username or password is incorrect.';

describe('POST /api/login', () => {
  it.each([
    ['admin', ['admin'], { is_admin: true, is_monitor: false, facility_id: null, has_changed_password: true }],
    ['monitor', ['monitor'], { is_admin: false, is_monitor: true, facility_id: null, has_changed_password: true }],
    ['manager', ['manager'], { is_admin: false, is_monitor: false, facility_id: DEMO_FACILITY_ID, has_changed_password: false }],
  ] as const)('%s gets permissions, a token and the session user', async (username, permissions, flags) => {
    const res = await call('POST', '/api/login', { json: { username, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['permissions', 'token', 'user']);
    expect(res.body.permissions).toEqual(permissions);
    // The user's id, then the secret (functions/auth/sessions.ts).
    expect(res.body.token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(res.body.token.split('.')[0]).toBe(res.body.user.id);
    expect(Object.keys(res.body.user).sort()).toEqual(SESSION_USER_KEYS);
    expect(res.body.user).toMatchObject({ username, ...flags });
    expect(res.body.user.id).toEqual(expect.any(String));
    expect(res.body.user.real_name).toEqual(expect.any(String));
    expect(res.body.user.email).toMatch(/@/);
    expect(res.text).not.toMatch(/password_hash|scrypt|original_password/);
  });

  it('the username is matched without regard to case or surrounding spaces', async () => {
    const res = await call('POST', '/api/login', { json: { username: '  MONITOR ', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('monitor');
  });

  it('a wrong password and an unknown user both answer 401 with the same error', async () => {
    const user = await makeUser();
    const wrong = await call('POST', '/api/login', { json: { username: user.username, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: WRONG });
    const unknown = await call('POST', '/api/login', { json: { username: uniqueName('ghost'), password: DEMO_PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: WRONG });
    expect(wrong.headers.get('x-token-gone')).toBeNull();
  });

  it.each([
    [{}, 'username', 'username is required.'],
    [{ password: 'x' }, 'username', 'username is required.'],
    [{ username: '   ', password: 'x' }, 'username', 'username is required.'],
    [{ username: 'admin' }, 'password', 'password is required.'],
    [{ username: 'admin', password: '' }, 'password', 'password is required.'],
    [{ username: 'admin', password: 42 }, 'password', 'password is required.'],
  ])('missing or empty fields %j answer 422 naming %s', async (body, field, message) => {
    const res = await call('POST', '/api/login', { json: body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: message, field });
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('no body at all is a 422 for username', async () => {
    const res = await call('POST', '/api/login');
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('username');
  });

  it('accepts JSON, urlencoded and multipart forms', async () => {
    const creds = { username: 'monitor', password: DEMO_PASSWORD };
    for (const body of [{ json: creds }, { form: creds }, { multipart: creds }]) {
      const res = await call('POST', '/api/login', body);
      expect(res.status, JSON.stringify(Object.keys(body))).toBe(200);
      expect(res.body.user.username).toBe('monitor');
    }
    const wrong = await call('POST', '/api/login', { multipart: { username: 'monitor', password: 'nope' } });
    expect(wrong.status).toBe(401);
    await login('monitor'); // clears the failure just recorded
  });

  it('a form with a missing field names it too', async () => {
    const res = await call('POST', '/api/login', { form: { username: 'monitor' } });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('password');
  });

  it('malformed JSON answers 400', async () => {
    const res = await call('POST', '/api/login', { raw: { body: '{"username": "admin", ', contentType: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('JSON that is not an object answers 422, not 415', async () => {
    for (const raw of ['"admin"', '[1,2]', '42', 'true']) {
      const res = await call('POST', '/api/login', { raw: { body: raw, contentType: 'application/json' } });
      expect(res.status, raw).toBe(422);
    }
  });

  it('an unsupported content type answers 415', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/octet-stream']) {
      const res = await call('POST', '/api/login', { raw: { body: 'username=admin&password=demo1234', contentType } });
      expect(res.status, contentType).toBe(415);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const none = await call('POST', '/api/login', { raw: { body: '{"username":"admin","password":"demo1234"}' } });
    expect(none.status).toBe(415);
  });
});

describe('login throttle', () => {
  it('five failures lock the username: then 429 even with the right password', async () => {
    const user = await makeUser();
    for (let i = 1; i <= 5; i++) {
      const res = await call('POST', '/api/login', { json: { username: user.username, password: `wrong-${i}` } });
      expect(res.status, `failure ${i}`).toBe(401);
    }
    const locked = await call('POST', '/api/login', { json: { username: user.username, password: DEMO_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed logins\. Try again in 1[45] minutes\./);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // The lock is per username, whatever its case, and leaves other accounts alone.
    expect((await call('POST', '/api/login', { json: { username: user.username.toUpperCase(), password: DEMO_PASSWORD } })).status).toBe(429);
    expect((await call('POST', '/api/login', { json: { username: 'monitor', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('counts an attempt before judging it: of 40 parallel wrong passwords five are judged, the rest refused as locked', async () => {
    const user = await makeUser();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      call('POST', '/api/login', { json: { username: user.username, password: `wrong-${i}` } })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401), 'judged').toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429), 'refused unjudged').toHaveLength(40 - LOGIN_MAX_FAILURES);
  });

  it('a success before the fifth failure resets the count', async () => {
    const user = await makeUser();
    const fail = () => call('POST', '/api/login', { json: { username: user.username, password: 'wrong' } });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    await login(user.username);
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    await login(user.username);
    expect((await fail()).status).toBe(401);
  });

  it('unknown usernames are throttled the same way', async () => {
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/login', { json: { username: ghost, password: 'x' } })).status).toBe(401);
    expect((await call('POST', '/api/login', { json: { username: ghost, password: 'x' } })).status).toBe(429);
  });

  it('the lock ends after 15 minutes, and the count starts afresh', async () => {
    const user = await makeUser();
    const longAgo = Date.now() - LOGIN_LOCK_MS - 60_000;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect(await countAttempt(user.username, longAgo)).toBe(0);
    expect(await lockRemainingMs(user.username, longAgo + 1000)).toBeGreaterThan(0);
    expect(await lockRemainingMs(user.username)).toBe(0);
    expect((await call('POST', '/api/login', { json: { username: user.username, password: 'wrong' } })).status).toBe(401);
    await login(user.username);
  });

  it('invalid input is not counted as a failure', async () => {
    const user = await makeUser();
    for (let i = 0; i < 6; i++) expect((await call('POST', '/api/login', { json: { username: user.username } })).status).toBe(422);
    await login(user.username);
  });
});

/** Moves a session's sliding expiry, as if it had last been used at another time. */
async function setExpiry(sessionId: string, expiresAt: number): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: { pk: `SESSION#${sessionId}`, sk: 'SESSION' },
    UpdateExpression: 'SET expires_at = :e', ExpressionAttributeValues: { ':e': expiresAt },
  }));
}

describe('sessions', () => {
  it('Bearer and X-Authorization are both accepted', async () => {
    const { token } = await login('monitor');
    expect((await call('GET', '/api/users', { token })).status).toBe(200);
    expect((await call('GET', '/api/users', { token, xAuthorization: true })).status).toBe(200);
    expect((await call('GET', '/api/users', { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
  });

  it('no token answers 401', async () => {
    const res = await call('GET', '/api/users');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await call('GET', '/api/users', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
  });

  it('an unknown token answers 401 with x-token-gone', async () => {
    for (const token of ['not-a-token', 'A'.repeat(43), 'x'.repeat(600)]) {
      const res = await call('GET', '/api/users', { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('x-token-gone')).toBe('1');
      const viaX = await call('POST', '/api/update-profile', { token, xAuthorization: true, json: { real_name: 'X' } });
      expect(viaX.status).toBe(401);
      expect(viaX.headers.get('x-token-gone')).toBe('1');
    }
  });

  it('logout revokes the session: the token then answers 401 with x-token-gone', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const other = { token: await tokenFor(user) };
    const out = await call('POST', '/api/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    const after = await call('POST', '/api/update-profile', { token, json: { real_name: 'After logout' } });
    expect(after.status).toBe(401);
    expect(after.headers.get('x-token-gone')).toBe('1');
    expect((await call('POST', '/api/logout', { token })).status).toBe(401);
    expect((await getUser(user.id))!.real_name).toBe(user.real_name);
    // Another session of the same user is untouched.
    expect((await call('POST', '/api/update-profile', { token: other.token, json: { real_name: user.real_name } })).status).toBe(200);
  });

  it('an expired session answers 401 with x-token-gone', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Before' } })).status).toBe(200);
    await expireSession(hashToken(token));
    const res = await call('POST', '/api/update-profile', { token, json: { real_name: 'After' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-token-gone')).toBe('1');
    expect((await getUser(user.id))!.real_name).toBe('Before');
  });

  it('stores only a hash of the token', async () => {
    const { token } = await login('monitor');
    const byHash = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `SESSION#${hashToken(token)}`, sk: 'SESSION' } }));
    expect(byHash.Item).toBeDefined();
    expect(JSON.stringify(byHash.Item)).not.toContain(token);
    const byToken = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `SESSION#${token}`, sk: 'SESSION' } }));
    expect(byToken.Item).toBeUndefined();
  });

  it('slides: a request pushes the expiry to 12 hours from now', async () => {
    const user = await makeUser();
    const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000;
    const { token, session } = await createSession(user.id, twoHoursAgo);
    expect(session.expires_at).toBe(twoHoursAgo + SESSION_TTL_MS);
    const before = Date.now();
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Sliding' } })).status).toBe(200);
    const slid = (await findSession(token))!;
    expect(slid.expires_at).toBeGreaterThanOrEqual(before + SESSION_TTL_MS);
    expect(slid.expires_at).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);
  });

  it('ends 24 hours after sign-in however often it was used: 401 with x-token-gone', async () => {
    const user = await makeUser();
    const signedIn = Date.now() - SESSION_MAX_AGE_MS - 1000;
    const { token, session } = await createSession(user.id, signedIn);
    // Used a minute ago, so its sliding expiry is still hours away; only its age ends it.
    await setExpiry(session.id, Date.now() + SESSION_TTL_MS - 60_000);
    const res = await call('POST', '/api/update-profile', { token, json: { real_name: 'Too old' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-token-gone')).toBe('1');
    expect((await getUser(user.id))!.real_name).toBe(user.real_name);
  });

  it('slides no further than 24 hours after sign-in', async () => {
    const user = await makeUser();
    const signedIn = Date.now() - SESSION_MAX_AGE_MS + 60 * 60 * 1000;
    const { token, session } = await createSession(user.id, signedIn);
    await setExpiry(session.id, Date.now() + 30 * 60 * 1000); // last used 11.5 hours ago
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Last hour' } })).status).toBe(200);
    expect((await findSession(token))!.expires_at).toBe(signedIn + SESSION_MAX_AGE_MS);
  });

  it('does not write the expiry again within a minute', async () => {
    const user = await makeUser();
    const { token, session } = await createSession(user.id);
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Fresh' } })).status).toBe(200);
    expect((await findSession(token))!.expires_at).toBe(session.expires_at);
  });

  it('a token from before tokens named their user still opens its session, read session first', async () => {
    const user = await makeUser();
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await dynamo().send(new PutCommand({
      TableName: tableName(),
      Item: { pk: `SESSION#${hashToken(token)}`, sk: 'SESSION', type: 'session', id: hashToken(token), user_id: user.id, expires_at: now + SESSION_TTL_MS, created_at: now, ends_at: now + SESSION_MAX_AGE_MS },
    }));
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Older token' } })).status).toBe(200);
    expect((await getUser(user.id))!.real_name).toBe('Older token');
  });

  it('a token naming another user than its own, or an unknown one, answers 401 with x-token-gone', async () => {
    const [user, other] = [await makeUser(), await makeUser()];
    const token = await tokenFor(user);
    const secret = token.slice(token.lastIndexOf('.') + 1);
    for (const forged of [`${other.id}.${secret}`, `no-such-user.${secret}`, `.${secret}`, `${user.id}.`]) {
      const res = await call('POST', '/api/update-profile', { token: forged, json: { real_name: 'Forged' } });
      expect(res.status, forged).toBe(401);
      expect(res.headers.get('x-token-gone'), forged).toBe('1');
    }
    expect((await getUser(other.id))!.real_name).toBe(other.real_name);
    expect((await getUser(user.id))!.real_name).toBe(user.real_name);
  });

  it('a session whose user was deleted answers 401 with x-token-gone', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const admin = { token: await tokenFor('admin') };
    expect((await call('DELETE', `/api/users/${user.id}`, { token: admin.token })).status).toBe(200);
    const res = await call('POST', '/api/update-profile', { token, json: { real_name: 'Ghost' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-token-gone')).toBe('1');
  });
});

describe('POST /api/change-password', () => {
  it.each(['', '12345', '  12345  ', '      '])('%j is too short after trimming: 422 and nothing changes', async (password) => {
    const user = await makeUser({ has_changed_password: false });
    const token = await tokenFor(user);
    const res = await call('POST', '/api/change-password', { token, form: { current_password: DEMO_PASSWORD, password } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Password must be at least 6 characters.', field: 'password' });
    const after = (await getUser(user.id))!;
    expect(after.password_hash).toBe(user.password_hash);
    expect(after.has_changed_password).toBe(false);
    expect(after.original_password_sealed).toBe(user.original_password_sealed);
    // The session still works.
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'still here' } })).status).toBe(200);
  });

  it('a missing password is the same 422', async () => {
    const token = await tokenFor(await makeUser());
    const res = await call('POST', '/api/change-password', { token, json: {} });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'Password must be at least 6 characters.', field: 'password' });
  });

  it('changes the password, rotates the session and forgets the generated password', async () => {
    const user = await makeUser({ has_changed_password: false });
    const old = { token: await tokenFor(user) };
    const otherDevice = await tokenFor(user);
    const admin = { token: await tokenFor('admin') };
    const listed = async () => (await call('GET', '/api/users', { token: admin.token, query: { username: user.username } })).body.data[0];
    expect((await listed()).original_password).toBe(DEMO_PASSWORD);

    // The first change after a generated password asks for that one.
    const res = await call('POST', '/api/change-password', { token: old.token, form: { current_password: DEMO_PASSWORD, password: '  n3w-secret  ' } });
    expect(res.status).toBe(200);
    expect(res.body.permissions).toEqual([]);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.token).not.toBe(old.token);
    expect(res.body.user).toMatchObject({ id: user.id, username: user.username, has_changed_password: true });

    const gone = await call('POST', '/api/update-profile', { token: old.token, json: { real_name: 'x' } });
    expect(gone.status).toBe(401);
    expect(gone.headers.get('x-token-gone')).toBe('1');
    expect((await call('POST', '/api/update-profile', { token: res.body.token, json: { real_name: 'New token works' } })).status).toBe(200);
    // Every other session of the user ends too.
    const elsewhere = await call('POST', '/api/update-profile', { token: otherDevice, json: { real_name: 'x' } });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get('x-token-gone')).toBe('1');

    // The value is trimmed before it is stored.
    expect((await call('POST', '/api/login', { json: { username: user.username, password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await call('POST', '/api/login', { json: { username: user.username, password: 'n3w-secret' } })).status).toBe(200);
    expect(await verifyPassword('n3w-secret', (await getUser(user.id))!.password_hash)).toBe(true);

    const row = await listed();
    expect(row.has_changed_password).toBe(true);
    expect(row.original_password).toBeNull();
    expect((await getUser(user.id))!.original_password_sealed).toBeNull();
  });

  it('asks for the current password: missing or wrong answers 422 and changes nothing', async () => {
    const user = await makeUser({ has_changed_password: false });
    const token = await tokenFor(user);
    const otherDevice = await tokenFor(user);
    const missing = await call('POST', '/api/change-password', { token, form: { password: 'n3w-secret' } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: 'Enter your current password.', field: 'current_password' });
    const wrong = await call('POST', '/api/change-password', { token, json: { current_password: 'not-it-at-all', password: 'n3w-secret' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error: 'The current password is incorrect.', field: 'current_password' });
    expect(wrong.headers.get('x-token-gone')).toBeNull();
    const after = (await getUser(user.id))!;
    expect(after).toMatchObject({ password_hash: user.password_hash, has_changed_password: false, sessions_valid_after: 0 });
    for (const t of [token, otherDevice]) expect((await call('POST', '/api/update-profile', { token: t, json: { real_name: 'still here' } })).status).toBe(200);
    await login(user.username); // the wrong guess was counted; a right login clears it
  });

  it('wrong current passwords count toward the login lock: a stolen session cannot guess on', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) {
      const res = await call('POST', '/api/change-password', { token, json: { current_password: `guess-${i}`, password: 'n3w-secret' } });
      expect(res.status, `guess ${i}`).toBe(422);
    }
    const locked = await call('POST', '/api/change-password', { token, json: { current_password: DEMO_PASSWORD, password: 'n3w-secret' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed logins\. Try again in 1[45] minutes\./);
    expect((await call('POST', '/api/login', { json: { username: user.username, password: DEMO_PASSWORD } })).status).toBe(429);
    expect(await verifyPassword(DEMO_PASSWORD, (await getUser(user.id))!.password_hash)).toBe(true);
  });

  it.each(['password1', 'Qwerty123', ' iloveyou '])('%j is one of the commonest passwords: 422 and nothing changes', async (password) => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const res = await call('POST', '/api/change-password', { token, json: { current_password: DEMO_PASSWORD, password } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'This password is too common. Choose one that is harder to guess.', field: 'password' });
    expect((await getUser(user.id))!.password_hash).toBe(user.password_hash);
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'still here' } })).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await call('POST', '/api/change-password', { json: { password: 'whatever1' } });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/update-profile', () => {
  it('changes the real name only and returns the session user', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const res = await call('POST', '/api/update-profile', {
      token, form: { real_name: '  Pat Manager ', username: 'hijack', email: 'hijack@x.example', is_admin: 'true' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['user']);
    expect(Object.keys(res.body.user).sort()).toEqual(SESSION_USER_KEYS);
    expect(res.body.user).toMatchObject({ id: user.id, username: user.username, email: user.email, real_name: 'Pat Manager', is_admin: false });
    const stored = (await getUser(user.id))!;
    expect(stored).toMatchObject({ username: user.username, email: user.email, real_name: 'Pat Manager', is_admin: false });
  });

  it('a missing or too long real name answers 422 and changes nothing', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const missing = await call('POST', '/api/update-profile', { token, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.field).toBe('real_name');
    const long = await call('POST', '/api/update-profile', { token, json: { real_name: 'x'.repeat(201) } });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ field: 'real_name', error: 'real_name must be at most 200 characters.' });
    expect((await getUser(user.id))!.real_name).toBe(user.real_name);
  });

  it('keeps the activity the request itself recorded', async () => {
    const user = await makeUser();
    expect(user.last_active_at).toBeNull();
    const token = await tokenFor(user);
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Active Person' } })).status).toBe(200);
    const stored = (await getUser(user.id))!;
    expect(stored.real_name).toBe('Active Person');
    expect(stored.last_active_at).not.toBeNull();
    expect(Date.now() - Date.parse(stored.last_active_at!)).toBeLessThan(60_000);
  });
});
