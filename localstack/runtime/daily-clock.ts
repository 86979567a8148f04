/**
 * Local stand-in for the EventBridge rule of the daily schedule (shared/schedules.ts): the same handler
 * Lambda runs, on this machine's clock. At start, and then every hour, it asks whether the program's
 * today has had its run (one GetItem of the last run, one of the settings) and runs it when not, so a
 * laptop asleep at 11:00 UTC still gets its day. Tests never start it: they run the day they choose
 * (runDailySchedule with a fixed day).
 */
import { programToday } from '../../functions/program/program-settings';
import { lastRunDay } from '../../functions/schedule/daily-schedule';

const HOUR_MS = 60 * 60 * 1000;

export interface DailyClock {
  /** The schedule's handler, as Lambda runs it. */
  handler: () => Promise<unknown>;
  log: (line: string) => void;
  /** The program's today and the day of its last finished run (the store's, unless a test gives its own). */
  today?: () => Promise<string>;
  lastRun?: () => Promise<string | null>;
  everyMs?: number;
}

/** Starts the clock; the answer stops it, waiting for a run in progress. */
export function startDailyClock({ handler, log, today = programToday, lastRun = lastRunDay, everyMs = HOUR_MS }: DailyClock): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        const day = await today();
        const last = await lastRun();
        if (last !== null && last >= day) return;
        await handler();
        log(`daily schedule: ran ${day}`);
      } catch (err) {
        log(`daily schedule: ${(err as Error).message}`);
      } finally {
        running = null;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
