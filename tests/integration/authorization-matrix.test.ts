/**
 * The authorization matrix: every route of the table, called through the real HTTP path by nobody, a
 * manager, a monitor and an admin. The expected answers come from the route table itself (access and
 * ownership scope), so a route added to the table is covered without touching this file.
 *
 * "Passed authorization" means any answer but 401 and 403 (a 501 of a route not built yet included);
 * no answer may be a server failure or a route the runtime does not know.
 *
 * Routes scoped to a cycle or a tenant are also called with real records: a disposable cycle or tenant
 * of a manager's own facility (passes) and of another facility (403 'This record belongs to another
 * facility.', wherever the id travels: path, query or body).
 *
 * The tenant principal (issue 18): a real tenant portal session passes the respond routes only; on
 * every other route that needs a caller it answers 401 like an unknown token, and no staff or manager
 * token passes a respond route (401 too: a user session is not a tenant session).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_FACILITY_ID, uniqueName } from './helpers';
import type { ApiResponse } from './helpers';
import { getUserByUsername, makeFacility, makeManagerWithFacility, makeUser, TEST_WRITE } from './fixtures';
import { createSession } from '../../functions/auth/sessions';
import { createCycle } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createRespondentSession } from '../../functions/respond/respondent-sessions';
import { createTenants } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { hasAnyPermission, permissionsOf } from '../../shared/permissions';
import type { Permission } from '../../shared/permissions';
import { ROUTES, routeKey } from '../../shared/routes';
import type { RouteDef } from '../../shared/routes';

const routes = ROUTES as readonly RouteDef[];
type Role = 'manager' | 'monitor' | 'admin';
type Variant = 'own' | 'other' | null;

interface Actor { userId: string; permissions: Permission[]; facilityId: string | null }
const actors = {} as Record<Role, Actor>;
/** A facility with its own manager: "another facility" for the demo manager. */
let otherFacilityId = '';
let otherFacility: FacilityRecord;
/** A manager with a facility of its own, whose cycles and tenants the matrix may change. */
let scoped: { facility: FacilityRecord; userId: string };
/** A tenant of the scoped facility, whose portal sessions the matrix uses. */
let portalTenant: TenantRecord;

beforeAll(async () => {
  for (const role of ['manager', 'monitor', 'admin'] as const) {
    const user = (await getUserByUsername(role))!;
    actors[role] = { userId: user.id, permissions: permissionsOf(user), facilityId: user.facility_id };
  }
  expect(actors.manager.facilityId).toBe(DEMO_FACILITY_ID);
  otherFacility = (await makeManagerWithFacility()).facility;
  otherFacilityId = otherFacility.id;
  const own = await makeManagerWithFacility();
  scoped = { facility: own.facility, userId: own.manager.id };
  const cycle = await createCycle({ facility_id: own.facility.id, facility_number: own.facility.facility_number, label: uniqueName('matrix-portal') });
  [portalTenant] = await createTenants(cycle, [{ facility_number: own.facility.facility_number, first_name: 'Portal', last_name: 'Tenant', unit: 'P1', ledger_id: 'P1' }], TEST_WRITE);
});

const mutating = (route: RouteDef) => route.method !== 'GET';
const allowed = (route: RouteDef, permissions: Permission[]) =>
  route.access === 'public' || route.access === 'session' || (route.access !== 'respondent' && hasAnyPermission(permissions, route.access));

/**
 * A value for each id the request names. Facilities and users are real records; a route that changes or
 * deletes one gets a disposable record, so the matrix never damages the demo data. Kinds that have no
 * store yet get an id that does not exist.
 */
async function idFor(route: RouteDef, name: string, variant: Variant): Promise<string> {
  const scope = route.scope;
  if (variant && isObjectScoped(route) && scope!.name === name) {
    return objectOf(scope!.kind as ObjectKind, variant === 'own' ? scoped.facility : otherFacility);
  }
  const facilityNamed = (scope?.kind === 'facility' && scope.name === name) || (route.group === 'facilities' && name === 'id');
  if (facilityNamed) {
    if (variant === 'own') return actors.manager.facilityId!;
    if (variant === 'other') return otherFacilityId;
    return mutating(route) ? (await makeFacility(uniqueName('matrix-facility'), null)).id : DEMO_FACILITY_ID;
  }
  if (route.group === 'users' && name === 'id') return (await makeUser({ username: uniqueName('matrix-user') })).id;
  if (name === 'state') return 'TX';
  if (name === 'file_name') return 'matrix-letters.pdf';
  return `matrix-missing-${name}`;
}

