import { describe, expect, it } from 'vitest';
import { certificateMessage } from '../../../functions/letters/welcome-email';
import type { CertificateEmail } from '../../../functions/letters/welcome-email';

const MAIL: CertificateEmail = {
  to: 'jane@mail.example', tenantName: 'Jane Doe', facilityName: 'Sunrise Self Storage - Mesa', programName: 'Storage Protection Program Office',
  coverageLine: 'Your plan: $3,000 of coverage for $16.00 per month, effective December 5, 2026.', replyTo: 'tenants@storageprotection.example',
  portal: { url: 'https://www.storageprotection.example/respond', code: 'K7PX-3M9Q', qr: '', spanish: 'https://www.storageprotection.example/respond?lang=es' },
  pdf: new Uint8Array([37, 80, 68, 70]), fileName: 'certificate-1001-B-117.pdf',
};

/** The message's text part, decoded. */
function textOf(message: string): string {
  const part = message.split('Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n')[1]!.split('\r\n--')[0]!;
  return Buffer.from(part.replace(/\r\n/g, ''), 'base64').toString('utf8');
}

describe('certificateMessage', () => {
  it('tells the tenant where to see the coverage online with the access code as printed, and where in Spanish', () => {
    const text = textOf(certificateMessage(MAIL, 'no-reply@storageprotection.example'));
    expect(text).toContain('See your coverage online at https://www.storageprotection.example/respond with your access code K7PX-3M9Q.');
    expect(text).toContain('En espa\u00f1ol: https://www.storageprotection.example/respond?lang=es');
    expect(text).toContain(MAIL.coverageLine);
  });

  it('says nothing of the portal for a tenant without a program code', () => {
    const text = textOf(certificateMessage({ ...MAIL, portal: null }, 'no-reply@storageprotection.example'));
    expect(text).not.toContain('access code');
    expect(text).not.toContain('/respond');
  });
});
