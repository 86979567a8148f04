/**
 * The wiring between the route table, the zod contracts and the ownership resolvers: a route that is
 * implemented must be in the table, validate its path parameters, and have a resolver for its scope.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../shared/contracts';
import type { RouteContract } from '../../shared/contracts';
import { ROUTES, routeKey } from '../../shared/routes';
import type { RouteDef } from '../../shared/routes';
import { hasOwnershipResolver } from '../../functions/runtime/ownership';
import { loadApiHandlers } from '../../localstack/runtime/handlers';

const routes = ROUTES as readonly RouteDef[];
const contracts = CONTRACTS as Record<string, RouteContract>;
const byKey = new Map(routes.map((r) => [routeKey(r) as string, r]));
const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Path parameters with a format of their own (any other parameter is an id). */
const FORMATTED_PARAMS: Record<string, string> = { state: 'TX', file_name: '1001-initial-2026-11-23-abc123.pdf' };

describe('contracts and routes', () => {
  it('every implemented route (a key of CONTRACTS) is in the route table', () => {
    const unknown = Object.keys(contracts).filter((k) => !byKey.has(k));
    expect(unknown).toEqual([]);
  });

  it('every implemented route with path parameters validates exactly those parameters', () => {
    for (const [key, contract] of Object.entries(contracts)) {
      const names = paramsOf(byKey.get(key)!.path);
      if (names.length === 0) continue;
      expect(contract.params, `${key} has path parameters but no params schema`).toBeDefined();
      const sample = Object.fromEntries(names.map((n) => [n, FORMATTED_PARAMS[n] ?? 'abc-123']));
      expect(contract.params!.safeParse(sample).success, key).toBe(true);
      expect(contract.params!.safeParse({}).success, `${key} accepts missing path parameters`).toBe(false);
    }
  });

  it('GET and DELETE contracts take no body', () => {
    for (const [key, contract] of Object.entries(contracts)) {
      if (key.startsWith('GET ') || key.startsWith('DELETE ')) expect(contract.body, key).toBeUndefined();
    }
  });

  it('every scope kind used by an implemented route has an ownership resolver', async () => {
    // Capabilities register their resolvers when their handler modules load, as in a Lambda.
    await loadApiHandlers();
    const missing = Object.keys(contracts)
      .map((k) => byKey.get(k)!)
      .filter((r) => r.scope && !hasOwnershipResolver(r.scope.kind))
      .map((r) => `${routeKey(r)} (${r.scope!.kind})`);
    expect(missing).toEqual([]);
    expect(hasOwnershipResolver('facility')).toBe(true);
  });
});
