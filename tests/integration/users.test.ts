/**
 * Manage Users through the real HTTP path: list (filter, pages of 100, activity, facility, generated
 * password), create (admins only), update and delete with their rules. Every refused request is
 * followed by a look at the stored record: bad input never changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_FACILITY_ID, DEMO_PASSWORD, login, uniqueName } from './helpers';
import type { Session } from './helpers';
import { getUser, getUserByUsername, makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { touchLastActive } from '../../functions/users/user-store';
import type { UserRecord } from '../../functions/users/user-store';

const USER_VIEW_KEYS = [
  'days_since', 'email', 'facility', 'facility_id', 'has_changed_password', 'hours_since', 'id', 'is_admin', 'is_monitor',
  'last_active_date', 'minutes_since', 'original_password', 'real_name', 'seconds_since', 'username',
].sort();
const FACILITY_KEYS = ['account_name', 'address', 'city', 'email', 'facility_number', 'id', 'phone', 'state', 'zip_code'].sort();

let admin: Session;
let monitor: Session;
let manager: Session;

beforeAll(async () => {
  [admin, monitor, manager] = await Promise.all([login('admin'), login('monitor'), login('manager')]);
});

/** The stored record is exactly as it was. */
async function expectUnchanged(before: UserRecord): Promise<void> {
  const after = await getUser(before.id);
  expect(after).toEqual({ ...before, last_active_at: after?.last_active_at ?? null });
  expect(after!.updated_at).toBe(before.updated_at);
}

