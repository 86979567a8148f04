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

export function startPollers(queueUrls: Record<WorkerQueueName, string>, workers: Record<WorkerQueueName, WorkerHandler>): () => Promise<void> {
  const sqs = new SQSClient({ region: process.env.AWS_REGION ?? 'us-east-1' });
  let running = true;
  const loops = WORKER_QUEUES.map(async (def) => {
    const url = queueUrls[def.name];
    while (running) {
      try {
        const out = await sqs.send(new ReceiveMessageCommand({
          QueueUrl: url, MaxNumberOfMessages: Math.min(10, def.batchSize), WaitTimeSeconds: 1,
          VisibilityTimeout: def.visibilityTimeoutSeconds, MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }));
        const messages = out.Messages ?? [];
        if (messages.length === 0) continue;
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
        if (running) {
          console.error(`poller ${def.name}:`, (err as Error).message);
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}
