/**
 * A local StorEdge API: REST JSON, `Authorization: Bearer {key}`, facilities named by facility number.
 *   - `GET /v1/{facility_id}/invoiceable_items[?kind=insurance]` answers `{invoiceable_items: [...], meta}`;
 *   - `GET /v1/{facility_id}/ledgers?ids=a,b,c[&page=N&per_page=M]` answers the facility's ledgers among
 *     those ids, a page at a time: `{ledgers: [{id, tenant_id, status, move_out_date, unit_name, address,
 *     insurance}], meta: {page, per_page, total_count, request_id}}`; a ledger it does not have is left
 *     out. The path is StorEdge's; the `ids` filter and the ledger's fields are this program's reading of
 *     it, not confirmed (docs/decisions.md). The simulator keeps no ledger book of its own, so without
 *     `ids` it answers an empty list.
 * An unknown facility is 404 and a wrong key 401, both as `{error: {code, message}}`.
 * SIMULATOR_TRIGGERS make it misbehave, on both paths.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SIMULATOR_TRIGGERS, knownToSoftware, simulatedLedger, storEdgeItems } from './data';
import { NonceBook, oauthProblem } from './oauth-verify';
import { misbehave, sendJson, startSimulatorServer } from './server';
import type { RunningSimulator } from './server';

const ITEMS_PATH = /^\/v1\/([^/]+)\/invoiceable_items\/?$/;
const LEDGERS_PATH = /^\/v1\/([^/]+)\/ledgers\/?$/;
const MAX_PER_PAGE = 100;

/** The facility's ledgers among `ids` (each once, in the order asked), as StorEdge's JSON. */
function ledgersOf(facilityId: string, ids: readonly string[]) {
  const insurance = storEdgeItems(facilityId).filter((item) => item.kind === 'insurance' && item.active);
  const seen = new Set<string>();
  return ids.flatMap((asked) => {
    const ledger = simulatedLedger(facilityId, asked);
    if (!ledger || seen.has(ledger.ledgerId.toLowerCase())) return [];
    seen.add(ledger.ledgerId.toLowerCase());
    const plan = ledger.planIndex === null ? null : insurance[ledger.planIndex % insurance.length] ?? null;
    return [{
      id: ledger.ledgerId,
      tenant_id: `tenant-${ledger.ledgerId}`,
      status: ledger.kind === 'moved_out' ? 'moved_out' : 'current',
      move_out_date: ledger.moveOutDate,
      unit_name: ledger.unit,
      address: ledger.address
        ? { address1: ledger.address.street, address2: ledger.address.street2, city: ledger.address.city, state: ledger.address.state, postal_code: ledger.address.zip }
        : null,
      insurance: plan
        ? { invoiceable_item_id: plan.id, name: plan.name, amount: plan.amount, coverage_amount: plan.coverage_amount, policy_number: `SE-${facilityId}-${ledger.ledgerId}` }
        : null,
    }];
  });
}

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : null;
}

function sendLedgers(res: ServerResponse, facilityId: string, url: URL): void {
  const page = positive(url.searchParams.get('page'), 1);
  const perPage = positive(url.searchParams.get('per_page'), MAX_PER_PAGE, MAX_PER_PAGE);
  if (page === null || perPage === null) {
    sendJson(res, 422, { error: { code: 'invalid_parameter', message: 'page and per_page must be positive integers' } });
    return;
  }
  const ids = (url.searchParams.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  const all = ledgersOf(facilityId, ids);
  const ledgers = all.slice((page - 1) * perPage, page * perPage);
  sendJson(res, 200, { ledgers, meta: { page, per_page: perPage, total_count: all.length, request_id: randomUUID() } });
}

export async function startStorEdgeSimulator(consumer: { key: string; secret: string }, port = 0): Promise<RunningSimulator & { url: string }> {
  const nonces = new NonceBook();
  const running = await startSimulatorServer('StorEdge', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const items = ITEMS_PATH.exec(url.pathname);
    const ledgers = LEDGERS_PATH.exec(url.pathname);
    const match = items ?? ledgers;
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
    const problem = oauthProblem(req, consumer, nonces);
    if (problem || facilityId === SIMULATOR_TRIGGERS.credentialsRefused) {
      sendJson(res, 401, { error: { code: 'unauthorized', message: problem ?? 'Invalid consumer key' } });
      return;
    }
    if (facilityId === SIMULATOR_TRIGGERS.serverError) {
      sendJson(res, 500, { error: { code: 'internal_server_error', message: 'We\'re sorry, but something went wrong.' } });
      return;
    }
    if (facilityId === SIMULATOR_TRIGGERS.unparseable) {
      const broken = items ? '{"invoiceable_items": [{"id": "8c1f", "amount": 12.0,' : '{"ledgers": [{"id": "L1", "status": "curr';
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(broken);
      return;
    }
    if (facilityId === SIMULATOR_TRIGGERS.wrongShape) {
      sendJson(res, 200, items
        ? { invoiceable_items: [{ id: '0b6a7d1e-2c43-4f55-a3d1-6a1e9f0c2b11', kind: 'insurance', name: 'Basic Protection Plan', amount: 'twelve dollars' }] }
        : { ledgers: [{ status: 'current', unit_name: 'A101' }], meta: { page: 1, per_page: MAX_PER_PAGE, total_count: 1 } });
      return;
    }
    if (!knownToSoftware(facilityId)) {
      sendJson(res, 404, { error: { code: 'not_found', message: `Couldn't find Facility with 'id'=${facilityId}` } });
      return;
    }
    if (ledgers) {
      sendLedgers(res, facilityId, url);
      return;
    }
    const kind = url.searchParams.get('kind');
    const found = storEdgeItems(facilityId).filter((item) => !kind || item.kind === kind);
    sendJson(res, 200, { invoiceable_items: found, meta: { request_id: randomUUID(), total_count: found.length } });
  }, port);
  return { ...running, url: running.origin };
}
