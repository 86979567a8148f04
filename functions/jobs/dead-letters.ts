/**
 * The job queues' dead-letter queues, as staff and ops see them: which jobs have a message there, and
 * taking a job's message out once it is retried or dismissed (so a later redrive cannot run it again).
 *
 * A DLQ's URL is read from its queue's RedrivePolicy (CloudFormation names both), so nothing but the
 * job queues' own URLs has to be configured. SQS cannot show a message without receiving it: a look
 * receives every message (hidden for PEEK_HIDE_SECONDS) and makes each visible again at once.
 */
import type { Message } from '@aws-sdk/client-sqs';
import type { JobMessage, JobQueueName } from '../../shared/jobs';
import { sqsClient, sqsCommands } from '../aws/clients';
import { queueUrl } from '../aws/config';

/** Long enough for one look to receive every message once, short enough not to matter if it dies. */
const PEEK_HIDE_SECONDS = 30;
/** A DLQ holds the jobs of one season's failures at most; past this the look stops (and says so). */
export const DEAD_LETTER_LOOK_LIMIT = 1000;

const dlqUrls = new Map<JobQueueName, string>();

export async function deadLetterQueueUrl(queue: JobQueueName): Promise<string> {
  const known = dlqUrls.get(queue);
  if (known) return known;
  const { GetQueueAttributesCommand, GetQueueUrlCommand } = await sqsCommands();
  const sqs = await sqsClient();
  const out = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(queue), AttributeNames: ['RedrivePolicy'] }));
  const arn = (JSON.parse(out.Attributes?.RedrivePolicy ?? '{}') as { deadLetterTargetArn?: string }).deadLetterTargetArn;
  if (!arn) throw new Error(`queue ${queue} has no dead-letter queue (no RedrivePolicy)`);
  const [, , , , account, name] = arn.split(':');
  const url = (await sqs.send(new GetQueueUrlCommand({ QueueName: name!, QueueOwnerAWSAccountId: account }))).QueueUrl!;
  dlqUrls.set(queue, url);
  return url;
}

export interface DeadLetter {
  queue: JobQueueName;
  /** Null for a message that names no job (unreadable): ops delete those by hand. */
  jobId: string | null;
  messageId: string;
  receiptHandle: string;
}

const jobIdOf = (message: Message): string | null => {
  try {
    const body = JSON.parse(message.Body ?? '') as Partial<JobMessage>;
    return typeof body.job_id === 'string' ? body.job_id : null;
  } catch {
    return null;
  }
};

/**
 * Receives the DLQ's messages until it answers none (or the limit), each once. With `release` they are
 * made visible again before this returns; without, the caller deletes or releases them.
 */
async function receiveAll(queue: JobQueueName, release: boolean): Promise<{ letters: DeadLetter[]; complete: boolean }> {
  const { ReceiveMessageCommand } = await sqsCommands();
  const sqs = await sqsClient();
  const url = await deadLetterQueueUrl(queue);
  const letters: DeadLetter[] = [];
  const seen = new Set<string>();
  let complete = true;
  for (;;) {
    if (letters.length >= DEAD_LETTER_LOOK_LIMIT) { complete = false; break; }
    const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, VisibilityTimeout: PEEK_HIDE_SECONDS, WaitTimeSeconds: 0 }));
    const fresh = (out.Messages ?? []).filter((m) => !seen.has(m.MessageId!));
    if (fresh.length === 0) break;
    for (const m of fresh) {
      seen.add(m.MessageId!);
      letters.push({ queue, jobId: jobIdOf(m), messageId: m.MessageId!, receiptHandle: m.ReceiptHandle! });
    }
  }
  if (release) await releaseDeadLetters(letters);
  return { letters, complete };
}

/** The DLQ's messages, left where they are. */
export const lookAtDeadLetters = (queue: JobQueueName) => receiveAll(queue, true);

/** The DLQ's messages, hidden for PEEK_HIDE_SECONDS for the caller to delete or release. */
export const takeDeadLetters = (queue: JobQueueName) => receiveAll(queue, false);

export async function releaseDeadLetters(letters: readonly DeadLetter[]): Promise<void> {
  if (letters.length === 0) return;
  const { ChangeMessageVisibilityBatchCommand } = await sqsCommands();
  const sqs = await sqsClient();
  const url = await deadLetterQueueUrl(letters[0]!.queue);
  for (let i = 0; i < letters.length; i += 10) {
    await sqs.send(new ChangeMessageVisibilityBatchCommand({
      QueueUrl: url,
      Entries: letters.slice(i, i + 10).map((l, n) => ({ Id: String(n), ReceiptHandle: l.receiptHandle, VisibilityTimeout: 0 })),
    }));
  }
}

export async function deleteDeadLetter(letter: DeadLetter): Promise<void> {
  const { DeleteMessageCommand } = await sqsCommands();
  await (await sqsClient()).send(new DeleteMessageCommand({ QueueUrl: await deadLetterQueueUrl(letter.queue), ReceiptHandle: letter.receiptHandle }));
}

/** Deletes every message of `jobId` in its queue's DLQ, the others left as they were; answers how many. */
export async function removeJobDeadLetters(queue: JobQueueName, jobId: string): Promise<number> {
  const { letters } = await takeDeadLetters(queue);
  const mine = letters.filter((l) => l.jobId === jobId);
  await Promise.all(mine.map(deleteDeadLetter));
  await releaseDeadLetters(letters.filter((l) => l.jobId !== jobId));
  return mine.length;
}
