/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (POST /api/tenants/remove-uneligible-ledgers and
 * /sync-ledger-statuses) through real HTTP against the local runtime and its SiteLink and StorEdge
 * simulators: which tenants go and why (their history says), what a sync writes, the counters, and every
 * refusal leaving the tenants and counters as they were. Each test makes its own facility (numbers
 * 1100-1999 are known to the simulators and to no other test) and picks its ledgers by the state the
 * simulators give them (localstack/simulators/data.ts simulatedLedger).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import type { ApiResponse } from './helpers';
import { simulatedFacility } from './simulated-facility';
import { tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, retire, stem, tenant } from './facility-fixtures';
import { createCycle, getCycleCounters, updateCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { getFacilityCounters, updateFacility } from '../../functions/facilities/facility-store';
import type { FacilityRecord, NewFacility } from '../../functions/facilities/facility-store';
import { HttpError } from '../../functions/runtime/http-error';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { createTenants, getTenant, getTenants } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { SIMULATOR_TRIGGERS } from '../../localstack/simulators';
import { ledgerIdsOfKind, simulatedLedger, siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';
import type { SimulatedLedgerKind } from '../../localstack/simulators/data';
import { coverageIdOf } from '../../shared/coverage-ids';
import { TEST_WRITE } from './test-write';

const REMOVE = '/api/tenants/remove-uneligible-ledgers';
const SYNC = '/api/tenants/sync-ledger-statuses';

let monitor = '';
let admin = '';
let manager = '';
beforeAll(async () => {
  [monitor, admin, manager] = await Promise.all([tokenFor('monitor'), tokenFor('admin'), tokenFor('manager')]);
});

const today = () => new Date().toISOString().slice(0, 10);

type Payload = { ledger_ids: string; software: string; facility_number: string };
const post = (path: string, form: Payload, token: string | null = monitor) => call('POST', path, { token, form });

function expectError(res: ApiResponse, status: number, message: string | RegExp, field?: string): void {
  expect(res.status, res.text).toBe(status);
  if (typeof message === 'string') expect(res.body.error).toBe(message);
  else expect(res.body.error).toMatch(message);
  if (field) expect(res.body.field).toBe(field);
}

let nextNumber = 1100 + Math.floor(Math.random() * 800);
/** A facility of the program whose number SiteLink and StorEdge know (1100-1999), with this software. */
async function softwareFacility(software: string, fields: Partial<NewFacility> = {}): Promise<FacilityRecord> {
  for (let tries = 0; tries < 50; tries += 1) {
    const number = String(nextNumber);
    nextNumber = nextNumber >= 1999 ? 1100 : nextNumber + 1;
    try {
      return await facilityWith(number, { software, ...fields });
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  throw new Error('no free facility number in 1100-1999');
}

/** `count` ledger ids of a kind at the facility, and (for insured ones) only those on the plan wanted. */
function ledgers(facility: FacilityRecord, kind: SimulatedLedgerKind | 'unknown', count: number, plan?: 'first' | 'other'): string[] {
  const ids = ledgerIdsOfKind(facility.facility_number, kind, plan ? 40 : count, `${kind.slice(0, 3).toUpperCase()}-`);
  const onPlan = plan === undefined ? ids : ids.filter((id) => (simulatedLedger(facility.facility_number, id)!.planIndex === 0) === (plan === 'first'));
  expect(onPlan.length, `ledgers of kind ${kind}`).toBeGreaterThanOrEqual(count);
  return onPlan.slice(0, count);
}

let tenantNo = 0;
const withLedger = (ledgerId: string, extra: Partial<NewTenant> = {}) => tenant(++tenantNo, null, { ledger_id: ledgerId, ...extra });
const byLedger = (tenants: readonly TenantRecord[], ledgerId: string) => tenants.find((t) => t.ledger_id === ledgerId)!;

/** What a refused call must leave as it was: the tenants as stored and both counters. */
async function snapshot(cycle: CycleRecord, tenants: readonly TenantRecord[]) {
  return {
    tenants: await getTenants(tenants.map((t) => t.id)),
    cycle: await getCycleCounters(cycle.id),
    facility: await getFacilityCounters(cycle.facility_id),
  };
}

describe('POST /api/tenants/remove-uneligible-ledgers', () => {
  it('removes exactly the ineligible tenants named (moved out, unknown to SiteLink, insured outside the program), each with the reason on record', async () => {
    const plan0 = (n: string) => siteLinkCoverages(n)[0]!;
    const facility = await softwareFacility('sitelink_alp');
    const n = facility.facility_number;
    const [cur1, cur2] = ledgers(facility, 'current', 2);
    const [chg] = ledgers(facility, 'details_changed', 1);
    const [mov1, mov2, movWelcome, movNotNamed, movArchived] = ledgers(facility, 'moved_out', 5);
    const [ins1, ins2, insPlan] = ledgers(facility, 'insured', 3, 'first');
    const [unk1, unk2] = ledgers(facility, 'unknown', 2);
    const planId = coverageIdOf({ coverage: plan0(n).dcCoverage, premium: plan0(n).dcPremium });
    const { cycle, tenants } = await cycleWithTenants(facility, [
      withLedger(cur1!), withLedger(cur2!, { status: 'opt_out', opt_out_date: '2026-01-02' }), withLedger(chg!),
      withLedger(mov1!), withLedger(mov2!, { tagged_for_removal: true }),
      withLedger(ins1!), withLedger(ins2!, { status: 'opt_out', opt_out_date: '2026-01-02' }),
      withLedger(insPlan!, { status: planId, coverage_id: planId }),
      withLedger(unk1!), withLedger(unk2!),
      withLedger(movWelcome!, { welcome_letter_sent_date: '2026-01-15' }), withLedger(movNotNamed!),
    ]);
    // A finished cycle's tenant is never touched, even with a moved-out ledger.
    const archived = await createCycle({ facility_id: facility.id, facility_number: n, label: `Archived ${stem()}` });
    const [old] = await createTenants(archived, [{ ...withLedger(movArchived!), facility_number: n }], TEST_WRITE);
    await updateCycle(archived, { archived_at: new Date().toISOString() });

    const cycleBefore = await getCycleCounters(cycle.id);
    const facilityBefore = await getFacilityCounters(facility.id);
    const named = [cur1, cur2, chg, mov1, mov2, ins1, ins2, insPlan, unk1, unk2, movWelcome].map((id) => ` ${id!.toLowerCase()} `);
    const res = await post(REMOVE, { ledger_ids: named.join(','), software: 'sitelink_alp', facility_number: n });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, error_message: null, tenants_removed: 6 });

    const removed = { [mov1!]: 'ineligible_moved_out', [mov2!]: 'ineligible_moved_out', [ins1!]: 'ineligible_insured', [ins2!]: 'ineligible_insured', [unk1!]: 'ineligible_not_found', [unk2!]: 'ineligible_not_found' };
    for (const [ledgerId, action] of Object.entries(removed)) {
      const gone = byLedger(tenants, ledgerId);
      expect(await getTenant(gone.id), ledgerId).toBeNull();
      const [last] = await tenantHistory(gone.id);
      expect(last).toMatchObject({ action, by: { username: 'monitor' }, changes: [] });
    }
    for (const kept of [cur1, cur2, chg, insPlan, movWelcome, movNotNamed]) {
      const before = byLedger(tenants, kept!);
      expect(await getTenant(before.id), kept).toEqual(before);
    }
    expect(await getTenant(old!.id)).toEqual(old);

    const cycleAfter = await getCycleCounters(cycle.id);
    expect(cycleAfter.total).toBe(cycleBefore.total - 6);
    expect(cycleAfter.tagged_for_removal).toBe(cycleBefore.tagged_for_removal - 1);
    expect(cycleAfter.opted_out).toBe(cycleBefore.opted_out - 1);
    expect(cycleAfter.non_responder).toBe(cycleBefore.non_responder - 5);
    expect(cycleAfter.selected_coverage).toBe(cycleBefore.selected_coverage);
    const facilityAfter = await getFacilityCounters(facility.id);
    expect(facilityAfter.total).toBe(facilityBefore.total - 6);
    expect(facilityAfter.tagged_for_removal).toBe(facilityBefore.tagged_for_removal - 1);

    // The list now holds only what remains; a second call finds nothing more to remove.
    const again = await post(REMOVE, { ledger_ids: [cur1, cur2, chg, insPlan, movWelcome].join(','), software: 'sitelink_alp', facility_number: n });
    expect(again.body).toEqual({ success: true, error_message: null, tenants_removed: 0 });
  });

  it('StorEdge: the same rules through its ledgers; the body may be JSON with a list', async () => {
    const facility = await softwareFacility('storedge');
    const [cur] = ledgers(facility, 'current', 1);
    const [mov] = ledgers(facility, 'moved_out', 1);
    const [ins] = ledgers(facility, 'insured', 1);
    const [unk] = ledgers(facility, 'unknown', 1);
    const { tenants } = await cycleWithTenants(facility, [withLedger(cur!), withLedger(mov!), withLedger(ins!), withLedger(unk!)]);
    const res = await call('POST', REMOVE, { token: monitor, json: { ledger_ids: [cur, mov, ins, unk], software: 'storedge', facility_number: facility.facility_number } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenants_removed).toBe(3);
    expect(await getTenant(byLedger(tenants, cur!).id)).not.toBeNull();
    for (const id of [mov, ins, unk]) expect(await getTenant(byLedger(tenants, id!).id)).toBeNull();
    expect((await tenantHistory(byLedger(tenants, mov!).id))[0]!.action).toBe('ineligible_moved_out');
  });
});

describe('POST /api/tenants/sync-ledger-statuses', () => {
  it('updates each tenant from its ledger: move-outs, insurance (the program plan or Provided Proof), unit and address; only tenants that differ are written', async () => {
    const facility0 = await softwareFacility('storedge');
    const n = facility0.facility_number;
    const item0 = storEdgeItems(n).filter((i) => i.kind === 'insurance' && i.active)[0]!;
    // The program's plan is StorEdge's first plan (matched by its item id); the other plans are not the program's.
    const facility = await updateFacility(facility0, { coverages: [{ coverage: item0.coverage_amount!, premium: item0.amount, storedge_coverage_id: item0.id }] });
    const planId = coverageIdOf({ coverage: item0.coverage_amount!, premium: item0.amount });

    const [cur] = ledgers(facility, 'current', 1);
    const [chg] = ledgers(facility, 'details_changed', 1);
    const [mov, movAlready, movTagged] = ledgers(facility, 'moved_out', 3);
    const [insFirst] = ledgers(facility, 'insured', 1, 'first');
    const [insOther] = ledgers(facility, 'insured', 1, 'other');
    const [unk] = ledgers(facility, 'unknown', 1);
    const { cycle, tenants } = await cycleWithTenants(facility, [
      withLedger(cur!), withLedger(chg!), withLedger(mov!), withLedger(movAlready!, { status: 'moved_out', move_out_date: '2026-01-01' }),
      withLedger(movTagged!, { tagged_for_removal: true }), withLedger(insFirst!, { tenant_made_selection: true }),
      withLedger(insOther!, { status: 'opt_out', opt_out_date: '2026-01-02' }), withLedger(unk!),
    ]);
    const cycleBefore = await getCycleCounters(cycle.id);
    const historyLength = async (ledgerId: string) => (await tenantHistory(byLedger(tenants, ledgerId).id)).length;
    const unchangedHistory = await Promise.all([cur, movAlready, unk].map((id) => historyLength(id!)));

    const form = { ledger_ids: [cur, chg, mov, movAlready, movTagged, insFirst, insOther, unk].join(','), software: 'storedge', facility_number: n };
    const res = await post(SYNC, form);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, error_message: null, tenants_updated: 5 });

    const now = async (ledgerId: string) => (await getTenant(byLedger(tenants, ledgerId).id))!;
    const moved = simulatedLedger(n, mov!)!;
    expect(await now(mov!)).toMatchObject({ status: 'moved_out', move_out_date: moved.moveOutDate, tagged_for_removal: false });
    expect(await now(movTagged!)).toMatchObject({ status: 'moved_out', move_out_date: simulatedLedger(n, movTagged!)!.moveOutDate, tagged_for_removal: true });
    expect(await now(insFirst!)).toMatchObject({
      status: planId, coverage_id: planId, setup_insurance_date: today(), insurance_effective_date: today(), tenant_made_selection: false,
    });
    expect(await now(insOther!)).toMatchObject({ status: 'provide_proof', provided_proof_date: today(), opt_out_date: null });
    const details = simulatedLedger(n, chg!)!;
    expect(await now(chg!)).toMatchObject({
      status: null, unit: details.unit, units: [details.unit],
      address: details.address!.street2 ? `${details.address!.street}, ${details.address!.street2}` : details.address!.street,
      city: details.address!.city, state: details.address!.state, zip_code: details.address!.zip,
    });
    for (const same of [cur, movAlready, unk]) expect(await now(same!), same).toEqual(byLedger(tenants, same!));
    expect(await Promise.all([cur, movAlready, unk].map((id) => historyLength(id!)))).toEqual(unchangedHistory);

    const [last] = await tenantHistory(byLedger(tenants, mov!).id);
    expect(last!.action).toBe('ledger_sync');
    expect(last!.by.username).toBe('monitor');
    expect(last!.changes).toEqual(expect.arrayContaining([
      { field: 'status', from: null, to: 'moved_out' }, { field: 'move_out_date', from: null, to: moved.moveOutDate },
    ]));

    const cycleAfter = await getCycleCounters(cycle.id);
    expect(cycleAfter.total).toBe(cycleBefore.total);
    expect(cycleAfter.moved_out).toBe(cycleBefore.moved_out + 2);
    expect(cycleAfter.selected_coverage).toBe(cycleBefore.selected_coverage + 1);
    expect(cycleAfter.provided_proof).toBe(cycleBefore.provided_proof + 1);
    expect(cycleAfter.opted_out).toBe(cycleBefore.opted_out - 1);
    expect(cycleAfter.requires_setup).toBe(cycleBefore.requires_setup);

    // Nothing differs any more: a second sync writes nothing.
    expect((await post(SYNC, form)).body).toEqual({ success: true, error_message: null, tenants_updated: 0 });
  });

  it('SiteLink: a facility of SiteLink - Web may name its software family ("sitelink")', async () => {
    const facility = await softwareFacility('sitelink_web');
    const [mov] = ledgers(facility, 'moved_out', 1);
    const { tenants } = await cycleWithTenants(facility, [withLedger(mov!)]);
    const res = await post(SYNC, { ledger_ids: mov!, software: 'sitelink', facility_number: facility.facility_number });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tenants_updated).toBe(1);
    expect((await getTenant(tenants[0]!.id))!.status).toBe('moved_out');
  });
});

