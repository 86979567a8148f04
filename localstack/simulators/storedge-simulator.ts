/**
 * A local StorEdge API: REST JSON under /v1/, every request signed with one-legged OAuth 1.0a HMAC-SHA1
 * (checked by oauth-verify.ts: 401 on a missing or bad signature, a stale timestamp or a reused nonce),
 * facilities named by facility number, and a ledger book (ledger-book.ts) that remembers the insurance
 * written to each ledger:
 *   - `GET /v1/{facility}/invoiceable_items[?kind=insurance]` (invoiceable_items.list): `{invoiceable_items: [...], meta}`;
 *   - `GET /v1/{facility}/ledgers[?ids=a,b,c]&page=N&per_page=M` (ledgers.list): the ledgers among those
 *     ids, or every ledger of the facility's book without ids, a page at a time: `{ledgers: [{id,
 *     tenant_id, tenant_name, status, move_out_date, unit_name, address, insurance}], meta: {page,
 *     per_page, total_count, request_id}}`; a ledger it does not have is left out;
 *   - `PUT /v1/{facility}/ledgers/{id}` (ledgers.update) with `{ledger: {insurance_attributes:
 *     {invoiceable_item_id, start_date}}}`: puts the plan on the ledger with a policy number of its own
 *     (SEP-{facility}-000001, ...) and answers `{ledger, meta}`; 422 `{error: {code, message}}` for an
 *     unknown or moved-out ledger, an item that is not one of the facility's active insurance plans, a
 *     bad date or a body without the nested attributes.
 * The paths of the ledger calls are in StorEdge's v1 reference; the ids filter, the fields and the
 * update's body are this program's reading of it, not confirmed (docs/decisions.md). An unknown
 * facility is 404. SIMULATOR_TRIGGERS make it misbehave, on every path; the control API (control.ts)
 * injects faults and latency per call.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SimulatorControl, STOREDGE_OPERATIONS } from './control';
import type { SimulatedCall, SimulatedInsurance, StorEdgeOperation } from './control';
import { SIMULATOR_TRIGGERS, knownToSoftware, storEdgeItems } from './data';
import { LedgerBook, baseInsuranceStart, ledgerUnitName } from './ledger-book';
import type { BookLedger } from './ledger-book';
import { NonceBook, oauthProblem } from './oauth-verify';
import { deliver, jsonAnswer, silenceFor, startSimulatorServer } from './server';
import type { Answer, RunningSimulator, Silence } from './server';

const ITEMS_PATH = /^\/v1\/([^/]+)\/invoiceable_items\/?$/;
const LEDGERS_PATH = /^\/v1\/([^/]+)\/ledgers\/?$/;
const LEDGER_PATH = /^\/v1\/([^/]+)\/ledgers\/([^/]+)\/?$/;
const MAX_PER_PAGE = 100;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

const error = (status: number, code: string, message: string) => jsonAnswer(status, { error: { code, message } });
const meta = (extra: Record<string, unknown> = {}) => ({ ...extra, request_id: randomUUID() });

/** The facility's active insurance plans (ledger insurance and writes refer to these). */
const insurancePlans = (facility: string) => storEdgeItems(facility).filter((item) => item.kind === 'insurance' && item.active);

/** The insurance an 'insured' ledger has before any write: one of the facility's plans. */
function baseInsurance(facility: string, ledger: { ledgerId: string; planIndex: number | null }): SimulatedInsurance | null {
  const plans = insurancePlans(facility);
  const plan = ledger.planIndex === null || plans.length === 0 ? null : plans[ledger.planIndex % plans.length]!;
  if (!plan) return null;
  return {
    coverage_id: plan.id, policy_number: `SE-${facility}-${ledger.ledgerId}`, start_date: baseInsuranceStart(facility, ledger.ledgerId),
    coverage_amount: plan.coverage_amount ?? 0, premium: plan.amount,
  };
}

