/**
 * The SiteLink and StorEdge calls of policy setup and the ledger reports, through the real clients
 * against the simulators the running program started (their URLs and credentials are in the suite's
 * environment), steered through the simulators' control API (localstack/simulators/control-client.ts):
 * what a write leaves on every later read, the refusals, and each injected fault. Facilities 1871
 * (SiteLink) and 1872 (StorEdge) are used by no other test; every fault is scoped to them and cleared.
 */
import { afterEach, describe, expect, it } from 'vitest';
import './helpers';
import { ExternalSystemError } from '../../functions/external/errors';
import { SiteLinkClient } from '../../functions/external/sitelink-client';
import { StorEdgeClient } from '../../functions/external/storedge-client';
import { clearFaults, injectFault, ledgerState, setLatency, simulatorOrigin } from '../../localstack/simulators/control-client';
import { ledgerIdsOfKind } from '../../localstack/simulators/data';
import { rosterLedgerId, rosterUnits } from '../../localstack/simulators/ledger-book';
import { ENV } from '../../shared/resources';

const SL = '1871';
const SE = '1872';
/** Short, so the timeout fault costs little. */
const TIMEOUT_MS = 500;

const siteLink = (timeoutMs = TIMEOUT_MS) => SiteLinkClient.fromEnv({ ...process.env, [ENV.externalTimeoutMs]: String(timeoutMs) });
const storEdge = (extra: Record<string, string> = {}) => StorEdgeClient.fromEnv({ ...process.env, [ENV.externalTimeoutMs]: String(TIMEOUT_MS), ...extra });

afterEach(async () => {
  await Promise.all([clearFaults('sitelink'), clearFaults('storedge'), setLatency('sitelink', 0), setLatency('storedge', 0)]);
});

async function failureOf(promise: Promise<unknown>): Promise<ExternalSystemError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err, 'expected the call to fail').toBeInstanceOf(ExternalSystemError);
  return err as ExternalSystemError;
}

async function timed<T>(promise: Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await promise;
  return [value, performance.now() - started];
}

/** Ledgers of each kind, prefixed per test so no two tests share one. */
const current = (prefix: string, count = 1) => ledgerIdsOfKind(SL, 'current', count, prefix);
const storEdgeCurrent = (prefix: string, count = 1) => ledgerIdsOfKind(SE, 'current', count, prefix);

