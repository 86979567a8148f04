/**
 * The StorEdge simulator's check of a request's OAuth 1.0a HMAC-SHA1 signature (RFC 5849 section 3.4),
 * written from the RFC apart from the client's signing (oauth-1.0a in functions/external/oauth1.ts), so
 * the two implementations check each other: the base string is the method, the base URI (scheme and
 * host in lower case, no default port, the path as sent) and the normalized parameters (the query
 * string decoded as a form, plus the oauth_ parameters of the header but the signature; each name and
 * value RFC 3986-encoded, sorted by name then value). The key is the consumer secret and an empty token
 * secret. A timestamp more than 5 minutes off, or a nonce seen before with the same timestamp, is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TIMESTAMP_TOLERANCE_S = 300;

const encode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature base string of RFC 5849 section 3.4.1. */
export function signatureBaseString(method: string, baseUri: string, params: readonly (readonly [string, string])[]): string {
  const normalized = params
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}&${encode(baseUri)}&${encode(normalized)}`;
}

/** HMAC-SHA1 of the base string with `consumerSecret&tokenSecret` (section 3.4.2), base64. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${encode(consumerSecret)}&${encode(tokenSecret)}`).update(baseString).digest('base64');
}

/** The parameters of an `Authorization: OAuth k="v", ...` header, decoded; null when it is not one. */
export function authorizationParams(header: string | undefined): Map<string, string> | null {
  if (!header || !/^OAuth\s/i.test(header)) return null;
  const params = new Map<string, string>();
  for (const part of header.replace(/^OAuth\s+/i, '').split(',')) {
    const match = /^\s*([^=\s]+)\s*=\s*"([^"]*)"\s*$/.exec(part);
    if (!match) return null;
    try {
      params.set(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
    } catch {
      return null;
    }
  }
  return params;
}

/** Nonces seen (with their timestamp) within the tolerance window, to refuse a replayed request. */
export class NonceBook {
  private readonly seen = new Map<string, number>();

  /** False when this nonce and timestamp were used before. */
  use(nonce: string, timestamp: number, nowS: number): boolean {
    const key = `${timestamp}:${nonce}`;
    if (this.seen.has(key)) return false;
    if (this.seen.size > 10_000) {
      for (const [k, at] of this.seen) if (at < nowS - 2 * TIMESTAMP_TOLERANCE_S) this.seen.delete(k);
    }
    this.seen.set(key, timestamp);
    return true;
  }
}

/** Why the request's OAuth signature is not good, or null when it is. */
export function oauthProblem(req: IncomingMessage, consumer: { key: string; secret: string }, nonces: NonceBook, nowS = Math.floor(Date.now() / 1000)): string | null {
  const oauth = authorizationParams(req.headers.authorization);
  if (!oauth) return 'Missing OAuth Authorization header';
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1') return 'Unsupported oauth_signature_method';
  if (oauth.has('oauth_version') && oauth.get('oauth_version') !== '1.0') return 'Unsupported oauth_version';
  if (oauth.has('oauth_token')) return 'This API takes no oauth_token';
  if (oauth.get('oauth_consumer_key') !== consumer.key) return 'Invalid consumer key';
  const signature = oauth.get('oauth_signature');
  const nonce = oauth.get('oauth_nonce');
  const timestamp = Number(oauth.get('oauth_timestamp'));
  if (!signature || !nonce || !Number.isInteger(timestamp)) return 'Incomplete OAuth parameters';
  if (Math.abs(nowS - timestamp) > TIMESTAMP_TOLERANCE_S) return 'Expired oauth_timestamp';

  const host = (req.headers.host ?? '').toLowerCase().replace(/:80$/, '');
  const [path, query = ''] = (req.url ?? '/').split(/\?(.*)/s, 2) as [string, string?];
  const params: [string, string][] = [...new URLSearchParams(query)];
  for (const [k, v] of oauth) if (k.startsWith('oauth_') && k !== 'oauth_signature') params.push([k, v]);
  const expected = Buffer.from(hmacSha1Signature(signatureBaseString(req.method ?? 'GET', `http://${host}${path}`, params), consumer.secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'Invalid signature';
  // Only a request with a good signature uses up its nonce (a forged one cannot block a real one).
  if (!nonces.use(nonce, timestamp, nowS)) return 'Nonce already used';
  return null;
}
