/** Password hashing with scrypt from node:crypto (memory-hard, no native add-on to install). */
import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/**
 * scrypt already runs off the event loop, on libuv's threadpool (4 threads), but every hash costs
 * ~65 ms of a core and 16 MB. A burst of logins (200 unknown usernames, issue 23) filled all 4 threads on
 * a 2-core machine: the local runtime's event loop, which serves every other request, got no core of
 * its own, and other requests waited seconds. So at most cores - 1 hashes run at once and the rest
 * queue here. A Lambda instance serves one request at a time, so deployed this never waits.
 */
const hashLane = pLimit(Math.max(1, availableParallelism() - 1));

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  hashLane(() => new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  ));

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** Format: scrypt$N$r$p$salt(b64)$hash(b64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Generated first passwords for new manager accounts: 10 characters without look-alikes. */
export function generatePassword(length = 10): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
