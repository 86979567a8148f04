/**
 * Welcome certificates by e-mail (spec §2: only tenants without an e-mail address get a mailed welcome
 * letter): one SES SendRawEmail per tenant, the certificate PDF attached. Raw MIME because SES's
 * simple SendEmail cannot carry an attachment; the message is small enough to build here.
 */
import { randomBytes } from 'node:crypto';
import { headerText } from '../aws/email';
import { sendRawEmail } from '../email/outgoing-email';
import type { MailFor, SendOutcome } from '../email/outgoing-email';
import { recordMetric } from '../runtime/metrics';
import type { LetterPortal } from './letter-copy';

export interface CertificateEmail {
  to: string;
  tenantName: string;
  facilityName: string;
  programName: string;
  /** The tenant's own plan and effective date, as the attached certificate states them. */
  coverageLine: string;
  /** The response portal with the tenant's access code (letter-copy.ts letterPortal); null: the tenant has no program code yet. */
  portal: LetterPortal | null;
  /** The program's own address (Program Settings): answers go there, not to the sending-only address. */
  replyTo: string;
  pdf: Uint8Array;
  fileName: string;
}

const base64Lines = (data: Uint8Array) => Buffer.from(data).toString('base64').replace(/.{1,76}/g, '$&\r\n');

export function certificateMessage(mail: CertificateEmail, from: string): string {
  const boundary = `certificate-${randomBytes(12).toString('hex')}`;
  const text = [
    `Dear ${mail.tenantName},`,
    '',
    `Welcome to the tenant insurance program at ${mail.facilityName}, administered by ${mail.programName}.`,
    mail.coverageLine,
    'Your certificate of coverage is attached to this e-mail as a PDF.',
    'Please keep it with your storage rental records. If any detail on it is wrong, reply to this e-mail or contact your facility.',
    ...(mail.portal ? ['', `See your coverage online at ${mail.portal.url} with your access code ${mail.portal.code}.`, `En espa\u00f1ol: ${mail.portal.spanish}`] : []),
    '',
    mail.programName,
  ].join('\r\n');
  return [
    `From: ${headerText(mail.programName)} <${from}>`,
    `Reply-To: ${mail.replyTo}`,
    `To: ${mail.to}`,
    `Subject: ${headerText(`Your certificate of coverage - ${mail.facilityName}`)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(Buffer.from(text, 'utf8')),
    `--${boundary}`,
    `Content-Type: application/pdf; name="${mail.fileName}"`,
    `Content-Disposition: attachment; filename="${mail.fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.pdf),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Sends the certificate, unless the address is suppressed (returned e-mail: the skip is on the tenant's history). */
export async function sendCertificateEmail(mail: CertificateEmail, about: MailFor): Promise<SendOutcome> {
  const outcome = await sendRawEmail(mail.to, (from) => certificateMessage(mail, from), about);
  if (outcome.sent) recordMetric('EmailsSent', 1, 'welcome_certificate');
  return outcome;
}
