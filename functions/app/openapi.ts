/** GET /api/openapi.json: generated from the route table and the zod contracts, so it cannot drift. */
import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { CONTRACTS } from '../../shared/contracts';
import type { RouteContract } from '../../shared/contracts';
import { ROUTES, routeKey } from '../../shared/routes';
import type { RouteDef } from '../../shared/routes';

const errorSchema = z.object({ error: z.string(), field: z.string().optional() });

/** Path parameters of a route that has no contract yet: OpenAPI needs every template parameter declared. */
const pathParams = (path: string): z.ZodObject | undefined => {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
};

let cached: unknown;

export function openApiDocument(version: string): unknown {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  for (const route of ROUTES as readonly RouteDef[]) {
    const contract = (CONTRACTS as Record<string, RouteContract>)[routeKey(route)];
    const openApiPath = route.path;
    const access = route.access === 'public' ? 'public' : route.access === 'session' ? 'any logged-in user' : route.access === 'respondent' ? 'a tenant\'s portal session' : `permissions: ${route.access.join(', ')} (admin always)`;
    registry.registerPath({
      method: route.method.toLowerCase() as 'get' | 'post' | 'delete',
      path: openApiPath,
      tags: [route.group],
      summary: contract?.summary ?? `Arrives with the ${route.capability} capability`,
      description: `Access: ${access}.`,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      request: {
        params: (contract?.params as z.ZodObject | undefined) ?? pathParams(route.path),
        query: contract?.query as z.ZodObject | undefined,
        body: contract?.body
          ? {
              content: {
                'application/json': { schema: contract.body },
                'application/x-www-form-urlencoded': { schema: contract.body },
              },
            }
          : undefined,
      },
      responses: contract
        ? {
            200: { description: 'Success', content: { 'application/json': { schema: contract.response } } },
            401: { description: 'No, expired or revoked session', content: { 'application/json': { schema: errorSchema } } },
            403: { description: 'Not permitted', content: { 'application/json': { schema: errorSchema } } },
            422: { description: 'Invalid input; `field` names it', content: { 'application/json': { schema: errorSchema } } },
          }
        : { 501: { description: 'Not available yet', content: { 'application/json': { schema: errorSchema } } } },
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Audit Letter Program API', version },
  });
  return cached;
}
