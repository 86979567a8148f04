/**
 * Thrown by a job runner that finds another run of the same job ahead of it: SQS delivers a message at
 * least once, so two workers can hold one job. The run ahead finishes the job (and if it dies, its own
 * message comes back), so the worker (functions/runtime/worker.ts) drops this delivery without touching
 * the job's record, which the run ahead owns.
 */
export class JobRunElsewhere extends Error {
  override name = 'JobRunElsewhere';
}
