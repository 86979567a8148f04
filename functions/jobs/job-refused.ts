/**
 * Thrown by a job runner when the job's own input makes it impossible (an export of too many rows, an
 * unreadable rent roll): the worker (functions/runtime/worker.ts) fails the job at once, with this
 * message, instead of letting SQS retry it for minutes. `deadLetter` sends the message on to the
 * queue's dead-letter queue all the same, through SQS's own receives made at once, so ops see every
 * file the program could not read. Its own module, so routes that share a runner's code do not bundle
 * the worker.
 */
export class JobRefused extends Error {
  override name = 'JobRefused';
  readonly deadLetter: boolean;

  constructor(message: string, options: { deadLetter?: boolean } = {}) {
    super(message);
    this.deadLetter = options.deadLetter ?? false;
  }
}
