/**
 * The routes that call outside systems, against the simulators the program starts:
 * GET /api/coverages/fetch-from-api (SiteLink and StorEdge) and GET /api/facilities/from-zoho (the CRM)
 * through the real HTTP path. Calls that need another environment than the running program's (not
 * configured, a short timeout, an unreachable system) go through the same Lambda handlers in this
 * process; most from-zoho cases do too, through a handler built from its route entry alone.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, expectNoStackTrace } from './helpers';
import type { ApiResponse } from './helpers';
import { tokenFor } from './fixtures';
import { simulatedFacility } from './simulated-facility';
import { handler as coveragesHandler } from '../../functions/api/coverages';
import { SECRET_CACHE_MS, externalEnv } from '../../functions/external/secret-settings';
import { fromCrmRoutes } from '../../functions/facilities/from-crm';
import { createApiHandler } from '../../functions/runtime/api-handler';
import { lambdaContext } from '../../localstack/runtime/handlers';
import { toProxyEvent } from '../../localstack/runtime/http-server';
import { CRM_ACCOUNTS, SIMULATOR_CREDENTIALS, SIMULATOR_TRIGGERS } from '../../localstack/simulators';
import { siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';
import { crmFacility } from '../../shared/contracts/facilities';
import { ENV } from '../../shared/resources';
import { matchRoute } from '../../shared/routes';

const FETCH = '/api/coverages/fetch-from-api';
const FROM_CRM = '/api/facilities/from-zoho';

let monitor = '';
let admin = '';
let manager = '';

beforeAll(async () => {
  [monitor, admin, manager] = await Promise.all([tokenFor('monitor'), tokenFor('admin'), tokenFor('manager')]);
});


const fetchCoverages = (query: Record<string, string>, token: string | null = monitor) => call('GET', FETCH, { token, query });

/** One call through a Lambda handler in this process, with the event the local runtime builds. */
async function invoke(handler: (e: never, c: never) => Promise<{ statusCode: number; body: string; headers?: Record<string, unknown> }>,
  path: string, query: Record<string, string>, token: string | null): Promise<ApiResponse> {
  const url = new URL(path, 'http://local');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const match = matchRoute('GET', url.pathname);
  if (!('route' in match)) throw new Error(`no route for ${path}`);
  const headers: Record<string, string> = { host: 'local', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const request = { url: `${url.pathname}${url.search}`, method: 'GET', headers, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const event = toProxyEvent(request, Buffer.alloc(0), match.route.path, match.pathParameters);
  const result = await handler(event as never, lambdaContext(`api-${match.route.group}`) as never);
  expectNoStackTrace(result.body);
  const responseHeaders = new Headers(Object.entries(result.headers ?? {}).map(([k, v]): [string, string] => [k, String(v)]));
  return { status: result.statusCode, headers: responseHeaders, text: result.body, body: JSON.parse(result.body) };
}

/** The facilities Lambda as it will be wired: the group's handler with the from-zoho route entry. */
const facilitiesHandler = createApiHandler('facilities', fromCrmRoutes);
const fromCrm = (query: Record<string, string>, token: string | null = monitor) => invoke(facilitiesHandler as never, FROM_CRM, query, token);
const fetchInProcess = (query: Record<string, string>, token: string | null = monitor) => invoke(coveragesHandler as never, FETCH, query, token);

/** Runs with some environment variables changed in this process, then puts them back. */
const saved: Record<string, string | undefined> = {};
function withEnv(vars: Record<string, string>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (!(k in saved)) saved[k] = process.env[k];
    process.env[k] = v;
  }
}
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
    delete saved[k];
  }
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function expectError(res: ApiResponse, status: number, message: string | RegExp, field?: string): void {
  expect(res.status, res.text).toBe(status);
  if (typeof message === 'string') expect(res.body.error).toBe(message);
  else expect(res.body.error).toMatch(message);
  if (field) expect(res.body.field).toBe(field);
}

