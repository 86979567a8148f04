/**
 * SES's notification documents in their published shapes (Amazon SES Developer Guide, "Contents of
 * notifications for Amazon SES": Bounce, Complaint, Delivery), each in the SNS envelope SQS receives from
 * the e-mail events topic. Locally SES never bounces, so the returned-e-mail tests put these on the queue.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';

const mail = (to: string) => ({
  timestamp: new Date().toISOString(),
  source: 'certificates@auditletter.example',
  sourceArn: 'arn:aws:ses:us-east-1:000000000000:identity/certificates@auditletter.example',
  sourceIp: '127.0.0.1',
  sendingAccountId: '000000000000',
  messageId: `0100018c-${randomUUID()}-000000`,
  destination: [to],
});

/** The SNS envelope around a message; the same MessageId on a redelivery. */
export const snsEnvelope = (message: unknown, messageId: string = randomUUID()): string => JSON.stringify({
  Type: 'Notification',
  MessageId: messageId,
  TopicArn: 'arn:aws:sns:us-east-1:000000000000:local-data-emaileventstopic',
  Message: typeof message === 'string' ? message : JSON.stringify(message),
  Timestamp: new Date().toISOString(),
  SignatureVersion: '1',
  Signature: 'EXAMPLE',
  SigningCertURL: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-example.pem',
  UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe',
});

export function bounceNotification(to: string, bounceType: 'Permanent' | 'Transient', bounceSubType = bounceType === 'Permanent' ? 'General' : 'MailboxFull') {
  return {
    notificationType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType,
      bouncedRecipients: [{
        emailAddress: to, action: 'failed', status: bounceType === 'Permanent' ? '5.1.1' : '4.2.2',
        diagnosticCode: bounceType === 'Permanent' ? 'smtp; 550 5.1.1 user unknown' : 'smtp; 452 4.2.2 mailbox full',
      }],
      timestamp: new Date().toISOString(),
      feedbackId: `0100018c-${randomUUID()}-000000`,
      remoteMtaIp: '127.0.2.0',
      reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
    },
    mail: mail(to),
  };
}

export function complaintNotification(to: string) {
  return {
    notificationType: 'Complaint',
    complaint: {
      userAgent: 'ExampleCorp Feedback Loop (V0.01)',
      complainedRecipients: [{ emailAddress: to }],
      complaintFeedbackType: 'abuse',
      arrivalDate: new Date().toISOString(),
      timestamp: new Date().toISOString(),
      feedbackId: `0100018c-${randomUUID()}-000000`,
    },
    mail: mail(to),
  };
}

export function deliveryNotification(to: string) {
  return {
    notificationType: 'Delivery',
    mail: mail(to),
    delivery: {
      timestamp: new Date().toISOString(), processingTimeMillis: 546, recipients: [to],
      smtpResponse: '250 ok: Message 64111812 accepted', reportingMTA: 'a8-70.smtp-out.amazonses.com', remoteMtaIp: '127.0.2.0',
    },
  };
}

/**
 * An address SES bounced permanently, as the email-events worker hears it (its handler run on the SQS
 * record, as the event source mapping runs it): the address is suppressed when this returns.
 */
export async function bouncePermanently(address: string): Promise<void> {
  const { handleEmailEvents } = await import('../../functions/email/email-events');
  const answer = await handleEmailEvents({ Records: [{ messageId: `bounce-${randomUUID()}`, body: snsEnvelope(bounceNotification(address, 'Permanent')) }] } as unknown as SQSEvent);
  if (answer.batchItemFailures.length > 0) throw new Error(`the worker did not apply the bounce of ${address}`);
}
