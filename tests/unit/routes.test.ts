import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_GROUPS, matchRoute, ROUTES, routeKey } from '../../shared/routes';
import type { RouteDef, RouteMatch } from '../../shared/routes';

const routes = ROUTES as readonly RouteDef[];
const REPO = resolve(import.meta.dirname, '..', '..');
const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const managerReachable = (r: RouteDef) => r.access === 'session' || (Array.isArray(r.access) && r.access.includes('manager'));

function matched(method: string, path: string): RouteMatch {
  const m = matchRoute(method, path);
  if (!('route' in m)) throw new Error(`${method} ${path} did not match (methodMismatch=${m.methodMismatch})`);
  return m;
}

describe('matchRoute', () => {
  it('finds every route of the table from a concrete path', () => {
    for (const route of routes) {
      const concrete = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => `value-of-${name}-42`);
      const m = matched(route.method, concrete);
      expect(routeKey(m.route), concrete).toBe(routeKey(route));
      expect(Object.keys(m.pathParameters).sort()).toEqual(paramsOf(route.path).sort());
      for (const name of paramsOf(route.path)) expect(m.pathParameters[name]).toBe(`value-of-${name}-42`);
    }
  });

  it('a static segment beats a parameter in the same place', () => {
    expect(matched('GET', '/api/facilities/search').route.path).toBe('/api/facilities/search');
    expect(matched('GET', '/api/facilities/from-zoho').route.path).toBe('/api/facilities/from-zoho');
    expect(matched('GET', '/api/cycles/search').route.path).toBe('/api/cycles/search');
    expect(matched('GET', '/api/cycles/get-for-facility').route.path).toBe('/api/cycles/get-for-facility');
    expect(matched('GET', '/api/cycles/c-1').route.path).toBe('/api/cycles/{id}');
    expect(matched('POST', '/api/tenants/bulk').route.path).toBe('/api/tenants/bulk');
    expect(matched('POST', '/api/tenants/t-9').route.path).toBe('/api/tenants/{id}');
    // An earlier static segment outweighs a later one: state/{state} beats {id}/tenants for /state/tenants.
    const m = matched('GET', '/api/facilities/state/tenants');
    expect(m.route.path).toBe('/api/facilities/state/{state}');
    expect(m.pathParameters).toEqual({ state: 'tenants' });
    expect(matched('GET', '/api/facilities/state/TX/tenants-mailing').pathParameters).toEqual({ state: 'TX' });
  });

  it('decodes path parameters', () => {
    expect(matched('DELETE', '/api/users/a%20b%2Fc%C3%A9').pathParameters).toEqual({ id: 'a b/cé' });
    expect(matched('GET', '/api/facilities/download-letters/letters%202026.pdf').pathParameters).toEqual({ file_name: 'letters 2026.pdf' });
  });

  it('a path that cannot be decoded is no match, not an exception', () => {
    expect(() => matchRoute('DELETE', '/api/users/%E0%A4%A')).not.toThrow();
    expect(matchRoute('DELETE', '/api/users/%E0%A4%A')).toEqual({ methodMismatch: false });
  });

  it('tells an unknown path (404) from a known path with another method (405)', () => {
    expect(matchRoute('GET', '/api/nope')).toEqual({ methodMismatch: false });
    expect(matchRoute('GET', '/api/users/u-1/extra')).toEqual({ methodMismatch: false });
    expect(matchRoute('GET', '/api')).toEqual({ methodMismatch: false });
    expect(matchRoute('GET', '/api/users/u-1')).toEqual({ methodMismatch: true });
    expect(matchRoute('PUT', '/api/users')).toEqual({ methodMismatch: true });
    expect(matchRoute('DELETE', '/api/login')).toEqual({ methodMismatch: true });
  });

  it('ignores a trailing slash and does not match by prefix', () => {
    expect(matched('GET', '/api/users/').route.path).toBe('/api/users');
    expect(matchRoute('GET', '/api/users-x')).toEqual({ methodMismatch: false });
  });
});

