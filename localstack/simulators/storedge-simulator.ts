/**
 * A local StorEdge API: REST JSON. `GET /v1/{facility_id}/invoiceable_items[?kind=insurance]` with
 * `Authorization: Bearer {key}` answers `{invoiceable_items: [...], meta}`; an unknown facility is 404
 * and a wrong key 401, both as `{error: {code, message}}`. Facilities are named by facility number.
 * SIMULATOR_TRIGGERS make it misbehave.
 */
import { randomUUID } from 'node:crypto';
import { SIMULATOR_TRIGGERS, SIMULATED_FACILITY_NUMBERS, storEdgeItems } from './data';
import { misbehave, sendJson, startSimulatorServer } from './server';
import type { RunningSimulator } from './server';

const ITEMS_PATH = /^\/v1\/([^/]+)\/invoiceable_items\/?$/;

export async function startStorEdgeSimulator(apiKey: string, port = 0): Promise<RunningSimulator & { url: string }> {
  const running = await startSimulatorServer('StorEdge', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const match = ITEMS_PATH.exec(url.pathname);
    if (!match) {
      sendJson(res, 404, { error: { code: 'route_not_found', message: `No route matches ${req.method} ${url.pathname}` } });
      return;
    }
    if (req.method !== 'GET') {
      sendJson(res, 405, { error: { code: 'method_not_allowed', message: `${req.method} is not allowed here` } });
      return;
    }
    const facilityId = decodeURIComponent(match[1]!);
    if (misbehave(facilityId, res)) return;
    if (req.headers.authorization !== `Bearer ${apiKey}` || facilityId === SIMULATOR_TRIGGERS.credentialsRefused) {
      sendJson(res, 401, { error: { code: 'unauthorized', message: 'Invalid or missing API key' } });
      return;
    }
    if (facilityId === SIMULATOR_TRIGGERS.serverError) {
      sendJson(res, 500, { error: { code: 'internal_server_error', message: 'We\'re sorry, but something went wrong.' } });
      return;
    }
    if (facilityId === SIMULATOR_TRIGGERS.unparseable) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"invoiceable_items": [{"id": "8c1f", "amount": 12.0,');
      return;
    }
    if (facilityId === SIMULATOR_TRIGGERS.wrongShape) {
      sendJson(res, 200, { invoiceable_items: [{ id: '0b6a7d1e-2c43-4f55-a3d1-6a1e9f0c2b11', kind: 'insurance', name: 'Basic Protection Plan', amount: 'twelve dollars' }] });
      return;
    }
    if (facilityId !== SIMULATOR_TRIGGERS.noCoverages && !SIMULATED_FACILITY_NUMBERS.includes(facilityId)) {
      sendJson(res, 404, { error: { code: 'not_found', message: `Couldn't find Facility with 'id'=${facilityId}` } });
      return;
    }
    const kind = url.searchParams.get('kind');
    const items = storEdgeItems(facilityId).filter((item) => !kind || item.kind === kind);
    sendJson(res, 200, { invoiceable_items: items, meta: { request_id: randomUUID(), total_count: items.length } });
  }, port);
  return { ...running, url: running.origin };
}
