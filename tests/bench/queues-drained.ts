/**
 * Waits until the program's job and event queues are empty, so that what runs next is measured alone.
 *
 * Why: the runtime's pollers run every job and event worker in the bench's process, beside the calls it
 * measures, and the daily schedule before the writes leaves work on the queues (LocalStack's SES puts an
 * event per e-mail on the email-events queue, localstack/bootstrap.ts; about 3,000 at 1.5 million tenants).
 * On 2026-12-06 the writes measured after the 1.5-million schedule counted 583 TransactWriteItems in 40
 * staff edits (2 per edit in every run before): writes of something else in the process while they ran.
 * Which work that was is not known yet (a 150,000-tenant run, with 33 events, showed none); waiting for
 * empty queues rules out queued work. Deployed, each worker is a Lambda of its own.
 */
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { sqsClient } from '../../functions/aws/clients';
import { queueUrl } from '../../functions/aws/config';
import { WORKER_QUEUE_NAMES } from '../../shared/jobs';

export interface QueuesDrained {
  /** How long the bench waited. */
  seconds: number;
  /** The messages each queue held (visible or in flight) when the wait began; queues already empty are left out. */
  heldAtStart: Record<string, number>;
}

const held = async (sqs: SQSClient, url: string): Promise<number> => {
  const out = await sqs.send(new GetQueueAttributesCommand({
    QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
  }));
  return Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
};

/**
 * Polls every worker queue of the program running in this process each second until all read 0 twice in
 * a row (a batch in a worker's hands can enqueue more); gives up after `maxMs` with an error naming what is left.
 */
export async function waitForQueuesDrained(maxMs: number): Promise<QueuesDrained> {
  const sqs = await sqsClient();
  const started = performance.now();
  const heldAtStart: Record<string, number> = {};
  let emptyReads = 0;
  for (let first = true; ; first = false) {
    const counts = await Promise.all(WORKER_QUEUE_NAMES.map(async (name) => ({ name, held: await held(sqs, queueUrl(name)) })));
    if (first) for (const c of counts) if (c.held > 0) heldAtStart[c.name] = c.held;
    emptyReads = counts.every((c) => c.held === 0) ? emptyReads + 1 : 0;
    if (emptyReads >= 2) return { seconds: (performance.now() - started) / 1000, heldAtStart };
    if (performance.now() - started > maxMs) {
      const left = counts.filter((c) => c.held > 0).map((c) => `${c.name} ${c.held}`).join(', ');
      throw new Error(`the program's queues still held messages after ${maxMs / 1000} s: ${left}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const drainedSummary = (d: QueuesDrained): string => {
  const held = Object.entries(d.heldAtStart);
  return held.length === 0
    ? 'the program\'s queues were empty'
    : `waited ${d.seconds.toFixed(1)} s for the program's queues to empty (${held.map(([q, n]) => `${q} ${n.toLocaleString('en-US')}`).join(', ')} messages when the wait began)`;
};