describe.each([['remove', REMOVE], ['sync', SYNC]] as const)('%s: refusals change nothing', (_name, path) => {
  it('422 naming the ledger ids that are not tenants of the facility\'s open cycles (another facility\'s, an archived cycle\'s, none)', async () => {
    const facility = await softwareFacility('sitelink_web');
    const [mov1, mov2, movArchived] = ledgers(facility, 'moved_out', 3);
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(mov1!), withLedger(mov2!)]);
    const archived = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Archived ${stem()}` });
    await createTenants(archived, [{ ...withLedger(movArchived!), facility_number: facility.facility_number }], TEST_WRITE);
    await updateCycle(archived, { archived_at: new Date().toISOString() });
    const other = await softwareFacility('sitelink_web');
    // Its own prefix: the other facility's ledger must not share an id with one of this facility's.
    const [otherLedger] = ledgerIdsOfKind(other.facility_number, 'moved_out', 1, 'OTH-');
    await cycleWithTenants(other, [withLedger(otherLedger!)]);
    const before = await snapshot(cycle, tenants);

    const res = await post(path, { ledger_ids: [mov1, 'NOPE-1', otherLedger, movArchived].join(','), software: 'sitelink_web', facility_number: facility.facility_number });
    expectError(res, 422, `These 3 ledgers are not tenants of facility ${facility.facility_number}'s open cycles: NOPE-1, ${otherLedger}, ${movArchived}. Nothing was changed.`, 'ledger_ids');
    expect(res.body.errors.map((e: { ledger_id: string }) => e.ledger_id)).toEqual(['NOPE-1', otherLedger, movArchived]);
    expectError(await post(path, { ledger_ids: 'NOPE-2', software: 'sitelink_web', facility_number: facility.facility_number }), 422,
      `This ledger is not a tenant of facility ${facility.facility_number}'s open cycles: NOPE-2. Nothing was changed.`, 'ledger_ids');
    expect(await snapshot(cycle, tenants)).toEqual(before);
  });

  it('4xx for the wrong software, a software without an API, an unknown or retired facility, and a bad form', async () => {
    const facility = await softwareFacility('sitelink_alp');
    const [mov] = ledgers(facility, 'moved_out', 1);
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(mov!)]);
    const n = facility.facility_number;
    const before = await snapshot(cycle, tenants);
    expectError(await post(path, { ledger_ids: mov!, software: 'storedge', facility_number: n }), 422, `Facility ${n} uses SiteLink - ALP, not StorEdge.`, 'software');
    expectError(await post(path, { ledger_ids: mov!, software: 'sitelink_web', facility_number: n }), 422, `Facility ${n} uses SiteLink - ALP, not SiteLink - Web.`, 'software');
    expectError(await post(path, { ledger_ids: mov!, software: 'quickbooks', facility_number: n }), 422, /^No such software as quickbooks: software must be one of /, 'software');
    expectError(await post(path, { ledger_ids: mov!, software: 'sitelink_alp', facility_number: 'NO-SUCH-FAC' }), 404, 'Facility NO-SUCH-FAC does not exist.');
    expectError(await post(path, { ledger_ids: ' , ', software: 'sitelink_alp', facility_number: n }), 422, /ledger_ids is required/, 'ledger_ids');
    expectError(await call('POST', path, { token: monitor, form: { ledger_ids: mov!, facility_number: n } }), 422, 'software is required.', 'software');
    expectError(await call('POST', path, { token: monitor, form: { ledger_ids: mov!, software: 'sitelink_alp' } }), 422, 'facility_number is required.', 'facility_number');
    expect(await snapshot(cycle, tenants)).toEqual(before);

    for (const software of ['syrasoft', 'easystorage'] as const) {
      const label = software === 'syrasoft' ? 'Syrasoft' : 'EasyStorage';
      const noApi = await facilityWith(stem(), { software });
      const made = await cycleWithTenants(noApi, [withLedger('L1')]);
      const noApiBefore = await snapshot(made.cycle, made.tenants);
      expectError(await post(path, { ledger_ids: 'L1', software, facility_number: noApi.facility_number }), 422,
        `Facility ${noApi.facility_number} uses ${label}; its ledgers cannot be checked through an API.`, 'software');
      expectError(await post(path, { ledger_ids: 'L1', software: 'storedge', facility_number: noApi.facility_number }), 422,
        `Facility ${noApi.facility_number} uses ${label}, not StorEdge.`, 'software');
      expect(await snapshot(made.cycle, made.tenants)).toEqual(noApiBefore);
    }

    await retire(facility);
    expectError(await post(path, { ledger_ids: mov!, software: 'sitelink_alp', facility_number: n }), 422, `Facility ${n} is retired.`, 'facility_number');
    expect((await snapshot(cycle, tenants)).tenants).toEqual(before.tenants);
  });

  it('404 when the software does not know the facility', async () => {
    const facility = await facilityWith(stem(), { software: 'sitelink_web' });
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger('L1')]);
    const before = await snapshot(cycle, tenants);
    expectError(await post(path, { ledger_ids: 'L1', software: 'sitelink_web', facility_number: facility.facility_number }), 404,
      `Facility ${facility.facility_number} was not found in SiteLink.`);
    expect(await snapshot(cycle, tenants)).toEqual(before);
  });

  it('staff only: nobody is 401, a manager 403; admin passes', async () => {
    const facility = await softwareFacility('storedge');
    const [cur] = ledgers(facility, 'current', 1);
    await cycleWithTenants(facility, [withLedger(cur!)]);
    const form = { ledger_ids: cur!, software: 'storedge', facility_number: facility.facility_number };
    const nobody = await post(path, form, null);
    expect([nobody.status, nobody.headers.get('x-token-gone')]).toEqual([401, '1']);
    expectError(await post(path, form, manager), 403, 'You do not have permission to do this.');
    expect((await post(path, form, admin)).status).toBe(200);
  });
});

