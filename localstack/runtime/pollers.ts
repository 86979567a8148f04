/**
 * Local stand-in for the SQS event source mapping: long-polls each job and event queue (WORKER_QUEUES) with the deployed batch
 * size and visibility timeout, hands batches to the same worker handlers, deletes what succeeded and
 * leaves the rest for SQS to redeliver and, after maxReceiveCount, move to the dead-letter queue.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { WORKER_QUEUES } from '../../shared/jobs';
import type { WorkerQueueName } from '../../shared/jobs';
import { lambdaContext } from './handlers';
import type { WorkerHandler } from './handlers';

export interface Pollers {
  stop: () => Promise<void>;
  /**
   * Holds the messages of one queue back from its worker until the returned release is called: they are
   * received, then wait. The bench uses it to time a request whose S3 event starts a worker (a proof's
   * reading) as deployed, where that worker is a Lambda of its own and not on the request's event loop.
   */
  hold: (queue: WorkerQueueName) => () => void;
}

export function startPollers(queueUrls: Record<WorkerQueueName, string>, workers: Record<WorkerQueueName, WorkerHandler>): Pollers {
  const sqs = new SQSClient({ region: process.env.AWS_REGION ?? 'us-east-1' });
  // Long polls of SQS's longest wait, cut short by stop(): an idle program then asks each queue three
  // times a minute, not every second (LocalStack's gateway spent ~5 % of a core on the empty receives).
  const stopping = new AbortController();
  const held = new Map<WorkerQueueName, { until: Promise<void>; release: () => void }>();
  const loops = WORKER_QUEUES.map(async (def) => {
    const url = queueUrls[def.name];
    while (!stopping.signal.aborted) {
      try {
        const out = await sqs.send(new ReceiveMessageCommand({
          QueueUrl: url, MaxNumberOfMessages: Math.min(10, def.batchSize), WaitTimeSeconds: 20,
          VisibilityTimeout: def.visibilityTimeoutSeconds, MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }), { abortSignal: stopping.signal });
        const messages = out.Messages ?? [];
        if (messages.length === 0) continue;
        await held.get(def.name)?.until;
        const event: SQSEvent = {
          Records: messages.map((m) => ({
            messageId: m.MessageId!, receiptHandle: m.ReceiptHandle!, body: m.Body ?? '',
            attributes: { ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1' } as SQSEvent['Records'][number]['attributes'],
            messageAttributes: {}, md5OfBody: m.MD5OfBody ?? '', eventSource: 'aws:sqs', eventSourceARN: url, awsRegion: 'us-east-1',
          })),
        };
        const result = await workers[def.name](event, lambdaContext(`worker-${def.name}`, def.workerTimeoutSeconds * 1000));
        const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await sqs.send(new DeleteMessageBatchCommand({
            QueueUrl: url, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
          }));
        }
      } catch (err) {
        if (!stopping.signal.aborted) {
          console.error(`poller ${def.name}:`, (err as Error).message);
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    }
  });
  return {
    stop: async () => {
      stopping.abort();
      for (const { release } of [...held.values()]) release();
      await Promise.all(loops);
    },
    hold: (queue) => {
      let resolve!: () => void;
      const until = new Promise<void>((r) => { resolve = r; });
      const entry = { until, release: () => { if (held.get(queue) === entry) held.delete(queue); resolve(); } };
      held.set(queue, entry);
      return entry.release;
    },
  };
}
