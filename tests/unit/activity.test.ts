import { describe, expect, it } from 'vitest';
import { activityOf, elapsedSince, elapsedText } from '../../shared/activity';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const activityAgo = (ms: number) => activityOf(elapsedSince(ago(ms), NOW));

describe('elapsedSince', () => {
  it('never active gives nulls', () => {
    expect(elapsedSince(null, NOW)).toEqual({ days_since: null, hours_since: null, minutes_since: null, seconds_since: null });
  });

  it('counts each unit on its own, floored', () => {
    expect(elapsedSince(ago(2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND + 999), NOW)).toEqual({
      days_since: 2,
      hours_since: 51,
      minutes_since: 2 * 24 * 60 + 3 * 60 + 4,
      seconds_since: (2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND) / SECOND,
    });
  });

  it('a time in the future counts as just now', () => {
    expect(elapsedSince(new Date(NOW + HOUR).toISOString(), NOW)).toEqual({ days_since: 0, hours_since: 0, minutes_since: 0, seconds_since: 0 });
  });
});

describe('activityOf thresholds (spec: under 15 active, 15-44 recent, 45+ or 1h+ offline, 3 days+ rogue)', () => {
  it.each([
    ['just now', 0, 'active'],
    ['14 minutes 59 seconds', 14 * MINUTE + 59 * SECOND, 'active'],
    ['15 minutes', 15 * MINUTE, 'recent'],
    ['44 minutes', 44 * MINUTE, 'recent'],
    ['44 minutes 59 seconds', 44 * MINUTE + 59 * SECOND, 'recent'],
    ['45 minutes', 45 * MINUTE, 'offline'],
    ['59 minutes', 59 * MINUTE, 'offline'],
    ['1 hour', HOUR, 'offline'],
    ['23 hours', 23 * HOUR, 'offline'],
    ['2 days 23 hours 59 minutes', 3 * DAY - MINUTE, 'offline'],
    ['3 days', 3 * DAY, 'rogue'],
    ['40 days', 40 * DAY, 'rogue'],
  ] as const)('%s ago is %s', (_label, ms, expected) => {
    expect(activityAgo(ms)).toBe(expected);
  });

  it('never active is never', () => {
    expect(activityOf(elapsedSince(null, NOW))).toBe('never');
  });

  it('the hour rule stands on its own: 1 hour counts offline even if minutes were not given', () => {
    expect(activityOf({ days_since: 0, hours_since: 1, minutes_since: 0, seconds_since: 0 })).toBe('offline');
  });
});

describe('elapsedText', () => {
  it.each([
    [null, 'Never active'],
    [0, '0 seconds ago'],
    [1 * SECOND, '1 second ago'],
    [59 * SECOND, '59 seconds ago'],
    [MINUTE, '1 minute ago'],
    [44 * MINUTE, '44 minutes ago'],
    [HOUR, '1 hour ago'],
    [5 * HOUR + 59 * MINUTE, '5 hours ago'],
    [DAY, '1 day ago'],
    [3 * DAY + 23 * HOUR, '3 days ago'],
  ] as const)('%s ms ago reads %s', (ms, text) => {
    expect(elapsedText(elapsedSince(ms === null ? null : ago(ms), NOW))).toBe(text);
  });
});
