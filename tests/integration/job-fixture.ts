/** Job records for tests: one with no queue message, so no poller races the test for it, and the SQS record a worker gets. */
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import type { JobRecord } from '../../functions/jobs/job-store';
import type { JobQueueName } from '../../shared/jobs';

export async function createJobRecordOnly(args: { id?: string; queue: JobQueueName; type: string; createdBy: string; input?: Record<string, unknown> }): Promise<JobRecord> {
  const now = new Date().toISOString();
  const job: JobRecord = {
    id: args.id ?? randomUUID(), type: args.type, queue: args.queue, status: 'queued', progress: 0, progress_detail: null, error: null, result: null,
    created_by: args.createdBy, facility_id: null, input: args.input ?? {}, created_at: now, updated_at: now,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { pk: `JOB#${job.id}`, sk: 'JOB', ...job } }));
  return job;
}

/** An SQS record as Lambda would deliver it for a job, on its Nth receive (a worker called directly). */
export function recordFor(jobId: string, type: string, receiveCount: number): SQSEvent {
  return {
    Records: [{
      messageId: `m-${jobId}`, receiptHandle: 'r', body: JSON.stringify({ job_id: jobId, type }),
      attributes: { ApproximateReceiveCount: String(receiveCount) } as SQSEvent['Records'][number]['attributes'],
      messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn', awsRegion: 'us-east-1',
    }],
  };
}
