/** What every section of docs/benchmarks.md is made of: table rows, target lines, the machine note, and patching one phase in. */
import type { Contention } from './contention';
import { verdict } from './targets';

export const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;

export interface TargetLine {
  target: string;
  measured: string;
  /** Null: not judged in this run (a comparison that needs two tenant steps when one ran). */
  pass: boolean | null;
  /** For timing targets: whether other work on the machine left the timings conclusive. */
  machine: string | null;
}

export const targetRow = (t: TargetLine): string => row([t.target, t.measured, verdict(t.pass), t.machine ?? 'n/a (sizes do not depend on load)']);

export function machineNote(c: Contention | null): string {
  if (!c) return 'unknown (no /proc)';
  const others = `other processes ${c.otherCores.toFixed(2)} cores, bench ${c.ownCores.toFixed(2)}`;
  return c.busy ? `BUSY (${others}): not conclusive, rerun on a quiet machine` : `quiet (${others})`;
}

export const EMPTY_REPORT = '# Benchmarks\n\n## Targets\n\n| Target | Measured | Result | Machine while measured |\n| --- | --- | --- | --- |\n';

/**
 * A one-phase run (`npm run bench -- --only tenants|imports`): the existing file keeps everything else;
 * the phase's section (from its heading to the next `## `) and the rows of the targets table that start
 * with its prefix are replaced, or added (the section before Findings/Method).
 */
export function patchSection(existing: string, phase: { heading: string; targetPrefix: string; lines: TargetLine[]; section: string[] }): string {
  const text = existing.split('\n');
  const targetsAt = text.indexOf('## Targets');
  if (targetsAt >= 0) {
    let end = targetsAt + 1;
    while (end < text.length && !text[end]!.startsWith('|')) end += 1;
    while (end < text.length && text[end]!.startsWith('|')) end += 1;
    const kept = text.slice(targetsAt, end).filter((l) => !l.startsWith(`| ${phase.targetPrefix}`));
    text.splice(targetsAt, end - targetsAt, ...kept, ...phase.lines.map(targetRow));
  }
  const start = text.findIndex((l) => l.startsWith(phase.heading));
  if (start >= 0) {
    let end = start + 1;
    while (end < text.length && !/^## /.test(text[end]!)) end += 1;
    text.splice(start, end - start, ...phase.section);
  } else {
    const before = text.findIndex((l) => l === '## Findings' || l === '## Method');
    text.splice(before >= 0 ? before : text.length, 0, ...phase.section);
  }
  return text.join('\n');
}
