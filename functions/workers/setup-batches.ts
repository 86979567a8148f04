/**
 * Worker for the setup-batches queue: the StorEdge policy setup job, 5 tenants a batch
 * (functions/policy-setup/storedge-setup.ts).
 */
import { setupRunners } from '../policy-setup/storedge-setup';
import { createWorker } from '../runtime/worker';

export const handler = createWorker('setup-batches', setupRunners);