describe('GET /api/coverages/fetch-from-api', () => {
  it('SiteLink: answers the location\'s coverage rows (dcCoverage, dcPremium, InsurCoverageID)', async () => {
    await simulatedFacility('1026', 'sitelink_web');
    const res = await fetchCoverages({ facility_number: '1026', software: 'sitelink' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(siteLinkCoverages('1026').map((r) => ({ dcCoverage: r.dcCoverage, dcPremium: r.dcPremium, InsurCoverageID: r.InsurCoverageID })));
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('SiteLink: a SiteLink - ALP facility is a SiteLink facility too', async () => {
    await simulatedFacility('1028', 'sitelink_alp');
    const res = await fetchCoverages({ facility_number: ' 1028 ', software: 'sitelink' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((r: { InsurCoverageID: string }) => r.InsurCoverageID)).toEqual(siteLinkCoverages('1028').map((r) => r.InsurCoverageID));
  });

  it('StorEdge: answers the active insurance items (amount, coverage_amount, id)', async () => {
    await simulatedFacility('1027', 'storedge');
    const res = await fetchCoverages({ facility_number: '1027', software: 'storedge' });
    expect(res.status, res.text).toBe(200);
    const expected = storEdgeItems('1027').filter((i) => i.kind === 'insurance' && i.active);
    expect(res.body).toEqual({ invoiceable_items: expected.map((i) => ({ amount: i.amount, coverage_amount: i.coverage_amount, id: i.id })) });
  });

  it('a facility whose software offers no insurance options answers an empty list', async () => {
    await simulatedFacility(SIMULATOR_TRIGGERS.noCoverages, 'sitelink_web');
    const siteLink = await fetchCoverages({ facility_number: SIMULATOR_TRIGGERS.noCoverages, software: 'sitelink' });
    expect([siteLink.status, siteLink.body]).toEqual([200, []]);
    await simulatedFacility(SIMULATOR_TRIGGERS.noCoverages, 'storedge');
    const storEdge = await fetchCoverages({ facility_number: SIMULATOR_TRIGGERS.noCoverages, software: 'storedge' });
    expect([storEdge.status, storEdge.body]).toEqual([200, { invoiceable_items: [] }]);
  });

  it('a facility not set up yet (Add facility page) is asked of the software directly', async () => {
    // 1029 exists in the simulators only; no test sets it up in the program.
    const siteLink = await fetchCoverages({ facility_number: '1029', software: 'sitelink' });
    expect(siteLink.status).toBe(200);
    expect(siteLink.body.length).toBeGreaterThan(0);
    expectError(await fetchCoverages({ facility_number: '404404', software: 'sitelink' }), 404, 'Facility 404404 was not found in SiteLink.');
  });

  it('404 when the software does not know the facility', async () => {
    await simulatedFacility('9999', 'sitelink_web');
    expectError(await fetchCoverages({ facility_number: '9999', software: 'sitelink' }), 404, 'Facility 9999 was not found in SiteLink.');
    await simulatedFacility('9999', 'storedge');
    expectError(await fetchCoverages({ facility_number: '9999', software: 'storedge' }), 404, 'Facility 9999 was not found in StorEdge.');
  });

  it('422 when the facility runs another software than the one asked', async () => {
    await simulatedFacility('1027', 'storedge');
    expectError(await fetchCoverages({ facility_number: '1027', software: 'sitelink' }), 422, 'Facility 1027 uses StorEdge, not SiteLink.', 'software');
    await simulatedFacility('1029', 'syrasoft');
    expectError(await fetchCoverages({ facility_number: '1029', software: 'storedge' }), 422, 'Facility 1029 uses Syrasoft, not StorEdge.', 'software');
    expectError(await fetchCoverages({ facility_number: '1029', software: 'sitelink' }), 422, 'Facility 1029 uses Syrasoft, not SiteLink.', 'software');
  });

  it('422 with the contract\'s messages for bad queries', async () => {
    expectError(await fetchCoverages({ software: 'sitelink' }), 422, 'Facility number is required.', 'facility_number');
    expectError(await fetchCoverages({ facility_number: '   ', software: 'sitelink' }), 422, 'Facility number is required.', 'facility_number');
    expectError(await fetchCoverages({ facility_number: '1'.repeat(21), software: 'sitelink' }), 422, 'Facility number must be at most 20 characters.', 'facility_number');
    expectError(await fetchCoverages({ facility_number: '1026' }), 422, 'software must be sitelink or storedge.', 'software');
    expectError(await fetchCoverages({ facility_number: '1026', software: 'sitelink_web' }), 422, 'software must be sitelink or storedge.', 'software');
  });

  const failures: [trigger: string, detail: RegExp][] = [
    [SIMULATOR_TRIGGERS.unparseable, /: its answer is not (valid XML|JSON)$/],
    [SIMULATOR_TRIGGERS.credentialsRefused, /: it refused the program's (SiteLink login|StorEdge API credentials)/],
    [SIMULATOR_TRIGGERS.wrongShape, /: (coverage row 1 lacks|its answer is not a list of invoiceable items)/],
    [SIMULATOR_TRIGGERS.serverError, /: it answered HTTP 500 \(.+\)$/],
    [SIMULATOR_TRIGGERS.connectionDropped, /: the connection was closed before it answered$/],
  ];
  describe.each([['sitelink', 'sitelink_web', 'SiteLink'], ['storedge', 'storedge', 'StorEdge']] as const)('%s failures are 502', (family, software, label) => {
    it.each(failures)('facility %s', async (trigger, detail) => {
      await simulatedFacility(trigger, software);
      const res = await fetchCoverages({ facility_number: trigger, software: family });
      expectError(res, 502, new RegExp(`^${label} could not be reached${detail.source}`));
    });

    it('a system that does not answer in time (facility 9504, timeout 300 ms here)', async () => {
      withEnv({ [ENV.externalTimeoutMs]: '300' });
      await simulatedFacility(SIMULATOR_TRIGGERS.hang, software);
      const res = await fetchInProcess({ facility_number: SIMULATOR_TRIGGERS.hang, software: family });
      expectError(res, 502, `${label} could not be reached: it did not answer within 300 ms`);
    });

    it('503 when the system is not configured', async () => {
      withEnv({ [family === 'sitelink' ? ENV.sitelinkUrl : ENV.storedgeUrl]: '' });
      await simulatedFacility(family === 'sitelink' ? '1026' : '1027', software);
      const res = await fetchInProcess({ facility_number: family === 'sitelink' ? '1026' : '1027', software: family });
      expectError(res, 503, `${label} is not configured.`);
    });

    it('502 when the system is unreachable', async () => {
      const port = await closedPort();
      withEnv({ [family === 'sitelink' ? ENV.sitelinkUrl : ENV.storedgeUrl]: `http://127.0.0.1:${port}/` });
      await simulatedFacility(family === 'sitelink' ? '1026' : '1027', software);
      const res = await fetchInProcess({ facility_number: family === 'sitelink' ? '1026' : '1027', software: family });
      expectError(res, 502, `${label} could not be reached: the connection to 127.0.0.1:${port} was refused`);
    });
  });

  it('staff only: nobody is 401, a manager 403; monitor and admin pass', async () => {
    await simulatedFacility('1026', 'sitelink_web');
    const query = { facility_number: '1026', software: 'sitelink' };
    const nobody = await fetchCoverages(query, null);
    expect([nobody.status, nobody.headers.get('x-token-gone')]).toEqual([401, '1']);
    expectError(await fetchCoverages(query, manager), 403, 'You do not have permission to do this.');
    expect((await fetchCoverages(query, monitor)).status).toBe(200);
    expect((await fetchCoverages(query, admin)).status).toBe(200);
  });
});

describe('GET /api/facilities/from-zoho', () => {
  const record = (n: string) => CRM_ACCOUNTS.filter((a) => a.Facility_Number === n).map((a) => crmFacility.parse(a));

  it('answers the CRM account of the facility number with the contract\'s fields', async () => {
    const res = await fromCrm({ facility_number: '1001' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: record('1001') });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(Object.keys(crmFacility.shape).sort());
  });

  it('answers every account with that number (Found 2 facilities)', async () => {
    const res = await fromCrm({ facility_number: ' 1030 ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body).toEqual({ data: record('1030') });
  });

  it('404 for a number the CRM does not have', async () => {
    expectError(await fromCrm({ facility_number: '404404' }), 404, 'No facility with number 404404 was found in the CRM.');
    expectError(await fromCrm({ facility_number: '10(01)' }), 404, 'No facility with number 10(01) was found in the CRM.');
  });

  it('422 with the contract\'s messages for bad queries', async () => {
    expectError(await fromCrm({}), 422, 'Facility number is required.', 'facility_number');
    expectError(await fromCrm({ facility_number: '  ' }), 422, 'Facility number is required.', 'facility_number');
    expectError(await fromCrm({ facility_number: '1'.repeat(51) }), 422, 'Facility number must be at most 50 characters.', 'facility_number');
  });

  it.each([
    [SIMULATOR_TRIGGERS.unparseable, 'its answer is not JSON'],
    [SIMULATOR_TRIGGERS.credentialsRefused, 'it refused the program\'s CRM token (CRM_API_TOKEN)'],
    [SIMULATOR_TRIGGERS.wrongShape, 'its answer is not a list of accounts (data.0.id: Invalid input)'],
    [SIMULATOR_TRIGGERS.serverError, 'it answered HTTP 500 (Internal Server Error)'],
    [SIMULATOR_TRIGGERS.connectionDropped, 'the connection was closed before it answered'],
  ])('502 when the CRM fails (facility %s)', async (trigger, detail) => {
    expectError(await fromCrm({ facility_number: trigger }), 502, `The CRM could not be reached: ${detail}`);
  });

  it('502 when the CRM does not answer in time (facility 9504, timeout 300 ms here)', async () => {
    withEnv({ [ENV.externalTimeoutMs]: '300' });
    expectError(await fromCrm({ facility_number: SIMULATOR_TRIGGERS.hang }), 502, 'The CRM could not be reached: it did not answer within 300 ms');
  });

  it('503 when the CRM is not configured', async () => {
    withEnv({ [ENV.crmToken]: '' });
    expectError(await fromCrm({ facility_number: '1001' }), 503, 'The CRM is not configured.');
  });

  it('is served over HTTP by the facilities Lambda', async () => {
    const found = await call('GET', FROM_CRM, { token: monitor, query: { facility_number: '1002' } });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toEqual({ data: record('1002') });
    const failed = await call('GET', FROM_CRM, { token: monitor, query: { facility_number: SIMULATOR_TRIGGERS.serverError } });
    expectError(failed, 502, 'The CRM could not be reached: it answered HTTP 500 (Internal Server Error)');
    expectError(await call('GET', FROM_CRM, { token: manager, query: { facility_number: '1002' } }), 403, 'You do not have permission to do this.');
  });

  it('staff only: nobody is 401, a manager 403; monitor and admin pass', async () => {
    const nobody = await fromCrm({ facility_number: '1001' }, null);
    expect([nobody.status, nobody.headers.get('x-token-gone')]).toEqual([401, '1']);
    expectError(await fromCrm({ facility_number: '1001' }, manager), 403, 'You do not have permission to do this.');
    expect((await fromCrm({ facility_number: '1001' }, monitor)).status).toBe(200);
    expect((await fromCrm({ facility_number: '1001' }, admin)).status).toBe(200);
  });
});

describe('credentials from Secrets Manager, as deployed', () => {
  const secrets = new SecretsManagerClient({});
  /** A secret in the emulator holding `values` as JSON (or `values` itself when it is a string). */
  async function secretHolding(values: Record<string, string> | string): Promise<string> {
    const out = await secrets.send(new CreateSecretCommand({
      Name: `it-external-${randomBytes(4).toString('hex')}`,
      SecretString: typeof values === 'string' ? values : JSON.stringify(values),
    }));
    return out.ARN!;
  }

  it('the CRM token comes from the secret named by CRM_SECRET_ARN when the variable is empty', async () => {
    withEnv({ [ENV.crmToken]: '', [ENV.crmSecretArn]: await secretHolding({ [ENV.crmToken]: SIMULATOR_CREDENTIALS.crmToken }) });
    const res = await fromCrm({ facility_number: '1001' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data[0].Facility_Number).toBe('1001');
  });

  it('SiteLink\'s three credentials come from its secret', async () => {
    await simulatedFacility('1026', 'sitelink_web');
    const { corpCode, user, password } = SIMULATOR_CREDENTIALS.sitelink;
    const arn = await secretHolding({ [ENV.sitelinkCorpCode]: corpCode, [ENV.sitelinkUser]: user, [ENV.sitelinkPassword]: password });
    withEnv({ [ENV.sitelinkCorpCode]: '', [ENV.sitelinkUser]: '', [ENV.sitelinkPassword]: '', [ENV.sitelinkSecretArn]: arn });
    const res = await fetchInProcess({ facility_number: '1026', software: 'sitelink' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((r: { InsurCoverageID: string }) => r.InsurCoverageID)).toEqual(siteLinkCoverages('1026').map((r) => r.InsurCoverageID));
  });

  it('StorEdge\'s consumer key and secret come from its secret; a wrong secret fails the OAuth signature (502)', async () => {
    await simulatedFacility('1027', 'storedge');
    const { key, secret } = SIMULATOR_CREDENTIALS.storedge;
    withEnv({ [ENV.storedgeApiKey]: '', [ENV.storedgeApiSecret]: '', [ENV.storedgeSecretArn]: await secretHolding({ [ENV.storedgeApiKey]: key, [ENV.storedgeApiSecret]: secret }) });
    const res = await fetchInProcess({ facility_number: '1027', software: 'storedge' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.invoiceable_items.map((i: { id: string }) => i.id)).toEqual(storEdgeItems('1027').filter((i) => i.kind === 'insurance' && i.active).map((i) => i.id));
    withEnv({ [ENV.storedgeSecretArn]: await secretHolding({ [ENV.storedgeApiKey]: key, [ENV.storedgeApiSecret]: 'not-the-secret' }) });
    expectError(await fetchInProcess({ facility_number: '1027', software: 'storedge' }), 502,
      'StorEdge could not be reached: it refused the program\'s StorEdge API credentials (STOREDGE_API_KEY, STOREDGE_API_SECRET)');
  });

  it('a secret still holding the empty credentials CDK made is not configured (503)', async () => {
    withEnv({ [ENV.storedgeApiKey]: '', [ENV.storedgeSecretArn]: await secretHolding({ [ENV.storedgeApiKey]: '' }) });
    await simulatedFacility('1027', 'storedge');
    expectError(await fetchInProcess({ facility_number: '1027', software: 'storedge' }), 503, 'StorEdge is not configured.');
  });

  it('a secret that is missing or not a JSON object is not configured (503), and nothing leaks', async () => {
    const missing = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:no-such-secret-AbCdEf';
    for (const arn of [missing, await secretHolding('not json'), await secretHolding('["a"]')]) {
      withEnv({ [ENV.crmToken]: '', [ENV.crmSecretArn]: arn });
      expectError(await fromCrm({ facility_number: '1001' }), 503, 'The CRM is not configured.');
    }
  });

  it('wrong credentials in the secret are the CRM refusing them (502)', async () => {
    withEnv({ [ENV.crmToken]: '', [ENV.crmSecretArn]: await secretHolding({ [ENV.crmToken]: 'not-the-token' }) });
    expectError(await fromCrm({ facility_number: '1001' }), 502, /^The CRM could not be reached: it refused/);
  });

  it('a variable set in the environment wins; new secret values are read after the cache time', async () => {
    const arn = await secretHolding({ [ENV.crmToken]: 'first' });
    expect((await externalEnv('crm', { [ENV.crmSecretArn]: arn, [ENV.crmToken]: 'from-env' }))[ENV.crmToken]).toBe('from-env');
    const now = Date.now();
    expect((await externalEnv('crm', { [ENV.crmSecretArn]: arn }, now))[ENV.crmToken]).toBe('first');
    await secrets.send(new PutSecretValueCommand({ SecretId: arn, SecretString: JSON.stringify({ [ENV.crmToken]: 'second' }) }));
    expect((await externalEnv('crm', { [ENV.crmSecretArn]: arn }, now + 1000))[ENV.crmToken]).toBe('first');
    expect((await externalEnv('crm', { [ENV.crmSecretArn]: arn }, now + SECRET_CACHE_MS + 1))[ENV.crmToken]).toBe('second');
  });
});
