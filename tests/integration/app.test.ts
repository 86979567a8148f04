/**
 * The app group and the HTTP front door: app status, the generated OpenAPI document, unknown paths and
 * methods, routes of later capabilities, and what an unexpected server error looks like.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { makeUser, tokenFor } from './fixtures';
import { ROUTES, routeKey } from '../../shared/routes';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import type { RouteDef } from '../../shared/routes';
import { CONTRACTS } from '../../shared/contracts';
import { createApiHandler } from '../../functions/runtime/api-handler';
import { createUser } from '../../functions/users/user-store';
import { lambdaContext } from '../../localstack/runtime/handlers';
import { toProxyEvent } from '../../localstack/runtime/http-server';
import { uniqueName } from './helpers';

const routes = ROUTES as readonly RouteDef[];
const PACKAGE_VERSION = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')).version as string;

describe('GET /api/app/status', () => {
  it('is public and answers the server version and the maintenance date', async () => {
    const res = await call('GET', '/api/app/status');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      version: PACKAGE_VERSION, scheduled_maintenance_date: null,
      // The program office from Program Settings, for the Need Help dialog before login (the demo's values).
      program_contact: { name: DEMO_PROGRAM_SETTINGS.program_name, phone: DEMO_PROGRAM_SETTINGS.phone, email: DEMO_PROGRAM_SETTINGS.email },
    });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('answers the same with a session', async () => {
    const token = await tokenFor('manager');
    const res = await call('GET', '/api/app/status', { token });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(PACKAGE_VERSION);
  });
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info).toMatchObject({ title: expect.any(String), version: PACKAGE_VERSION });
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of the table with its method, and nothing else', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'delete', 'put', 'patch'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(listed).toEqual(routes.map(routeKey).sort());
  });

  it('declares every path parameter of every operation', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    const problems: string[] = [];
    for (const route of routes) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const declared = new Set(
        [...(doc.paths[route.path].parameters ?? []), ...(op.parameters ?? [])]
          .filter((p: { in: string; required?: boolean }) => p.in === 'path' && p.required === true)
          .map((p: { name: string }) => p.name),
      );
      for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) if (!declared.has(name!)) problems.push(`${routeKey(route)}: ${name}`);
    }
    expect(problems).toEqual([]);
  });

  it('marks public operations as needing no token and describes implemented ones with their contract', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    for (const route of routes) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      expect(op.tags, routeKey(route)).toEqual([route.group]);
      if (route.access === 'public') expect(op.security, routeKey(route)).toEqual([]);
      else expect(op.security, routeKey(route)).toEqual([{ bearer: [] }]);
      const implemented = routeKey(route) in CONTRACTS;
      expect(Object.keys(op.responses).includes(implemented ? '200' : '501'), routeKey(route)).toBe(true);
    }
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });
});

describe('the HTTP front door', () => {
  it('an unknown /api path answers 404 and a known path with another method 405, both JSON', async () => {
    const unknown = await call('GET', '/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual(expect.any(String));
    const method = await call('GET', '/api/login');
    expect(method.status).toBe(405);
    expect(method.body.error).toEqual(expect.any(String));
    expect((await call('PUT', '/api/users')).status).toBe(405);
  });

  it('a malformed percent-encoding in the path answers 404, not a runtime failure', async () => {
    const token = await tokenFor('admin');
    const res = await call('DELETE', '/api/users/%E0%A4%A', { token });
    expect(res.status).toBe(404);
  });

  it('a route of a later capability answers 501 after the permission check', async () => {
    // Every capability is built now, so a group's handler made without its routes stands for one that is not.
    const unbuilt = createApiHandler('facility-archives', {});
    const invoke = async (token: string | null) => {
      const request = { url: '/api/facility-archives', method: 'GET', headers: { host: 'local', ...(token ? { authorization: `Bearer ${token}` } : {}) }, socket: { remoteAddress: '127.0.0.1' } };
      const result = await unbuilt(toProxyEvent(request as unknown as IncomingMessage, Buffer.alloc(0), '/api/facility-archives', {}) as never, lambdaContext('api-facility-archives') as never);
      return { status: result.statusCode, body: JSON.parse(result.body) as { error: string } };
    };
    const res = await invoke(await tokenFor('monitor'));
    expect(res.status).toBe(501);
    expect(res.body.error).toMatch(/not available yet/);
    expect((await invoke(null)).status).toBe(401);
    expect((await invoke(await tokenFor('manager'))).status).toBe(403);
  });

  it('authenticates and authorizes before the body is read', async () => {
    const malformed = { raw: { body: '{"username": ', contentType: 'application/json' } };
    expect((await call('POST', '/api/users', malformed)).status).toBe(401);
    const monitor = await tokenFor('monitor');
    expect((await call('POST', '/api/users', { token: monitor, ...malformed })).status).toBe(403);
    expect((await call('POST', '/api/users', { token: monitor, raw: { body: 'x', contentType: 'text/plain' } })).status).toBe(403);
    expect((await call('POST', '/api/users', { token: await tokenFor('admin'), ...malformed })).status).toBe(400);
  });

  it('an unexpected error answers 500 with a request id and no internals', async () => {
    // A stored password hash with broken parameters makes scrypt throw inside the login handler.
    const username = uniqueName('broken');
    await createUser({
      username, email: `${username}@x.example`, real_name: '', password_hash: 'scrypt$NaN$8$1$c2FsdHNhbHQ=$aGFzaGhhc2g=',
      is_admin: false, is_monitor: false, facility_id: null, has_changed_password: true, original_password_sealed: null,
    });
    const res = await call('POST', '/api/login', { json: { username, password: 'whatever' } });
    expect(res.status).toBe(500);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'request_id']);
    expect(res.body.request_id).toEqual(expect.any(String));
    expect(res.body.error).toContain(res.body.request_id);
    expect(res.text).not.toMatch(/scrypt|ERR_|RangeError|TypeError/);
  });

  it('an oversized body is refused before any handler runs', async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const res = await call('POST', '/api/update-profile', { token, raw: { body: JSON.stringify({ real_name: 'x'.repeat(11 * 1024 * 1024) }), contentType: 'application/json' } });
    expect(res.status).toBe(413);
  });
});
