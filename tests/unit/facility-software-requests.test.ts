/**
 * What the SiteLink and StorEdge clients send for policy setup and the ledger reports, and how they read
 * the answers, against a stand-in server that records each request and answers what the test says; and
 * the OAuth 1.0a signature of StorEdge requests, checked against published examples (OAuth Core 1.0
 * Appendix A, RFC 5849 section 3.4) and against the StorEdge simulator's own check.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExternalSystemError, toHttpError } from '../../functions/external/errors';
import { oauthAuthorization, signableQuery } from '../../functions/external/oauth1';
import { SITELINK_NAMESPACE, SITELINK_REPORTING_NAMESPACE, SiteLinkClient } from '../../functions/external/sitelink-client';
import { STOREDGE_LEDGERS_PER_CALL, StorEdgeClient } from '../../functions/external/storedge-client';
import { NonceBook, authorizationParams, hmacSha1Signature, oauthProblem, signatureBaseString } from '../../localstack/simulators/oauth-verify';

interface Captured {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the simulator's OAuth check says of the request as it arrived. */
  oauth: string | null;
}
interface Reply { status?: number; body: string; type?: string }

const CONSUMER = { key: 'se-key', secret: 'se-secret' };
let origin = '';
let requests: Captured[] = [];
let replies: Reply[] = [];
let stop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const nonces = new NonceBook();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), oauth: oauthProblem(req, CONSUMER, nonces) });
      const reply = replies.shift() ?? { status: 500, body: 'no reply queued' };
      res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'text/xml; charset=utf-8' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => { await stop(); });
beforeEach(() => {
  requests = [];
  replies = [];
});

async function failureOf(promise: Promise<unknown>): Promise<ExternalSystemError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err, 'expected the call to fail').toBeInstanceOf(ExternalSystemError);
  return err as ExternalSystemError;
}

const siteLink = () => new SiteLinkClient({ url: `${origin}/CCWs_3.5/CallCenterWs.asmx`, corpCode: 'C0RP', user: 'api:::licence', password: 'p<&>w', timeoutMs: 2000 });
const storEdge = () => new StorEdgeClient({ url: origin, apiKey: CONSUMER.key, apiSecret: CONSUMER.secret, timeoutMs: 2000 });

/** A DataSet answer as SiteLink sends it: RT row first, then rows of `tag` (null columns left out). */
function dataSet(operation: string, namespace: string, retCode: number, retMsg: string, tag = 'Table', rows: Record<string, string | null>[] = []): Reply {
  const rowXml = rows.map((r, i) => `<${tag} diffgr:id="${tag}${i + 1}" msdata:rowOrder="${i}">`
    + `${Object.entries(r).map(([k, v]) => (v === null ? '' : `<${k}>${v}</${k}>`)).join('')}</${tag}>`).join('');
  return {
    body: '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'
      + `<${operation}Response xmlns="${namespace}"><${operation}Result><xs:schema id="NewDataSet" xmlns:xs="http://www.w3.org/2001/XMLSchema"/>`
      + '<diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1">'
      + `<NewDataSet xmlns=""><RT><Ret_Code>${retCode}</Ret_Code><Ret_Msg>${retMsg}</Ret_Msg></RT>${rowXml}</NewDataSet></diffgr:diffgram>`
      + `</${operation}Result></${operation}Response></soap:Body></soap:Envelope>`,
  };
}

/** The operation element's children, in order, as [name, text]; and the element's namespace. */
function soapParameters(body: string, operation: string): { namespace: string; params: [string, string][] } {
  const doc = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, preserveOrder: true }).parse(body) as unknown[];
  const find = (nodes: unknown[], name: string): Record<string, unknown> | undefined =>
    nodes.find((n) => typeof n === 'object' && n !== null && name in n) as Record<string, unknown> | undefined;
  const envelope = find(doc, 'Envelope')!;
  const soapBody = find(envelope.Envelope as unknown[], 'Body')!;
  const op = find(soapBody.Body as unknown[], operation)!;
  const params = (op[operation] as Record<string, { '#text'?: string }[]>[]).map((p) => {
    const [name, value] = Object.entries(p)[0]!;
    return [name, value[0]?.['#text'] ?? ''] as [string, string];
  });
  // The parser drops xmlns attributes along with prefixes; the element's own namespace is read from the text.
  const namespace = new RegExp(`<${operation} xmlns="([^"]*)">`).exec(body)?.[1] ?? '';
  return { namespace, params };
}