type ObjectKind = 'cycle' | 'tenant';
const isObjectScoped = (route: RouteDef) => route.scope?.kind === 'cycle' || route.scope?.kind === 'tenant';

/** A disposable cycle (or a tenant in one) of the facility. */
async function objectOf(kind: ObjectKind, facility: FacilityRecord): Promise<string> {
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: uniqueName('matrix-cycle') });
  if (kind === 'cycle') return cycle.id;
  const [made] = await createTenants(cycle, [{ facility_number: facility.facility_number, first_name: 'Matrix', last_name: 'Tenant', unit: 'M1', ledger_id: 'M1' }], TEST_WRITE);
  return made!.id;
}

/**
 * The rest of a valid body for routes that name their object in the body: the contract is checked
 * before ownership, so a body missing a required field would answer 422 before the 403 under test.
 */
const BODY_BESIDE_SCOPE: Partial<Record<string, Record<string, string>>> = {
  'POST /api/managers/update-tenant': { updated_at: '2000-01-01T00:00:00.000Z' },
  'POST /api/managers/tag-tenants': { ids: 'matrix-missing-tenant' },
};

async function request(route: RouteDef, token: string | null, variant: Variant): Promise<ApiResponse> {
  let path = route.path;
  for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) path = path.replace(`{${name}}`, encodeURIComponent(await idFor(route, name!, variant)));
  const query: Record<string, string> = {};
  const body: Record<string, string> = { ...BODY_BESIDE_SCOPE[routeKey(route)] };
  if (route.scope?.from === 'query') query[route.scope.name] = await idFor(route, route.scope.name, variant);
  if (route.scope?.from === 'body') body[route.scope.name] = await idFor(route, route.scope.name, variant);
  return call(route.method, path, { token, query, ...(route.method === 'POST' ? { json: body } : {}) });
}

/** A fresh session per call, so routes that end sessions (logout, change-password) do not disturb others. */
const tokenOf = async (role: Role) => (await createSession(actors[role].userId)).token;
/** A fresh tenant portal session per call (sign-out ends one). */
const tenantToken = async () => (await createRespondentSession(portalTenant, '127.0.0.1')).token;

/** A refusal of the kind of token: 401 with x-token-gone, as for an unknown token. */
function expectWrongKindOfToken(route: RouteDef, res: ApiResponse, who: string): void {
  expect(res.status, `${who} should be refused ${routeKey(route)}: ${res.text}`).toBe(401);
  expect(res.headers.get('x-token-gone')).toBe('1');
}
const scopedManagerToken = async () => (await createSession(scoped.userId)).token;

function expectNoFailure(route: RouteDef, res: ApiResponse): void {
  if (res.status !== 501) expect(res.status, `${routeKey(route)} failed: ${res.text}`).toBeLessThan(500);
  expect(res.status, `${routeKey(route)} is not in the runtime: ${res.text}`).not.toBe(405);
  expect(String(res.body?.error ?? ''), routeKey(route)).not.toMatch(/^No such API route/);
}

function expectPassed(route: RouteDef, res: ApiResponse, who: string): void {
  expectNoFailure(route, res);
  expect([401, 403], `${who} should pass ${routeKey(route)} but got ${res.status}: ${res.text}`).not.toContain(res.status);
}

function expectForbidden(route: RouteDef, res: ApiResponse, who: string): void {
  expect(res.status, `${who} should be refused ${routeKey(route)}: ${res.text}`).toBe(403);
  expect(res.body.error).toEqual(expect.any(String));
  expect(res.headers.get('x-token-gone')).toBeNull();
}

