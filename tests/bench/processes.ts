/**
 * The bench's own child processes (the emulator, cold-start children), found through /proc so a
 * watchdog can end exactly those and the report can show that nothing was left running.
 */
import { readFileSync, readdirSync } from 'node:fs';

export function childPids(pid = process.pid): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return []; // no /proc (not Linux): nothing to report
  }
}

/**
 * Children the bench itself started: those present at the start belong to tsx (its esbuild service)
 * and end with this process.
 */
const preexisting = new Set(childPids());
export const benchChildPids = (): number[] => childPids().filter((pid) => !preexisting.has(pid));

/** Ends the bench after `ms` even if something hangs, taking only its own children with it. */
export function startWatchdog(ms: number): () => void {
  const timer = setTimeout(() => {
    const pids = benchChildPids();
    console.error(`bench: still running after ${ms / 1000} s; stopping child processes ${pids.join(', ') || '(none)'} and exiting.`);
    for (const pid of pids) {
      try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
    }
    process.exit(2);
  }, ms);
  timer.unref();
  return () => clearTimeout(timer);
}