describe('SiteLink InsuranceCoverageAddToLedger', () => {
  const addition = { TenantID: '5001', UnitID: '1042', InsuranceCoverageID: '110102', sPolicyNumber: 'POL-<1>&2', dStartDate: '2025-07-01' };

  it('posts the envelope to CallCenterWs with the login first, then the tenant, unit, coverage, policy number and a full start dateTime', async () => {
    replies.push(dataSet('InsuranceCoverageAddToLedger', SITELINK_NAMESPACE, 1, ''));
    await siteLink().addInsuranceToLedger('1101', addition);
    const [req] = requests;
    expect([req!.method, req!.url]).toEqual(['POST', '/CCWs_3.5/CallCenterWs.asmx']);
    expect(req!.headers.soapaction).toBe(`"${SITELINK_NAMESPACE}/InsuranceCoverageAddToLedger"`);
    expect(req!.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(soapParameters(req!.body, 'InsuranceCoverageAddToLedger')).toEqual({
      namespace: SITELINK_NAMESPACE,
      params: [['sCorpCode', 'C0RP'], ['sLocationCode', '1101'], ['sCorpUserName', 'api:::licence'], ['sCorpPassword', 'p<&>w'],
        ['TenantID', '5001'], ['UnitID', '1042'], ['InsuranceCoverageID', '110102'], ['sPolicyNumber', 'POL-<1>&2'], ['dStartDate', '2025-07-01T00:00:00']],
    });
    expect(req!.body).toContain('<sPolicyNumber>POL-&lt;1&gt;&amp;2</sPolicyNumber>');
  });

  it('a negative Ret_Code is refused, with SiteLink\'s Ret_Msg as the detail; a bad login stays rejected', async () => {
    replies.push(dataSet('InsuranceCoverageAddToLedger', SITELINK_NAMESPACE, -1, 'Ledger 1101007 was moved out on 2025-02-03; insurance cannot be added.'));
    const refused = await failureOf(siteLink().addInsuranceToLedger('1101', addition));
    expect([refused.system, refused.failure, refused.detail]).toEqual(['sitelink', 'refused', 'Ledger 1101007 was moved out on 2025-02-03; insurance cannot be added.']);
    replies.push(dataSet('InsuranceCoverageAddToLedger', SITELINK_NAMESPACE, -25, ''));
    expect((await failureOf(siteLink().addInsuranceToLedger('1101', addition))).detail).toBe('it answered error -25');
    replies.push(dataSet('InsuranceCoverageAddToLedger', SITELINK_NAMESPACE, -99, 'Invalid login'));
    expect((await failureOf(siteLink().addInsuranceToLedger('1101', addition))).failure).toBe('rejected');
    replies.push(dataSet('InsuranceCoverageAddToLedger', SITELINK_NAMESPACE, -90, 'Server busy, retry in 15 seconds'));
    expect((await failureOf(siteLink().addInsuranceToLedger('1101', addition))).failure).toBe('http_status');
  });

  it('refuses to send a start date that is not YYYY-MM-DD', async () => {
    await expect(siteLink().addInsuranceToLedger('1101', { ...addition, dStartDate: '07/01/2025' })).rejects.toThrow(TypeError);
    expect(requests).toEqual([]);
  });
});

describe('SiteLink InsuranceLedgerStatusByLedgerIDs', () => {
  it('reads the tenant, unit and coverage start of each ledger; .NET\'s empty date is null', async () => {
    replies.push(dataSet('InsuranceLedgerStatusByLedgerIDs', SITELINK_NAMESPACE, 1, '', 'Table', [
      { LedgerID: '77', TenantID: '5003', UnitID: '1003', InsurCoverageID: '110101', dcCoverage: '2000.0000', dcPremium: '12.0000', sPolicyNum: 'P-1', dInsurStart: '2025-07-01T00:00:00-06:00' },
      { LedgerID: '78', TenantID: '5004', UnitID: '1004', dInsurStart: '0001-01-01T00:00:00' },
    ]));
    const rows = await siteLink().ledgerStatuses('1101', ['77', '78']);
    expect(rows.map((r) => [r.LedgerID, r.TenantID, r.UnitID, r.InsurCoverageID, r.sPolicyNum, r.dInsurStart])).toEqual([
      ['77', '5003', '1003', '110101', 'P-1', '2025-07-01'], ['78', '5004', '1004', null, null, null],
    ]);
    expect(soapParameters(requests[0]!.body, 'InsuranceLedgerStatusByLedgerIDs').params.at(-1)).toEqual(['sLedgerIDs', '77,78']);
  });

  it('a coverage start that is not a date is malformed', async () => {
    replies.push(dataSet('InsuranceLedgerStatusByLedgerIDs', SITELINK_NAMESPACE, 1, '', 'Table', [{ LedgerID: '77', dInsurStart: 'soon' }]));
    const err = await failureOf(siteLink().ledgerStatuses('1101', ['77']));
    expect([err.failure, err.detail]).toEqual(['malformed', 'ledger 77 has a dInsurStart that is not a date (soon)']);
  });
});

describe('SiteLink ReportingWs RentRoll', () => {
  it('posts to ReportingWs.asmx in the CallCenterWs folder, with the report dates as full dateTimes', async () => {
    replies.push(dataSet('RentRoll', SITELINK_REPORTING_NAMESPACE, 1, '', 'RentRoll', []));
    await siteLink().rentRoll('1101', { start: '2025-07-01', end: '2025-07-31' });
    const [req] = requests;
    expect(req!.url).toBe('/CCWs_3.5/ReportingWs.asmx');
    expect(req!.headers.soapaction).toBe(`"${SITELINK_REPORTING_NAMESPACE}/RentRoll"`);
    expect(soapParameters(req!.body, 'RentRoll')).toEqual({
      namespace: SITELINK_REPORTING_NAMESPACE,
      params: [['sCorpCode', 'C0RP'], ['sLocationCode', '1101'], ['sCorpUserName', 'api:::licence'], ['sCorpPassword', 'p<&>w'],
        ['dReportDateStart', '2025-07-01T00:00:00'], ['dReportDateEnd', '2025-07-31T00:00:00']],
    });
  });

  it('reads one row per unit: rented with its tenant and premium, vacant with blanks as null', async () => {
    replies.push(dataSet('RentRoll', SITELINK_REPORTING_NAMESPACE, 1, '', 'RentRoll', [
      {
        SiteID: '40100', UnitID: '1001', LedgerID: '1101001', sUnitName: 'E100', sSize: '10x10', sTypeName: 'Indoor Self Storage', bRented: 'true',
        TenantID: '5001', sTenant: 'Emma Lee', sCompany: null, sEmail: 'emma.lee12@mail.example', dLeaseDate: '2021-04-09T00:00:00-05:00',
        dPaidThru: '2025-07-31T00:00:00-05:00', dcRent: '98.0000', dcStdRate: '95.0000', dcInsurPremium: '12.0000', dcWidth: '10.0000',
      },
      { SiteID: '40100', UnitID: '1002', sUnitName: 'F100', sSize: '5x5', bRented: 'false', dLeaseDate: '0001-01-01T00:00:00', dcStdRate: '45.0000' },
    ]));
    expect(await siteLink().rentRoll('1101', { start: '2025-07-01', end: '2025-07-31' })).toEqual([
      {
        SiteID: '40100', UnitID: '1001', LedgerID: '1101001', sUnitName: 'E100', sSize: '10x10', sTypeName: 'Indoor Self Storage', bRented: true,
        TenantID: '5001', sTenant: 'Emma Lee', sCompany: null, sEmail: 'emma.lee12@mail.example', dLeaseDate: '2021-04-09', dPaidThru: '2025-07-31',
        dcRent: 98, dcStdRate: 95, dcInsurPremium: 12,
      },
      {
        SiteID: '40100', UnitID: '1002', LedgerID: null, sUnitName: 'F100', sSize: '5x5', sTypeName: null, bRented: false, TenantID: null, sTenant: null,
        sCompany: null, sEmail: null, dLeaseDate: null, dPaidThru: null, dcRent: null, dcStdRate: 45, dcInsurPremium: null,
      },
    ]);
  });

  it('-1 is no data for the dates (an empty roll), -97 an unknown location, a row without UnitID malformed', async () => {
    replies.push(dataSet('RentRoll', SITELINK_REPORTING_NAMESPACE, -1, 'No data'));
    expect(await siteLink().rentRoll('1101', { start: '2025-07-01', end: '2025-07-31' })).toEqual([]);
    replies.push(dataSet('RentRoll', SITELINK_REPORTING_NAMESPACE, -97, 'Invalid location code'));
    expect((await failureOf(siteLink().rentRoll('1101', { start: '2025-07-01', end: '2025-07-31' }))).failure).toBe('not_found');
    replies.push(dataSet('RentRoll', SITELINK_REPORTING_NAMESPACE, 1, '', 'RentRoll', [{ sUnitName: 'E100' }]));
    expect((await failureOf(siteLink().rentRoll('1101', { start: '2025-07-01', end: '2025-07-31' }))).detail).toBe('rent roll row 1 lacks a UnitID');
  });
});

const ledgerJson = (id: string, extra: Record<string, unknown> = {}) => ({ id, status: 'current', tenant_name: 'Emma Lee', ...extra });
const json = (body: unknown, status = 200): Reply => ({ status, body: JSON.stringify(body), type: 'application/json' });

describe('StorEdge requests are signed with OAuth 1.0a (one-legged, HMAC-SHA1)', () => {
  it('GET: the Authorization header carries the consumer key, no token, and a signature over the query that the simulator\'s check accepts', async () => {
    replies.push(json({ ledgers: [], meta: { total_count: 0 } }));
    await storEdge().ledgers('1101', ['a b', 'c+d']);
    const [req] = requests;
    expect(req!.url).toBe('/v1/1101/ledgers?ids=a%20b%2Cc%2Bd&page=1&per_page=100');
    const oauth = authorizationParams(req!.headers.authorization)!;
    expect(req!.headers.authorization).toMatch(/^OAuth /);
    expect([oauth.get('oauth_consumer_key'), oauth.get('oauth_signature_method'), oauth.get('oauth_version'), oauth.has('oauth_token')])
      .toEqual([CONSUMER.key, 'HMAC-SHA1', '1.0', false]);
    expect(oauth.get('oauth_nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(Math.abs(Number(oauth.get('oauth_timestamp')) - Date.now() / 1000)).toBeLessThan(60);
    expect(req!.oauth).toBeNull();
  });

  it('PUT: the JSON body is not part of the signature; the path and query are', async () => {
    replies.push(json({ ledger: ledgerJson('L/1') }));
    await storEdge().addInsurance('1101', 'L/1', { invoiceable_item_id: 'item-1', start_date: '2025-07-01' });
    expect(requests[0]!.oauth).toBeNull();
    // The same header on another path fails the simulator's check.
    const moved = { method: 'PUT', url: '/v1/1101/ledgers/L2', headers: { ...requests[0]!.headers } } as unknown as IncomingMessage;
    expect(oauthProblem(moved, CONSUMER, new NonceBook())).toBe('Invalid signature');
  });

  it('the OAuth Core 1.0 Appendix A example signs to its published signature (oauth-1.0a, with a token as that example has)', () => {
    const header = oauthAuthorization({ key: 'dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44' },
      { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' },
      { token: { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' }, nonce: 'kllo9940pd9333jh', timestamp: 1191242096 });
    expect(authorizationParams(header)!.get('oauth_signature')).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  it('the simulator\'s check builds RFC 5849 section 3.4.1.1\'s base string and signature', () => {
    const params: [string, string][] = [['b5', '=%3D'], ['a3', 'a'], ['c@', ''], ['a2', 'r b'], ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'], ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '137131201'], ['oauth_nonce', '7d8f3e4a'],
      ['c2', ''], ['a3', '2 q']];
    const base = signatureBaseString('POST', 'http://example.com/request', params);
    expect(base).toBe('POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D'
      + '%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201'
      + '%26oauth_token%3Dkkk9d7dh3k39sjv7');
    expect(hmacSha1Signature(base, 'j49sk3j29djd', 'dh893hdasih9')).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });

  it('the simulator refuses a missing header, a wrong secret, a stale timestamp, a replayed nonce and a token', () => {
    const now = Math.floor(Date.now() / 1000);
    const request = (authorization: string | undefined, url = '/v1/1101/ledgers?ids=1') =>
      ({ method: 'GET', url, headers: { host: '127.0.0.1:9', ...(authorization ? { authorization } : {}) } }) as unknown as IncomingMessage;
    const sign = (secret: string, options: Parameters<typeof oauthAuthorization>[2] = {}) =>
      oauthAuthorization({ key: CONSUMER.key, secret }, { method: 'GET', url: 'http://127.0.0.1:9/v1/1101/ledgers?ids=1' }, options);
    const nonces = new NonceBook();
    expect(oauthProblem(request(undefined), CONSUMER, nonces)).toBe('Missing OAuth Authorization header');
    expect(oauthProblem(request(sign('wrong')), CONSUMER, nonces)).toBe('Invalid signature');
    expect(oauthProblem(request(sign(CONSUMER.secret, { timestamp: now - 3600 })), CONSUMER, nonces)).toBe('Expired oauth_timestamp');
    expect(oauthProblem(request(sign(CONSUMER.secret, { token: { key: 't', secret: 's' } })), CONSUMER, nonces)).toBe('This API takes no oauth_token');
    const good = sign(CONSUMER.secret, { nonce: 'once', timestamp: now });
    expect(oauthProblem(request(good), CONSUMER, nonces)).toBeNull();
    expect(oauthProblem(request(good), CONSUMER, nonces)).toBe('Nonce already used');
    expect(oauthProblem(request(sign(CONSUMER.secret), '/v1/1101/ledgers?ids=2'), CONSUMER, nonces)).toBe('Invalid signature');
  });

  it('query strings encode a space as %20 and every reserved character', () => {
    expect(signableQuery({ ids: 'a b,c+d&e=f', 'k!': '*()\'' })).toBe('ids=a%20b%2Cc%2Bd%26e%3Df&k%21=%2A%28%29%27');
  });
});

describe('StorEdge ledgers and insurance', () => {
  it('addInsurance PUTs the nested insurance attributes to the ledger and reads the ledger answered', async () => {
    replies.push(json({
      ledger: ledgerJson('L1', { insurance: { invoiceable_item_id: 'item-1', amount: '12.00', coverage_amount: 2000, policy_number: 'SEP-1101-000001', start_date: '2025-07-01' } }),
      meta: { request_id: 'r' },
    }));
    const ledger = await storEdge().addInsurance('1101', 'L 1/2', { invoiceable_item_id: 'item-1', start_date: '2025-07-01' });
    const [req] = requests;
    expect([req!.method, req!.url, req!.headers['content-type']]).toEqual(['PUT', '/v1/1101/ledgers/L%201%2F2', 'application/json']);
    expect(JSON.parse(req!.body)).toEqual({ ledger: { insurance_attributes: { invoiceable_item_id: 'item-1', start_date: '2025-07-01' } } });
    expect(ledger).toMatchObject({
      id: 'L1', tenant_name: 'Emma Lee',
      insurance: { invoiceable_item_id: 'item-1', amount: 12, coverage_amount: 2000, policy_number: 'SEP-1101-000001', start_date: '2025-07-01' },
    });
  });

  it('a 422 is refused with StorEdge\'s message; a 404 is an unknown facility; a 422 on a read is an HTTP failure', async () => {
    replies.push(json({ error: { code: 'unprocessable_entity', message: 'Ledger L1 is closed' } }, 422));
    const refused = await failureOf(storEdge().addInsurance('1101', 'L1', { invoiceable_item_id: 'i', start_date: '2025-07-01' }));
    expect([refused.system, refused.failure, refused.detail]).toEqual(['storedge', 'refused', 'Ledger L1 is closed']);
    replies.push(json({ meta: { message: 'Start date is invalid', error_code: 'invalid' } }, 422));
    expect((await failureOf(storEdge().addInsurance('1101', 'L1', { invoiceable_item_id: 'i', start_date: '2025-07-01' }))).detail).toBe('Start date is invalid');
    replies.push(json({ error: { message: 'Couldn\'t find Facility' } }, 404));
    expect((await failureOf(storEdge().addInsurance('1101', 'L1', { invoiceable_item_id: 'i', start_date: '2025-07-01' }))).failure).toBe('not_found');
    replies.push(json({ error: { message: 'bad page' } }, 422));
    expect((await failureOf(storEdge().allLedgers('1101'))).failure).toBe('http_status');
    replies.push(json({ ledger: { status: 'current' } }));
    expect((await failureOf(storEdge().addInsurance('1101', 'L1', { invoiceable_item_id: 'i', start_date: '2025-07-01' }))).detail)
      .toBe('its answer is not a ledger (ledger.id: Invalid input)');
  });

  it('allLedgers asks without ids, page by page until meta.total_count', async () => {
    const total = STOREDGE_LEDGERS_PER_CALL * 2 + 3;
    for (let page = 1; page <= 3; page += 1) {
      const count = Math.min(STOREDGE_LEDGERS_PER_CALL, total - (page - 1) * STOREDGE_LEDGERS_PER_CALL);
      replies.push(json({ ledgers: Array.from({ length: count }, (_, i) => ledgerJson(`P${page}-${i}`)), meta: { total_count: total } }));
    }
    const ledgers = await storEdge().allLedgers('1101');
    expect(ledgers).toHaveLength(total);
    expect(requests.map((r) => r.url)).toEqual([1, 2, 3].map((p) => `/v1/1101/ledgers?page=${p}&per_page=100`));
    expect(ledgers[0]).toEqual({ id: 'P1-0', status: 'current', move_out_date: null, unit_name: null, tenant_name: 'Emma Lee', address: null, insurance: null });
  });
});

describe('route answers', () => {
  it('a refusal of the outside system is 409 with its message (not the caller\'s input, not an outage)', () => {
    const http = toHttpError(new ExternalSystemError('sitelink', 'refused', 'Tenant 5001 has no ledger on unit 1042.'), '1101');
    expect([http.status, http.message]).toEqual([409, 'SiteLink refused it: Tenant 5001 has no ledger on unit 1042.']);
  });
});
