/**
 * The program's e-mail through SES: one sending-only address (ENV.certificateSender, which the CDK grant
 * restricts SES to: infra/grant-access.ts), the program's name as the sender's name, and the program's
 * own address as Reply-To, so a tenant's answer reaches people. Plain-text messages go through
 * SendEmail (the portal's confirmations, a rejected proof); the welcome certificate, which carries a
 * PDF, builds its own MIME message (functions/letters/welcome-email.ts) with the same sender and headers.
 */
import { ENV } from '../../shared/resources';
import { sesClient, sesCommands } from './clients';

/** The sending-only address SES is allowed to send from. */
export function senderAddress(): string {
  const sender = process.env[ENV.certificateSender];
  if (!sender) throw new Error(`Missing environment variable ${ENV.certificateSender}`);
  return sender;
}

/** RFC 2047 for a header that may hold non-ASCII text (names). */
export const headerText = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`);

export interface TextEmail {
  to: string;
  /** Shown as the sender's name: the program's name (Program Settings). */
  fromName: string;
  /** The program's own address (Program Settings); empty: none. */
  replyTo: string;
  subject: string;
  /** Lines of the body, joined with CRLF. */
  lines: readonly string[];
}

/** Sends one plain-text e-mail; answers SES's message id. */
export async function sendTextEmail(mail: TextEmail): Promise<string> {
  const from = senderAddress();
  const { SendEmailCommand } = await sesCommands();
  const out = await (await sesClient()).send(new SendEmailCommand({
    Source: `${headerText(mail.fromName)} <${from}>`,
    Destination: { ToAddresses: [mail.to] },
    ...(mail.replyTo.trim() ? { ReplyToAddresses: [mail.replyTo.trim()] } : {}),
    Message: {
      Subject: { Data: mail.subject, Charset: 'UTF-8' },
      Body: { Text: { Data: mail.lines.join('\r\n'), Charset: 'UTF-8' } },
    },
  }));
  return out.MessageId ?? '';
}