async function listRows(token: string, query: Record<string, string | number> = {}) {
  const res = await call('GET', '/api/users', { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: Record<string, any>[]; pagination: Record<string, number | null> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('GET /api/users', () => {
  it('is for staff: monitor and admin 200, manager 403, nobody 401', async () => {
    expect((await call('GET', '/api/users', { token: monitor.token })).status).toBe(200);
    expect((await call('GET', '/api/users', { token: admin.token })).status).toBe(200);
    const forbidden = await call('GET', '/api/users', { token: manager.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toEqual(expect.any(String));
    expect((await call('GET', '/api/users')).status).toBe(401);
  });

  it('rows carry the user view; never the password hash', async () => {
    const res = await call('GET', '/api/users', { token: monitor.token });
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(USER_VIEW_KEYS);
    expect(res.text).not.toMatch(/password_hash|scrypt\$|original_password_sealed/);
  });

  it('filters by a part of the username, without regard to case', async () => {
    const stem = uniqueName('Filt');
    const a = await makeUser({ username: `${stem}-Alpha` });
    const b = await makeUser({ username: `x${stem.toUpperCase()}-beta` });
    await makeUser({ username: uniqueName('other') });
    const { data, pagination } = await listRows(monitor.token, { username: stem.slice(2).toLowerCase() });
    expect(data.map((u) => u.id)).toEqual([a.id, b.id]);
    expect(pagination).toEqual({ current_page: 1, last_page: 1, per_page: 100, from: 1, to: 2, total: 2 });
    const none = await listRows(monitor.token, { username: `${stem}-nobody` });
    expect(none.data).toEqual([]);
    expect(none.pagination).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
  });

  it('pages 100 users at a time, in username order', async () => {
    const stem = uniqueName('page');
    const created: UserRecord[] = [];
    for (let i = 0; i < 105; i += 15) {
      created.push(...await Promise.all(Array.from({ length: Math.min(15, 105 - i) }, (_, j) => makeUser({ username: `${stem}-${String(i + j).padStart(3, '0')}` }))));
    }
    const first = await listRows(monitor.token, { username: stem });
    expect(first.data).toHaveLength(100);
    expect(first.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 100, from: 1, to: 100, total: 105 });
    expect(first.data[0]!.username).toBe(`${stem}-000`);
    expect(first.data[99]!.username).toBe(`${stem}-099`);
    const second = await listRows(monitor.token, { username: stem, page: 2 });
    expect(second.data.map((u) => u.username)).toEqual(['100', '101', '102', '103', '104'].map((n) => `${stem}-${n}`));
    expect(second.pagination).toEqual({ current_page: 2, last_page: 2, per_page: 100, from: 101, to: 105, total: 105 });
    const past = await listRows(monitor.token, { username: stem, page: 3 });
    expect(past.data).toEqual([]);
    // Without a filter the whole list pages the same way.
    const all = await listRows(admin.token);
    expect(all.data).toHaveLength(100);
    expect(all.pagination.total).toBeGreaterThanOrEqual(108);
    const names = all.data.map((u) => String(u.username).toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it.each([['0', 'page must be 1 or more.'], ['abc', 'page'], ['1.5', 'page']])('page=%s answers 422 naming page', async (page, message) => {
    const res = await call('GET', '/api/users', { token: monitor.token, query: { page } });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('page');
    expect(res.body.error).toContain(message);
  });

  it('shows activity: never, and whole units since the last request', async () => {
    const never = await makeUser();
    const neverRow = (await listRows(monitor.token, { username: never.username })).data[0]!;
    expect(neverRow).toMatchObject({ last_active_date: null, days_since: null, hours_since: null, minutes_since: null, seconds_since: null });

    const active = await makeUser();
    const token = await tokenFor(active);
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: 'Active' } })).status).toBe(200);
    const activeRow = (await listRows(monitor.token, { username: active.username })).data[0]!;
    expect(Date.now() - Date.parse(activeRow.last_active_date)).toBeLessThan(60_000);
    expect(activeRow).toMatchObject({ days_since: 0, hours_since: 0, minutes_since: 0 });
    expect(activeRow.seconds_since).toBeLessThan(60);

    const rogue = await makeUser();
    const when = new Date(Date.now() - (2 * 24 * 60 + 5 * 60 + 7) * 60_000 - 30_000);
    await touchLastActive(rogue, when);
    const rogueRow = (await listRows(monitor.token, { username: rogue.username })).data[0]!;
    expect(rogueRow.last_active_date).toBe(when.toISOString());
    expect(rogueRow).toMatchObject({ days_since: 2, hours_since: 53, minutes_since: 2 * 24 * 60 + 5 * 60 + 7 });
    expect(rogueRow.seconds_since).toBeGreaterThanOrEqual((2 * 24 * 60 + 5 * 60 + 7) * 60 + 30);
  });

  it('shows the facility a manager owns, and null for everyone else', async () => {
    const row = (await listRows(monitor.token, { username: 'manager' })).data.find((u) => u.username === 'manager')!;
    expect(row.facility_id).toBe(DEMO_FACILITY_ID);
    expect(Object.keys(row.facility).sort()).toEqual(FACILITY_KEYS);
    expect(row.facility).toMatchObject({ id: DEMO_FACILITY_ID, facility_number: '1001', account_name: 'Maple Street Self Storage', state: 'IL' });
    const adminRow = (await listRows(monitor.token, { username: 'admin' })).data.find((u) => u.username === 'admin')!;
    expect(adminRow.facility).toBeNull();
    const second = await makeManagerWithFacility();
    const secondRow = (await listRows(monitor.token, { username: second.manager.username })).data[0]!;
    expect(secondRow.facility).toMatchObject({ id: second.facility.id, facility_number: second.facility.facility_number });
  });

  it('shows the generated password only while the user has not changed it', async () => {
    const row = async (username: string) => (await listRows(monitor.token, { username })).data.find((u) => u.username === username)!;
    expect(await row('manager')).toMatchObject({ has_changed_password: false, original_password: DEMO_PASSWORD });
    expect(await row('admin')).toMatchObject({ has_changed_password: true, original_password: null });
    const fresh = await makeUser({ has_changed_password: false });
    expect(await row(fresh.username)).toMatchObject({ has_changed_password: false, original_password: DEMO_PASSWORD });
  });

  it("shows a new staff account's generated password to admins only, so a monitor cannot log in as a new admin", async () => {
    const newAdmin = await makeUser({ is_admin: true, has_changed_password: false });
    const newMonitor = await makeUser({ is_monitor: true, has_changed_password: false });
    for (const staff of [newAdmin, newMonitor]) {
      const seenByMonitor = (await listRows(monitor.token, { username: staff.username })).data[0]!;
      expect(seenByMonitor).toMatchObject({ has_changed_password: false, original_password: null });
      const seenByAdmin = (await listRows(admin.token, { username: staff.username })).data[0]!;
      expect(seenByAdmin).toMatchObject({ has_changed_password: false, original_password: DEMO_PASSWORD });
    }
  });
});

describe('POST /api/users', () => {
  it('an admin creates an account with a generated-password state', async () => {
    const username = uniqueName('new');
    const res = await call('POST', '/api/users', {
      token: admin.token,
      json: { username, password: ' first-pass ', email: ` ${username}@x.example `, real_name: 'New Person', is_monitor: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(username);
    expect(Object.keys(res.body.user).sort()).toEqual(USER_VIEW_KEYS);
    expect(res.body.user).toMatchObject({
      username, email: `${username}@x.example`, real_name: 'New Person', is_admin: false, is_monitor: true, facility_id: null, facility: null,
      has_changed_password: false, original_password: 'first-pass', last_active_date: null,
    });
    const session = await login(username, 'first-pass');
    expect(session.permissions).toEqual(['monitor']);
    expect((await getUserByUsername(username))!.id).toBe(res.body.user.id);
  });

  it('accepts a urlencoded form with checkbox spellings; real name is optional', async () => {
    const username = uniqueName('form');
    const res = await call('POST', '/api/users', {
      token: admin.token, form: { username, password: 'start-pass1', email: `${username}@x.example`, is_admin: 'on', is_monitor: '0' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ is_admin: true, is_monitor: false, real_name: '' });
  });

  it.each([['monitor'], ['manager']] as const)('%s may not create accounts (403) and nothing is created', async (role) => {
    const username = uniqueName('nope');
    const token = role === 'monitor' ? monitor.token : manager.token;
    const res = await call('POST', '/api/users', { token, json: { username, password: 'start-pass1', email: 'a@b.example' } });
    expect(res.status).toBe(403);
    expect(await getUserByUsername(username)).toBeNull();
  });

  it('nobody may create accounts without a session (401)', async () => {
    const username = uniqueName('anon');
    expect((await call('POST', '/api/users', { json: { username, password: 'start-pass1', email: 'a@b.example' } })).status).toBe(401);
    expect(await getUserByUsername(username)).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'email must be a valid email address.'],
    [{ email: undefined }, 'email', 'email is required.'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters.'],
    [{ password: '   123456   '.replace('6', '') }, 'password', 'Password must be at least 6 characters.'],
    [{ username: 'has space' }, 'username', 'username may use letters, digits and . _ @ - only.'],
    [{ username: 'semi;colon' }, 'username', 'username may use letters, digits and . _ @ - only.'],
    [{ username: '' }, 'username', 'username is required.'],
    [{ is_admin: 'maybe' }, 'is_admin', 'is_admin'],
  ])('%j answers 422 naming %s, and nothing is created', async (override, field, message) => {
    const username = uniqueName('val');
    const body = { username, password: 'start-pass1', email: `${username}@x.example`, ...override };
    const res = await call('POST', '/api/users', { token: admin.token, json: body });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(message);
    expect(await getUserByUsername(username)).toBeNull();
    if (typeof body.username === 'string' && body.username) expect(await getUserByUsername(body.username)).toBeNull();
  });

  it('a taken username answers 409, whatever its case, and changes nothing', async () => {
    const existing = await makeUser();
    const res = await call('POST', '/api/users', {
      token: admin.token, json: { username: existing.username.toUpperCase(), password: 'start-pass1', email: 'dupe@x.example', is_admin: true },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ field: 'username' });
    await expectUnchanged(existing);
    expect((await getUserByUsername(existing.username))!.id).toBe(existing.id);
    const listed = await listRows(admin.token, { username: existing.username });
    expect(listed.data).toHaveLength(1);
  });
});

describe('POST /api/users/{id}', () => {
  it('an admin renames an account: the new name logs in, the old one is free', async () => {
    const user = await makeUser();
    const newName = uniqueName('renamed');
    const res = await call('POST', `/api/users/${user.id}`, { token: admin.token, json: { username: newName } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['user']);
    expect(res.body.user).toMatchObject({ id: user.id, username: newName, email: user.email, real_name: user.real_name });
    expect((await login(newName)).user.id).toBe(user.id);
    expect((await call('POST', '/api/login', { json: { username: user.username, password: DEMO_PASSWORD } })).status).toBe(401);
    expect(await getUserByUsername(user.username)).toBeNull();
    const reuse = await makeUser({ username: user.username });
    expect(reuse.id).not.toBe(user.id);
  });

  it('renaming to a taken username answers 409 and changes neither account', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const res = await call('POST', `/api/users/${a.id}`, { token: admin.token, json: { username: b.username.toUpperCase(), real_name: 'Changed' } });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('username');
    await expectUnchanged(a);
    await expectUnchanged(b);
    expect((await getUserByUsername(a.username))!.id).toBe(a.id);
    expect((await getUserByUsername(b.username))!.id).toBe(b.id);
  });

  it('a monitor edits manager and plain accounts, and sending unchanged flags is fine', async () => {
    const user = await makeUser();
    const res = await call('POST', `/api/users/${user.id}`, {
      token: monitor.token, form: { real_name: 'Edited By Monitor', email: 'edited@x.example', is_admin: 'false', is_monitor: 'false', password: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ real_name: 'Edited By Monitor', email: 'edited@x.example', is_admin: false, is_monitor: false });
    expect((await getUser(user.id))!.password_hash).toBe(user.password_hash);
  });

  it('a monitor may not change permission flags (403) and nothing changes', async () => {
    const user = await makeUser();
    for (const body of [{ is_admin: true }, { is_monitor: 'true', real_name: 'x' }]) {
      const res = await call('POST', `/api/users/${user.id}`, { token: monitor.token, json: body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      await expectUnchanged(user);
    }
    const own = await makeUser({ is_monitor: true });
    const ownToken = await tokenFor(own);
    const drop = await call('POST', `/api/users/${own.id}`, { token: ownToken, json: { is_monitor: false } });
    expect(drop.status).toBe(403);
    await expectUnchanged({ ...own, last_active_at: null });
  });

  it("a monitor may not edit another staff account (403), but may edit its own", async () => {
    const otherMonitor = await makeUser({ is_monitor: true });
    const otherAdmin = await makeUser({ is_admin: true });
    for (const target of [otherMonitor, otherAdmin]) {
      const res = await call('POST', `/api/users/${target.id}`, { token: monitor.token, json: { real_name: 'Hijacked', password: 'takeover1' } });
      expect(res.status).toBe(403);
      await expectUnchanged(target);
    }
    const self = await makeUser({ is_monitor: true });
    const token = await tokenFor(self);
    const res = await call('POST', `/api/users/${self.id}`, { token, json: { real_name: 'Me Myself' } });
    expect(res.status).toBe(200);
    expect(res.body.user.real_name).toBe('Me Myself');
  });

  it('an admin may change flags, but not remove its own admin permission (422)', async () => {
    const user = await makeUser();
    const grant = await call('POST', `/api/users/${user.id}`, { token: admin.token, json: { is_monitor: true } });
    expect(grant.status).toBe(200);
    expect((await login(user.username)).permissions).toEqual(['monitor']);

    const self = await makeUser({ is_admin: true });
    const selfToken = await tokenFor(self);
    const before = (await getUser(self.id))!;
    const res = await call('POST', `/api/users/${self.id}`, { token: selfToken, json: { is_admin: false, real_name: 'Not Admin' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ field: 'is_admin', error: 'You cannot remove your own administrator permission.' });
    await expectUnchanged(before);
  });

  it('a password set by staff is a new generated password; one set by oneself is not', async () => {
    const user = await makeUser({ has_changed_password: true });
    const before = await tokenFor(user);
    const res = await call('POST', `/api/users/${user.id}`, { token: monitor.token, json: { password: 'reset-by-staff' } });
    expect(res.status).toBe(200);
    // The reset ends the sessions the user had open.
    const ended = await call('POST', '/api/update-profile', { token: before, json: { real_name: 'x' } });
    expect(ended.status).toBe(401);
    expect(ended.headers.get('x-token-gone')).toBe('1');
    expect(res.body.user).toMatchObject({ has_changed_password: false, original_password: 'reset-by-staff' });
    expect((await call('POST', '/api/login', { json: { username: user.username, password: DEMO_PASSWORD } })).status).toBe(401);
    await login(user.username, 'reset-by-staff');
    const row = (await listRows(monitor.token, { username: user.username })).data[0]!;
    expect(row).toMatchObject({ has_changed_password: false, original_password: 'reset-by-staff' });

    const self = await makeUser({ is_admin: true, has_changed_password: false });
    const selfToken = await tokenFor(self);
    const own = await call('POST', `/api/users/${self.id}`, { token: selfToken, json: { password: 'my-own-choice', current_password: DEMO_PASSWORD } });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ has_changed_password: true, original_password: null });
    expect((await getUser(self.id))!.original_password_sealed).toBeNull();
  });

  it("one's own password changed here ends one's other sessions, as change-password does, and hands back a fresh one", async () => {
    const self = await makeUser({ is_monitor: true });
    const [here, stolen] = [await tokenFor(self), await tokenFor(self)];
    const res = await call('POST', `/api/users/${self.id}`, {
      token: here, json: { password: 'my-own-choice', current_password: DEMO_PASSWORD, real_name: 'Renamed Too' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: self.id, real_name: 'Renamed Too', has_changed_password: true });
    expect(res.body.token).toEqual(expect.any(String));
    for (const old of [stolen, here]) {
      const gone = await call('POST', '/api/update-profile', { token: old, json: { real_name: 'x' } });
      expect(gone.status).toBe(401);
      expect(gone.headers.get('x-token-gone')).toBe('1');
    }
    expect((await call('POST', '/api/update-profile', { token: res.body.token, json: { real_name: 'Still Me' } })).status).toBe(200);
    await login(self.username, 'my-own-choice');
  });

  it("one's own password needs the current one here too: missing or wrong answers 422 and changes nothing", async () => {
    const self = await makeUser({ is_admin: true });
    const token = await tokenFor(self);
    const missing = await call('POST', `/api/users/${self.id}`, { token, json: { password: 'my-own-choice', real_name: 'Changed' } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ field: 'current_password', error: 'Enter your current password.' });
    const wrong = await call('POST', `/api/users/${self.id}`, { token, json: { password: 'my-own-choice', current_password: 'nope-nope', real_name: 'Changed' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ field: 'current_password', error: 'The current password is incorrect.' });
    await expectUnchanged(self);
    expect((await call('POST', '/api/update-profile', { token, json: { real_name: self.real_name } })).status).toBe(200);
    await login(self.username); // clears the counted guess
  });

  it('the commonest passwords are refused when staff set one too', async () => {
    const user = await makeUser();
    const reset = await call('POST', `/api/users/${user.id}`, { token: admin.token, json: { password: 'Password1' } });
    expect(reset.status).toBe(422);
    expect(reset.body).toMatchObject({ field: 'password', error: 'This password is too common. Choose one that is harder to guess.' });
    await expectUnchanged(user);
    const username = uniqueName('common');
    const created = await call('POST', '/api/users', { token: admin.token, json: { username, password: 'qwerty123', email: `${username}@x.example` } });
    expect(created.status).toBe(422);
    expect(created.body.field).toBe('password');
    expect(await getUserByUsername(username)).toBeNull();
  });

  it.each([
    [{ email: 'nope' }, 'email'],
    [{ email: '' }, 'email'],
    [{ username: 'bad name' }, 'username'],
    [{ password: '123' }, 'password'],
    [{ is_monitor: 'perhaps' }, 'is_monitor'],
    [{ real_name: 'x'.repeat(201) }, 'real_name'],
  ])('%j answers 422 naming %s and changes nothing', async (body, field) => {
    const user = await makeUser();
    const res = await call('POST', `/api/users/${user.id}`, { token: admin.token, json: body });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe(field);
    await expectUnchanged(user);
  });

  it('an unknown id answers 404; a manager 403; nobody 401', async () => {
    expect((await call('POST', '/api/users/no-such-user', { token: admin.token, json: { real_name: 'x' } })).status).toBe(404);
    const user = await makeUser();
    expect((await call('POST', `/api/users/${user.id}`, { token: manager.token, json: { real_name: 'x' } })).status).toBe(403);
    expect((await call('POST', `/api/users/${user.id}`, { json: { real_name: 'x' } })).status).toBe(401);
    await expectUnchanged(user);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('nobody deletes their own account (409)', async () => {
    const self = await makeUser({ is_admin: true });
    const token = await tokenFor(self);
    const res = await call('DELETE', `/api/users/${self.id}`, { token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('You cannot delete your own account.');
    await expectUnchanged({ ...(await getUser(self.id))! });
    expect(await getUserByUsername(self.username)).not.toBeNull();
  });

  it('a monitor may not delete a staff account (403)', async () => {
    for (const target of [await makeUser({ is_monitor: true }), await makeUser({ is_admin: true })]) {
      const res = await call('DELETE', `/api/users/${target.id}`, { token: monitor.token });
      expect(res.status).toBe(403);
      await expectUnchanged(target);
    }
  });

  it('a manager who owns a facility cannot be deleted (409)', async () => {
    const { manager: owner, facility } = await makeManagerWithFacility();
    const before = (await getUser(owner.id))!;
    const res = await call('DELETE', `/api/users/${owner.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain(facility.facility_number);
    await expectUnchanged(before);
  });

  it('an unknown id answers 404', async () => {
    expect((await call('DELETE', '/api/users/no-such-user', { token: admin.token })).status).toBe(404);
    expect((await call('DELETE', '/api/users/%E0%A4%A', { token: admin.token })).status).toBe(404);
  });

  it('a manager may not delete accounts (403); nobody 401', async () => {
    const user = await makeUser();
    expect((await call('DELETE', `/api/users/${user.id}`, { token: manager.token })).status).toBe(403);
    expect((await call('DELETE', `/api/users/${user.id}`)).status).toBe(401);
    await expectUnchanged(user);
  });

  it('deletes the account and frees its username', async () => {
    const user = await makeUser();
    const res = await call('DELETE', `/api/users/${user.id}`, { token: monitor.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await getUser(user.id)).toBeNull();
    expect(await getUserByUsername(user.username)).toBeNull();
    expect((await listRows(monitor.token, { username: user.username })).data).toEqual([]);
    expect((await call('DELETE', `/api/users/${user.id}`, { token: monitor.token })).status).toBe(404);
    expect((await call('POST', '/api/login', { json: { username: user.username, password: DEMO_PASSWORD } })).status).toBe(401);
    const again = await call('POST', '/api/users', { token: admin.token, json: { username: user.username, password: 'start-pass1', email: user.email } });
    expect(again.status).toBe(201);
  });
});