/** A ledger as StorEdge's JSON (the unit name as ledgerUnitName gives it). */
function ledgerJson(facility: string, entry: BookLedger) {
  const { base, insurance } = entry;
  const plan = insurance ? insurancePlans(facility).find((p) => p.id === insurance.coverage_id) : undefined;
  return {
    id: entry.ledgerId,
    tenant_id: `tenant-${entry.tenantId}`,
    tenant_name: entry.company ?? `${entry.firstName} ${entry.lastName}`,
    status: base.moveOutDate ? 'moved_out' : 'current',
    move_out_date: base.moveOutDate,
    unit_name: ledgerUnitName(entry),
    address: base.address
      ? { address1: base.address.street, address2: base.address.street2, city: base.address.city, state: base.address.state, postal_code: base.address.zip }
      : null,
    insurance: insurance
      ? {
        invoiceable_item_id: insurance.coverage_id, name: plan?.name ?? null, amount: insurance.premium, coverage_amount: insurance.coverage_amount,
        policy_number: insurance.policy_number, start_date: insurance.start_date,
      }
      : null,
  };
}

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : null;
}

const validDate = (value: unknown): value is string => {
  const m = typeof value === 'string' ? YMD.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
};

interface StorEdgeCall extends SimulatedCall {
  operation: StorEdgeOperation;
  url: URL;
  body: string;
  /** ledgers.update: the ledger id of the path, as sent. */
  ledgerId: string | null;
}

