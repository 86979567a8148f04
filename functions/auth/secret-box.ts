/**
 * Encrypts the generated first password so staff can mail it to the manager until it is changed
 * (AES-256-GCM). The key comes from the app secret (functions/aws/app-secret.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sealingKey as key } from '../aws/app-secret';

const TAG_BYTES = 16;

export async function seal(plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(), iv, { authTagLength: TAG_BYTES });
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

/** Null when the value cannot be opened (for example after the key was rotated). */
export async function open(sealed: string): Promise<string | null> {
  try {
    const [iv, tag, data] = sealed.split('.').map((s) => Buffer.from(s, 'base64'));
    // A fixed tag length: GCM would otherwise accept a tag cut down to 4 bytes, which is easy to forge.
    const decipher = createDecipheriv('aes-256-gcm', await key(), iv!, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
