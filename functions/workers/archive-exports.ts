/** Worker for the archive-exports queue; its job types arrive with their capabilities. */
import { createWorker } from '../runtime/worker';

export const handler = createWorker('archive-exports', {});
