/**
 * The program's e-mail through SES: one sending-only address (ENV.certificateSender, which the CDK grant
 * restricts SES to: infra/grant-access.ts), the program's name as the sender's name, and the program's
 * own address as Reply-To, so a tenant's answer reaches people. Every message is sent by
 * functions/email/outgoing-email.ts (the suppressed-address check, the configuration set): plain text
 * through SendEmail (the portal's confirmations, a rejected proof); the welcome certificate, which
 * carries a PDF, as its own MIME message (functions/letters/welcome-email.ts) with the same sender and headers.
 */
import { ENV } from '../../shared/resources';

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