describe('the route table', () => {
  it('every route is under /api with a known method and group', () => {
    for (const route of routes) {
      expect(route.path, routeKey(route)).toMatch(/^\/api\/[a-z0-9-]/);
      expect(['GET', 'POST', 'DELETE']).toContain(route.method);
      expect(API_GROUPS as readonly string[], routeKey(route)).toContain(route.group);
    }
  });

  it('has no duplicate method and path, not even with differently named parameters', () => {
    const keys = routes.map((r) => `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`);
    const dupes = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(dupes).toEqual([]);
  });

  it('every group has routes and a Lambda handler file', () => {
    for (const group of API_GROUPS) {
      expect(routes.some((r) => r.group === group), group).toBe(true);
      expect(existsSync(join(REPO, 'functions', 'api', `${group}.ts`)), `functions/api/${group}.ts`).toBe(true);
    }
  });

  it('a group of the spec that takes no form (the JSON-only handler) has only GET routes, which carry no body', () => {
    // functions/runtime/json-api-handler.ts: a POST added to such a group would refuse the spec's forms with 415.
    const beyondTheSpec = ['respond', 'proof-reviews'];
    for (const group of API_GROUPS) {
      const source = readFileSync(join(REPO, 'functions', 'api', `${group}.ts`), 'utf8');
      if (!source.includes('createJsonApiHandler') || beyondTheSpec.includes(group)) continue;
      expect(routes.filter((r) => r.group === group && r.method !== 'GET').map(routeKey), group).toEqual([]);
    }
  });

  it('access is public, session, respondent or a non-empty list of known permissions', () => {
    for (const route of routes) {
      if (route.access === 'public' || route.access === 'session' || route.access === 'respondent') continue;
      expect(route.access.length, routeKey(route)).toBeGreaterThan(0);
      for (const p of route.access) expect(['admin', 'monitor', 'manager']).toContain(p);
    }
  });

  it('only login, the tenant portal\'s sign-in, app status, the OpenAPI document and the reminders\' unsubscribe link are public', () => {
    expect(routes.filter((r) => r.access === 'public').map(routeKey).sort()).toEqual(
      ['GET /api/app/status', 'GET /api/email/unsubscribe', 'GET /api/openapi.json', 'POST /api/email/unsubscribe', 'POST /api/login', 'POST /api/respond/sign-in'],
    );
  });

  it('the unsubscribe link\'s POST takes the urlencoded body mailbox providers send (RFC 8058): its group\'s handler parses forms', () => {
    for (const route of routes.filter((r) => r.path === '/api/email/unsubscribe')) {
      const source = readFileSync(join(REPO, 'functions', 'api', `${route.group}.ts`), 'utf8');
      expect(source, route.group).toContain('createApiHandler');
    }
  });

  it('tenant portal sessions reach only /api/respond/*, and every /api/respond route but sign-in needs one', () => {
    for (const route of routes) {
      const portal = route.path.startsWith('/api/respond/');
      if (route.access === 'respondent') expect(portal, routeKey(route)).toBe(true);
      if (portal && route.path !== '/api/respond/sign-in') expect(route.access, routeKey(route)).toBe('respondent');
    }
  });

  /**
   * Routes a manager can reach whose object is checked per user in the handler rather than per facility:
   * GET /api/jobs/{id} answers 404 unless the caller started the job (tests/integration/jobs.test.ts).
   */
  const OWNED_BY_USER_IN_HANDLER = new Set(['GET /api/jobs/{id}']);

  it('every manager-reachable route that names an object in its path has an ownership scope', () => {
    const missing = routes
      .filter((r) => managerReachable(r) && paramsOf(r.path).length > 0 && !r.scope && !OWNED_BY_USER_IN_HANDLER.has(routeKey(r)))
      .map(routeKey);
    expect(missing).toEqual([]);
  });

  it('a path scope names a parameter of its path; staff-only routes need no scope', () => {
    for (const route of routes) {
      if (!route.scope) continue;
      expect(managerReachable(route), `${routeKey(route)} has a scope but managers cannot reach it`).toBe(true);
      if (route.scope.from === 'path') expect(paramsOf(route.path), routeKey(route)).toContain(route.scope.name);
    }
  });
});
