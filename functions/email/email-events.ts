/**
 * The email-events worker (issue 26, "Returned e-mail"): SES's events of the program's configuration set
 * arrive through SNS (the envelope kept: its MessageId is the event's id) on the email-events queue.
 *
 * - A permanent bounce or a complaint suppresses each address it names (email-suppression.ts), with the
 *   reason and date, and writes the history of every tenant with the address.
 * - A transient (or undetermined) bounce is counted on the address, nothing more.
 * - A delivery is counted on the address (with its date) and logged.
 * - SES's other events (Send: the emulator publishes one of each e-mail) are let go quietly; what is not
 *   an SES event it can read (the emulator's test message, a body that is not JSON, a bounce without
 *   recipients) is dropped with a warning: redelivering it could never succeed, so it never loops.
 *
 * SES writes both of its published shapes here: configuration-set event publishing says `eventType`,
 * identity notifications `notificationType`; the bodies (bounce, complaint, delivery, mail) are the same.
 * Each event is applied once (a marker per SNS message and address); a failed write is reported as the
 * record's failure, so SQS retries it and, after maxReceiveCount, moves it to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../runtime/logger';
import { countDelivery, countTransientBounce, suppressAddress } from './email-suppression';
import { eachRecord } from '../runtime/sqs-batch';

/** The SNS envelope SQS carries (no raw message delivery). */
const snsEnvelope = z.object({ Type: z.literal('Notification'), MessageId: z.string().min(1), Message: z.string() });

const recipient = z.object({ emailAddress: z.string().min(3) });

const bounce = z.object({
  bounceType: z.enum(['Permanent', 'Transient', 'Undetermined']),
  bounceSubType: z.string().optional(),
  bouncedRecipients: z.array(recipient.extend({ diagnosticCode: z.string().optional(), status: z.string().optional() })).min(1),
  timestamp: z.string(),
});

const complaint = z.object({
  complainedRecipients: z.array(recipient).min(1),
  complaintFeedbackType: z.string().optional(),
  timestamp: z.string(),
});

const delivery = z.object({ recipients: z.array(z.string()), timestamp: z.string().optional(), smtpResponse: z.string().optional() });

const mail = z.object({ messageId: z.string().optional() }).optional();

/** An SES event, in either published shape: the kind under `notificationType` or `eventType`. */
const sesEvent = z.union([
  z.object({ kind: z.literal('Bounce'), bounce, mail }),
  z.object({ kind: z.literal('Complaint'), complaint, mail }),
  z.object({ kind: z.literal('Delivery'), delivery, mail }),
]);
type SesEvent = z.infer<typeof sesEvent>;

const SES_TOPIC_CHECK = 'Successfully validated SNS topic for Amazon SES event publishing';

/** SES's other event kinds: published by the emulator for every send (Send), or by a set configured for more; not acted on. */
const OTHER_SES_EVENTS = new Set(['Send', 'Reject', 'Open', 'Click', 'Rendering Failure', 'DeliveryDelay', 'Subscription', 'AmazonSnsSubscriptionSucceeded']);

/** The SES event in an SQS message's body, or why it is not one (`expected`: an SES event the program does not act on). */
export function readSesEvent(body: string): { id: string; event: SesEvent } | { dropped: string; expected: boolean } {
  let envelope: z.infer<typeof snsEnvelope>;
  let message: Record<string, unknown>;
  try {
    envelope = snsEnvelope.parse(JSON.parse(body));
    // SES's plain-text notice when an event destination is made (deployed and in the emulator alike).
    if (envelope.Message.startsWith(SES_TOPIC_CHECK)) return { dropped: 'SES\'s check of the topic', expected: true };
    message = JSON.parse(envelope.Message) as Record<string, unknown>;
  } catch {
    return { dropped: 'not an SNS notification carrying JSON', expected: false };
  }
  const kind = message.notificationType ?? message.eventType;
  if (typeof kind === 'string' && OTHER_SES_EVENTS.has(kind)) return { dropped: `an SES ${kind} event, which the program does not act on`, expected: true };
  const parsed = sesEvent.safeParse({ ...message, kind });
  if (!parsed.success) return { dropped: `not an SES event it can read (${parsed.error.issues[0]?.message ?? 'unknown shape'})`, expected: false };
  return { id: envelope.MessageId, event: parsed.data };
}

/** The reason stored on the address and shown to staff, as SES said it. */
const bounceReason = (b: z.infer<typeof bounce>, diagnostic: string | undefined) =>
  `Permanent bounce${b.bounceSubType ? ` (${b.bounceSubType})` : ''}${diagnostic ? `: ${diagnostic}` : ''}`;
const complaintReason = (c: z.infer<typeof complaint>) => `Complaint${c.complaintFeedbackType ? ` (${c.complaintFeedbackType})` : ''}`;

async function apply(id: string, event: SesEvent): Promise<void> {
  if (event.kind === 'Delivery') {
    const at = event.delivery.timestamp ?? new Date().toISOString();
    for (const address of event.delivery.recipients) await countDelivery({ address, eventId: id, at });
    logger.info('e-mail delivered', { messageId: event.mail?.messageId, recipients: event.delivery.recipients.length });
    return;
  }
  if (event.kind === 'Complaint') {
    for (const { emailAddress } of event.complaint.complainedRecipients) {
      const applied = await suppressAddress({ address: emailAddress, eventId: id, reason: complaintReason(event.complaint), at: event.complaint.timestamp });
      logger.info(applied ? 'e-mail address suppressed: complaint' : 'complaint already applied', { eventId: id, feedbackType: event.complaint.complaintFeedbackType });
    }
    return;
  }
  const b = event.bounce;
  for (const r of b.bouncedRecipients) {
    const applied = b.bounceType === 'Permanent'
      ? await suppressAddress({ address: r.emailAddress, eventId: id, reason: bounceReason(b, r.diagnosticCode), at: b.timestamp })
      : await countTransientBounce({ address: r.emailAddress, eventId: id, at: b.timestamp });
    logger.info(applied ? `e-mail bounce applied: ${b.bounceType}` : 'bounce already applied', { eventId: id, bounceType: b.bounceType, bounceSubType: b.bounceSubType });
  }
}

async function processRecord(record: SQSRecord): Promise<boolean> {
  const read = readSesEvent(record.body);
  if ('dropped' in read) {
    if (read.expected) logger.debug('e-mail event not acted on', { messageId: record.messageId, why: read.dropped });
    else logger.warn('e-mail event dropped', { messageId: record.messageId, why: read.dropped });
    return true;
  }
  try {
    await apply(read.id, read.event);
    return true;
  } catch (err) {
    logger.error('e-mail event not applied; SQS will retry it', { messageId: record.messageId, eventId: read.id, error: err as Error });
    return false;
  }
}

export const handleEmailEvents = (event: SQSEvent): Promise<SQSBatchResponse> => eachRecord(event, processRecord);
