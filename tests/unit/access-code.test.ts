/**
 * The program's own access codes (shared/access-code.ts, functions/tenants/access-codes.ts): what is
 * generated, how a typed code is read, how a stored one is printed, the portal's address, and the bulk
 * seeds' codes (localstack/seed-access-codes.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, formatAccessCode, normalizeAccessCode, portalUrl, portalUrlWithCode,
} from '../../shared/access-code';
import { ENV } from '../../shared/resources';
import { newAccessCode } from '../../functions/tenants/access-codes';
import { SeedAccessCodes } from '../../localstack/seed-access-codes';

const CODE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`);

describe('the alphabet', () => {
  it('has no look-alikes (0/O, 1/I/L) and no symbol twice; 8 of them make more than 10^11 codes', () => {
    for (const c of '01OIL') expect(ACCESS_CODE_ALPHABET).not.toContain(c);
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(ACCESS_CODE_ALPHABET.length);
    expect(ACCESS_CODE_LENGTH).toBeGreaterThanOrEqual(8);
    expect(ACCESS_CODE_ALPHABET.length ** ACCESS_CODE_LENGTH).toBeGreaterThan(1e11);
  });
});

describe('newAccessCode', () => {
  const codes = Array.from({ length: 20_000 }, newAccessCode);

  it('is 8 symbols of the alphabet, stored as normalized', () => {
    for (const code of codes) {
      expect(code).toMatch(CODE);
      expect(normalizeAccessCode(code)).toBe(code);
    }
  });

  it('uses every symbol in every position about equally (no modulo bias), and does not repeat', () => {
    const expected = codes.length / ACCESS_CODE_ALPHABET.length;
    for (let position = 0; position < ACCESS_CODE_LENGTH; position += 1) {
      const counts = new Map<string, number>();
      for (const code of codes) counts.set(code[position]!, (counts.get(code[position]!) ?? 0) + 1);
      expect(counts.size).toBe(ACCESS_CODE_ALPHABET.length);
      // ~645 each; a binomial's standard deviation is ~25, so ±25% is over 6 of them: never by chance.
      for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('normalizeAccessCode and formatAccessCode', () => {
  it('prints a stored code in two groups of four, and reads it back however it is typed', () => {
    for (const code of Array.from({ length: 200 }, newAccessCode)) {
      const printed = formatAccessCode(code);
      expect(printed).toMatch(/^[^-]{4}-[^-]{4}$/);
      for (const typed of [printed, printed.toLowerCase(), code, ` ${printed.replace('-', ' ')} `, printed.replace('-', ' - ')]) {
        expect(normalizeAccessCode(typed)).toBe(code);
      }
    }
    expect(formatAccessCode('K7PX3M9Q')).toBe('K7PX-3M9Q');
  });

  it('refuses what cannot be a code: wrong length, look-alikes, other symbols', () => {
    for (const typed of ['', 'K7PX-3M9', 'K7PX-3M9QQ', 'K7PX-3M90', 'K7PX-3MOQ', 'K7PX-3M1Q', 'K7PX-3MIQ', 'K7PX-3MLQ', 'K7PX_3M9Q', '4321', '12345678']) {
      expect(normalizeAccessCode(typed)).toBeNull();
    }
  });
});

describe('the portal address', () => {
  it('is the program website with /respond, https unless the setting names a scheme, the QR address with the code in the fragment', () => {
    expect(portalUrl('auditletters.example.com')).toBe('https://auditletters.example.com/respond');
    expect(portalUrl(' https://auditletters.example.com/ ')).toBe('https://auditletters.example.com/respond');
    expect(portalUrlWithCode('https://auditletters.example.com', 'K7PX3M9Q')).toBe('https://auditletters.example.com/respond#code=K7PX-3M9Q');
  });
});

describe('SeedAccessCodes (the bulk seeds)', () => {
  it('draws each tenant a code from its id: the same in another run, never twice in one', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `scale-cycle-1-t${i + 1}`);
    const first = new SeedAccessCodes();
    const codes = ids.map((id) => first.codeFor(id));
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(ids.length);
    const again = new SeedAccessCodes();
    expect(ids.map((id) => again.codeFor(id))).toEqual(codes);
    // The same id asked twice in one run (a collision) gets another code.
    expect(first.codeFor(ids[0]!)).not.toBe(codes[0]);
  });

  it('claims a code with the item the tenant store writes', () => {
    process.env[ENV.table] ??= 'unit-test-table';
    expect(SeedAccessCodes.claimItem('K7PX3M9Q', 't-1')).toEqual({ pk: 'ACCESS#K7PX3M9Q', sk: 'ACCESS', type: 'access-code', tenant_id: 't-1' });
  });
});
