/** Worker for the letter-generation queue; its job types arrive with their capabilities. */
import { createWorker } from '../runtime/worker';

export const handler = createWorker('letter-generation', {});
