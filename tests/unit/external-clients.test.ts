/**
 * The SiteLink, StorEdge and CRM clients against the local simulators (real HTTP on 127.0.0.1): what
 * they read from each protocol (coverages, ledger states, CRM accounts), and how each failure of the
 * outside system becomes a typed error and then the route's answer.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmFacility } from '../../shared/contracts/facilities';
import { ENV } from '../../shared/resources';
import { CrmClient, criteriaValue } from '../../functions/external/crm-client';
import { ExternalSystemError, toHttpError } from '../../functions/external/errors';
import type { ExternalFailure } from '../../functions/external/errors';
import { DEFAULT_TIMEOUT_MS, timeoutFromEnv } from '../../functions/external/http';
import { SITELINK_LEDGERS_PER_CALL, SiteLinkClient } from '../../functions/external/sitelink-client';
import { STOREDGE_LEDGERS_PER_CALL, StorEdgeClient } from '../../functions/external/storedge-client';
import { CRM_ACCOUNTS, SIMULATOR_CREDENTIALS, SIMULATOR_TRIGGERS, startSimulators } from '../../localstack/simulators';
import type { RunningSimulators } from '../../localstack/simulators';
import { ledgerIdsOfKind, simulatedLedger, siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';

let sims: RunningSimulators;
/** Short, so the hang trigger costs little; the default is checked separately. */
const TIMEOUT_MS = 400;

beforeAll(async () => { sims = await startSimulators(); });
afterAll(async () => { await sims?.stop(); });

const env = (extra: Record<string, string> = {}) => ({ ...sims.env, [ENV.externalTimeoutMs]: String(TIMEOUT_MS), ...extra });
const siteLink = (extra?: Record<string, string>) => SiteLinkClient.fromEnv(env(extra));
const storEdge = (extra?: Record<string, string>) => StorEdgeClient.fromEnv(env(extra));
const crm = (extra?: Record<string, string>) => CrmClient.fromEnv(env(extra));

async function failureOf(promise: Promise<unknown>): Promise<ExternalSystemError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err, 'expected the call to fail').toBeInstanceOf(ExternalSystemError);
  return err as ExternalSystemError;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SiteLink client (SOAP InsuranceCoverageRetrieve)', () => {
  it('reads the coverage rows of a location as numbers and ids', async () => {
    const rows = await siteLink().insuranceCoverages('1001');
    const expected = siteLinkCoverages('1001');
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((r) => [r.InsurCoverageID, r.dcCoverage, r.dcPremium])).toEqual(expected.map((r) => [r.InsurCoverageID, r.dcCoverage, r.dcPremium]));
    expect(rows[0]!.sCoverageDesc).toBe(expected[0]!.sCoverageDesc);
    // Decimal premiums survive the 4-place SOAP decimals (1028 is not a demo facility: the simulator's own plans).
    expect((await siteLink().insuranceCoverages('1028')).map((r) => r.dcPremium)).toEqual([10.95, 17.95, 23.95]);
  });

  it('answers an empty list for a location without insurance options', async () => {
    expect(await siteLink().insuranceCoverages(SIMULATOR_TRIGGERS.noCoverages)).toEqual([]);
  });

  it('escapes the location code in the envelope (a code with markup is just unknown)', async () => {
    const err = await failureOf(siteLink().insuranceCoverages('10<01>&"\''));
    expect(err.failure).toBe('not_found');
  });

  it('refuses a wrong login as rejected credentials', async () => {
    const err = await failureOf(siteLink({ [ENV.sitelinkPassword]: 'wrong' }).insuranceCoverages('1001'));
    expect([err.system, err.failure]).toEqual(['sitelink', 'rejected']);
  });

  it('treats a wrong endpoint path (HTML 404) as an HTTP failure', async () => {
    const err = await failureOf(siteLink({ [ENV.sitelinkUrl]: new URL('/nowhere.asmx', sims.urls.sitelink).href }).insuranceCoverages('1001'));
    expect(err.failure).toBe('http_status');
    expect(err.detail).toBe('it answered HTTP 404');
  });
});

