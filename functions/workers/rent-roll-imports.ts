/** Worker for the rent-roll-imports queue; its job types arrive with their capabilities. */
import { createWorker } from '../runtime/worker';

export const handler = createWorker('rent-roll-imports', {});
