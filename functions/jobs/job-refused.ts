/**
 * Thrown by a job runner when the job's own input makes it impossible (an export of too many rows, say):
 * the worker (functions/runtime/worker.ts) fails the job at once instead of letting SQS retry it.
 * Its own module, so routes that share a runner's code do not bundle the worker.
 */
export class JobRefused extends Error {
  override name = 'JobRefused';
}
