/**
 * StorEdge: a REST JSON API under {STOREDGE_API_URL}/v1/, every request signed with one-legged OAuth 1.0a
 * HMAC-SHA1 (consumer key STOREDGE_API_KEY, consumer secret STOREDGE_API_SECRET, no token:
 * ./oauth1.ts). The program names a StorEdge facility by its facility number. The calls
 * (docs/decisions.md "Outside systems" names the source of each and how sure it is):
 *   - `GET /v1/{facility}/invoiceable_items?kind=insurance`: the facility's insurance plans,
 *     `{invoiceable_items: [{id, kind, name, amount, coverage_amount, active, ...}], meta}`;
 *   - `GET /v1/{facility}/ledgers[?ids=...]&page=N&per_page=100`: tenant ledgers (those named, or all),
 *     `{ledgers: [{id, status, move_out_date, unit_name, tenant_name, address, insurance}], meta: {page,
 *     per_page, total_count}}` (the path is StorEdge's; the ids filter and the fields are this program's
 *     reading, not confirmed);
 *   - `PUT /v1/{facility}/ledgers/{id}` with `{ledger: {insurance_attributes: {invoiceable_item_id,
 *     start_date}}}`: puts a plan on the ledger, answering `{ledger, meta}` (Rails-style nested
 *     attributes, as StorEdge's writes are; the path and body are this program's reading).
 * An unknown facility is 404, bad credentials 401, a write StorEdge will not do 422.
 */
import * as z from 'zod';
import { ExternalSystemError } from './errors';
import { callExternal, excerpt, settingsFromEnv, statusDetail, timeoutFromEnv } from './http';
import { oauthAuthorization, signableQuery } from './oauth1';

export interface StorEdgeConfig {
  url: string;
  /** The OAuth consumer key and secret. */
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
}

const money = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().finite().min(0));

const invoiceableItem = z.object({
  id: z.union([z.string().min(1), z.number().transform(String)]),
  kind: z.string().optional(),
  name: z.string().nullish(),
  amount: money,
  coverage_amount: money,
  active: z.boolean().optional(),
});
const itemsAnswer = z.object({ invoiceable_items: z.array(invoiceableItem) });

const blank = z.string().nullish().transform((v) => (v?.trim() ? v.trim() : null));
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'not a date').transform((v) => v.slice(0, 10)).nullish().transform((v) => v ?? null);
const ledger = z.object({
  id: z.union([z.string().trim().min(1), z.number().transform(String)]),
  status: blank,
  move_out_date: date,
  unit_name: blank,
  tenant_name: blank,
  address: z.object({ address1: blank, address2: blank, city: blank, state: blank, postal_code: blank }).nullish().transform((v) => v ?? null),
  insurance: z.object({
    invoiceable_item_id: z.union([z.string(), z.number().transform(String)]).nullish().transform((v) => v ?? null),
    coverage_amount: money.nullish().transform((v) => v ?? null),
    amount: money.nullish().transform((v) => v ?? null),
    policy_number: blank,
    /** When the coverage starts (YYYY-MM-DD). */
    start_date: date,
  }).nullish().transform((v) => v ?? null),
});
const ledgersAnswer = z.object({
  ledgers: z.array(ledger),
  meta: z.object({ total_count: z.number().int().min(0).optional() }).optional(),
});
const ledgerAnswer = z.object({ ledger });

/** One tenant ledger as StorEdge answers it; blank fields are null. */
export type StorEdgeLedger = z.output<typeof ledger>;

/** What addInsurance puts on a ledger: an insurance invoiceable item, from start_date (YYYY-MM-DD) on. */
export interface StorEdgeInsuranceAddition {
  invoiceable_item_id: string;
  start_date: string;
}

/** Ledger ids per request (they travel in the query string) and ledgers per page asked. */
export const STOREDGE_LEDGERS_PER_CALL = 100;
/** A filter of 100 ids answers at most 100 ledgers; more pages than this means the answer is not what was asked. */
const MAX_LEDGER_PAGES = 10;
/** allLedgers: 100,000 ledgers is far past any facility; an answer that goes on is not what was asked. */
const MAX_FACILITY_LEDGER_PAGES = 1000;
const errorAnswer = z.object({
  error: z.object({ message: z.string().optional() }).optional(),
  message: z.string().optional(),
  meta: z.object({ message: z.string().nullish() }).optional(),
});

export interface StorEdgeInsuranceItem {
  id: string;
  name: string | null;
  amount: number;
  coverage_amount: number;
}

export class StorEdgeClient {
  private readonly timeoutMs: number;

  constructor(private readonly config: StorEdgeConfig) {
    this.timeoutMs = config.timeoutMs ?? timeoutFromEnv();
  }

  /** From STOREDGE_* variables; throws ExternalSystemError 'not_configured' when any is missing. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): StorEdgeClient {
    const [url, apiKey, apiSecret] = settingsFromEnv('storedge', env) as [string, string, string];
    return new StorEdgeClient({ url, apiKey, apiSecret, timeoutMs: timeoutFromEnv(env) });
  }

  /** The facility's active insurance items (amount is the monthly premium, coverage_amount the coverage). */
  async insuranceItems(facilityId: string): Promise<StorEdgeInsuranceItem[]> {
    const json = await this.request('GET', facilityId, 'invoiceable_items', { kind: 'insurance' });
    const parsed = itemsAnswer.safeParse(json);
    if (!parsed.success) throw malformed('a list of invoiceable items', parsed.error);
    return parsed.data.invoiceable_items
      .filter((item) => (item.kind === undefined || item.kind === 'insurance') && item.active !== false)
      .map((item) => ({ id: item.id, name: item.name ?? null, amount: item.amount, coverage_amount: item.coverage_amount }));
  }

