/**
 * StorEdge: a REST JSON API. The facility's insurance plans are its invoiceable items of kind
 * insurance: `GET {STOREDGE_API_URL}/v1/{facility_id}/invoiceable_items?kind=insurance` answers
 * `{invoiceable_items: [{id, kind, name, amount, coverage_amount, active, ...}], meta}`. Its tenant
 * ledgers: `GET /v1/{facility_id}/ledgers?ids=...&page=N&per_page=100` answers
 * `{ledgers: [{id, status, move_out_date, unit_name, address, insurance}], meta: {page, per_page, total_count}}`
 * (the path is StorEdge's; the ids filter and the ledger fields are not confirmed against its API
 * reference: docs/decisions.md "Letters: ineligible tenants and status sync"). An unknown facility is
 * 404 and a bad key 401. The program names a StorEdge facility by its facility number.
 * Settings: STOREDGE_API_URL (scheme and host), STOREDGE_API_KEY (sent as a Bearer token).
 */
import * as z from 'zod';
import { ExternalSystemError } from './errors';
import { callExternal, excerpt, settingsFromEnv, statusDetail, timeoutFromEnv } from './http';

export interface StorEdgeConfig {
  url: string;
  apiKey: string;
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
const ledger = z.object({
  id: z.union([z.string().trim().min(1), z.number().transform(String)]),
  status: blank,
  move_out_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'not a date').transform((v) => v.slice(0, 10)).nullish().transform((v) => v ?? null),
  unit_name: blank,
  address: z.object({ address1: blank, address2: blank, city: blank, state: blank, postal_code: blank }).nullish().transform((v) => v ?? null),
  insurance: z.object({
    invoiceable_item_id: z.union([z.string(), z.number().transform(String)]).nullish().transform((v) => v ?? null),
    coverage_amount: money.nullish().transform((v) => v ?? null),
    amount: money.nullish().transform((v) => v ?? null),
    policy_number: blank,
  }).nullish().transform((v) => v ?? null),
});
const ledgersAnswer = z.object({
  ledgers: z.array(ledger),
  meta: z.object({ total_count: z.number().int().min(0).optional() }).optional(),
});

/** One tenant ledger as StorEdge answers it; blank fields are null. */
export type StorEdgeLedger = z.output<typeof ledger>;

/** Ledger ids per request (they travel in the query string) and ledgers per page asked. */
export const STOREDGE_LEDGERS_PER_CALL = 100;
/** A filter of 100 ids answers at most 100 ledgers; more pages than this means the answer is not what was asked. */
const MAX_LEDGER_PAGES = 10;
const errorAnswer = z.object({ error: z.object({ message: z.string().optional() }).optional(), message: z.string().optional() });

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
    const [url, apiKey] = settingsFromEnv('storedge', env) as [string, string];
    return new StorEdgeClient({ url, apiKey, timeoutMs: timeoutFromEnv(env) });
  }

  /** The facility's active insurance items (amount is the monthly premium, coverage_amount the coverage). */
  async insuranceItems(facilityId: string): Promise<StorEdgeInsuranceItem[]> {
    const json = await this.getJson(facilityId, 'invoiceable_items', { kind: 'insurance' });
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
      for (let page = 1; ; page += 1) {
        if (page > MAX_LEDGER_PAGES) throw new ExternalSystemError('storedge', 'malformed', `it answered more than ${MAX_LEDGER_PAGES} pages of ledgers for ${STOREDGE_LEDGERS_PER_CALL} ids`);
        const parsed = ledgersAnswer.safeParse(await this.getJson(facilityId, 'ledgers', { ids, page: String(page), per_page: String(STOREDGE_LEDGERS_PER_CALL) }));
        if (!parsed.success) throw malformed('a list of ledgers', parsed.error);
        out.push(...parsed.data.ledgers);
        const total = parsed.data.meta?.total_count;
        if (parsed.data.ledgers.length === 0 || total === undefined || page * STOREDGE_LEDGERS_PER_CALL >= total) break;
      }
    }
    return out;
  }

  /** GET /v1/{facility}/{resource}: the JSON of a 200 answer; every other answer is the matching ExternalSystemError. */
  private async getJson(facilityId: string, resource: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`v1/${encodeURIComponent(facilityId)}/${resource}`, withSlash(this.config.url));
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const answer = await callExternal('storedge', url, {
      method: 'GET',
      headers: { accept: 'application/json', authorization: `Bearer ${this.config.apiKey}` },
    }, this.timeoutMs);

    const json = parseJson(answer.text);
    const said = errorAnswer.safeParse(json);
    const message = said.success ? (said.data.error?.message ?? said.data.message) : undefined;
    if (answer.status === 404) throw new ExternalSystemError('storedge', 'not_found', `facility unknown${message ? ` (${excerpt(message)})` : ''}`);
    if (answer.status === 401 || answer.status === 403) {
      throw new ExternalSystemError('storedge', 'rejected', 'it refused the program\'s StorEdge API key (STOREDGE_API_KEY)');
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