describe.concurrent.each(routes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  it(route.access === 'public' ? 'nobody: open (public)' : 'nobody: 401', async () => {
    const res = await request(route, null, null);
    if (route.access === 'public') {
      expectPassed(route, res, 'nobody');
    } else {
      expect(res.status, `${routeKey(route)}: ${res.text}`).toBe(401);
      expect(res.headers.get('x-token-gone')).toBe('1');
    }
  });

  for (const role of ['monitor', 'admin'] as const) {
    it(`${role}: ${route.access === 'respondent' ? '401 (not a tenant session)' : role === 'admin' ? 'passes' : 'passes only where its permissions allow'}`, async () => {
      const res = await request(route, await tokenOf(role), null);
      if (route.access === 'respondent') expectWrongKindOfToken(route, res, role);
      else if (allowed(route, actors[role].permissions)) expectPassed(route, res, role);
      else expectForbidden(route, res, role);
    });
  }

  if (route.access !== 'public') {
    it(route.access === 'respondent' ? 'tenant: passes (its own portal session)' : 'tenant: 401 (a portal session is not a user session)', async () => {
      const res = await request(route, await tenantToken(), null);
      if (route.access === 'respondent') expectPassed(route, res, 'a tenant');
      else expectWrongKindOfToken(route, res, 'a tenant');
    });
  }

  const facilityScoped = route.scope?.kind === 'facility';
  it(`manager: ${route.access === 'respondent' ? '401 (not a tenant session)' : facilityScoped ? 'passes for its own facility' : 'passes only where its permissions allow'}`, async () => {
    const res = await request(route, await tokenOf('manager'), facilityScoped ? 'own' : null);
    if (route.access === 'respondent') expectWrongKindOfToken(route, res, 'manager');
    else if (allowed(route, actors.manager.permissions)) expectPassed(route, res, 'manager');
    else expectForbidden(route, res, 'manager');
  });

  if (facilityScoped) {
    it("manager: 403 for another facility's records; staff reach them", async () => {
      if (!allowed(route, actors.manager.permissions)) return;
      const res = await request(route, await tokenOf('manager'), 'other');
      expectForbidden(route, res, 'manager');
      expect(res.body.error).toBe('This record belongs to another facility.');
      expectPassed(route, await request(route, await tokenOf('monitor'), 'other'), 'monitor');
      expectPassed(route, await request(route, await tokenOf('admin'), 'other'), 'admin');
    });
  }

  if (isObjectScoped(route)) {
    const kind = route.scope!.kind;
    it(`manager: passes for its own facility's ${kind}`, async () => {
      const res = await request(route, await scopedManagerToken(), 'own');
      if (allowed(route, actors.manager.permissions)) expectPassed(route, res, 'manager');
      else expectForbidden(route, res, 'manager');
    });

    it(`manager: 403 for another facility's ${kind} (${route.scope!.from}); staff reach it where their permissions allow`, async () => {
      if (!allowed(route, actors.manager.permissions)) return;
      const res = await request(route, await scopedManagerToken(), 'other');
      expectForbidden(route, res, 'manager');
      expect(res.body.error).toBe('This record belongs to another facility.');
      for (const role of ['monitor', 'admin'] as const) {
        const staff = await request(route, await tokenOf(role), 'other');
        if (allowed(route, actors[role].permissions)) expectPassed(route, staff, role);
        else expectForbidden(route, staff, role);
      }
    });
  }
});

describe('the matrix itself', () => {
  it('covers every permission shape of the table', () => {
    const shapes = new Set(routes.map((r) => (typeof r.access === 'string' ? r.access : [...r.access].sort().join('+'))));
    expect([...shapes].sort()).toEqual(['admin', 'manager', 'manager+monitor', 'monitor', 'public', 'respondent', 'session']);
    expect(routes.some((r) => r.scope?.kind === 'facility')).toBe(true);
    for (const kind of ['cycle', 'tenant'] as const) {
      for (const from of ['path', 'query', 'body'] as const) {
        if (kind === 'tenant' && from === 'query') continue;
        expect(routes.some((r) => r.scope?.kind === kind && r.scope.from === from), `${kind} in the ${from}`).toBe(true);
      }
    }
  });

  it('a user with no permission at all reaches only public and session routes', async () => {
    const plain = await makeUser();
    const { token } = await createSession(plain.id);
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const res = await request(route, token, null);
      if (route.access === 'public' || route.access === 'session') expectPassed(route, res, 'a plain user');
      else if (route.access === 'respondent') expectWrongKindOfToken(route, res, 'a plain user');
      else expectForbidden(route, res, 'a plain user');
    }
  });
});
