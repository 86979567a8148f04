/**
 * The one way the program records a metric of its own (shared/metrics.ts names them): Powertools Metrics,
 * which writes CloudWatch embedded-metric-format lines to the function's log; CloudWatch Logs turns them
 * into metrics of the METRICS_NAMESPACE. A recorded value is held until the invocation ends
 * (metric-flush.ts), then written once. Locally the lines land on the runtime's standard output beside
 * the logs (the integration suite turns them off as it silences the logs; tests/integration/metrics.test.ts
 * reads them).
 *
 * One Powertools instance per dimension value: all metrics of one embedded-metric line share its
 * dimensions, so `PolicySetupsFailed` for StorEdge cannot ride on the line of `TenantsImported`.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { BUSINESS_METRICS, METRICS_NAMESPACE, PROGRAM_SERVICE } from '../../shared/metrics';
import type { DimensionValueOf, MetricName } from '../../shared/metrics';
import { logger } from './logger';
import { holdUntilFlush } from './metric-flush';

const byDimension = new Map<string, Metrics>();

function metricsWith(dimension: { name: string; value: string } | null): Metrics {
  const key = dimension ? `${dimension.name}=${dimension.value}` : '';
  let metrics = byDimension.get(key);
  if (!metrics) {
    metrics = new Metrics({
      namespace: METRICS_NAMESPACE, serviceName: PROGRAM_SERVICE,
      ...(dimension ? { defaultDimensions: { [dimension.name]: dimension.value } } : {}),
    });
    byDimension.set(key, metrics);
    holdUntilFlush(metrics);
  }
  return metrics;
}

/**
 * Records `count` of a metric (with its dimension's value, for a metric that has one). Recording never
 * fails the work it counts: a count that is no count (negative, not finite: Powertools would write NaN as
 * null) or a value Powertools refuses is logged and dropped.
 */
export function recordMetric<N extends MetricName>(name: N, count: number, ...dimension: [DimensionValueOf<N>] extends [never] ? [] : [DimensionValueOf<N>]): void {
  const own = BUSINESS_METRICS[name].dimension;
  if (!Number.isFinite(count) || count < 0) {
    logger.error('metric not recorded', { metric: name, count: String(count), error: 'not a count' });
    return;
  }
  try {
    metricsWith(own ? { name: own.name, value: String(dimension[0]) } : null).addMetric(name, MetricUnit.Count, count);
  } catch (error) {
    logger.error('metric not recorded', { metric: name, count, error: error as Error });
  }
}
