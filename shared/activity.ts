/**
 * The activity dot of Manage Users (spec: activity thresholds): never active '--'; 3 days or more
 * rogue; 1 hour or more, or 45 minutes or more, offline; 15 to 44 minutes recent; under 15 active.
 */
export type Activity = 'never' | 'rogue' | 'offline' | 'recent' | 'active';

export interface Elapsed {
  days_since: number | null;
  hours_since: number | null;
  minutes_since: number | null;
  seconds_since: number | null;
}

/** Whole units elapsed since the last activity, each counted on its own (floored). */
export function elapsedSince(lastActive: string | null, now: number): Elapsed {
  if (!lastActive) return { days_since: null, hours_since: null, minutes_since: null, seconds_since: null };
  const ms = Math.max(0, now - Date.parse(lastActive));
  return {
    days_since: Math.floor(ms / 86_400_000),
    hours_since: Math.floor(ms / 3_600_000),
    minutes_since: Math.floor(ms / 60_000),
    seconds_since: Math.floor(ms / 1000),
  };
}

export function activityOf(e: Elapsed): Activity {
  if (e.minutes_since === null || e.days_since === null || e.hours_since === null) return 'never';
  if (e.days_since >= 3) return 'rogue';
  if (e.hours_since >= 1 || e.minutes_since >= 45) return 'offline';
  if (e.minutes_since >= 15) return 'recent';
  return 'active';
}

/** The tooltip's text: the largest whole unit elapsed. */
export function elapsedText(e: Elapsed): string {
  if (e.seconds_since === null) return 'Never active';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (e.days_since! >= 1) return plural(e.days_since!, 'day');
  if (e.hours_since! >= 1) return plural(e.hours_since!, 'hour');
  if (e.minutes_since! >= 1) return plural(e.minutes_since!, 'minute');
  return plural(e.seconds_since, 'second');
}
