/** The tenant portal's pure rules (functions/respond): ZIP codes, file types by content, the lock's back-off, opting out. */
import { describe, expect, it } from 'vitest';
import { proofTypeOf } from '../../functions/respond/proof-file';
import { optOutOffered } from '../../functions/respond/respond-view';
import { CODE_LOCK_MAX_MS, CODE_LOCK_MS, lockLengthMs } from '../../functions/respond/sign-in-limits';
import { zip5 } from '../../functions/respond/sign-in';
import { DEFAULT_OPT_OUT } from '../../shared/reference-data';

describe('zip5', () => {
  it('takes the first five digits as typed or stored, or nothing', () => {
    expect(zip5('62701')).toBe('62701');
    expect(zip5(' 62701-1234 ')).toBe('62701');
    expect(zip5('627011234')).toBe('62701');
    expect(zip5('6270')).toBeNull();
    expect(zip5('')).toBeNull();
  });
});

describe('proofTypeOf', () => {
  it('knows PDF, JPEG and PNG by their first bytes, and nothing else', () => {
    expect(proofTypeOf(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(proofTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(proofTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(proofTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(proofTypeOf(Buffer.from('%PDF'))).toBeNull();
    expect(proofTypeOf(Buffer.from('<html>'))).toBeNull();
    expect(proofTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('lockLengthMs', () => {
  it('doubles from 15 minutes with each lock, at most a day', () => {
    expect([0, 1, 2, 3].map(lockLengthMs)).toEqual([CODE_LOCK_MS, 2 * CODE_LOCK_MS, 4 * CODE_LOCK_MS, 8 * CODE_LOCK_MS]);
    expect(lockLengthMs(20)).toBe(CODE_LOCK_MAX_MS);
  });
});

describe('optOutOffered', () => {
  const pma = DEFAULT_OPT_OUT.pma!;
  it('needs a program that allows it in the state and a lease that does not already require insurance', () => {
    expect(optOutOffered({ state: 'IL', uses_updated_lease_language: true }, pma)).toBe(true);
    expect(optOutOffered({ state: 'IL', uses_updated_lease_language: false }, pma)).toBe(false);
    expect(optOutOffered({ state: 'AZ', uses_updated_lease_language: true }, pma)).toBe(false);
    expect(optOutOffered({ state: 'IL', uses_updated_lease_language: true }, null)).toBe(false);
  });
});
