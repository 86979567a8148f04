/**
 * A minimal keep-alive HTTP client. node:http rather than fetch: undici's per-request work would be
 * counted as local-runtime overhead, and a browser also reuses one connection for these calls.
 */
import { Agent, request } from 'node:http';

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpReply {
  status: number;
  body: string;
  ms: number;
}

export type Send = (call: HttpCall) => Promise<HttpReply>;

export function createClient(baseUrl: string): { send: Send; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (call: HttpCall) => new Promise<HttpReply>((resolve, reject) => {
    const started = performance.now();
    const req = request(new URL(call.path, baseUrl), { method: call.method, headers: call.headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${call.method} ${call.path} timed out`)));
    req.on('error', reject);
    req.end(call.body);
  });
  return { send, close: () => agent.destroy() };
}

/** The headers Node's client puts on the wire, so the in-process event carries the same ones. */
export function wireHeaders(call: HttpCall, host: string): Record<string, string> {
  const headers: Record<string, string> = { host, connection: 'keep-alive' };
  for (const [k, v] of Object.entries(call.headers)) headers[k.toLowerCase()] = v;
  if (call.body !== undefined) headers['content-length'] = String(Buffer.byteLength(call.body));
  return headers;
}

/** The headers of an API call with the caller's token (and a JSON body). */
export const headersOf = (token: string, body = false): Record<string, string> => ({
  authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}),
});

/** A demo user's token (every demo user's password is demo1234). */
export async function login(send: Send, username: string): Promise<string> {
  const reply = await send({
    method: 'POST', path: '/api/login', body: `username=${username}&password=demo1234`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  });
  if (reply.status !== 200) throw new Error(`login ${username} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  return (JSON.parse(reply.body) as { token: string }).token;
}
