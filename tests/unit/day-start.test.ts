/** startOfDayIn (shared/format.ts): where a program calendar date begins, the bound of a date filter on stored instants. */
import { describe, expect, it } from 'vitest';
import { calendarDateIn, startOfDayIn } from '../../shared/format';

describe('startOfDayIn', () => {
  it.each([
    ['UTC', '2026-01-01', '2026-01-01T00:00:00.000Z'],
    ['America/Chicago', '2026-11-03', '2026-11-03T06:00:00.000Z'],
    // The first day of daylight saving time and the day it ends begin at their own midnight.
    ['America/Chicago', '2026-03-08', '2026-03-08T06:00:00.000Z'],
    ['America/Chicago', '2026-11-01', '2026-11-01T05:00:00.000Z'],
    ['Asia/Kolkata', '2026-05-05', '2026-05-04T18:30:00.000Z'],
    // Santiago's clock jumps from 00:00 to 01:00: the day begins at 01:00.
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z'],
  ])('%s %s begins at %s', (zone, date, instant) => {
    expect(startOfDayIn(zone, date)).toBe(instant);
    expect(calendarDateIn(zone, new Date(instant))).toBe(date);
    expect(calendarDateIn(zone, new Date(Date.parse(instant) - 1))).not.toBe(date);
  });
});
