/**
 * OAuth 1.0a request signing (RFC 5849) as StorEdge's API asks for it: one-legged (consumer key and
 * secret, no token), HMAC-SHA1, the parameters in an `Authorization: OAuth ...` header. The base string
 * and the header come from the oauth-1.0a package (the library StorEdge's own JavaScript sample client
 * uses); the HMAC and the nonce from node:crypto. The query string is part of the signed base string; a
 * JSON body is not (RFC 5849 section 3.4.1.3.1 signs only form-encoded bodies).
 */
import { createHmac, randomBytes } from 'node:crypto';
import OAuth from 'oauth-1.0a';

export interface OAuthCredentials {
  key: string;
  secret: string;
}

export interface SigningOptions {
  /** Three-legged OAuth's access token; StorEdge's API uses none (the RFC's examples do). */
  token?: OAuthCredentials;
  /** Fixed only by tests that check a published example; otherwise 128 random bits. */
  nonce?: string;
  /** Seconds since the epoch; fixed only by tests. */
  timestamp?: number;
}

/** RFC 3986 percent-encoding (unreserved characters only), as the base string and query strings need it. */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A query string whose every name and value is RFC 3986-encoded: a space is %20, never '+', so the
 * parameters the server decodes are the ones the signature covered.
 */
export const signableQuery = (params: Record<string, string>): string =>
  Object.entries(params).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');

/** The `Authorization` header value for `method url` (the URL with its query string, already encoded). */
export function oauthAuthorization(consumer: OAuthCredentials, request: { method: string; url: string }, options: SigningOptions = {}): string {
  const oauth = new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const data: OAuth.Data = {
    oauth_consumer_key: consumer.key,
    oauth_nonce: options.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    oauth_version: '1.0',
    ...(options.token ? { oauth_token: options.token.key } : {}),
  };
  const signature = oauth.getSignature({ method: request.method, url: request.url, data: {} }, options.token?.secret, data);
  return oauth.toHeader({ ...data, oauth_signature: signature }).Authorization;
}
