/**
 * Security issue 23, finding 6: every list paged by cursor takes back only the cursors it answered
 * (functions/runtime/cursor.ts). A made-up, edited or foreign cursor is a 422 on `cursor` on every route
 * of the route table whose query takes a cursor, never a 500; the cursors a list answers still page it.
 * (Real cursors paging tenants, archives, imports and proofs: those lists' own tests.)
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_FACILITY_ID } from './helpers';
import { makeCycle, makeProgramFacility, tenant } from './cycle-fixtures';
import { tokenFor, TEST_WRITE } from './fixtures';
import { dynamo } from '../../functions/aws/clients';
import { sealCursor } from '../../functions/runtime/cursor';
import { recoverableRemoval } from '../../functions/tenants/removed-tenants';
import { createTenants } from '../../functions/tenants/tenant-store';
import { CONTRACTS } from '../../shared/contracts';
import { REMOVED_TENANT_DAYS } from '../../shared/contracts/ledger-checks';
import { ROUTES } from '../../shared/routes';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The routes whose query takes a cursor, as the route table and the contracts say. */
const PAGED = ROUTES.filter((r) => {
  const query = (CONTRACTS as Record<string, { query?: z.ZodType }>)[`${r.method} ${r.path}`]?.query;
  return query instanceof z.ZodObject && 'cursor' in query.shape;
}).map((r) => `${r.method} ${r.path}`);

/** What each paged route needs besides the cursor to be the list that pages by it. */
const CALLS: Record<string, { path: string; query?: Record<string, string> }> = {
  'GET /api/tenants': { path: '/api/tenants' },
  'GET /api/users': { path: '/api/users', query: { tenants: 'true' } },
  'GET /api/facilities/{id}/tenants': { path: `/api/facilities/${DEMO_FACILITY_ID}/tenants` },
  'GET /api/removed-tenants': { path: '/api/removed-tenants' },
  'GET /api/import-history': { path: '/api/import-history' },
  'GET /api/facility-archives': { path: '/api/facility-archives' },
  'GET /api/proof-reviews': { path: '/api/proof-reviews' },
  'GET /api/proofs-expiring': { path: '/api/proofs-expiring' },
};

let admin: string;
beforeAll(async () => { admin = await tokenFor('admin'); });

describe('a cursor the list did not answer', () => {
  it('every paged route of the route table is covered here', () => {
    expect(PAGED.sort()).toEqual(Object.keys(CALLS).sort());
  });

  const forged = async () => [
    // The issue's: a key of no index, in the tenant list's shape.
    ['the tenant list\'s shape, unsigned', b64({ p: 2, seen: 100, k: { pk: 'x' } })],
    ['an index key, unsigned', b64({ pk: 'TENANT#1', sk: 'TENANT', gsi1pk: 'x', gsi1sk: 'y' })],
    ['a word', 'not-a-cursor'],
    ['a signature of another list', await sealCursor('another list', { pk: 'x', sk: 'y' })],
    ['a signed cursor edited', (await sealCursor('another list', { p: 2, seen: 100 })).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))],
    ['empty parts', '.'],
  ] as const;

  it.each(Object.keys(CALLS))('%s answers 422 on cursor and reads nothing with it', async (route) => {
    const { path, query } = CALLS[route]!;
    for (const [what, cursor] of await forged()) {
      const res = await call('GET', path, { token: admin, query: { ...query, page: 2, cursor } });
      expect(res.status, `${what}: ${res.text}`).toBe(422);
      expect(res.body.field, what).toBe('cursor');
      expect(res.body.error, what).toMatch(/^cursor is not one this list answered/);
    }
  });
});

describe('the removed tenants\' cursor', () => {
  /** A facility with `count` removed tenants, the i-th kept copy expiring at `expiryOf(i)` (asked once the tenants exist). */
  async function removedTenants(count: number, expiryOf: (i: number) => number): Promise<string> {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility);
    const made = await createTenants(cycle, Array.from({ length: count }, (_, i) => tenant(null, { facility_number: facility.facility_number, unit: `U${i}` })), TEST_WRITE);
    const expiries = made.map((_, i) => expiryOf(i));
    await Promise.all(made.map(async (t, i) => {
      const { keep } = recoverableRemoval(t, 'moved_out', TEST_WRITE, 'removal-1', new Date(expiries[i]! - REMOVED_TENANT_DAYS * 86_400_000));
      await dynamo().send(new PutCommand(keep.Put as ConstructorParameters<typeof PutCommand>[0]));
    }));
    return facility.facility_number;
  }

  it('pages 101 removed tenants: 100, then 1, by the cursor it answered; a cursor of another facility is refused', async () => {
    const later = Date.now() + 10 * 86_400_000;
    const number = await removedTenants(101, (i) => later - i * 1000);
    const list = (query: Record<string, string | number>) => call('GET', '/api/removed-tenants', { token: admin, query: { facility_number: number, ...query } });
    const first = await list({});
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(100);
    const cursor = first.body.pagination.next_cursor as string;
    const second = await list({ page: 2, cursor });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination).toMatchObject({ current_page: 2, next_cursor: null, from: 101, to: 101 });
    const other = await call('GET', '/api/removed-tenants', { token: admin, query: { page: 2, cursor } });
    expect(other.status, other.text).toBe(422);
  });

  it('a page whose start expired since it was answered is empty, not a DynamoDB error', async () => {
    // 99 kept for days, then two whose copies expire in a few seconds: page 1 ends with one of them.
    let soon = 0;
    const number = await removedTenants(101, (i) => {
      soon ||= Date.now() + 4000;
      return i < 99 ? soon + 10 * 86_400_000 - i * 1000 : soon - i;
    });
    const first = await call('GET', '/api/removed-tenants', { token: admin, query: { facility_number: number } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(100);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soon - Date.now()) + 200));
    const second = await call('GET', '/api/removed-tenants', { token: admin, query: { facility_number: number, page: 2, cursor: first.body.pagination.next_cursor as string } });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toEqual([]);
    expect(second.body.pagination).toMatchObject({ next_cursor: null });
  });
});
