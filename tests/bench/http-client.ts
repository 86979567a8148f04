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

export function createClient(baseUrl: string): { send: (call: HttpCall) => Promise<HttpReply>; close: () => void } {
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
