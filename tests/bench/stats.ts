/** Summaries of timing samples. Percentiles use the nearest-rank method, so every reported value was observed. */

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.length ? Math.max(...samples) : Number.NaN,
    mean: samples.length ? samples.reduce((s, x) => s + x, 0) / samples.length : Number.NaN,
  };
}

/** Element-wise a[i] - b[i] over samples taken in the same round, so drift in the emulator cancels out. */
export function pairedDifferences(a: readonly number[], b: readonly number[]): number[] {
  const n = Math.min(a.length, b.length);
  return Array.from({ length: n }, (_, i) => a[i]! - b[i]!);
}

export const ms = (value: number, digits = 2): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
