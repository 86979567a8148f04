/**
 * A local Zoho-like CRM: `GET /crm/v2/Accounts/search?criteria=(Facility_Number:equals:1001)` with
 * `Authorization: Zoho-oauthtoken {token}` answers 200 `{data: [account], info}` or 204 with no body;
 * criteria it cannot read are 400 INVALID_QUERY and a wrong token 401 INVALID_TOKEN, as Zoho answers.
 * Operators: equals and starts_with. SIMULATOR_TRIGGERS make it misbehave.
 */
import { CRM_ACCOUNTS, SIMULATOR_TRIGGERS } from './data';
import type { CrmAccount } from './data';
import { misbehave, sendJson, startSimulatorServer } from './server';
import type { RunningSimulator } from './server';

const SEARCH_PATH = '/crm/v2/Accounts/search';

/** `(Field:operator:value)`, where `\(`, `\)`, `\,` and `\\` in the value are escaped characters. */
function parseCriteria(criteria: string): { field: string; operator: string; value: string } | null {
  const match = /^\((\w+):(equals|starts_with):((?:\\.|[^\\()])*)\)$/.exec(criteria.trim());
  if (!match) return null;
  return { field: match[1]!, operator: match[2]!, value: match[3]!.replace(/\\(.)/g, '$1') };
}

/** What Zoho sends besides the layout's own fields. */
const zohoExtras = (account: CrmAccount) => ({
  Owner: { name: 'Program Operations', id: '4876876000000254001', email: 'ops@crm.example' },
  Account_Type: 'Customer',
  Created_Time: '2024-03-04T10:15:22-05:00',
  Modified_Time: '2025-02-11T16:40:05-05:00',
  $approved: true,
  $editable: true,
  Tag: [],
  ...account,
});

export async function startCrmSimulator(token: string, port = 0): Promise<RunningSimulator & { url: string }> {
  const running = await startSimulatorServer('CRM', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (url.pathname !== SEARCH_PATH || req.method !== 'GET') {
      sendJson(res, 404, { code: 'INVALID_URL_PATTERN', details: {}, message: 'Please check if the URL trying to access is a correct one', status: 'error' });
      return;
    }
    const criteria = parseCriteria(url.searchParams.get('criteria') ?? '');
    const value = criteria?.value ?? '';
    if (misbehave(value, res)) return;
    if (req.headers.authorization !== `Zoho-oauthtoken ${token}` || value === SIMULATOR_TRIGGERS.credentialsRefused) {
      sendJson(res, 401, { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' });
      return;
    }
    if (!criteria || !['Facility_Number', 'Account_Name'].includes(criteria.field)) {
      sendJson(res, 400, { code: 'INVALID_QUERY', details: { reason: 'invalid criteria', api_name: criteria?.field ?? 'criteria' }, message: 'invalid query formed', status: 'error' });
      return;
    }
    if (value === SIMULATOR_TRIGGERS.serverError) {
      sendJson(res, 500, { code: 'INTERNAL_ERROR', details: {}, message: 'Internal Server Error', status: 'error' });
      return;
    }
    if (value === SIMULATOR_TRIGGERS.unparseable) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><head><title>Zoho CRM</title></head><body>Service temporarily unavailable');
      return;
    }
    if (value === SIMULATOR_TRIGGERS.wrongShape) {
      sendJson(res, 200, { data: [{ Account_Name: 'Record without an id', Facility_Number: value }], info: { per_page: 200, count: 1, page: 1, more_records: false } });
      return;
    }
    const field = criteria.field as 'Facility_Number' | 'Account_Name';
    const matches = CRM_ACCOUNTS.filter((account) => {
      const have = (account[field] ?? '').toLowerCase();
      const want = value.toLowerCase();
      return criteria.operator === 'equals' ? have === want : have.startsWith(want);
    });
    if (matches.length === 0) {
      res.writeHead(204).end();
      return;
    }
    sendJson(res, 200, { data: matches.map(zohoExtras), info: { per_page: 200, count: matches.length, page: 1, more_records: false } });
  }, port);
  return { ...running, url: running.origin };
}