  /**
   * The facility's ledgers among these ids (a ledger StorEdge does not have is missing from the answer),
   * asked STOREDGE_LEDGERS_PER_CALL ids at a time, every page of each. The ids travel comma-separated,
   * so an id must not hold a comma (the caller checks).
   */
  async ledgers(facilityId: string, ledgerIds: readonly string[]): Promise<StorEdgeLedger[]> {
    const unique = [...new Set(ledgerIds.map((id) => id.trim()).filter(Boolean))];
    const out: StorEdgeLedger[] = [];
    for (let i = 0; i < unique.length; i += STOREDGE_LEDGERS_PER_CALL) {
      const ids = unique.slice(i, i + STOREDGE_LEDGERS_PER_CALL).join(',');
      out.push(...await this.ledgerPages(facilityId, { ids }, MAX_LEDGER_PAGES, `for ${STOREDGE_LEDGERS_PER_CALL} ids`));
    }
    return out;
  }

  /** Every ledger of the facility, page by page (for the ledger report). */
  async allLedgers(facilityId: string): Promise<StorEdgeLedger[]> {
    return this.ledgerPages(facilityId, {}, MAX_FACILITY_LEDGER_PAGES, 'of one facility');
  }

  /**
   * Puts the insurance item on the ledger from start_date on and answers the ledger as StorEdge now has
   * it (its insurance carries StorEdge's policy_number). StorEdge refusing it (422: a moved-out or
   * unknown ledger) is ExternalSystemError 'refused' with StorEdge's message. Not idempotent in StorEdge:
   * ask ledgers() first.
   */
  async addInsurance(facilityId: string, ledgerId: string, addition: StorEdgeInsuranceAddition): Promise<StorEdgeLedger> {
    const json = await this.request('PUT', facilityId, `ledgers/${encodeURIComponent(ledgerId)}`, {}, {
      ledger: { insurance_attributes: { invoiceable_item_id: addition.invoiceable_item_id, start_date: addition.start_date } },
    });
    const parsed = ledgerAnswer.safeParse(json);
    if (!parsed.success) throw malformed('a ledger', parsed.error);
    return parsed.data.ledger;
  }

  /** GET .../ledgers with `filter`, a page of STOREDGE_LEDGERS_PER_CALL at a time until meta.total_count. */
  private async ledgerPages(facilityId: string, filter: Record<string, string>, maxPages: number, what: string): Promise<StorEdgeLedger[]> {
    const out: StorEdgeLedger[] = [];
    for (let page = 1; ; page += 1) {
      if (page > maxPages) throw new ExternalSystemError('storedge', 'malformed', `it answered more than ${maxPages} pages of ledgers ${what}`);
      const json = await this.request('GET', facilityId, 'ledgers', { ...filter, page: String(page), per_page: String(STOREDGE_LEDGERS_PER_CALL) });
      const parsed = ledgersAnswer.safeParse(json);
      if (!parsed.success) throw malformed('a list of ledgers', parsed.error);
      out.push(...parsed.data.ledgers);
      const total = parsed.data.meta?.total_count;
      if (parsed.data.ledgers.length === 0 || total === undefined || page * STOREDGE_LEDGERS_PER_CALL >= total) return out;
    }
  }

  /** `method /v1/{facility}/{resource}`, signed: the JSON of a 200 answer; every other answer is the matching ExternalSystemError. */
  private async request(method: 'GET' | 'PUT', facilityId: string, resource: string, query: Record<string, string>, body?: unknown): Promise<unknown> {
    const url = new URL(`v1/${encodeURIComponent(facilityId)}/${resource}`, withSlash(this.config.url));
    url.search = signableQuery(query);
    const authorization = oauthAuthorization({ key: this.config.apiKey, secret: this.config.apiSecret }, { method, url: url.href });
    const answer = await callExternal('storedge', url, {
      method,
      headers: { accept: 'application/json', authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }, this.timeoutMs);

    const json = parseJson(answer.text);
    const said = errorAnswer.safeParse(json);
    const message = said.success ? (said.data.error?.message ?? said.data.message ?? said.data.meta?.message ?? undefined) : undefined;
    if (answer.status === 404) throw new ExternalSystemError('storedge', 'not_found', `facility unknown${message ? ` (${excerpt(message)})` : ''}`);
    if (answer.status === 401 || answer.status === 403) {
      throw new ExternalSystemError('storedge', 'rejected', 'it refused the program\'s StorEdge API credentials (STOREDGE_API_KEY, STOREDGE_API_SECRET)');
    }
    if (answer.status === 422 && method !== 'GET') {
      throw new ExternalSystemError('storedge', 'refused', message?.trim() || 'it answered HTTP 422 without a message');
    }
    if (answer.status !== 200) throw new ExternalSystemError('storedge', 'http_status', statusDetail(answer.status, message));
    if (json === undefined) throw new ExternalSystemError('storedge', 'malformed', answer.text.trim() ? 'its answer is not JSON' : 'its answer is empty', excerpt(answer.text, 300));
    return json;
  }
}

/** 'its answer is not a list of ledgers (ledgers.0.id: Invalid input)': the first thing zod found wrong. */
function malformed(what: string, error: z.ZodError): ExternalSystemError {
  const issue = error.issues[0]!;
  return new ExternalSystemError('storedge', 'malformed', `its answer is not ${what} (${issue.path.join('.') || 'answer'}: ${issue.message})`);
}

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
