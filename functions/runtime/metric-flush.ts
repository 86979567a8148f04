/**
 * The program's metrics leave once per invocation: the API chain (api-chain.ts) and the worker factory
 * (worker.ts) call flushMetrics when an invocation ends, answered or failed. What records them
 * (metrics.ts, Powertools Metrics) holds them here until then. Apart from it so that the chain and the
 * worker carry no metrics library: only a function that records a metric has Powertools Metrics in its
 * bundle (docs/decisions.md "The program's own metrics").
 */
import { logger } from './logger';

/** What holds recorded metrics until the flush: a Powertools Metrics instance. */
export interface HeldMetrics {
  hasStoredMetrics(): boolean;
  publishStoredMetrics(): unknown;
}

const held = new Set<HeldMetrics>();

export function holdUntilFlush(metrics: HeldMetrics): void {
  held.add(metrics);
}

/**
 * Writes every metric recorded since the last flush, once (publishing empties the store), as one
 * embedded-metric log line per set of dimensions. A metric that cannot be written is logged, never
 * turned into a failed request or job.
 */
export function flushMetrics(): void {
  for (const metrics of held) {
    if (!metrics.hasStoredMetrics()) continue;
    try {
      metrics.publishStoredMetrics();
    } catch (error) {
      logger.error('metrics not written', { error: error as Error });
    }
  }
}
