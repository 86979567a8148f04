/**
 * The one way the program records a metric (functions/runtime/metrics.ts) and the flush every invocation
 * ends with (functions/runtime/metric-flush.ts): values are held until the flush, written once as one
 * embedded-metric line per set of dimensions, and a value Powertools refuses never fails the caller.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/runtime/logger';
import { flushMetrics } from '../../functions/runtime/metric-flush';
import { recordMetric } from '../../functions/runtime/metrics';
import { METRICS_NAMESPACE, PROGRAM_SERVICE } from '../../shared/metrics';

/** The embedded-metric lines written to standard output while `run` runs. */
function linesOf(run: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return written.join('').split('\n').filter((l) => l.startsWith('{"_aws"')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A line as CloudWatch reads it: its namespace, dimension names and the values besides `_aws`. */
const readable = (line: Record<string, unknown>) => {
  const { _aws: aws, ...values } = line as { _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] } };
  return { namespace: aws.CloudWatchMetrics[0]!.Namespace, dimensions: aws.CloudWatchMetrics[0]!.Dimensions, values };
};

afterEach(() => vi.restoreAllMocks());

describe('recording and flushing the program\'s metrics', () => {
  it('holds values until the flush, then writes one line per set of dimensions, once', () => {
    const recording = linesOf(() => {
      recordMetric('TenantsImported', 12);
      recordMetric('TenantsRefused', 2);
      recordMetric('PolicySetupsFailed', 3, 'storedge');
      recordMetric('PolicySetupsFailed', 1, 'sitelink');
    });
    expect(recording).toEqual([]);

    const flushed = linesOf(flushMetrics).map(readable);
    expect(flushed).toHaveLength(3);
    expect(flushed).toContainEqual({ namespace: METRICS_NAMESPACE, dimensions: [['service']], values: { service: PROGRAM_SERVICE, TenantsImported: 12, TenantsRefused: 2 } });
    expect(flushed).toContainEqual({ namespace: METRICS_NAMESPACE, dimensions: [['service', 'software']], values: { service: PROGRAM_SERVICE, software: 'storedge', PolicySetupsFailed: 3 } });
    expect(flushed).toContainEqual({ namespace: METRICS_NAMESPACE, dimensions: [['service', 'software']], values: { service: PROGRAM_SERVICE, software: 'sitelink', PolicySetupsFailed: 1 } });

    expect(linesOf(flushMetrics)).toEqual([]);
  });

  it('drops what is no count (Powertools would write NaN as null), logging it, without failing the caller', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const lines = linesOf(() => {
      for (const count of [Number.NaN, Number.POSITIVE_INFINITY, -1]) expect(() => recordMetric('LettersGenerated', count)).not.toThrow();
      flushMetrics();
    });
    expect(lines).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(3);
    expect(logged).toHaveBeenCalledWith('metric not recorded', expect.objectContaining({ metric: 'LettersGenerated', count: 'NaN' }));
  });
});
