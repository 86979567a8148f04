import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type SecretBox = typeof import('../../functions/auth/secret-box');

/** A fresh module, so its cached key follows the environment of the test. */
async function box(secret: string | undefined): Promise<SecretBox> {
  vi.resetModules();
  if (secret === undefined) vi.stubEnv('APP_SECRET', '');
  else vi.stubEnv('APP_SECRET', secret);
  vi.stubEnv('APP_SECRET_ARN', '');
  return import('../../functions/auth/secret-box');
}

const b64 = (buf: Buffer) => buf.toString('base64');
const parts = (sealed: string) => sealed.split('.').map((s) => Buffer.from(s, 'base64'));

describe('secret box', () => {
  let sb: SecretBox;
  beforeEach(async () => { sb = await box('unit-test-secret'); });
  afterEach(() => { vi.unstubAllEnvs(); });

  it('opens what it sealed', async () => {
    for (const plain of ['Xy7kPq2mNb', '', 'ünïcødé ✓ pässwörd', 'a'.repeat(500)]) {
      expect(await sb.open(await sb.seal(plain))).toBe(plain);
    }
  });

  it('never shows the plain text and seals the same text differently each time', async () => {
    const a = await sb.seal('Xy7kPq2mNb');
    const b = await sb.seal('Xy7kPq2mNb');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Xy7kPq2mNb');
    expect(a).not.toContain(Buffer.from('Xy7kPq2mNb').toString('base64'));
  });

  it('a changed cipher text, iv or tag opens to null', async () => {
    const sealed = await sb.seal('Xy7kPq2mNb');
    const [iv, tag, data] = parts(sealed);
    const flip = (buf: Buffer, i = 0) => { const c = Buffer.from(buf); c[i] = c[i]! ^ 0x01; return c; };
    expect(await sb.open([iv!, tag!, flip(data!)].map(b64).join('.'))).toBeNull();
    expect(await sb.open([flip(iv!), tag!, data!].map(b64).join('.'))).toBeNull();
    expect(await sb.open([iv!, flip(tag!, 15), data!].map(b64).join('.'))).toBeNull();
  });

  it('a shortened authentication tag opens to null', async () => {
    const [iv, tag, data] = parts(await sb.seal('Xy7kPq2mNb'));
    for (const len of [4, 8, 12, 15]) {
      expect(await sb.open([iv!, tag!.subarray(0, len), data!].map(b64).join('.')), `tag of ${len} bytes`).toBeNull();
    }
  });

  it('garbage opens to null', async () => {
    for (const junk of ['', 'abc', 'a.b', 'a.b.c', '...', 'not base64!.??.**']) expect(await sb.open(junk)).toBeNull();
  });

  it('a value sealed under another key opens to null', async () => {
    const sealed = await sb.seal('Xy7kPq2mNb');
    const other = await box('another-secret');
    expect(await other.open(sealed)).toBeNull();
    const same = await box('unit-test-secret');
    expect(await same.open(sealed)).toBe('Xy7kPq2mNb');
  });

  it('without a key it refuses to seal', async () => {
    const none = await box(undefined);
    await expect(none.seal('x')).rejects.toThrow(/APP_SECRET/);
  });
});
