/**
 * The one way a job queue becomes a worker Lambda. Each message names a job; the job's type picks the
 * runner. A runner failure is retried by SQS until the queue's maxReceiveCount, then the job is marked
 * failed and the message goes to the dead-letter queue. A job already done is skipped, so a redelivered
 * message never does the work twice, nor does a second delivery of a job another worker is running
 * (JobRunElsewhere). A runner that refuses its job (JobRefused) fails it at once; a
 * refusal marked deadLetter lets SQS move the message to the DLQ without waiting out its timeouts.
 */
import { JobContinues } from '../jobs/job-continues';
import { JobRefused } from '../jobs/job-refused';
import { JobRunElsewhere } from '../jobs/job-run-elsewhere';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { JOB_QUEUES } from '../../shared/jobs';
import type { JobMessage, JobQueueName } from '../../shared/jobs';
import { sqsClient, sqsCommands } from '../aws/clients';
import { queueUrl } from '../aws/config';
import { getJob, sendJobMessage, updateJob } from '../jobs/job-store';
import type { JobRecord } from '../jobs/job-store';
import { logger } from './logger';
import { flushMetrics } from './metric-flush';
import { eachRecord } from './sqs-batch';

export interface JobRunContext {
  job: JobRecord;
  /** Reports progress in percent (0-100), with what it counts when the job counts things. */
  progress: (percent: number, detail?: Record<string, number>) => Promise<void>;
  /** Stores what the job shows of its work (the view's `state`), replacing the last report; it stays when the job is done. */
  report: (state: Record<string, unknown>) => Promise<void>;
  /**
   * Milliseconds left before the invocation's time limit (absent, or Infinity, when the caller gave no
   * Lambda context, as tests calling a runner do). A runner that cannot finish in time saves where it
   * is and throws JobContinues.
   */
  timeLeftMs?: () => number;
}

/** A runner does the work and returns the result stored on the job (for example an S3 key to download). */
export type JobRunner = (ctx: JobRunContext) => Promise<Record<string, unknown>>;

export function createWorker(queue: JobQueueName, runners: Partial<Record<string, JobRunner>>) {
  const def = JOB_QUEUES.find((q) => q.name === queue);
  if (!def) throw new Error(`queue ${queue} is not in the job table`);

  /**
   * A refused job bound for the dead-letter queue: the message is made visible again at once and reported
   * failed, so SQS receives it again right away and, past maxReceiveCount, moves it to the DLQ.
   */
  async function letGo(record: SQSRecord): Promise<false> {
    const { ChangeMessageVisibilityCommand } = await sqsCommands();
    await (await sqsClient()).send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl(queue), ReceiptHandle: record.receiptHandle, VisibilityTimeout: 0 }));
    return false;
  }

  async function processRecord(record: SQSRecord, timeLeftMs: () => number): Promise<boolean> {
    let message: JobMessage;
    try {
      message = JSON.parse(record.body) as JobMessage;
    } catch {
      logger.error('unreadable job message dropped', { queue, messageId: record.messageId });
      return true;
    }
    const job = await getJob(message.job_id);
    if (!job) {
      logger.error('job message for an unknown job dropped', { queue, jobId: message.job_id });
      return true;
    }
    if (job.status === 'done') return true;
    // A failed job runs again only once staff retry it (functions/jobs/failed-jobs.ts), which queues it
    // before sending its message; a message of a job still failed (a redrive by the SQS console) is dropped.
    if (job.status === 'failed') {
      if (job.dead_letter) return letGo(record);
      logger.info('message of a failed job dropped: retry it from Failed jobs or `npm run ops -- jobs retry`', { queue, jobId: job.id });
      return true;
    }
    const runner = runners[job.type];
    if (!runner) {
      await updateJob(job.id, { status: 'failed', error: `No worker handles jobs of type '${job.type}' on queue ${queue}.` });
      return true;
    }
    await updateJob(job.id, { status: 'running', error: null, countTry: true });
    try {
      const result = await runner({
        job,
        progress: (p, detail) => updateJob(job.id, { progress: Math.max(0, Math.min(100, Math.floor(p))), progress_detail: detail }),
        report: (state) => updateJob(job.id, { state }),
        timeLeftMs,
      });
      // An earlier attempt's error does not stay on a job that is done.
      await updateJob(job.id, { status: 'done', progress: 100, result, error: null });
      return true;
    } catch (err) {
      // A second delivery of a job another worker is running: that run owns the job's record.
      if (err instanceof JobContinues) {
        logger.info('job goes on in a new invocation', { queue, jobId: job.id, reason: err.message });
        await sendJobMessage(job);
        return true;
      }
      if (err instanceof JobRunElsewhere) {
        logger.info('duplicate delivery dropped: another run of the job is ahead', { queue, jobId: job.id });
        return true;
      }
      const attempts = Number(record.attributes?.ApproximateReceiveCount ?? 1);
      // A job its own input makes impossible fails at once: a retry would only fail the same way.
      if (err instanceof JobRefused) {
        await updateJob(job.id, { status: 'failed', error: err.message, ...(err.deadLetter ? { dead_letter: true } : {}) });
        return err.deadLetter ? letGo(record) : true;
      }
      const final = attempts >= def!.maxReceiveCount;
      logger.error('job failed', { queue, jobId: job.id, attempts, final, error: err as Error });
      await updateJob(job.id, {
        status: final ? 'failed' : 'queued',
        error: err instanceof Error ? err.message : String(err),
      });
      return false;
    }
  }

  return async (event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> => {
    const timeLeftMs = () => (context ? context.getRemainingTimeInMillis() : Infinity);
    try {
      return await eachRecord(event, (record) => processRecord(record, timeLeftMs));
    } finally {
      // Once per invocation, what its jobs recorded (functions/runtime/metrics.ts), even when one threw.
      flushMetrics();
    }
  };
}