export async function startStorEdgeSimulator(consumer: { key: string; secret: string }, port = 0): Promise<RunningSimulator & { url: string }> {
  const nonces = new NonceBook();
  const book = new LedgerBook(baseInsurance);
  const control = new SimulatorControl(STOREDGE_OPERATIONS, (facility, ledgerId) => book.state(facility, ledgerId));
  let policySequence = 0;

  /** The call in the request, or the answer to a request that is not one of the API's. */
  function read(req: IncomingMessage, body: string): StorEdgeCall | Answer | Silence {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const route: [StorEdgeOperation, 'GET' | 'PUT', RegExpExecArray] | null = (() => {
      const items = ITEMS_PATH.exec(url.pathname);
      if (items) return ['invoiceable_items.list', 'GET', items];
      const ledgers = LEDGERS_PATH.exec(url.pathname);
      if (ledgers) return ['ledgers.list', 'GET', ledgers];
      const ledger = LEDGER_PATH.exec(url.pathname);
      return ledger ? ['ledgers.update', 'PUT', ledger] : null;
    })();
    if (!route) return error(404, 'route_not_found', `No route matches ${req.method} ${url.pathname}`);
    const [operation, method, match] = route;
    if (req.method !== method) return error(405, 'method_not_allowed', `${req.method} is not allowed here`);
    const facility = decodeURIComponent(match[1]!);
    const silence = silenceFor(facility);
    if (silence) return silence;
    const problem = oauthProblem(req, consumer, nonces);
    if (problem || facility === SIMULATOR_TRIGGERS.credentialsRefused) return error(401, 'unauthorized', problem ?? 'Invalid consumer key');
    const ledgerId = operation === 'ledgers.update' ? decodeURIComponent(match[2]!) : null;
    const named = ledgerId !== null ? [ledgerId] : (url.searchParams.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    return { operation, facility, ledgers: named.map((id) => id.toLowerCase()), url, body, ledgerId };
  }

  /** The answer the call gets (carrying out a write). */
  function answer(call: StorEdgeCall): Answer {
    const { operation, facility } = call;
    if (facility === SIMULATOR_TRIGGERS.serverError) return error(500, 'internal_server_error', 'We\'re sorry, but something went wrong.');
    if (facility === SIMULATOR_TRIGGERS.unparseable) return garbage(operation);
    if (facility === SIMULATOR_TRIGGERS.wrongShape) {
      return jsonAnswer(200, operation === 'invoiceable_items.list'
        ? { invoiceable_items: [{ id: '0b6a7d1e-2c43-4f55-a3d1-6a1e9f0c2b11', kind: 'insurance', name: 'Basic Protection Plan', amount: 'twelve dollars' }] }
        : operation === 'ledgers.list'
          ? { ledgers: [{ status: 'current', unit_name: 'A101' }], meta: { page: 1, per_page: MAX_PER_PAGE, total_count: 1 } }
          : { ledger: { status: 'current', unit_name: 'A101' }, meta: meta() });
    }
    if (!knownToSoftware(facility)) return error(404, 'not_found', `Couldn't find Facility with 'id'=${facility}`);
    switch (operation) {
      case 'invoiceable_items.list': {
        const kind = call.url.searchParams.get('kind');
        const found = storEdgeItems(facility).filter((item) => !kind || item.kind === kind);
        return jsonAnswer(200, { invoiceable_items: found, meta: meta({ total_count: found.length }) });
      }
      case 'ledgers.list':
        return ledgerPage(call);
      case 'ledgers.update':
        return addInsurance(call);
    }
  }

  function ledgerPage({ facility, url }: StorEdgeCall): Answer {
    const page = positive(url.searchParams.get('page'), 1);
    const perPage = positive(url.searchParams.get('per_page'), MAX_PER_PAGE, MAX_PER_PAGE);
    if (page === null || perPage === null) return error(422, 'invalid_parameter', 'page and per_page must be positive integers');
    const ids = url.searchParams.has('ids') ? (url.searchParams.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean) : null;
    const seen = new Set<string>();
    const all = ids === null ? book.ledgers(facility) : ids.flatMap((id) => {
      const entry = book.ledger(facility, id);
      if (!entry || seen.has(entry.ledgerId.toLowerCase())) return [];
      seen.add(entry.ledgerId.toLowerCase());
      return [entry];
    });
    const ledgers = all.slice((page - 1) * perPage, page * perPage).map((entry) => ledgerJson(facility, entry));
    return jsonAnswer(200, { ledgers, meta: meta({ page, per_page: perPage, total_count: all.length }) });
  }

  function addInsurance({ facility, ledgerId, body }: StorEdgeCall): Answer {
    const refuse = (message: string) => error(422, 'unprocessable_entity', message);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return error(400, 'bad_request', 'The request body is not JSON');
    }
    const attributes = (parsed as { ledger?: { insurance_attributes?: Record<string, unknown> } } | null)?.ledger?.insurance_attributes;
    if (!attributes || typeof attributes !== 'object') return refuse('param is missing or the value is empty: ledger.insurance_attributes');
    const entry = book.ledger(facility, ledgerId ?? '');
    if (!entry) return refuse(`Ledger ${ledgerId} was not found at this facility`);
    if (entry.base.moveOutDate) return refuse(`Ledger ${entry.ledgerId} is closed (moved out ${entry.base.moveOutDate}); insurance cannot be added`);
    const plan = insurancePlans(facility).find((p) => p.id === attributes.invoiceable_item_id);
    if (!plan) return refuse(`Invoiceable item ${String(attributes.invoiceable_item_id ?? '(none)')} is not an active insurance plan of this facility`);
    if (!validDate(attributes.start_date)) return refuse('Start date is not a valid date (YYYY-MM-DD)');
    policySequence += 1;
    book.writeInsurance(entry, {
      coverage_id: plan.id, policy_number: `SEP-${facility}-${String(policySequence).padStart(6, '0')}`, start_date: attributes.start_date,
      coverage_amount: plan.coverage_amount ?? 0, premium: plan.amount,
    });
    return jsonAnswer(200, { ledger: ledgerJson(facility, entry), meta: meta() });
  }

  const running = await startSimulatorServer('StorEdge', async (req, res, body) => {
    if (control.handle(req, res, body)) return;
    const call = read(req, body);
    if (typeof call === 'string' || !('operation' in call)) {
      deliver(res, call);
      return;
    }
    await control.serve(res, call, {
      answer,
      error: () => error(500, 'internal_server_error', 'We\'re sorry, but something went wrong. (a failure injected through the simulator\'s control API)'),
      refuse: (c) => error(422, 'unprocessable_entity', `${c.operation} was refused (a refusal injected through the simulator's control API)`),
      garbage: (c) => garbage(c.operation),
    });
  }, port);
  return { ...running, url: running.origin };
}

function garbage(operation: StorEdgeOperation): Answer {
  const body = operation === 'invoiceable_items.list' ? '{"invoiceable_items": [{"id": "8c1f", "amount": 12.0,'
    : operation === 'ledgers.list' ? '{"ledgers": [{"id": "L1", "status": "curr' : '{"ledger": {"id": "L1", "insurance": {"policy_num';
  return { status: 200, contentType: 'application/json; charset=utf-8', body };
}
