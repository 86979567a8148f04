import * as z from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Cursors = typeof import('../../functions/runtime/cursor');

/** A fresh module, so the key derived from the secret follows the environment of the test. */
async function cursors(secret: string): Promise<Cursors> {
  vi.resetModules();
  vi.stubEnv('APP_SECRET', secret);
  vi.stubEnv('APP_SECRET_ARN', '');
  return import('../../functions/runtime/cursor');
}

const SHAPE = z.strictObject({ p: z.number(), k: z.string() });
const REFUSED = 'cursor is not one this list answered.';

describe('signed cursors', () => {
  let c: Cursors;
  beforeEach(async () => { c = await cursors('unit-test-secret'); });
  afterEach(() => { vi.unstubAllEnvs(); });

  it('opens what it sealed for the same list', async () => {
    const sealed = await c.sealCursor('tenants ["a"]', { p: 2, k: 'x' });
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await c.openCursor('tenants ["a"]', sealed, SHAPE, REFUSED)).toEqual({ p: 2, k: 'x' });
  });

  it('refuses with a 422 on cursor: another list, an edited value or signature, a made-up one, another secret', async () => {
    const sealed = await c.sealCursor('tenants ["a"]', { p: 2, k: 'x' });
    const [payload, signature] = sealed.split('.') as [string, string];
    const edited = Buffer.from(JSON.stringify({ p: 3, k: 'x' })).toString('base64url');
    const otherSecret = await (await cursors('another-secret')).sealCursor('tenants ["a"]', { p: 2, k: 'x' });
    c = await cursors('unit-test-secret');
    for (const [what, list, text] of [
      ['another list', 'tenants ["b"]', sealed],
      ['an edited value', 'tenants ["a"]', `${edited}.${signature}`],
      ['a cut signature', 'tenants ["a"]', `${payload}.${signature.slice(0, 20)}`],
      ['a third part', 'tenants ["a"]', `${sealed}.x`],
      ['unsigned JSON', 'tenants ["a"]', Buffer.from(JSON.stringify({ p: 2, k: 'x' })).toString('base64url')],
      ['a word', 'tenants ["a"]', 'not-a-cursor'],
      ['another secret', 'tenants ["a"]', otherSecret],
    ] as const) {
      await expect(c.openCursor(list, text, SHAPE, REFUSED), what).rejects.toMatchObject({ status: 422, message: REFUSED, extra: { field: 'cursor' } });
    }
  });

  it('refuses a signed value of another shape (a cursor of an older version of the list)', async () => {
    const sealed = await c.sealCursor('tenants', { p: '2' });
    await expect(c.openCursor('tenants', sealed, SHAPE, REFUSED)).rejects.toMatchObject({ status: 422 });
  });
});
