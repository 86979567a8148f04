/**
 * The local front door sends the site's security headers on every answer, as CloudFront's response
 * headers policy does deployed: the pages (/, /respond and client-side routes), their assets, a missing
 * file and the API, from the one definition in shared/security-headers.ts with the local uploads origin.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiHandler } from '../../localstack/runtime/handlers';
import { createHttpServer } from '../../localstack/runtime/http-server';
import { API_GROUPS } from '../../shared/routes';
import type { ApiGroup } from '../../shared/routes';
import { securityHeaders } from '../../shared/security-headers';

const UPLOADS = 'http://127.0.0.1:4566';
let webRoot: string;
let server: Server;
let base: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'alp-front-door-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>staff</title>');
  writeFileSync(join(webRoot, 'respond.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(webRoot, 'assets', 'index-abc.js'), 'export {};');
  // The API's own answer, with a header of the handler's: the front door's headers join it.
  const handler: ApiHandler = async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' });
  const handlers = Object.fromEntries(API_GROUPS.map((g) => [g, handler])) as Record<ApiGroup, ApiHandler>;
  server = createHttpServer({ webRoot, handlers, uploadsOrigin: UPLOADS });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  // The front door keeps idle connections a minute (http-server.ts); close them as the runtime's stop does.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the local front door', () => {
  it.each(['/', '/respond', '/respond/answer', '/tenant-list', '/assets/index-abc.js', '/assets/missing.js', '/api/app/status', '/api/no-such-route'])(
    'answers %s with the security headers CloudFront adds',
    async (path) => {
      const res = await fetch(new URL(path, base));
      await res.arrayBuffer();
      for (const [name, value] of Object.entries(securityHeaders({ uploads: UPLOADS }))) expect(res.headers.get(name), name).toBe(value);
    },
  );

  it('lets the pages POST uploads to the local emulator, as deployed to the uploads bucket', async () => {
    const res = await fetch(new URL('/respond', base));
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toContain(`connect-src 'self' ${UPLOADS}`);
  });
});
