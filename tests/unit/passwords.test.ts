import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, isCommonPassword, refuseCommonPassword } from '../../functions/auth/common-passwords';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from '../../functions/auth/passwords';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

describe('password hashing', () => {
  it('hashes with scrypt and its parameters, never storing the password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('demo1234');
    expect(await verifyPassword('demo1234', hash)).toBe(true);
    expect(await verifyPassword('demo12345', hash)).toBe(false);
    expect(await verifyPassword('Demo1234', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time, and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('a stored value of another scheme or with missing parts never verifies', async () => {
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });

  it('the dummy check always says no', async () => {
    expect(await verifyAgainstDummy('dummy-password-for-timing')).toBe(false);
  });
});

describe('generatePassword', () => {
  it('has 10 characters by default, from the alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).toHaveLength(10);
      for (const ch of pw) expect(ALPHABET).toContain(ch);
      expect(pw).not.toMatch(/[01ilIoO]/);
    }
  });

  it('honours the length and varies', () => {
    expect(generatePassword(24)).toHaveLength(24);
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(seen.size).toBe(50);
  });

  it('uses the whole alphabet', () => {
    const used = new Set(Array.from({ length: 400 }, () => generatePassword()).join(''));
    expect(used.size).toBe(ALPHABET.length);
  });
});

describe('common passwords', () => {
  it.each(['password1', 'Password1', 'QWERTY123', 'iloveyou', '  letmein  ', '12345678', 'secret1'])('%j is one of the commonest', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(true);
    await expect(refuseCommonPassword(pw)).rejects.toMatchObject({ status: 422, message: COMMON_PASSWORD, extra: { field: 'password' } });
  });

  it.each(['demo1234', 'n3w-secret', 'better-secret', 'correct horse battery'])('%j is not', async (pw) => {
    expect(await isCommonPassword(pw)).toBe(false);
    await expect(refuseCommonPassword(pw, 'new_password')).resolves.toBeUndefined();
  });
});
