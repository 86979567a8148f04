/**
 * Thrown by a job runner that saved where it is and needs another invocation to go on: work longer
 * than a worker's time limit (an archive of 50,000 tenants). The worker (functions/runtime/worker.ts)
 * sends the job's message again and acknowledges this one, so the next run starts at once, as a first
 * receive (a continuation never counts towards the queue's maxReceiveCount, which is for failures).
 * The runner must have saved its checkpoint and let go of any lease before throwing it.
 */
export class JobContinues extends Error {
  override name = 'JobContinues';
}
