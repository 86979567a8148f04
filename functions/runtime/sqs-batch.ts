/**
 * The one way a queue's Lambda answers SQS (ReportBatchItemFailures, set on every event source in
 * infra): each record in turn, and the messages that were not done go back to the queue, alone, to be
 * received again (and after maxReceiveCount to its dead-letter queue); the others are deleted.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/** Runs `processRecord` on each record in order; a record it answers false for is a failure of the batch. */
export async function eachRecord(event: SQSEvent, processRecord: (record: SQSRecord) => Promise<boolean>): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    if (!(await processRecord(record))) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}
