/** countOf (shared/format.ts): a count and its noun, singular for one (issue 24: no '1 tenants'). */
import { describe, expect, it } from 'vitest';
import { countOf } from '../../shared/format';

describe('countOf', () => {
  it('is singular for one and plural otherwise, zero included', () => {
    expect(countOf(1, 'tenant')).toBe('1 tenant');
    expect(countOf(0, 'tenant')).toBe('0 tenants');
    expect(countOf(18, 'tenant')).toBe('18 tenants');
  });

  it('groups thousands and takes an irregular plural', () => {
    expect(countOf(1200, 'tenant')).toBe('1,200 tenants');
    expect(countOf(2, 'facility', 'facilities')).toBe('2 facilities');
    expect(countOf(1, 'facility', 'facilities')).toBe('1 facility');
  });
});
