/**
 * The one way the program sends e-mail (issue 26): welcome certificates, portal confirmations, proof
 * rejections. Before any send the address is looked up (email-suppression.ts): a suppressed one is not
 * sent to, the skip is logged and written on the history of the tenants the mail was for. Every send
 * names the configuration set (ENV.emailConfigurationSet) whose bounce, complaint and delivery events
 * come back to the email-events worker. Plain text goes by SendEmail; a message with an attachment is
 * built by its caller (functions/letters/welcome-email.ts) and goes by SendRawEmail.
 */
import type { EmailSuppression } from '../../shared/contracts/email-suppression';
import { ENV } from '../../shared/resources';
import { sesClient, sesCommands } from '../aws/clients';
import { headerText, senderAddress } from '../aws/email';
import type { TextEmail } from '../aws/email';
import { logger } from '../runtime/logger';
import type { Actor } from '../tenants/tenant-history';
import type { TenantRecord } from '../tenants/tenant-record';
import { recordSkippedSend, suppressedReason } from './email-suppression';

/** The configuration set every send names: without it, SES's returned-mail events would never reach the program. */
export function configurationSetName(): string {
  const name = process.env[ENV.emailConfigurationSet];
  if (!name) throw new Error(`Missing environment variable ${ENV.emailConfigurationSet}`);
  return name;
}

/** Whom a mail is for, for the record of a skipped send. */
export interface MailFor {
  /** The tenants the mail is about; a skip is written on their history. */
  tenants: readonly Pick<TenantRecord, 'id' | 'facility_id'>[];
  /** Who sends it (the job's user, the reviewer, the tenant on the portal). */
  actor: Actor;
  /** What it is, in the history's words: 'Welcome certificate', 'Portal confirmation', 'Proof rejection'. */
  what: string;
}

export type SendOutcome = { sent: true; messageId: string } | { sent: false; suppression: EmailSuppression };

/** The suppression that stops a send to `to`, recorded and logged; null: send. */
async function stoppedBySuppression(to: string, mail: MailFor): Promise<EmailSuppression | null> {
  const suppression = await suppressedReason(to);
  if (!suppression) return null;
  logger.info('e-mail not sent: the address is suppressed', { what: mail.what, tenant_ids: mail.tenants.map((t) => t.id), reason: suppression.reason });
  await recordSkippedSend(mail.tenants, mail.actor, mail.what, suppression);
  return suppression;
}

/** Sends one plain-text e-mail, unless its address is suppressed. */
export async function sendTextEmail(email: TextEmail, mail: MailFor): Promise<SendOutcome> {
  const suppression = await stoppedBySuppression(email.to, mail);
  if (suppression) return { sent: false, suppression };
  const from = senderAddress();
  const { SendEmailCommand } = await sesCommands();
  const out = await (await sesClient()).send(new SendEmailCommand({
    Source: `${headerText(email.fromName)} <${from}>`,
    Destination: { ToAddresses: [email.to] },
    ...(email.replyTo.trim() ? { ReplyToAddresses: [email.replyTo.trim()] } : {}),
    Message: {
      Subject: { Data: email.subject, Charset: 'UTF-8' },
      Body: { Text: { Data: email.lines.join('\r\n'), Charset: 'UTF-8' } },
    },
    ConfigurationSetName: configurationSetName(),
  }));
  return { sent: true, messageId: out.MessageId ?? '' };
}

/** Sends one MIME message built by the caller (given the sender's address), unless its address is suppressed. */
export async function sendRawEmail(to: string, message: (from: string) => string, mail: MailFor): Promise<SendOutcome> {
  const suppression = await stoppedBySuppression(to, mail);
  if (suppression) return { sent: false, suppression };
  const from = senderAddress();
  const { SendRawEmailCommand } = await sesCommands();
  const out = await (await sesClient()).send(new SendRawEmailCommand({
    Source: from, Destinations: [to], RawMessage: { Data: Buffer.from(message(from), 'utf8') }, ConfigurationSetName: configurationSetName(),
  }));
  return { sent: true, messageId: out.MessageId ?? '' };
}
