/**
 * Other work on the machine (test suites, builds of parallel work in the same tree) competes for the
 * same two cores and inflates every timing. This measures how much CPU other processes used while a
 * phase ran, so the report can say whether its timings are conclusive, and waits (bounded) for a
 * quiet moment before a timing phase.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Above this many cores' worth of other work on average, a phase's timings are not conclusive. */
export const BUSY_OTHER_CORES = 0.3;

interface Sample { at: number; busyTicks: number; ownTicks: number }

function sample(): Sample | null {
  try {
    // cpu  user nice system idle iowait irq softirq steal: steal is CPU the hypervisor gave to others.
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name: utime stime cutime cstime are the 12th-15th; children count once reaped.
    const [utime, stime, cutime, cstime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
    return {
      at: performance.now(),
      busyTicks: user! + nice! + system! + irq! + softirq! + steal!,
      ownTicks: utime! + stime! + cutime! + cstime!,
    };
  } catch {
    return null; // no /proc: contention is unknown, not zero
  }
}

export interface Contention {
  seconds: number;
  /** Average cores used by this bench (its children included once they have exited). */
  ownCores: number;
  /** Average cores used by everything else, hypervisor steal included. */
  otherCores: number;
  busy: boolean;
}

/** USER_HZ is 100 on Linux, the unit of /proc/stat and /proc/self/stat. */
const TICKS_PER_SECOND = 100;

export function watchCpu(): () => Contention | null {
  const start = sample();
  return () => {
    const end = sample();
    if (!start || !end) return null;
    const seconds = (end.at - start.at) / 1000;
    const own = (end.ownTicks - start.ownTicks) / TICKS_PER_SECOND / seconds;
    const all = (end.busyTicks - start.busyTicks) / TICKS_PER_SECOND / seconds;
    const otherCores = Math.max(0, all - own);
    return { seconds, ownCores: own, otherCores, busy: otherCores > BUSY_OTHER_CORES };
  };
}

/**
 * Waits until other processes use under BUSY_OTHER_CORES for a 2 s window, at most `maxMs`; returns
 * the seconds waited. A busy machine after that is reported, not hidden.
 */
export async function waitForQuiet(maxMs: number, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  let said = false;
  while (performance.now() - started < maxMs) {
    const stop = watchCpu();
    await new Promise((r) => setTimeout(r, 2000));
    const c = stop();
    if (!c || !c.busy) break;
    if (!said) log(`bench: other processes are using ${c.otherCores.toFixed(1)} of ${cpus().length} cores; waiting up to ${maxMs / 1000} s for a quieter moment...`);
    said = true;
  }
  return (performance.now() - started) / 1000;
}
