/**
 * The archive routes of the facilities and cycles groups as those Lambdas carry them: the contract, so
 * the request is validated before anything runs, and a handler that loads the archive queuing (the lock,
 * the job queue, the archive store) with the group's first archive instead of at every cold start.
 */
import { ARCHIVE_CONTRACTS } from '../../shared/contracts/archives';
import type { RouteImpl } from '../runtime/route';
import type { ScopeArchiveRoute } from './archive-queue';

export function archiveRouteOnDemand<K extends ScopeArchiveRoute>(key: K): Record<K, RouteImpl> {
  const impl: RouteImpl = {
    contract: ARCHIVE_CONTRACTS[key],
    handle: async (input) => (await import('./archive-queue')).scopeArchiveRoutes[key].handle(input),
  };
  return { [key]: impl } as Record<K, RouteImpl>;
}