/** The program's facility with a trigger number (simulated-facility.ts), with an open cycle of tenants. */
async function triggerFacility(facilityNumber: string, software: string): Promise<{ cycle: CycleRecord; tenants: TenantRecord[] }> {
  const id = await simulatedFacility(facilityNumber, software);
  const cycle = await createCycle({ facility_id: id, facility_number: facilityNumber, label: `Ledger checks ${stem()}` });
  const tenants = await createTenants(cycle, [withLedger(`T-${stem()}`), withLedger(`T-${stem()}`, { status: 'opt_out' })].map((t) => ({ ...t, facility_number: facilityNumber })), TEST_WRITE);
  return { cycle, tenants };
}

describe.each([
  [SIMULATOR_TRIGGERS.serverError, 'sitelink_web', /^SiteLink could not be reached: it answered HTTP 500 \(Server was unable to process request\.\)$/],
  [SIMULATOR_TRIGGERS.unparseable, 'sitelink_alp', 'SiteLink could not be reached: its answer is not valid XML'],
  [SIMULATOR_TRIGGERS.credentialsRefused, 'storedge', 'StorEdge could not be reached: it refused the program\'s StorEdge API key (STOREDGE_API_KEY)'],
  [SIMULATOR_TRIGGERS.wrongShape, 'storedge', 'StorEdge could not be reached: its answer is not a list of ledgers (ledgers.0.id: Invalid input)'],
  [SIMULATOR_TRIGGERS.connectionDropped, 'sitelink_web', 'SiteLink could not be reached: the connection was closed before it answered'],
] as const)('the facility software failing (facility %s, %s)', (trigger, software, message) => {
  it.each([['remove', REMOVE], ['sync', SYNC]] as const)('%s: 502 with the message the error modal shows, nothing changed', async (_name, path) => {
    const { cycle, tenants } = await triggerFacility(trigger, software);
    const before = await snapshot(cycle, tenants);
    expectError(await post(path, { ledger_ids: tenants.map((t) => t.ledger_id).join(','), software, facility_number: trigger }), 502, message);
    expect(await snapshot(cycle, tenants)).toEqual(before);
  });
});
