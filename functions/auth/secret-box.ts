/**
 * Encrypts the generated first password so staff can mail it to the manager until it is changed
 * (AES-256-GCM). The key comes from Secrets Manager when deployed and from APP_SECRET locally.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ENV } from '../../shared/resources';
import { secretString } from '../aws/clients';

const TAG_BYTES = 16;

let keyPromise: Promise<Buffer> | undefined;

async function loadKey(): Promise<Buffer> {
  let secret = process.env[ENV.appSecret];
  const arn = process.env[ENV.appSecretArn];
  if (!secret && arn) secret = await secretString(arn);
  if (!secret) throw new Error(`Neither ${ENV.appSecret} nor ${ENV.appSecretArn} is set`);
  return createHash('sha256').update(secret).digest();
}

// A failed load (Secrets Manager unreachable for a moment) is not kept: the next request tries again.
const key = () =>
  (keyPromise ??= loadKey().catch((err: unknown) => {
    keyPromise = undefined;
    throw err;
  }));

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