describe('StorEdge client (GET /v1/{facility}/invoiceable_items?kind=insurance)', () => {
  it('reads the active insurance items only', async () => {
    const items = await storEdge().insuranceItems('1001');
    const expected = storEdgeItems('1001').filter((i) => i.kind === 'insurance' && i.active);
    expect(items).toEqual(expected.map((i) => ({ id: i.id, name: i.name, amount: i.amount, coverage_amount: i.coverage_amount })));
    expect(items.length).toBeGreaterThan(0);
  });

  it('answers an empty list for a facility without insurance items', async () => {
    expect(await storEdge().insuranceItems(SIMULATOR_TRIGGERS.noCoverages)).toEqual([]);
  });

  it('keeps the facility id inside its path segment', async () => {
    const err = await failureOf(storEdge().insuranceItems('../1001'));
    expect(err.failure).toBe('not_found');
  });

  it('refuses a wrong key as rejected credentials', async () => {
    const err = await failureOf(storEdge({ [ENV.storedgeApiKey]: 'wrong' }).insuranceItems('1001'));
    expect([err.system, err.failure]).toEqual(['storedge', 'rejected']);
  });
});

/** A facility SiteLink and StorEdge know but neither the CRM nor the demo has, and ledgers of each kind there. */
const LEDGER_FACILITY = '1101';
const kinds = {
  current: ledgerIdsOfKind(LEDGER_FACILITY, 'current', 2),
  details_changed: ledgerIdsOfKind(LEDGER_FACILITY, 'details_changed', 2),
  moved_out: ledgerIdsOfKind(LEDGER_FACILITY, 'moved_out', 2),
  insured: ledgerIdsOfKind(LEDGER_FACILITY, 'insured', 2),
  unknown: ledgerIdsOfKind(LEDGER_FACILITY, 'unknown', 2),
};
const askedLedgers = Object.values(kinds).flat();

