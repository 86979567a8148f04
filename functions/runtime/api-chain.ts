/**
 * The middleware chain every /api group runs as a Lambda handler. Middleware order is the order of
 * trust: find the route, authenticate and authorize (before any body is parsed), parse the body with
 * the group's parsers, validate with the route's zod contract, check object ownership, then run.
 * The groups choose their body parsers through the two factories that use this chain: api-handler.ts
 * (the spec's forms: JSON, urlencoded or multipart) and json-api-handler.ts (JSON only), so a group that
 * never takes a form does not carry the multipart parser (busboy) in its bundle.
 */
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ROUTES, routeKey } from '../../shared/routes';
import type { ApiGroup, RouteDef } from '../../shared/routes';
import { authenticate, authenticateRespondent } from './authenticate';
import { clientAddress } from './client-address';
import { HttpError, notFound } from './http-error';
import { logger } from './logger';
import { flushMetrics } from './metric-flush';
import { checkOwnership, hasOwnershipResolver } from './ownership';
import type { Respondent } from '../respond/respondent-sessions';
import type { Caller, Reply, RouteImpl } from './route';
import { validate } from './validate';

interface ApiState {
  route?: RouteDef;
  impl?: RouteImpl;
  caller: Caller | null;
  respondent: Respondent | null;
  input?: { params: unknown; query: unknown; body: unknown };
  /** The body as it arrived, to tell a body no parser took (415) from JSON that parsed to a string. */
  rawBody?: string | null;
}
/** Middy hands the context to the handler, so the request's state travels on it. */
interface ApiContext extends Context { api: ApiState }
type ApiRequest = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;
export type ApiMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

/** The body parsers of a group, and how its 415 answer names the bodies they take. */
export interface BodyParsing {
  parsers: readonly ApiMiddleware[];
  accepts: string;
}

const CAPABILITY_NAMES: Record<string, string> = {
  'facilities-cycles': 'Facilities, cycles, coverages and the home dashboard',
  'tenants-letters': 'Tenants, letters, imports and policy setup',
  archives: 'Archives',
  respond: 'Tenant response portal',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

const requestIdOf = (request: ApiRequest) => request.event.requestContext?.requestId ?? request.context.awsRequestId;

export function createHandler(group: ApiGroup, impls: Partial<Record<string, RouteImpl>>, bodies: BodyParsing) {
  const routes = new Map<string, RouteDef>(
    (ROUTES as readonly RouteDef[]).filter((r) => r.group === group).map((r) => [routeKey(r), r]),
  );
  for (const key of Object.keys(impls)) {
    if (!routes.has(key)) throw new Error(`${key} is implemented in group ${group} but is not in its route table`);
  }

  const routeAndAuth: ApiMiddleware = {
    before: async (request) => {
      const { httpMethod, resource } = request.event;
      const route = routes.get(`${httpMethod} ${resource}`);
      if (!route) throw notFound(`No such API route: ${httpMethod} ${request.event.path}`);
      logger.appendKeys({ route: routeKey(route), request_id: requestIdOf(request) });
      const state: ApiState = { route, caller: null, respondent: null, rawBody: request.event.body };
      request.context.api = state;
      if (route.access === 'respondent') state.respondent = await authenticateRespondent(request.event.headers);
      else state.caller = await authenticate(request.event.headers, route);
      const impl = impls[routeKey(route)];
      if (!impl) {
        // Object-level access is part of authorization: a manager naming another facility's object
        // hears 403 (or 404) before 'not available yet', wherever the id can be read without a contract.
        const scope = route.scope;
        if (scope && scope.from !== 'body' && state.caller && hasOwnershipResolver(scope.kind)) {
          const { pathParameters, queryStringParameters } = request.event;
          await checkOwnership(scope, { params: pathParameters ?? {}, query: queryStringParameters ?? {}, body: undefined }, state.caller);
        }
        const name = CAPABILITY_NAMES[route.capability] ?? route.capability;
        throw new HttpError(501, `${routeKey(route)} is not available yet: it arrives with the '${name}' capability.`);
      }
      state.impl = impl;
    },
  };

  const validateAndOwn: ApiMiddleware = {
    before: async (request) => {
      const state = request.context.api;
      const { impl, route, caller } = state;
      const event = request.event;
      const body = event.body as unknown;
      if (typeof body === 'string' && body === state.rawBody && body.trim() !== '') {
        throw new HttpError(415, `Send the body as ${bodies.accepts}.`);
      }
      const input = validate(impl!.contract, {
        params: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        body: body || {},
      });
      state.input = input;
      if (route!.scope && caller) await checkOwnership(route!.scope, input, caller);
    },
  };

  const errors: ApiMiddleware = {
    onError: async (request) => {
      const err = request.error as (Error & { statusCode?: number; expose?: boolean }) | null;
      if (err instanceof HttpError) {
        const body: Record<string, unknown> = { error: err.message };
        if (err.extra.field) body.field = err.extra.field;
        if (err.extra.details) body.errors = err.extra.details;
        if (err.status >= 500 && err.status !== 501) logger.error('request failed', { error: err });
        request.response = json(err.status, body, err.extra.headers);
        return;
      }
      // Middy's body parsers throw http errors of their own for malformed or unsupported bodies.
      if (err?.statusCode && err.statusCode < 500) {
        request.response = json(400, { error: `Malformed request body: ${err.message}` });
        return;
      }
      const requestId = requestIdOf(request);
      logger.error('unexpected error', { error: err, request_id: requestId });
      request.response = json(500, { error: `Something went wrong on our side. Please quote request id ${requestId}.`, request_id: requestId });
    },
  };

  const base = async (event: APIGatewayProxyEvent, context: ApiContext): Promise<APIGatewayProxyResult> => {
    const { impl, caller, respondent, input } = context.api;
    const reply: Reply = await impl!.handle({
      params: input!.params, query: input!.query, body: input!.body, caller, respondent,
      requestId: event.requestContext?.requestId ?? '', sourceIp: clientAddress(event),
    } as Parameters<RouteImpl['handle']>[0]);
    return json(reply.status ?? 200, reply.body, reply.headers);
  };

  /** The invocation's metrics leave when it ends, answered or failed: first in the chain, so last after it and on error. */
  const metrics: ApiMiddleware = { after: async () => flushMetrics(), onError: async () => flushMetrics() };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>()
    .use(metrics)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errors)
    .use(httpHeaderNormalizer())
    .use(routeAndAuth)
    .use([...bodies.parsers])
    .use(validateAndOwn)
    .handler(base);
}
