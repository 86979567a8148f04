import { describe, expect, it } from 'vitest';
import { coverageStartDate } from '../../shared/coverage-start';

describe('coverageStartDate (one rule for the portal, the manager and staff)', () => {
  const cycle = { letter_effective_date: '2027-01-01' };

  it('a plan chosen before the letter effective date starts on the date the letter promised', () => {
    expect(coverageStartDate(cycle, '2026-11-27')).toBe('2027-01-01');
  });

  it('on or after the letter effective date it starts today (the program\'s day)', () => {
    expect(coverageStartDate(cycle, '2027-01-01')).toBe('2027-01-01');
    expect(coverageStartDate(cycle, '2027-01-15')).toBe('2027-01-15');
  });

  it('a cycle without a letter effective date starts today', () => {
    expect(coverageStartDate({ letter_effective_date: null }, '2026-11-27')).toBe('2026-11-27');
  });

  it('reads a stored date with a time as its day', () => {
    expect(coverageStartDate({ letter_effective_date: '2027-01-01 00:00:00' }, '2026-11-27')).toBe('2027-01-01');
  });

  it('a date the person enters wins, before or after the promise', () => {
    expect(coverageStartDate(cycle, '2026-11-27', '2026-12-05')).toBe('2026-12-05');
    expect(coverageStartDate(cycle, '2027-02-01', '2027-01-10 00:00:00')).toBe('2027-01-10');
    expect(coverageStartDate(cycle, '2026-11-27', null)).toBe('2027-01-01');
  });
});
