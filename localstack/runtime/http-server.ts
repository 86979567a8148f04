/**
 * The local HTTP front door: the built web app (with SPA fallback, as CloudFront does) and /api/*
 * turned into API Gateway proxy events for the same handlers Lambda runs.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import sirv from 'sirv';
import { matchRoute } from '../../shared/routes';
import type { ApiGroup } from '../../shared/routes';
import { securityHeaders } from '../../shared/security-headers';
import { lambdaContext } from './handlers';
import type { ApiHandler } from './handlers';

/** API Gateway's own payload limit; larger bodies are refused before any handler runs. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(application\/json|application\/x-www-form-urlencoded|text\/)/i;
const VIEWER_ADDRESS = 'cloudfront-viewer-address';

/**
 * The connection's address in CloudFront-Viewer-Address form ('127.0.0.1:51234'; IPv6 unbracketed, as
 * CloudFront writes it), an IPv4 client of a dual-stack socket without its '::ffff:' prefix.
 */
export function viewerAddressHeader(socket: { remoteAddress?: string; remotePort?: number }): string {
  const address = (socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return `${address}:${socket.remotePort ?? 0}`;
}

export function toProxyEvent(req: IncomingMessage, body: Buffer, resource: string, pathParameters: Record<string, string>): APIGatewayProxyEvent {
  const url = new URL(req.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  // CloudFront writes the viewer's address itself, whatever the client sent under that name; so does
  // this front door, or a client could charge its sign-in failures to anyone's address.
  const received = { ...req.headers, [VIEWER_ADDRESS]: viewerAddressHeader(req.socket) };
  for (const [name, value] of Object.entries(received)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    headers[name] = values.join(', ');
    multiValueHeaders[name] = values;
  }
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) {
    query[k] = v;
    (multiQuery[k] ??= []).push(v);
  }
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const requestId = randomUUID();
  return {
    resource,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(multiQuery).length ? multiQuery : null,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : null,
    stageVariables: null,
    body: body.length === 0 ? null : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000', apiId: 'local', authorizer: null, protocol: 'HTTP/1.1', httpMethod: req.method ?? 'GET',
      identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? null } as APIGatewayProxyEvent['requestContext']['identity'],
      path: url.pathname, stage: 'local', requestId, requestTimeEpoch: Date.now(), resourceId: 'local', resourcePath: resource,
    },
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) { resolve(null); req.resume(); return; }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function handleApi(
  req: IncomingMessage, res: ServerResponse, handlers: Record<ApiGroup, ApiHandler>, siteHeaders: Record<string, string> = {},
): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://local').pathname;
  const match = matchRoute(req.method ?? 'GET', path);
  if (!('route' in match)) {
    // API Gateway answers unknown resources itself; the same statuses here.
    sendJson(res, match.methodMismatch ? 405 : 404, { error: match.methodMismatch ? 'Method not allowed.' : `No such API route: ${path}` });
    return;
  }
  const body = await readBody(req);
  if (body === null) { sendJson(res, 413, { error: 'The request body is larger than 10 MB.' }); return; }
  const event = toProxyEvent(req, body, match.route.path, match.pathParameters);
  const result = await handlers[match.route.group](event, lambdaContext(`api-${match.route.group}`));
  // The site's headers win over a handler's, as the response headers policy overrides the origin's.
  res.writeHead(result.statusCode, { ...(result.headers as Record<string, string>), ...siteHeaders });
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

/**
 * The page a client-side path is served, as the CloudFront function does it (infra/spa-rewrite.ts):
 * /respond and /respond/* (the tenant portal, web/respond.html) and every other extension-less path
 * (the staff app, index.html); a path to a file (/assets/x.js) is served as itself (null).
 */
export function spaPageOf(pathname: string): '/respond.html' | '/index.html' | null {
  const last = pathname.split('/').pop() ?? '';
  if (last.includes('.')) return null;
  return pathname === '/respond' || pathname.startsWith('/respond/') ? '/respond.html' : '/index.html';
}

export interface HttpServerOptions {
  webRoot: string;
  handlers: Record<ApiGroup, ApiHandler>;
  /** Where the pages POST uploads locally (the emulator's origin): the CSP's connect-src, as the uploads bucket's is deployed. */
  uploadsOrigin: string;
}

export function createHttpServer(options: HttpServerOptions): Server {
  const siteHeaders = securityHeaders({ uploads: options.uploadsOrigin });
  const serveWeb = existsSync(options.webRoot)
    ? sirv(options.webRoot, { single: true, dev: false, etag: true })
    : (_req: IncomingMessage, res: ServerResponse) => {
        // The API works without the web app (integration tests); say how to get the pages.
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The web app is not built (${options.webRoot} is missing). Run: npm run build:web`);
      };
  const server = createServer((req, res) => {
    // Every answer carries the site's security headers, as CloudFront adds them to every behaviour.
    for (const [name, value] of Object.entries(siteHeaders)) res.setHeader(name, value);
    if ((req.url ?? '').startsWith('/api/') || req.url === '/api') {
      handleApi(req, res, options.handlers, siteHeaders).catch((err) => {
        console.error('local runtime error', err);
        if (!res.headersSent) sendJson(res, 502, { error: 'The local runtime could not run the handler.' });
        else res.end();
      });
      return;
    }
    // The portal's paths get its own page; sirv's `single` fallback gives the rest index.html.
    const url = new URL(req.url ?? '/', 'http://local');
    if (spaPageOf(url.pathname) === '/respond.html') req.url = `/respond.html${url.search}`;
    serveWeb(req, res, () => { res.statusCode = 404; res.end('Not found'); });
  });
  // A client reuses an idle connection until its own timer ends it (Node's fetch: 4 s, from the 5 s
  // Node's server announces). With both that close, a client whose timer runs late (a busy test process)
  // sends on a connection the server is closing at that moment and gets ECONNRESET (seen in CI, a test's
  // job poll). Keeping idle connections a minute, as a load balancer in front of an API does, lets the
  // client's timer always end them first. stop() closes every connection (program.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
