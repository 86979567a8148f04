/** Worker for the setup-batches queue; its job types arrive with their capabilities. */
import { createWorker } from '../runtime/worker';

export const handler = createWorker('setup-batches', {});
