/**
 * StorEdge: a REST JSON API. The facility's insurance plans are its invoiceable items of kind
 * insurance: `GET {STOREDGE_API_URL}/v1/{facility_id}/invoiceable_items?kind=insurance` answers
 * `{invoiceable_items: [{id, kind, name, amount, coverage_amount, active, ...}], meta}`; an unknown
 * facility is 404 and a bad key 401. The program names a StorEdge facility by its facility number.
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
    const url = new URL(`v1/${encodeURIComponent(facilityId)}/invoiceable_items`, withSlash(this.config.url));
    url.searchParams.set('kind', 'insurance');
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
    const parsed = itemsAnswer.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ExternalSystemError('storedge', 'malformed', `its answer is not a list of invoiceable items (${issue.path.join('.') || 'answer'}: ${issue.message})`);
    }
    return parsed.data.invoiceable_items
      .filter((item) => (item.kind === undefined || item.kind === 'insurance') && item.active !== false)
      .map((item) => ({ id: item.id, name: item.name ?? null, amount: item.amount, coverage_amount: item.coverage_amount }));
  }
}

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
