/**
 * Password hashes share the process with every other request when the local runtime runs the handlers
 * (issue 23, finding 7): scrypt runs on libuv's threadpool (4 threads), and four 16 MB scrypts at once
 * on a 2-core machine leave the event loop no core of its own. At most cores - 1 hashes run at once.
 */
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it, vi } from 'vitest';

const inFlight = vi.hoisted(() => ({ now: 0, max: 0 }));

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  // The real scrypt, counting how many run at once.
  const scrypt = (...args: Parameters<typeof actual.scrypt>) => {
    const done = args.pop() as (err: Error | null, key: Buffer) => void;
    inFlight.now++;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
    try {
      (actual.scrypt as (...a: unknown[]) => void)(...args, (err: Error | null, key: Buffer) => {
        inFlight.now--;
        done(err, key);
      });
    } catch (err) {
      inFlight.now--; // parameters scrypt refuses throw at once
      throw err;
    }
  };
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

// The unit files share one module graph (vitest.config.ts): passwords.ts is loaded afresh, on the
// counting scrypt, and let go after this file so that the next ones load it on the real one.
vi.resetModules();
const { hashPassword, verifyAgainstDummy, verifyPassword } = await import('../../functions/auth/passwords');
afterAll(() => {
  vi.doUnmock('node:crypto');
  vi.resetModules();
});

describe('password hashing lane', () => {
  const lanes = Math.max(1, availableParallelism() - 1);

  it(`runs at most ${lanes} scrypt hash(es) at once, however many are asked for`, async () => {
    inFlight.max = 0;
    const stored = await hashPassword('lane-check');
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => verifyAgainstDummy('unknown user')),
      ...Array.from({ length: 3 }, () => verifyPassword('lane-check', stored)),
      hashPassword('another'),
    ]);
    expect(results.slice(0, 6)).toEqual(Array(6).fill(false));
    expect(results.slice(6, 9)).toEqual([true, true, true]);
    expect(inFlight.max).toBeGreaterThanOrEqual(1);
    expect(inFlight.max).toBeLessThanOrEqual(lanes);
    expect(inFlight.now).toBe(0);
  });

  it('a failing hash frees its lane for the next one', async () => {
    // N must be a power of two: scrypt refuses this stored value, and the lane must not stay taken.
    await expect(verifyPassword('x', 'scrypt$1000$8$1$c2FsdA==$aGFzaA==')).rejects.toThrow();
    expect(await verifyPassword('lane-check', await hashPassword('lane-check'))).toBe(true);
    expect(inFlight.now).toBe(0);
  });
});