describe('SiteLink: InsuranceCoverageAddToLedger, ledger statuses and the rent roll', () => {
  /** The tenant and unit SiteLink names a ledger by, from a status read (as the setup does before writing). */
  async function tenantUnitOf(ledgerId: string) {
    const [row] = await siteLink().ledgerStatuses(SL, [ledgerId]);
    expect(row, `ledger ${ledgerId}`).toBeDefined();
    return { TenantID: row!.TenantID!, UnitID: row!.UnitID! };
  }

  it('a coverage written shows on every later read: the ledger status, the simulator\'s state and the rent roll', async () => {
    const [ledger] = current('SLW');
    const [plan] = await siteLink().insuranceCoverages(SL);
    const before = (await siteLink().ledgerStatuses(SL, [ledger!]))[0]!;
    expect(before).toMatchObject({ LedgerID: ledger, InsurCoverageID: null, sPolicyNum: null, dInsurStart: null });
    expect(before.TenantID).toMatch(/^\d+$/);
    expect(before.UnitID).toMatch(/^\d+$/);
    expect(await ledgerState('sitelink', SL, ledger!)).toEqual({ insurance: null, insurance_writes: 0 });

    await siteLink().addInsuranceToLedger(SL, { TenantID: before.TenantID!, UnitID: before.UnitID!, InsuranceCoverageID: plan!.InsurCoverageID, sPolicyNumber: 'ALP-SLW-1', dStartDate: '2025-08-01' });

    expect((await siteLink().ledgerStatuses(SL, [ledger!]))[0]).toMatchObject({
      InsurCoverageID: plan!.InsurCoverageID, dcCoverage: plan!.dcCoverage, dcPremium: plan!.dcPremium, sPolicyNum: 'ALP-SLW-1', dInsurStart: '2025-08-01',
    });
    expect(await ledgerState('sitelink', SL, ledger!)).toEqual({
      insurance: { coverage_id: plan!.InsurCoverageID, policy_number: 'ALP-SLW-1', start_date: '2025-08-01', coverage_amount: plan!.dcCoverage, premium: plan!.dcPremium },
      insurance_writes: 1,
    });
    const roll = await siteLink().rentRoll(SL, { start: '2025-08-01', end: '2025-08-31' });
    expect(roll.find((r) => r.LedgerID === ledger)).toMatchObject({ bRented: true, TenantID: before.TenantID, UnitID: before.UnitID, dcInsurPremium: plan!.dcPremium });
  });

  it('the rent roll lists the facility\'s roster (rented and vacant units) the same way on every call', async () => {
    const [first, second] = [await siteLink().rentRoll(SL, { start: '2025-08-01', end: '2025-08-31' }), await siteLink().rentRoll(SL, { start: '2025-08-01', end: '2025-08-31' })];
    expect(second).toEqual(first);
    // The roster comes first, unit i with ledger {facility}{i} when that ledger rents; then the units of ledgers asked about.
    const roster = first.slice(0, rosterUnits(SL));
    expect(roster.every((r) => /^[E-H]\d{3}$/.test(r.sUnitName ?? ''))).toBe(true);
    expect(new Set(roster.map((r) => r.UnitID)).size).toBe(roster.length);
    const rented = roster.filter((r) => r.bRented);
    expect(rented.length).toBeGreaterThan(rosterUnits(SL) / 2);
    expect(roster.some((r) => !r.bRented && r.LedgerID === null && r.TenantID === null && r.sTenant === null)).toBe(true);
    roster.forEach((r, i) => {
      if (r.bRented) expect([r.LedgerID, Boolean(r.sTenant && r.dLeaseDate && r.dcRent !== null)]).toEqual([rosterLedgerId(SL, i + 1), true]);
    });
  });

  it('refuses a moved-out ledger, an unknown tenant and unit, and a coverage the site does not offer, writing nothing', async () => {
    const [movedOut] = ledgerIdsOfKind(SL, 'moved_out', 1, 'SLM');
    const [ledger] = current('SLR');
    const [plan] = await siteLink().insuranceCoverages(SL);
    const write = (who: { TenantID: string; UnitID: string }, coverage = plan!.InsurCoverageID) =>
      siteLink().addInsuranceToLedger(SL, { ...who, InsuranceCoverageID: coverage, sPolicyNumber: 'ALP-SLR', dStartDate: '2025-08-01' });

    const moved = await failureOf(write(await tenantUnitOf(movedOut!)));
    expect([moved.failure, moved.detail]).toEqual(['refused', expect.stringMatching(new RegExp(`^Ledger ${movedOut} was moved out on \\d{4}-\\d{2}-\\d{2}; insurance cannot be added\\.$`))]);
    const unknown = await failureOf(write({ TenantID: '999999', UnitID: '1' }));
    expect([unknown.failure, unknown.detail]).toEqual(['refused', 'Tenant 999999 has no ledger on unit 1.']);
    const notOffered = await failureOf(write(await tenantUnitOf(ledger!), '42'));
    expect([notOffered.failure, notOffered.detail]).toEqual(['refused', 'Insurance coverage 42 is not offered at this site.']);
    expect((await ledgerState('sitelink', SL, movedOut!)).insurance_writes).toBe(0);
    expect((await ledgerState('sitelink', SL, ledger!)).insurance_writes).toBe(0);
  });

  describe('injected faults on InsuranceCoverageAddToLedger', () => {
    async function setUp(prefix: string) {
      const [ledger] = current(prefix);
      const [plan] = await siteLink().insuranceCoverages(SL);
      const who = await tenantUnitOf(ledger!);
      const write = (client = siteLink()) => client.addInsuranceToLedger(SL, { ...who, InsuranceCoverageID: plan!.InsurCoverageID, sPolicyNumber: `ALP-${prefix}`, dStartDate: '2025-08-01' });
      const writes = async () => (await ledgerState('sitelink', SL, ledger!)).insurance_writes;
      return { ledger: ledger!, write, writes };
    }

    it.each([
      ['error', 'http_status', /^it answered HTTP 500 \(Server was unable to process request\.\)$/],
      ['refuse', 'refused', /^InsuranceCoverageAddToLedger was refused \(a refusal injected/],
      ['garbage', 'malformed', /^its answer is not valid XML$/],
    ] as const)('%s: the call fails as %s and nothing is written', async (fault, failure, detail) => {
      const { ledger, write, writes } = await setUp(`SLF${fault}`);
      await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: SL, ledger, fault });
      const err = await failureOf(write());
      expect([err.failure, err.detail]).toEqual([failure, expect.stringMatching(detail)]);
      expect(await writes()).toBe(0);
      // Used up: the next call goes through.
      await write();
      expect(await writes()).toBe(1);
    });

    it('timeout: the client gives up, yet SiteLink did the work (a retry must ask first)', async () => {
      const { ledger, write, writes } = await setUp('SLFtimeout');
      await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: SL, ledger, fault: 'timeout' });
      const err = await failureOf(write());
      expect([err.failure, err.detail]).toEqual(['timeout', `it did not answer within ${TIMEOUT_MS} ms`]);
      expect(await writes()).toBe(1);
      expect((await siteLink().ledgerStatuses(SL, [ledger]))[0]!.sPolicyNum).toBe('ALP-SLFtimeout');
    });

    it('slow: the answer comes after delay_ms, and within the client\'s timeout the call succeeds', async () => {
      const { ledger, write, writes } = await setUp('SLFslow');
      await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: SL, ledger, fault: 'slow', delay_ms: 300 });
      const [, ms] = await timed(write(siteLink(5000)));
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(await writes()).toBe(1);
    });

    it('times counts the matching calls; a fault for another ledger or facility does not match', async () => {
      const { ledger, write, writes } = await setUp('SLFtimes');
      await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: SL, ledger: 'not-this-ledger', fault: 'error' });
      await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: '1873', fault: 'error' });
      await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: SL, ledger: ledger.toLowerCase(), fault: 'refuse', times: 2 });
      expect((await failureOf(write())).failure).toBe('refused');
      expect((await failureOf(write())).failure).toBe('refused');
      await write();
      expect(await writes()).toBe(1);
    });
  });

  it('faults on the reads: a status read that errors, a rent roll that answers garbage', async () => {
    const [ledger] = current('SLFR');
    await injectFault('sitelink', { operation: 'InsuranceLedgerStatusByLedgerIDs', facility: SL, ledger, fault: 'error' });
    expect((await failureOf(siteLink().ledgerStatuses(SL, ['other', ledger!]))).failure).toBe('http_status');
    await injectFault('sitelink', { operation: 'RentRoll', facility: SL, fault: 'garbage' });
    expect((await failureOf(siteLink().rentRoll(SL, { start: '2025-08-01', end: '2025-08-31' }))).failure).toBe('malformed');
    expect(await siteLink().ledgerStatuses(SL, [ledger!])).toHaveLength(1);
  });

  it('latency delays every answer until set back to 0', async () => {
    await setLatency('sitelink', 250);
    const [, slow] = await timed(siteLink(5000).insuranceCoverages(SL));
    expect(slow).toBeGreaterThanOrEqual(240);
    await setLatency('sitelink', 0);
    const [, fast] = await timed(siteLink(5000).insuranceCoverages(SL));
    expect(fast).toBeLessThan(240);
  });
});