describe('SiteLink client (SOAP InsuranceLedgerStatusByLedgerIDs)', () => {
  it('reads one row per ledger the location has: move-out date, unit, address and the coverage on it', async () => {
    const rows = await siteLink().ledgerStatuses(LEDGER_FACILITY, askedLedgers);
    const byId = new Map(rows.map((r) => [r.LedgerID, r]));
    expect([...byId.keys()].sort()).toEqual([...kinds.current, ...kinds.details_changed, ...kinds.moved_out, ...kinds.insured].sort());
    for (const id of kinds.current) {
      expect(byId.get(id)).toEqual({
        LedgerID: id, TenantID: expect.any(String), UnitID: expect.any(String), sUnitName: null, sAddr1: null, sAddr2: null, sCity: null,
        sRegion: null, sPostalCode: null, dMovedOut: null, InsurCoverageID: null, dcCoverage: null, dcPremium: null, sPolicyNum: null, dInsurStart: null,
      });
    }
    for (const id of kinds.moved_out) expect(byId.get(id)!.dMovedOut).toBe(simulatedLedger(LEDGER_FACILITY, id)!.moveOutDate);
    for (const id of kinds.details_changed) {
      const { unit, address } = simulatedLedger(LEDGER_FACILITY, id)!;
      expect(byId.get(id)).toMatchObject({ sUnitName: unit, sAddr1: address!.street, sAddr2: address!.street2, sCity: address!.city, sRegion: address!.state, sPostalCode: address!.zip });
    }
    for (const id of kinds.insured) {
      const plan = siteLinkCoverages(LEDGER_FACILITY)[simulatedLedger(LEDGER_FACILITY, id)!.planIndex!]!;
      expect(byId.get(id)).toMatchObject({ InsurCoverageID: plan.InsurCoverageID, dcCoverage: plan.dcCoverage, dcPremium: plan.dcPremium, dMovedOut: null });
      expect(byId.get(id)!.sPolicyNum).toBeTruthy();
    }
  });

  it(`asks ${SITELINK_LEDGERS_PER_CALL} ledgers a call and answers every ledger found, each once`, async () => {
    const ids = Array.from({ length: SITELINK_LEDGERS_PER_CALL * 2 + 17 }, (_, i) => `B${i}`);
    const rows = await siteLink().ledgerStatuses(LEDGER_FACILITY, [...ids, ids[0]!]);
    const known = ids.filter((id) => simulatedLedger(LEDGER_FACILITY, id) !== null);
    expect(rows.map((r) => r.LedgerID).sort()).toEqual(known.sort());
  });

  it('escapes the ledger ids in the envelope: an id with markup travels and comes back as it is', async () => {
    const odd = ['<x>&"\'1', '<x>&"\'2', '<x>&"\'3', '<x>&"\'4', '<x>&"\'5'];
    const rows = await siteLink().ledgerStatuses(LEDGER_FACILITY, [...odd, ...kinds.unknown]);
    expect(rows.map((r) => r.LedgerID)).toEqual(odd.filter((id) => simulatedLedger(LEDGER_FACILITY, id) !== null));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('an unknown location is not_found, a wrong login rejected', async () => {
    expect((await failureOf(siteLink().ledgerStatuses('9999', ['L1']))).failure).toBe('not_found');
    const err = await failureOf(siteLink({ [ENV.sitelinkUser]: 'someone' }).ledgerStatuses(LEDGER_FACILITY, ['L1']));
    expect([err.system, err.failure]).toEqual(['sitelink', 'rejected']);
  });
});

describe('StorEdge client (GET /v1/{facility}/ledgers?ids=...)', () => {
  it('reads the facility\'s ledgers among the ids: status, move-out date, unit, address and insurance', async () => {
    const ledgers = await storEdge().ledgers(LEDGER_FACILITY, askedLedgers);
    const byId = new Map(ledgers.map((l) => [l.id, l]));
    expect([...byId.keys()].sort()).toEqual([...kinds.current, ...kinds.details_changed, ...kinds.moved_out, ...kinds.insured].sort());
    for (const id of kinds.current) {
      expect(byId.get(id)).toEqual({ id, status: 'current', move_out_date: null, unit_name: null, tenant_name: expect.any(String), address: null, insurance: null });
    }
    for (const id of kinds.moved_out) expect(byId.get(id)).toMatchObject({ status: 'moved_out', move_out_date: simulatedLedger(LEDGER_FACILITY, id)!.moveOutDate });
    for (const id of kinds.details_changed) {
      const { unit, address } = simulatedLedger(LEDGER_FACILITY, id)!;
      expect(byId.get(id)).toMatchObject({
        unit_name: unit, address: { address1: address!.street, address2: address!.street2, city: address!.city, state: address!.state, postal_code: address!.zip },
      });
    }
    const plans = storEdgeItems(LEDGER_FACILITY).filter((i) => i.kind === 'insurance' && i.active);
    for (const id of kinds.insured) {
      const plan = plans[simulatedLedger(LEDGER_FACILITY, id)!.planIndex!]!;
      expect(byId.get(id)!.insurance).toMatchObject({ invoiceable_item_id: plan.id, coverage_amount: plan.coverage_amount, amount: plan.amount });
    }
  });

  it(`asks ${STOREDGE_LEDGERS_PER_CALL} ids a request and answers every ledger found`, async () => {
    const ids = Array.from({ length: STOREDGE_LEDGERS_PER_CALL * 2 + 5 }, (_, i) => `C${i}`);
    const ledgers = await storEdge().ledgers(LEDGER_FACILITY, ids);
    expect(ledgers.map((l) => l.id).sort()).toEqual(ids.filter((id) => simulatedLedger(LEDGER_FACILITY, id) !== null).sort());
  });

  it('keeps ids in the query string and the facility inside its path segment', async () => {
    const odd = ['../1001/invoiceable_items?x=1', '../1001/invoiceable_items?x=2', '../1001/invoiceable_items?x=3', 'a&ids=b', 'a#b'];
    const ledgers = await storEdge().ledgers(LEDGER_FACILITY, [...odd, ...kinds.unknown]);
    expect(ledgers.map((l) => l.id)).toEqual(odd.filter((id) => simulatedLedger(LEDGER_FACILITY, id) !== null));
    expect(ledgers.length).toBeGreaterThan(0);
    expect((await failureOf(storEdge().ledgers('../1101', ['L1']))).failure).toBe('not_found');
  });

  describe('paging (a stand-in server)', () => {
    let url = '';
    let stop: () => Promise<void> = async () => undefined;
    let pagesAsked: string[] = [];
    let totalCount = 150;
    beforeAll(async () => {
      const server = createHttpServer((req, res) => {
        const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
        pagesAsked.push(String(page));
        const ledgers = Array.from({ length: page === 1 ? 100 : 50 }, (_, i) => ({ id: `P${page}-${i}`, status: 'current' }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ledgers, meta: { page, per_page: 100, total_count: totalCount } }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
    });
    afterAll(async () => { await stop(); });

    it('follows meta.total_count to the last page', async () => {
      pagesAsked = [];
      totalCount = 150;
      const ledgers = await storEdge({ [ENV.storedgeUrl]: url }).ledgers('1101', ['L1']);
      expect(pagesAsked).toEqual(['1', '2']);
      expect(ledgers).toHaveLength(150);
    });

    it('an answer that never ends is malformed', async () => {
      totalCount = 1_000_000;
      const err = await failureOf(storEdge({ [ENV.storedgeUrl]: url }).ledgers('1101', ['L1']));
      expect([err.failure, err.detail]).toEqual(['malformed', 'it answered more than 10 pages of ledgers for 100 ids']);
    });
  });
});

describe('CRM client (Zoho Accounts search)', () => {
  it('finds the account of a facility number with exactly the contract fields', async () => {
    const [account, ...rest] = await crm().accountsByFacilityNumber('1001');
    expect(rest).toEqual([]);
    expect(account).toEqual(crmFacility.parse(CRM_ACCOUNTS.find((a) => a.Facility_Number === '1001')));
    expect(Object.keys(account!).sort()).toEqual(Object.keys(crmFacility.shape).sort());
  });

  it('answers every account with the number (1030 changed hands)', async () => {
    const accounts = await crm().accountsByFacilityNumber('1030');
    expect(accounts.map((a) => a.Facility_Number)).toEqual(['1030', '1030']);
    expect(new Set(accounts.map((a) => a.id)).size).toBe(2);
  });

  it('matches the whole number, not a prefix', async () => {
    expect((await failureOf(crm().accountsByFacilityNumber('100'))).failure).toBe('not_found');
  });

  it('escapes criteria syntax in the number', async () => {
    expect(criteriaValue('10(0),1\\')).toBe('10\\(0\\)\\,1\\\\');
    // Unescaped, '1001)' would be criteria the CRM refuses (400); escaped, it is a number nobody has.
    expect((await failureOf(crm().accountsByFacilityNumber('1001)'))).failure).toBe('not_found');
  });

  it('refuses a wrong token as rejected credentials', async () => {
    const err = await failureOf(crm({ [ENV.crmToken]: 'wrong' }).accountsByFacilityNumber('1001'));
    expect([err.system, err.failure]).toEqual(['crm', 'rejected']);
  });
});

/** Every simulator misbehaves the same way for the same facility numbers. */
const clients = [
  ['SiteLink', (n: string) => siteLink().insuranceCoverages(n)],
  ['SiteLink ledgers', (n: string) => siteLink().ledgerStatuses(n, ['L1', 'L2'])],
  ['StorEdge', (n: string) => storEdge().insuranceItems(n)],
  ['StorEdge ledgers', (n: string) => storEdge().ledgers(n, ['L1', 'L2'])],
  ['CRM', (n: string) => crm().accountsByFacilityNumber(n)],
] as const;

const failures: [trigger: string, failure: ExternalFailure, detail: RegExp][] = [
  ['9999', 'not_found', /./],
  [SIMULATOR_TRIGGERS.unparseable, 'malformed', /^its answer is not (valid XML|JSON)$/],
  [SIMULATOR_TRIGGERS.credentialsRefused, 'rejected', /^it refused the program's/],
  [SIMULATOR_TRIGGERS.wrongShape, 'malformed', /./],
  [SIMULATOR_TRIGGERS.serverError, 'http_status', /^it answered HTTP 500 \(.+\)$/],
  [SIMULATOR_TRIGGERS.connectionDropped, 'unreachable', /^the connection was closed before it answered$/],
  [SIMULATOR_TRIGGERS.hang, 'timeout', new RegExp(`^it did not answer within ${TIMEOUT_MS} ms$`)],
];

describe.each(clients)('%s client failures', (_name, fetchFor) => {
  it.each(failures)('facility %s: %s', async (trigger, failure, detail) => {
    const err = await failureOf(fetchFor(trigger));
    expect(err.failure).toBe(failure);
    expect(err.detail).toMatch(detail);
  });
});

it('a well-formed ledger answer of the wrong shape names what is missing', async () => {
  expect((await failureOf(siteLink().ledgerStatuses(SIMULATOR_TRIGGERS.wrongShape, ['L1']))).detail).toBe('ledger row 1 lacks a LedgerID');
  expect((await failureOf(storEdge().ledgers(SIMULATOR_TRIGGERS.wrongShape, ['L1']))).detail).toBe('its answer is not a list of ledgers (ledgers.0.id: Invalid input)');
});

describe('transport failures and settings', () => {
  it('a closed port is unreachable', async () => {
    const port = await closedPort();
    const err = await failureOf(storEdge({ [ENV.storedgeUrl]: `http://127.0.0.1:${port}` }).insuranceItems('1001'));
    expect([err.failure, err.detail]).toEqual(['unreachable', `the connection to 127.0.0.1:${port} was refused`]);
  });

  it('an unknown host is unreachable (or times out where name lookups stall)', async () => {
    const err = await failureOf(crm({ [ENV.crmUrl]: 'http://crm.invalid' }).accountsByFacilityNumber('1001'));
    expect(['unreachable', 'timeout']).toContain(err.failure);
  });

  it('a missing URL or credential, or a URL that is not http(s), is not configured', () => {
    const notConfigured = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(ExternalSystemError);
        return (err as ExternalSystemError).failure;
      }
      return 'configured';
    };
    expect(notConfigured(() => SiteLinkClient.fromEnv({ ...sims.env, [ENV.sitelinkUrl]: '' }))).toBe('not_configured');
    expect(notConfigured(() => SiteLinkClient.fromEnv({ ...sims.env, [ENV.sitelinkPassword]: ' ' }))).toBe('not_configured');
    expect(notConfigured(() => StorEdgeClient.fromEnv({ ...sims.env, [ENV.storedgeUrl]: 'ftp://storedge.example' }))).toBe('not_configured');
    expect(notConfigured(() => CrmClient.fromEnv({}))).toBe('not_configured');
    expect(notConfigured(() => CrmClient.fromEnv(sims.env))).toBe('configured');
  });

  it('times out after 10 s unless EXTERNAL_API_TIMEOUT_MS says otherwise', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(timeoutFromEnv({})).toBe(10_000);
    expect(timeoutFromEnv({ [ENV.externalTimeoutMs]: 'soon' })).toBe(10_000);
    expect(timeoutFromEnv({ [ENV.externalTimeoutMs]: '2500' })).toBe(2500);
  });

  it('the simulators accept only their local credentials', () => {
    expect(sims.env[ENV.sitelinkCorpCode]).toBe(SIMULATOR_CREDENTIALS.sitelink.corpCode);
    expect([sims.env[ENV.storedgeApiKey], sims.env[ENV.storedgeApiSecret]]).toEqual([SIMULATOR_CREDENTIALS.storedge.key, SIMULATOR_CREDENTIALS.storedge.secret]);
    expect(sims.env[ENV.crmToken]).toBe(SIMULATOR_CREDENTIALS.crmToken);
  });
});

describe('route answers for failed outside calls', () => {
  const answer = (system: 'sitelink' | 'storedge' | 'crm', failure: ExternalFailure, detail = 'it answered HTTP 500') => {
    const http = toHttpError(new ExternalSystemError(system, failure, detail), '1234');
    return [http.status, http.message];
  };

  it('not configured is 503, an unknown facility 404, any other failure 502', () => {
    expect(answer('sitelink', 'not_configured')).toEqual([503, 'SiteLink is not configured.']);
    expect(answer('crm', 'not_configured')).toEqual([503, 'The CRM is not configured.']);
    expect(answer('storedge', 'not_found')).toEqual([404, 'Facility 1234 was not found in StorEdge.']);
    expect(answer('crm', 'not_found')).toEqual([404, 'No facility with number 1234 was found in the CRM.']);
    for (const failure of ['unreachable', 'timeout', 'http_status', 'malformed', 'rejected'] as const) {
      expect(answer('sitelink', failure)).toEqual([502, 'SiteLink could not be reached: it answered HTTP 500']);
    }
  });
});
