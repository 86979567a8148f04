/**
 * The token of a reminder's unsubscribe link (issue 27): the address (trimmed, lower case, as every
 * e-mail key of the program), base64url, a '.', and an HMAC-SHA256 of it under a key derived from the app
 * secret for this use alone. Only the program can make one, so the link needs no session, names no
 * tenant, and cannot be turned against another address; it does not expire, as a link in a mailbox is
 * opened whenever its reader wants (mailbox providers ask that it keep working).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../aws/app-secret';
import { emailKeyOf } from '../tenants/tenant-record';

const PURPOSE = 'reminder-unsubscribe';

const signatureOf = async (payload: string): Promise<Buffer> => createHmac('sha256', await derivedKey(PURPOSE)).update(payload).digest();

export async function unsubscribeToken(address: string): Promise<string> {
  const payload = Buffer.from(emailKeyOf(address), 'utf8').toString('base64url');
  return `${payload}.${(await signatureOf(payload)).toString('base64url')}`;
}

/** The address a token names, or null when the program did not sign it as it stands (made up, edited, cut short). */
export async function addressOfToken(token: string): Promise<string | null> {
  const parts = token.trim().split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  // Compared as written, not as decoded: base64url's last character carries bits that decoding drops, so
  // 'xA' and 'xB' can decode to the same bytes; only the one spelling the program wrote is its signature.
  const given = Buffer.from(signature, 'utf8');
  const expected = Buffer.from((await signatureOf(payload)).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const address = Buffer.from(payload, 'base64url').toString('utf8');
  // Signed by us, so it is an address we keyed; checked anyway so nothing else ever reaches a key.
  return address && address === emailKeyOf(address) && address.includes('@') ? address : null;
}