describe('StorEdge: PUT ledgers/{id}, ledger lists and the whole facility', () => {
  async function firstPlan() {
    const [plan] = await storEdge().insuranceItems(SE);
    return plan!;
  }

  it('a plan written shows on every later read, with the policy number StorEdge gave it', async () => {
    const [ledger] = storEdgeCurrent('SEW');
    const plan = await firstPlan();
    const before = (await storEdge().ledgers(SE, [ledger!]))[0]!;
    expect(before).toMatchObject({ id: ledger, status: 'current', insurance: null });
    expect(before.tenant_name).toMatch(/\S/);

    const answered = await storEdge().addInsurance(SE, ledger!, { invoiceable_item_id: plan.id, start_date: '2025-08-01' });
    const policy = answered.insurance!.policy_number!;
    expect(policy).toMatch(new RegExp(`^SEP-${SE}-\\d{6}$`));
    expect(answered.insurance).toEqual({ invoiceable_item_id: plan.id, coverage_amount: plan.coverage_amount, amount: plan.amount, policy_number: policy, start_date: '2025-08-01' });

    expect((await storEdge().ledgers(SE, [ledger!]))[0]!.insurance).toEqual(answered.insurance);
    expect((await storEdge().allLedgers(SE)).find((l) => l.id === ledger)?.insurance).toEqual(answered.insurance);
    expect(await ledgerState('storedge', SE, ledger!)).toEqual({
      insurance: { coverage_id: plan.id, policy_number: policy, start_date: '2025-08-01', coverage_amount: plan.coverage_amount, premium: plan.amount },
      insurance_writes: 1,
    });
  });

  it('allLedgers answers the facility\'s roster and every ledger asked about, each once', async () => {
    const asked = storEdgeCurrent('SEA', 3);
    await storEdge().ledgers(SE, asked);
    const all = await storEdge().allLedgers(SE);
    const ids = all.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(asked));
    const roster = all.filter((l) => l.id.startsWith(SE) && l.id.length === SE.length + 3);
    expect(roster.length).toBeGreaterThan(rosterUnits(SE) / 2);
    expect(roster.every((l) => l.unit_name && l.tenant_name)).toBe(true);
  });

  it('refuses (422) a moved-out ledger, an unknown ledger and an item that is not an insurance plan, writing nothing', async () => {
    const [movedOut] = ledgerIdsOfKind(SE, 'moved_out', 1, 'SEM');
    const [unknown] = ledgerIdsOfKind(SE, 'unknown', 1, 'SEU');
    const [ledger] = storEdgeCurrent('SER');
    const plan = await firstPlan();
    const moved = await failureOf(storEdge().addInsurance(SE, movedOut!, { invoiceable_item_id: plan.id, start_date: '2025-08-01' }));
    expect([moved.failure, moved.detail]).toEqual(['refused', expect.stringMatching(new RegExp(`^Ledger ${movedOut} is closed \\(moved out \\d{4}-\\d{2}-\\d{2}\\); insurance cannot be added$`))]);
    const missing = await failureOf(storEdge().addInsurance(SE, unknown!, { invoiceable_item_id: plan.id, start_date: '2025-08-01' }));
    expect([missing.failure, missing.detail]).toEqual(['refused', `Ledger ${unknown} was not found at this facility`]);
    const notInsurance = await failureOf(storEdge().addInsurance(SE, ledger!, { invoiceable_item_id: 'lock', start_date: '2025-08-01' }));
    expect([notInsurance.failure, notInsurance.detail]).toEqual(['refused', 'Invoiceable item lock is not an active insurance plan of this facility']);
    expect((await failureOf(storEdge().addInsurance('9999', ledger!, { invoiceable_item_id: plan.id, start_date: '2025-08-01' }))).failure).toBe('not_found');
    expect((await ledgerState('storedge', SE, ledger!)).insurance_writes).toBe(0);
    expect((await ledgerState('storedge', SE, movedOut!)).insurance_writes).toBe(0);
  });

  it('a wrong consumer secret fails the signature: rejected credentials', async () => {
    const err = await failureOf(storEdge({ [ENV.storedgeApiSecret]: 'not-the-secret' }).ledgers(SE, ['L1']));
    expect([err.failure, err.detail]).toEqual(['rejected', 'it refused the program\'s StorEdge API credentials (STOREDGE_API_KEY, STOREDGE_API_SECRET)']);
  });

  describe('injected faults on ledgers.update', () => {
    async function setUp(prefix: string) {
      const [ledger] = storEdgeCurrent(prefix);
      const plan = await firstPlan();
      const write = (client = storEdge()) => client.addInsurance(SE, ledger!, { invoiceable_item_id: plan.id, start_date: '2025-08-01' });
      const writes = async () => (await ledgerState('storedge', SE, ledger!)).insurance_writes;
      return { ledger: ledger!, write, writes };
    }

    it.each([
      ['error', 'http_status', /^it answered HTTP 500 \(We're sorry, but something went wrong/],
      ['refuse', 'refused', /^ledgers\.update was refused \(a refusal injected/],
      ['garbage', 'malformed', /^its answer is not JSON$/],
    ] as const)('%s: the call fails as %s and nothing is written', async (fault, failure, detail) => {
      const { ledger, write, writes } = await setUp(`SEF${fault}`);
      await injectFault('storedge', { operation: 'ledgers.update', facility: SE, ledger, fault });
      const err = await failureOf(write());
      expect([err.failure, err.detail]).toEqual([failure, expect.stringMatching(detail)]);
      expect(await writes()).toBe(0);
      await write();
      expect(await writes()).toBe(1);
    });

    it('timeout: the client gives up, yet StorEdge did the work', async () => {
      const { ledger, write, writes } = await setUp('SEFtimeout');
      await injectFault('storedge', { operation: 'ledgers.update', facility: SE, ledger, fault: 'timeout' });
      expect((await failureOf(write())).failure).toBe('timeout');
      expect(await writes()).toBe(1);
      expect((await storEdge().ledgers(SE, [ledger]))[0]!.insurance?.policy_number).toMatch(/^SEP-/);
    });

    it('slow: answers after delay_ms', async () => {
      const { write, writes } = await setUp('SEFslow');
      await injectFault('storedge', { operation: 'ledgers.update', facility: SE, fault: 'slow', delay_ms: 300 });
      const [, ms] = await timed(write(storEdge({ [ENV.externalTimeoutMs]: '5000' })));
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(await writes()).toBe(1);
    });
  });

  it('faults on the reads: a ledger list that times out, a whole-facility list that errors', async () => {
    const [ledger] = storEdgeCurrent('SEFR');
    await injectFault('storedge', { operation: 'ledgers.list', facility: SE, ledger, fault: 'timeout' });
    expect((await failureOf(storEdge().ledgers(SE, [ledger!]))).failure).toBe('timeout');
    await injectFault('storedge', { operation: 'ledgers.list', facility: SE, fault: 'error', times: 2 });
    expect((await failureOf(storEdge().allLedgers(SE))).failure).toBe('http_status');
    expect((await failureOf(storEdge().ledgers(SE, [ledger!]))).failure).toBe('http_status');
    expect(await storEdge().ledgers(SE, [ledger!])).toHaveLength(1);
  });
});

describe('the control API', () => {
  it('refuses a fault it cannot apply, and clearFaults forgets the unused ones', async () => {
    await expect(injectFault('storedge', { operation: 'InsuranceCoverageAddToLedger', fault: 'error' })).rejects.toThrow(/HTTP 400.*operation must be one of invoiceable_items.list, ledgers.list, ledgers.update/);
    await expect(injectFault('sitelink', { operation: 'RentRoll', fault: 'explode' as never })).rejects.toThrow(/fault must be one of error, refuse, timeout, slow, garbage/);
    await expect(injectFault('sitelink', { operation: 'RentRoll', fault: 'error', times: 0 })).rejects.toThrow(/times must be a positive integer/);
    await injectFault('sitelink', { operation: 'InsuranceCoverageRetrieve', facility: SL, fault: 'error', times: 5 });
    await clearFaults('sitelink');
    expect((await siteLink().insuranceCoverages(SL)).length).toBeGreaterThan(0);
  });

  it('is served on the simulators\' own ports, apart from their protocols', async () => {
    expect(simulatorOrigin('sitelink')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${simulatorOrigin('storedge')}/__simulator/nothing`);
    expect(res.status).toBe(404);
    // The protocol still demands a signature: the control API opens nothing else.
    expect((await fetch(`${simulatorOrigin('storedge')}/v1/${SE}/ledgers`)).status).toBe(401);
  });
});
