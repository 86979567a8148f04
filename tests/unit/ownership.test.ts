/**
 * Object-level access rules with resolvers of our own (the facility resolver reads DynamoDB and is
 * covered by the integration suite and the authorization matrix).
 */
import { describe, expect, it } from 'vitest';
import { checkOwnership, hasOwnershipResolver, registerOwnershipResolver } from '../../functions/runtime/ownership';
import { HttpError } from '../../functions/runtime/http-error';
import type { Caller } from '../../functions/runtime/route';
import type { Permission } from '../../shared/permissions';
import type { OwnershipScope } from '../../shared/routes';
import { tokenFrom } from '../../functions/runtime/authenticate';

const caller = (permissions: Permission[], facilityId: string | null): Caller => ({
  permissions,
  sessionId: 's',
  user: {
    id: 'u', username: 'u', email: '', real_name: '', password_hash: '', is_admin: permissions.includes('admin'),
    is_monitor: permissions.includes('monitor'), facility_id: facilityId, has_changed_password: true,
    original_password_sealed: null, last_active_at: null, sessions_valid_after: 0, created_at: '', updated_at: '',
  },
});

const owners: Record<string, string> = { 'cycle-a': 'facility-a', 'cycle-b': 'facility-b' };
registerOwnershipResolver('cycle', async (id) => owners[id] ?? null);

const inPath: OwnershipScope = { kind: 'cycle', from: 'path', name: 'id' };
const inBody: OwnershipScope = { kind: 'cycle', from: 'body', name: 'cycle_id' };
const inQuery: OwnershipScope = { kind: 'cycle', from: 'query', name: 'cycle_id' };
const input = (part: 'params' | 'query' | 'body', value: Record<string, unknown>) => ({ params: {}, query: {}, body: {}, [part]: value });

async function statusOf(promise: Promise<void>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return (err as HttpError).status;
  }
}

describe('checkOwnership', () => {
  const manager = caller(['manager'], 'facility-a');

  it("lets a manager reach its own facility's objects, wherever the id travels", async () => {
    expect(await statusOf(checkOwnership(inPath, input('params', { id: 'cycle-a' }), manager))).toBe(200);
    expect(await statusOf(checkOwnership(inBody, input('body', { cycle_id: 'cycle-a' }), manager))).toBe(200);
    expect(await statusOf(checkOwnership(inQuery, input('query', { cycle_id: 'cycle-a' }), manager))).toBe(200);
  });

  it("refuses another facility's object with 403", async () => {
    expect(await statusOf(checkOwnership(inPath, input('params', { id: 'cycle-b' }), manager))).toBe(403);
    expect(await statusOf(checkOwnership(inBody, input('body', { cycle_id: 'cycle-b' }), manager))).toBe(403);
  });

  it('a missing object is 404, a missing or non-text id 403', async () => {
    expect(await statusOf(checkOwnership(inPath, input('params', { id: 'cycle-zzz' }), manager))).toBe(404);
    expect(await statusOf(checkOwnership(inBody, input('body', {}), manager))).toBe(403);
    expect(await statusOf(checkOwnership(inBody, input('body', { cycle_id: '' }), manager))).toBe(403);
    expect(await statusOf(checkOwnership(inBody, input('body', { cycle_id: ['cycle-a'] }), manager))).toBe(403);
    // The id is read from the scope's own part only.
    expect(await statusOf(checkOwnership(inBody, input('query', { cycle_id: 'cycle-a' }), manager))).toBe(403);
  });

  it('staff reach every facility, without a lookup', async () => {
    for (const staff of [caller(['monitor'], null), caller(['admin'], null), caller(['monitor', 'manager'], 'facility-a')]) {
      expect(await statusOf(checkOwnership(inPath, input('params', { id: 'cycle-b' }), staff))).toBe(200);
      expect(await statusOf(checkOwnership(inPath, input('params', { id: 'cycle-zzz' }), staff))).toBe(200);
    }
  });

  it('a kind without a resolver is a programming error, not a silent pass', async () => {
    expect(hasOwnershipResolver('tenant')).toBe(false);
    await expect(checkOwnership({ kind: 'tenant', from: 'path', name: 'id' }, input('params', { id: 't' }), manager)).rejects.toThrow(/no ownership resolver/);
  });
});

describe('tokenFrom', () => {
  it('reads Authorization: Bearer, any case, or X-Authorization', () => {
    expect(tokenFrom({ authorization: 'Bearer abc' })).toBe('abc');
    expect(tokenFrom({ authorization: 'bearer   abc  ' })).toBe('abc');
    expect(tokenFrom({ 'x-authorization': 'abc' })).toBe('abc');
    expect(tokenFrom({ 'x-authorization': 'Bearer abc' })).toBe('abc');
  });

  it('Authorization wins over X-Authorization', () => {
    expect(tokenFrom({ authorization: 'Bearer one', 'x-authorization': 'two' })).toBe('one');
  });

  it('no token, an empty one or an absurdly long one is none', () => {
    expect(tokenFrom({})).toBeNull();
    expect(tokenFrom({ authorization: '' })).toBeNull();
    expect(tokenFrom({ authorization: 'Bearer ' })).toBeNull();
    expect(tokenFrom({ authorization: `Bearer ${'a'.repeat(513)}` })).toBeNull();
    expect(tokenFrom({ authorization: `Bearer ${'a'.repeat(512)}` })).toBe('a'.repeat(512));
  });
});
