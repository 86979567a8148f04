/**
 * The CRM: Zoho CRM's REST API v2. `GET {CRM_API_URL}/crm/v2/Accounts/search?criteria=(Facility_Number:equals:1001)`
 * answers 200 `{data: [account, ...], info}` or 204 with no body when nothing matches; a bad token is
 * 401 `{code: 'INVALID_TOKEN', message}`. Settings: CRM_API_URL (the API domain), CRM_API_TOKEN (sent as
 * `Authorization: Zoho-oauthtoken ...`).
 */
import * as z from 'zod';
import { crmFacility } from '../../shared/contracts/facilities';
import type { CrmFacility } from '../../shared/contracts/facilities';
import { ExternalSystemError } from './errors';
import { callExternal, excerpt, settingsFromEnv, statusDetail, timeoutFromEnv } from './http';

export interface CrmConfig {
  url: string;
  token: string;
  timeoutMs?: number;
}

/** Zoho sends every field of the layout; empty ones are null, and ids and numbers may come as numbers. */
const field = z.union([z.string(), z.number().transform(String)]).nullish().transform((v) => (v === undefined || v === '' ? null : v));
const account = z.object({
  id: z.union([z.string().min(1), z.number().transform(String)]),
  Facility_Number: z.union([z.string().min(1), z.number().transform(String)]),
  Corporate_Group_Number: field, Account_Name: field, Address: field, Address_2: field, City: field, State: field,
  ZIP_Code: field, Property_Mgr: field, Site_Email: field, Phone: field, Fax: field,
});
const searchAnswer = z.object({ data: z.array(account) });
const errorAnswer = z.object({ code: z.string().optional(), message: z.string().optional() });

/** Zoho criteria syntax: parentheses, commas and backslashes in a value are escaped with a backslash. */
export const criteriaValue = (value: string) => value.replace(/[\\(),]/g, (c) => `\\${c}`);

export class CrmClient {
  private readonly timeoutMs: number;

  constructor(private readonly config: CrmConfig) {
    this.timeoutMs = config.timeoutMs ?? timeoutFromEnv();
  }

  /** From CRM_* variables; throws ExternalSystemError 'not_configured' when any is missing. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): CrmClient {
    const [url, token] = settingsFromEnv('crm', env) as [string, string];
    return new CrmClient({ url, token, timeoutMs: timeoutFromEnv(env) });
  }

  /** Accounts whose Facility_Number equals the number; throws 'not_found' when there is none. */
  async accountsByFacilityNumber(facilityNumber: string): Promise<CrmFacility[]> {
    const url = new URL('crm/v2/Accounts/search', this.config.url.endsWith('/') ? this.config.url : `${this.config.url}/`);
    url.searchParams.set('criteria', `(Facility_Number:equals:${criteriaValue(facilityNumber)})`);
    const answer = await callExternal('crm', url, {
      method: 'GET',
      headers: { accept: 'application/json', authorization: `Zoho-oauthtoken ${this.config.token}` },
    }, this.timeoutMs);

    if (answer.status === 204) throw new ExternalSystemError('crm', 'not_found', 'no account has that facility number');
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      json = undefined;
    }
    const said = errorAnswer.safeParse(json);
    const message = said.success ? said.data.message : undefined;
    if (answer.status === 401 || (said.success && said.data.code === 'INVALID_TOKEN' && answer.status !== 200)) {
      throw new ExternalSystemError('crm', 'rejected', 'it refused the program\'s CRM token (CRM_API_TOKEN)');
    }
    if (answer.status !== 200) throw new ExternalSystemError('crm', 'http_status', statusDetail(answer.status, message));
    if (json === undefined) throw new ExternalSystemError('crm', 'malformed', answer.text.trim() ? 'its answer is not JSON' : 'its answer is empty', excerpt(answer.text, 300));
    const parsed = searchAnswer.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ExternalSystemError('crm', 'malformed', `its answer is not a list of accounts (${issue.path.join('.') || 'answer'}: ${issue.message})`);
    }
    if (parsed.data.data.length === 0) throw new ExternalSystemError('crm', 'not_found', 'no account has that facility number');
    // Only the fields of the contract travel on; Zoho's other fields (Owner, Created_Time, ...) stay behind.
    return parsed.data.data.map((row) => crmFacility.parse(row));
  }
}
