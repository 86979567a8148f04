/**
 * The local runtime's clock of the daily schedule (localstack/runtime/daily-clock.ts): it runs the handler
 * at start when the program's today has had no run, then checks again every period, never runs a day
 * twice, never two runs at once, and a failed run is logged and tried again at the next check.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDailyClock } from '../../localstack/runtime/daily-clock';

describe('the local daily clock', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('runs the day once at start, again only when the day changes, and logs a failure to try later', async () => {
    let today = '2027-03-05';
    let last: string | null = '2027-03-04';
    const lines: string[] = [];
    let fail = false;
    const handler = vi.fn(async () => {
      if (fail) throw new Error('table unreachable');
      last = today;
    });
    const stop = startDailyClock({ handler, log: (l) => lines.push(l), today: async () => today, lastRun: async () => last, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(lines).toEqual(['daily schedule: ran 2027-03-05']);

    await vi.advanceTimersByTimeAsync(3000);
    expect(handler).toHaveBeenCalledTimes(1);

    today = '2027-03-06';
    fail = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(lines.at(-1)).toBe('daily schedule: table unreachable');
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(last).toBe('2027-03-06');
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('does not start a second run while one is in progress', async () => {
    let finish: () => void = () => undefined;
    const handler = vi.fn(() => new Promise<void>((resolve) => { finish = resolve; }));
    const stop = startDailyClock({ handler, log: () => undefined, today: async () => '2027-03-05', lastRun: async () => null, everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(3500);
    expect(handler).toHaveBeenCalledTimes(1);
    finish();
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
  });
});
