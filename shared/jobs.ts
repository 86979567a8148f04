/**
 * The job table: one SQS queue (with its dead-letter queue) per kind of long work, and the worker that
 * consumes it. It drives the queues and event sources in CDK and the local pollers with the same numbers.
 * Beside the jobs, EVENT_QUEUES: queues that carry what AWS tells the program (SES's returned e-mail),
 * not JobMessages; they get the same queue, dead-letter queue, worker, poller and alarms (WORKER_QUEUES),
 * but no job record, so the failed-jobs page and job redrives leave them out.
 */
export interface QueueDef<Name extends string = WorkerQueueName> {
  /** Queue logical name; the worker handler is functions/workers/{name}.ts. */
  name: Name;
  /** Messages handed to one worker invocation. */
  batchSize: number;
  /** Seconds a received message stays hidden; longer than the worker's timeout. */
  visibilityTimeoutSeconds: number;
  /** The worker Lambda's timeout in seconds. */
  workerTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** The worker Lambda's memory in MB when not the workers' default (infra/api-stack.ts). */
  workerMemoryMB?: number;
  /** NODE_OPTIONS of the worker Lambda, when it needs V8 flags (see docs/decisions.md). */
  workerNodeOptions?: string;
  /**
   * Seconds a retried job waits after it last changed before its worker takes it (failed-jobs.ts
   * retryJob): the claims a run that died still holds lapse first, so the retry finishes that work
   * instead of finding it 'being set up by another run'.
   */
  retryAfterSeconds?: number;
}

export const JOB_QUEUE_NAMES = ['rent-roll-imports', 'letter-generation', 'archive-exports', 'setup-batches', 'ledger-checks'] as const;
export type JobQueueName = (typeof JOB_QUEUE_NAMES)[number];

export type JobQueueDef = QueueDef<JobQueueName>;

export const JOB_QUEUES: readonly JobQueueDef[] = [
  // V8 otherwise lets the reader's garbage grow towards the container's memory before collecting it; the
  // job's live data is tens of MB (docs/benchmarks.md "Rent-roll imports").
  { name: 'rent-roll-imports', batchSize: 1, visibilityTimeoutSeconds: 960, workerTimeoutSeconds: 900, maxReceiveCount: 3, workerNodeOptions: '--max-old-space-size=192' },
  { name: 'letter-generation', batchSize: 1, visibilityTimeoutSeconds: 960, workerTimeoutSeconds: 900, maxReceiveCount: 3 },
  { name: 'archive-exports', batchSize: 1, visibilityTimeoutSeconds: 960, workerTimeoutSeconds: 900, maxReceiveCount: 3 },
  // Setup batches call SiteLink/StorEdge: five tenants a batch (spec), several batches per invocation.
  // A retry waits out the tenants' setup claims (the longest lease: StorEdge's 120 s, functions/policy-setup/storedge-setup.ts).
  { name: 'setup-batches', batchSize: 5, visibilityTimeoutSeconds: 360, workerTimeoutSeconds: 300, maxReceiveCount: 3, retryAfterSeconds: 120 },
  // Remove Ineligible Tenants and Sync Tenant Statuses over a whole facility or state: SiteLink/StorEdge
  // calls of 200/100 ledgers and tenant writes, minutes for a large state (docs/decisions.md).
  { name: 'ledger-checks', batchSize: 1, visibilityTimeoutSeconds: 960, workerTimeoutSeconds: 900, maxReceiveCount: 3 },
];

/**
 * Queues of notifications: email-events carries SES's bounce, complaint and delivery events (SNS envelopes,
 * from the configuration set every e-mail is sent with; functions/email/email-events.ts). Ten a batch: each
 * is a few small writes; three receives, then its dead-letter queue. proof-reading carries S3's notices of
 * the proofs the portal keeps (the uploads bucket's event notification, infra/data-stack.ts).
 */
export const EVENT_QUEUE_NAMES = ['email-events', 'proof-reading'] as const;
export type EventQueueName = (typeof EVENT_QUEUE_NAMES)[number];
export const EVENT_QUEUES: readonly QueueDef<EventQueueName>[] = [
  { name: 'email-events', batchSize: 10, visibilityTimeoutSeconds: 120, workerTimeoutSeconds: 60, maxReceiveCount: 3 },
  // S3's notice of each proof the portal keeps (functions/proofs/proof-reading.ts): one page read a message
  // (a phone photo's OCR takes seconds, docs/benchmarks.md), in a 1 GB worker. A proof not yet on record when
  // its notice arrives comes back after the visibility timeout, so it gets five receives.
  { name: 'proof-reading', batchSize: 1, visibilityTimeoutSeconds: 180, workerTimeoutSeconds: 120, maxReceiveCount: 5, workerMemoryMB: 1024 },
];

/** Every queue with a worker: the jobs' and the events'. CDK, the local pollers and the alarms go over these. */
export type WorkerQueueName = JobQueueName | EventQueueName;
export const WORKER_QUEUES: readonly QueueDef[] = [...JOB_QUEUES, ...EVENT_QUEUES];
export const WORKER_QUEUE_NAMES: readonly WorkerQueueName[] = WORKER_QUEUES.map((q) => q.name);

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The message every job queue carries: the job record holds the rest. */
export interface JobMessage { job_id: string; type: string }

export const dlqName = (queue: string): string => `${queue}-dlq`;

/** The environment variable carrying a queue's URL: QUEUE_URL_RENT_ROLL_IMPORTS and so on. */
export const queueEnvName = (queue: WorkerQueueName): string => `QUEUE_URL_${queue.toUpperCase().replace(/-/g, '_')}`;
