/**
 * The program's one secret: from Secrets Manager when deployed (APP_SECRET_ARN), from APP_SECRET locally
 * (localstack/runtime/program.ts). Read once per container, on first use; a failed read (Secrets Manager
 * unreachable for a moment) is not kept, so the next request tries again. Each use takes a key of its
 * own derived from it (HKDF-SHA256 with the use's name), so no two uses share a key.
 */
import { createHash, hkdfSync } from 'node:crypto';
import { ENV } from '../../shared/resources';
import { secretString } from './clients';

let secretPromise: Promise<string> | undefined;

async function loadSecret(): Promise<string> {
  let secret = process.env[ENV.appSecret];
  const arn = process.env[ENV.appSecretArn];
  if (!secret && arn) secret = await secretString(arn);
  if (!secret) throw new Error(`Neither ${ENV.appSecret} nor ${ENV.appSecretArn} is set`);
  return secret;
}

const appSecret = () =>
  (secretPromise ??= loadSecret().catch((err: unknown) => {
    secretPromise = undefined;
    throw err;
  }));

/** The key the first-password box has always used (SHA-256 of the secret): what it sealed must still open. */
export const sealingKey = async (): Promise<Buffer> => createHash('sha256').update(await appSecret()).digest();

const derived = new Map<string, Buffer>();

/** A 256-bit key for one use (its `purpose`), derived from the secret. */
export async function derivedKey(purpose: string): Promise<Buffer> {
  let key = derived.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', await appSecret(), Buffer.alloc(0), `audit-letter-program ${purpose}`, 32));
    derived.set(purpose, key);
  }
  return key;
}
