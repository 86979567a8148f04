/**
 * The handler without the HTTP server: the same API Gateway proxy event the local runtime would build
 * (through its own toProxyEvent), handed straight to the group's Lambda handler.
 */
import type { IncomingMessage } from 'node:http';
import { lambdaContext } from '../../localstack/runtime/handlers';
import type { ApiHandler } from '../../localstack/runtime/handlers';
import { toProxyEvent } from '../../localstack/runtime/http-server';
import { matchRoute } from '../../shared/routes';
import type { ApiGroup } from '../../shared/routes';
import type { HttpCall } from './http-client';
import { wireHeaders } from './http-client';

export interface InProcessReply {
  status: number;
  body: string;
  ms: number;
}

/** Only what toProxyEvent reads from a request: url, method, headers and the socket's address. */
function fakeRequest(call: HttpCall, host: string): IncomingMessage {
  return { url: call.path, method: call.method, headers: wireHeaders(call, host), socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
}

export async function loadHandler(group: ApiGroup): Promise<ApiHandler> {
  // Dynamic import after startProgram: the runtime already loaded this module, so both share one instance.
  const modules: Partial<Record<ApiGroup, () => Promise<{ handler: unknown }>>> = {
    auth: () => import('../../functions/api/auth'),
    users: () => import('../../functions/api/users'),
  };
  const load = modules[group];
  if (!load) throw new Error(`the bench has no scenario for group ${group}`);
  return (await load()).handler as ApiHandler;
}

/**
 * Builds a fresh event each call (middy's parsers replace event.body, so events cannot be reused) and
 * times only the handler call.
 */
export async function invoke(handler: ApiHandler, call: HttpCall, host: string): Promise<InProcessReply> {
  const url = new URL(call.path, 'http://local');
  const match = matchRoute(call.method, url.pathname);
  if (!('route' in match)) throw new Error(`no route for ${call.method} ${call.path}`);
  const event = toProxyEvent(fakeRequest(call, host), Buffer.from(call.body ?? ''), match.route.path, match.pathParameters);
  const context = lambdaContext(`api-${match.route.group}`);
  const started = performance.now();
  const result = await handler(event, context);
  const ms = performance.now() - started;
  return { status: result.statusCode, body: result.body, ms };
}
