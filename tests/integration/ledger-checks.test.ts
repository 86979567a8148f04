/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (POST /api/tenants/remove-uneligible-ledgers and
 * /sync-ledger-statuses, jobs over the whole facility, cycle or state) through real HTTP against the
 * local runtime, its ledger-checks worker and its SiteLink and StorEdge simulators: the preview and the
 * confirmed removal (which tenants go and why, their history says), the cap and its override, the
 * removed tenants' restore, what a sync writes, the counters, and every refusal leaving the tenants and
 * counters as they were. Each test makes its own facility (numbers
 * 1100-1999 are known to the simulators and to no other test) and picks its ledgers by the state the
 * simulators give them (localstack/simulators/data.ts simulatedLedger).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programToday } from './helpers';
import type { ApiResponse } from './helpers';
import { simulatedFacility } from './simulated-facility';
import { tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, retire, softwareFacility, stem, tenant } from './facility-fixtures';
import { createCycle, getCycleCounters, updateCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { getFacilityCounters, updateFacility } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { REMOVAL_CAP_SHARE, REMOVED_TENANT_DAYS } from '../../shared/contracts/ledger-checks';
import type { IneligiblePreview, IneligibleTenant, RemovedTenant } from '../../shared/contracts/ledger-checks';
import { waitForExportJob } from './export-jobs';
import type { ExportJobView } from './export-jobs';
import { createTenants, getTenant, getTenants, saveTenant } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { SIMULATOR_TRIGGERS } from '../../localstack/simulators';
import { ledgerIdsOfKind, simulatedLedger, siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';
import type { SimulatedLedgerKind } from '../../localstack/simulators/data';
import { coverageIdOf } from '../../shared/coverage-ids';
import { TEST_WRITE } from './test-write';
import { createJobRecordOnly } from './job-fixture';
import { dyingAt, failedOnLastReceive, retriedToDone } from './failed-job-fixture';
import { ledgerRunners } from '../../functions/letters/ledger-jobs';
import { LEDGER_JOB_TYPES } from '../../functions/letters/ledger-job-types';
import type { LedgerScopeInput } from '../../functions/letters/ledger-job-types';

const REMOVE = '/api/tenants/remove-uneligible-ledgers';
const SYNC = '/api/tenants/sync-ledger-statuses';

let monitor = '';
let admin = '';
let manager = '';
beforeAll(async () => {
  [monitor, admin, manager] = await Promise.all([tokenFor('monitor'), tokenFor('admin'), tokenFor('manager')]);
});


type Payload = Record<string, string>;
const post = (path: string, form: Payload, token: string | null = monitor) => call('POST', path, { token, form });
const scopeOf = (facility: FacilityRecord, extra: Payload = {}): Payload => ({ facility_number: facility.facility_number, software: facility.software, ...extra });

/** Starts a check (200 with its job) and waits for the job to finish (done or failed) as `token`. */
async function checked(path: string, form: Payload, token = monitor): Promise<ExportJobView & { result: Record<string, unknown> | null }> {
  const res = await post(path, form, token);
  expect(res.status, res.text).toBe(200);
  return await waitForExportJob(res.body.job_id, token, 60_000) as ExportJobView & { result: Record<string, unknown> | null };
}

/** The job done: its result. */
async function resultOf(path: string, form: Payload, token = monitor): Promise<Record<string, unknown>> {
  const job = await checked(path, form, token);
  expect(job.error, 'job error').toBeNull();
  expect(job.status).toBe('done');
  return job.result!;
}

const previewOf = (facility: FacilityRecord, extra: Payload = {}) => resultOf(REMOVE, scopeOf(facility, extra)) as Promise<IneligiblePreview>;
const confirmPath = (previewId: string) => `/api/tenants/ineligible-previews/${previewId}/remove`;
const confirm = (previewId: string, form: Payload = {}, token = monitor) => post(confirmPath(previewId), form, token);

/** Confirms the preview and waits for the removal job to finish. */
async function removed(previewId: string, form: Payload = {}) {
  const res = await confirm(previewId, form);
  expect(res.status, res.text).toBe(200);
  return waitForExportJob(res.body.job_id, monitor, 60_000);
}

/** Every page of the preview's tenants. */
async function previewRows(previewId: string): Promise<IneligibleTenant[]> {
  const rows: IneligibleTenant[] = [];
  for (let page = 1; ; page += 1) {
    const res = await call('GET', `/api/tenants/ineligible-previews/${previewId}?page=${page}`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    if (page >= res.body.pagination.last_page) return rows;
  }
}

function expectError(res: ApiResponse, status: number, message: string | RegExp, field?: string): void {
  expect(res.status, res.text).toBe(status);
  if (typeof message === 'string') expect(res.body.error).toBe(message);
  else expect(res.body.error).toMatch(message);
  if (field) expect(res.body.field).toBe(field);
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


describe('Remove Ineligible Tenants: preview, then the confirmed removal', () => {
  it('previews every ineligible tenant of the facility\'s open cycles with the reason, changes nothing, then removes exactly those, each with the reason on record', async () => {
    const plan0 = (n: string) => siteLinkCoverages(n)[0]!;
    const facility = await softwareFacility('sitelink_alp');
    const n = facility.facility_number;
    const [cur1, cur2] = ledgers(facility, 'current', 2);
    const [chg] = ledgers(facility, 'details_changed', 1);
    const [mov1, mov2, movWelcome, movArchived] = ledgers(facility, 'moved_out', 4);
    const [ins1, ins2, insPlan] = ledgers(facility, 'insured', 3, 'first');
    const [unk1, unk2] = ledgers(facility, 'unknown', 2);
    const planId = coverageIdOf({ coverage: plan0(n).dcCoverage, premium: plan0(n).dcPremium });
    const { cycle, tenants } = await cycleWithTenants(facility, [
      withLedger(cur1!), withLedger(cur2!, { status: 'opt_out', opt_out_date: '2026-01-02' }), withLedger(chg!),
      withLedger(mov1!), withLedger(mov2!, { tagged_for_removal: true }),
      withLedger(ins1!), withLedger(ins2!, { status: 'opt_out', opt_out_date: '2026-01-02' }),
      withLedger(insPlan!, { status: planId, coverage_id: planId }),
      withLedger(unk1!), withLedger(unk2!),
      withLedger(movWelcome!, { welcome_letter_sent_date: '2026-01-15' }),
      // No ledger id: nothing to ask about, so it is left alone (and not counted as checked).
      withLedger(''),
    ]);
    // A finished cycle's tenant is never touched, even with a moved-out ledger.
    const archived = await createCycle({ facility_id: facility.id, facility_number: n, label: `Archived ${stem()}` });
    const [old] = await createTenants(archived, [{ ...withLedger(movArchived!), facility_number: n }], TEST_WRITE);
    await updateCycle(archived, { archived_at: new Date().toISOString() });
    const before = await snapshot(cycle, tenants);

    const preview = await previewOf(facility);
    const reasons = { [mov1!]: 'moved_out', [mov2!]: 'moved_out', [ins1!]: 'insured', [ins2!]: 'insured', [unk1!]: 'not_found', [unk2!]: 'not_found' } as const;
    expect(preview).toMatchObject({
      scope: `facility ${n}`, checked: 11, removable: 6, by_reason: { not_found: 2, moved_out: 2, insured: 2 }, limit: 10, over_cap: false, not_checked: [],
    });
    const rows = await previewRows(preview.preview_id);
    expect(Object.fromEntries(rows.map((r) => [r.ledger_id, r.reason]))).toEqual(reasons);
    const row = rows.find((r) => r.ledger_id === mov1)!;
    const mov1Tenant = byLedger(tenants, mov1!);
    expect(row).toEqual({ id: mov1Tenant.id, facility_number: n, unit: mov1Tenant.unit, name: `${mov1Tenant.first_name} ${mov1Tenant.last_name}`, ledger_id: mov1, reason: 'moved_out' });
    // The preview removes nothing.
    expect(await snapshot(cycle, tenants)).toEqual(before);

    const job = await removed(preview.preview_id);
    expect(job.error).toBeNull();
    expect(job.result).toEqual({ success: true, error_message: null, tenants_removed: 6 });
    for (const [ledgerId, why] of Object.entries(reasons)) {
      const gone = byLedger(tenants, ledgerId);
      expect(await getTenant(gone.id), ledgerId).toBeNull();
      const [last] = await tenantHistory(gone.id);
      expect(last).toMatchObject({ action: `ineligible_${why}`, by: { username: 'monitor' }, changes: [] });
    }
    for (const kept of [cur1, cur2, chg, insPlan, movWelcome, '']) {
      const stored = byLedger(tenants, kept!);
      expect(await getTenant(stored.id), kept).toEqual(stored);
    }
    expect(await getTenant(old!.id)).toEqual(old);

    const cycleAfter = await getCycleCounters(cycle.id);
    expect(cycleAfter.total).toBe(before.cycle.total - 6);
    expect(cycleAfter.tagged_for_removal).toBe(before.cycle.tagged_for_removal - 1);
    expect(cycleAfter.opted_out).toBe(before.cycle.opted_out - 1);
    expect(cycleAfter.non_responder).toBe(before.cycle.non_responder - 5);
    expect(cycleAfter.selected_coverage).toBe(before.cycle.selected_coverage);
    const facilityAfter = await getFacilityCounters(facility.id);
    expect(facilityAfter.total).toBe(before.facility.total - 6);

    // Confirmed once only; a new check finds nothing more, and there is nothing to confirm.
    expectError(await confirm(preview.preview_id), 409, /^This check was confirmed already/);
    const again = await previewOf(facility);
    expect(again).toMatchObject({ checked: 5, removable: 0 });
    expectError(await confirm(again.preview_id), 409, `None of the 5 tenants of facility ${n} is ineligible; nothing to remove.`);
  });

  it('checks tenants beyond the 100 rows the page shows, and a cycle alone when one is chosen (StorEdge)', async () => {
    const facility = await softwareFacility('storedge');
    const current = ledgers(facility, 'current', 105);
    const moved = ledgers(facility, 'moved_out', 4);
    // The Send Letters table lists by name: the moved-out tenants sort after the first 100 rows.
    const { tenants } = await cycleWithTenants(facility, [
      ...current.map((id, i) => withLedger(id, { last_name: `Aaron${String(i).padStart(3, '0')}` })),
      ...moved.slice(0, 3).map((id, i) => withLedger(id, { last_name: `Zimmer${i}` })),
    ]);
    const second = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Second ${stem()}` });
    const [other] = await createTenants(second, [{ ...withLedger(moved[3]!, { last_name: 'Zorn' }), facility_number: facility.facility_number }], TEST_WRITE);

    const preview = await previewOf(facility);
    expect(preview).toMatchObject({ checked: 109, removable: 4, by_reason: { moved_out: 4 } });
    expect((await previewRows(preview.preview_id)).map((r) => r.ledger_id).sort()).toEqual([...moved].sort());
    const inCycle = await previewOf(facility, { cycle_id: second.id });
    expect(inCycle).toMatchObject({ scope: `cycle ${second.label} of facility ${facility.facility_number}`, checked: 1, removable: 1 });

    const synced = await resultOf(SYNC, scopeOf(facility, { cycle_id: second.id }));
    expect(synced).toMatchObject({ checked: 1, tenants_updated: 1 });
    expect((await getTenant(other!.id))!.status).toBe('moved_out');
    expect((await getTenant(byLedger(tenants, moved[0]!).id))!.status).toBeNull();
    const all = await resultOf(SYNC, scopeOf(facility));
    expect(all).toMatchObject({ scope: `facility ${facility.facility_number}`, checked: 109, tenants_updated: 3, not_checked: [] });
    for (const id of moved.slice(0, 3)) expect((await getTenant(byLedger(tenants, id).id))!.status, id).toBe('moved_out');
  });

  it(`refuses a removal over ${REMOVAL_CAP_SHARE * 100}% of the tenants checked unless the override is sent, changing nothing; with it, removes them`, async () => {
    const facility = await softwareFacility('sitelink_web');
    // A mix-up: most of the program's ledger ids are not the software's.
    const { cycle, tenants } = await cycleWithTenants(facility, [
      ...ledgers(facility, 'unknown', 20).map((id) => withLedger(id)), ...ledgers(facility, 'current', 10).map((id) => withLedger(id)),
    ]);
    const before = await snapshot(cycle, tenants);
    const preview = await previewOf(facility);
    expect(preview).toMatchObject({ checked: 30, removable: 20, by_reason: { not_found: 20 }, limit: 12, over_cap: true });

    for (const form of [{}, { allow_over_cap: 'false' }] as Payload[]) {
      expectError(await confirm(preview.preview_id, form), 422,
        'This would remove 20 of the 30 tenants checked (67%); one removal may take at most 12 of them. So many ineligible ledgers usually means the program\'s ledger ids are not the software\'s. Check them, or confirm the removal over the cap. Nothing was removed.',
        'allow_over_cap');
    }
    expect(await snapshot(cycle, tenants)).toEqual(before);

    const job = await removed(preview.preview_id, { allow_over_cap: 'true' });
    expect(job.result).toEqual({ success: true, error_message: null, tenants_removed: 20 });
    expect((await getCycleCounters(cycle.id)).total).toBe(before.cycle.total - 20);
  });

  it('removes nothing when a previewed tenant changed since the check; only the caller\'s finished check can be confirmed', async () => {
    const facility = await softwareFacility('storedge');
    const [mov1, mov2] = ledgers(facility, 'moved_out', 2);
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(mov1!), withLedger(mov2!)]);
    const preview = await previewOf(facility);
    expect(preview.removable).toBe(2);
    expectError(await confirm(preview.preview_id, {}, admin), 404, 'No such removal check.');
    expectError(await confirm('no-such-check'), 404, 'No such removal check.');

    const changed = await saveTenant(byLedger(tenants, mov2!), { note: 'Called: still renting' }, TEST_WRITE);
    const before = await snapshot(cycle, [byLedger(tenants, mov1!), changed]);
    const job = await removed(preview.preview_id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(`1 of the tenants checked changed or left since the check: ${changed.first_name} ${changed.last_name}. Nothing was removed; check again.`);
    expect(await snapshot(cycle, [byLedger(tenants, mov1!), changed])).toEqual(before);
  });
});

describe('Removed tenants: listed for 30 days and restored with their counters', () => {
  it('lists the removed tenants of a facility with the reason and who removed them; a restore brings tenants and counters back exactly, on record', async () => {
    const facility = await softwareFacility('sitelink_alp');
    const [cur] = ledgers(facility, 'current', 1);
    const [mov] = ledgers(facility, 'moved_out', 1);
    const [unk1, unk2] = ledgers(facility, 'unknown', 2);
    const { cycle, tenants } = await cycleWithTenants(facility, [
      withLedger(cur!), withLedger(mov!, { status: 'opt_out', opt_out_date: '2026-01-02' }), withLedger(unk1!, { tagged_for_removal: true }), withLedger(unk2!),
    ]);
    const before = await snapshot(cycle, tenants);
    await removed((await previewOf(facility)).preview_id);
    expect((await getCycleCounters(cycle.id)).total).toBe(before.cycle.total - 3);

    const list = await call('GET', `/api/removed-tenants?facility_number=${facility.facility_number}`, { token: monitor });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: RemovedTenant) => [r.ledger_id, r.reason, r.removed_by]).sort()).toEqual([
      [mov, 'moved_out', 'monitor'], [unk1, 'not_found', 'monitor'], [unk2, 'not_found', 'monitor'],
    ].sort());
    const first = list.body.data[0] as RemovedTenant;
    expect(Date.parse(first.expires_at) - Date.parse(first.removed_at)).toBe(REMOVED_TENANT_DAYS * 86_400_000);
    const everyone = await call('GET', '/api/removed-tenants', { token: monitor });
    expect(everyone.status, everyone.text).toBe(200);
    expect(everyone.body.pagination).toMatchObject({ exact: false, per_page: 100 });

    const back = [byLedger(tenants, mov!), byLedger(tenants, unk1!), byLedger(tenants, unk2!)];
    const res = await call('POST', '/api/removed-tenants/restore', { token: admin, form: { ids: back.map((t) => t.id).join(',') } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ restored: 3 });
    const after = await snapshot(cycle, tenants);
    expect(after.cycle).toEqual(before.cycle);
    expect(after.facility).toEqual(before.facility);
    after.tenants.forEach((t, i) => expect({ ...t, updated_at: before.tenants[i]!.updated_at }).toEqual(before.tenants[i]));
    const [last, removal] = await tenantHistory(back[0]!.id);
    expect(last).toMatchObject({ action: 'restored', by: { username: 'admin' } });
    expect(removal).toMatchObject({ action: 'ineligible_moved_out', by: { username: 'monitor' } });
    const listed = await call('GET', `/api/removed-tenants?facility_number=${facility.facility_number}`, { token: monitor });
    expect(listed.body.data).toEqual([]);

    // Restored already: 404, nothing changed.
    expectError(await call('POST', '/api/removed-tenants/restore', { token: monitor, form: { ids: back[0]!.id } }), 404,
      `This tenant is not among the removed tenants that can be restored (restored already, or removed more than ${REMOVED_TENANT_DAYS} days ago): ${back[0]!.id}. Nothing was restored.`, 'ids');
    expect(await snapshot(cycle, tenants)).toEqual(after);
  });

  it('refuses, restoring none, when one of the tenants exists again', async () => {
    const facility = await softwareFacility('storedge');
    const [mov1, mov2] = ledgers(facility, 'moved_out', 2);
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(mov1!), withLedger(mov2!)]);
    await removed((await previewOf(facility)).preview_id);
    const [again] = await createTenants(cycle, [{ ...withLedger(mov1!), facility_number: facility.facility_number }], { ...TEST_WRITE }, { ids: [byLedger(tenants, mov1!).id] });
    const before = await snapshot(cycle, [again!]);
    const res = await call('POST', '/api/removed-tenants/restore', { token: monitor, form: { ids: tenants.map((t) => t.id).join(',') } });
    const original = byLedger(tenants, mov1!);
    expectError(res, 409, `1 of these tenants exist again (imported since): ${original.first_name} ${original.last_name}. Nothing was restored.`, 'ids');
    expect(await snapshot(cycle, [again!])).toEqual(before);
    expect(await getTenant(byLedger(tenants, mov2!).id)).toBeNull();
  });
});

describe('a state: every facility of the state that runs SiteLink or StorEdge', () => {
  it('previews the state\'s facilities and names those it could not check', async () => {
    // A state no other test file uses: the suite shares one program, and a state's check asks about every facility in it.
    const state = 'MP';
    const facility = await softwareFacility('sitelink_web', { state });
    const [mov] = ledgers(facility, 'moved_out', 1);
    await cycleWithTenants(facility, [withLedger(mov!)]);
    const noApi = await facilityWith(stem(), { software: 'syrasoft', state });
    await cycleWithTenants(noApi, [withLedger('L1')]);
    const preview = await resultOf(REMOVE, { state: 'mp' }) as IneligiblePreview;
    expect(preview.scope).toBe('state MP');
    expect(preview.not_checked).toContainEqual({ facility_number: noApi.facility_number, software: 'Syrasoft' });
    expect(await previewRows(preview.preview_id)).toContainEqual(expect.objectContaining({ facility_number: facility.facility_number, ledger_id: mov, reason: 'moved_out' }));
    expect(await getTenant((await previewRows(preview.preview_id)).find((r) => r.ledger_id === mov)!.id)).not.toBeNull();
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

    const form = { software: 'storedge', facility_number: n };
    expect(await resultOf(SYNC, form)).toEqual({ scope: `facility ${n}`, checked: 8, tenants_updated: 5, not_checked: [] });

    const now = async (ledgerId: string) => (await getTenant(byLedger(tenants, ledgerId).id))!;
    const moved = simulatedLedger(n, mov!)!;
    expect(await now(mov!)).toMatchObject({ status: 'moved_out', move_out_date: moved.moveOutDate, tagged_for_removal: false });
    expect(await now(movTagged!)).toMatchObject({ status: 'moved_out', move_out_date: simulatedLedger(n, movTagged!)!.moveOutDate, tagged_for_removal: true });
    expect(await now(insFirst!)).toMatchObject({
      status: planId, coverage_id: planId, setup_insurance_date: programToday(), insurance_effective_date: programToday(), tenant_made_selection: false,
    });
    expect(await now(insOther!)).toMatchObject({ status: 'provide_proof', provided_proof_date: programToday(), opt_out_date: null });
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
    expect(await resultOf(SYNC, form)).toMatchObject({ checked: 8, tenants_updated: 0 });
  });

  it('SiteLink: a facility of SiteLink - Web may name its software family ("sitelink")', async () => {
    const facility = await softwareFacility('sitelink_web');
    const [mov] = ledgers(facility, 'moved_out', 1);
    const { tenants } = await cycleWithTenants(facility, [withLedger(mov!)]);
    expect(await resultOf(SYNC, { software: 'sitelink', facility_number: facility.facility_number })).toMatchObject({ tenants_updated: 1 });
    expect((await getTenant(tenants[0]!.id))!.status).toBe('moved_out');
  });
});

describe.each([['remove', REMOVE], ['sync', SYNC]] as const)('%s: refusals change nothing', (_name, path) => {
  it('4xx for a cycle that is not an open cycle of the facility, a state without facilities to check, and the spec\'s ledger_ids', async () => {
    const facility = await softwareFacility('sitelink_web');
    const [mov] = ledgers(facility, 'moved_out', 1);
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(mov!)]);
    const archived = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Archived ${stem()}` });
    await updateCycle(archived, { archived_at: new Date().toISOString() });
    const other = await softwareFacility('sitelink_web');
    const { cycle: otherCycle } = await cycleWithTenants(other, []);
    const before = await snapshot(cycle, tenants);

    expectError(await post(path, scopeOf(facility, { cycle_id: otherCycle.id })), 404, `Cycle ${otherCycle.id} is not a cycle of facility ${facility.facility_number}.`);
    expectError(await post(path, scopeOf(facility, { cycle_id: archived.id })), 422,
      `Cycle ${archived.label} of facility ${facility.facility_number} is archived; its tenants are not checked.`, 'cycle_id');
    expectError(await post(path, scopeOf(facility, { ledger_ids: mov! })), 422, /^ledger_ids is no longer read: every tenant/, 'ledger_ids');
    expectError(await post(path, { state: 'ZZ' }), 422, 'state must be a two-letter state or territory code.', 'state');
    expectError(await post(path, { state: 'TX', facility_number: facility.facility_number }), 422, 'Send either facility_number or state, not both.', 'state');
    expectError(await post(path, { state: 'TX', cycle_id: cycle.id }), 422, /^cycle_id is not used in state mode/, 'cycle_id');
    expectError(await post(path, { state: 'AS' }), 422, 'State AS has no facilities in the program.', 'state');
    const gu = await facilityWith(stem(), { software: 'easystorage', state: 'GU' });
    expectError(await post(path, { state: 'GU' }), 422, 'None of state GU\'s facilities runs SiteLink or StorEdge; their ledgers cannot be checked through an API.', 'state');
    await retire(gu);
    expect(await snapshot(cycle, tenants)).toEqual(before);
  });

  it('4xx for the wrong software, a software without an API, an unknown or retired facility, and a bad form', async () => {
    const facility = await softwareFacility('sitelink_alp');
    const [mov] = ledgers(facility, 'moved_out', 1);
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(mov!)]);
    const n = facility.facility_number;
    const before = await snapshot(cycle, tenants);
    expectError(await post(path, { software: 'storedge', facility_number: n }), 422, `Facility ${n} uses SiteLink - ALP, not StorEdge.`, 'software');
    expectError(await post(path, { software: 'sitelink_web', facility_number: n }), 422, `Facility ${n} uses SiteLink - ALP, not SiteLink - Web.`, 'software');
    expectError(await post(path, { software: 'quickbooks', facility_number: n }), 422, /^No such software as quickbooks: software must be one of /, 'software');
    expectError(await post(path, { software: 'sitelink_alp', facility_number: 'NO-SUCH-FAC' }), 404, 'Facility NO-SUCH-FAC does not exist.');
    expectError(await call('POST', path, { token: monitor, form: { facility_number: n } }), 422, 'software is required.', 'software');
    expectError(await call('POST', path, { token: monitor, form: { software: 'sitelink_alp' } }), 422, 'facility_number is required.', 'facility_number');
    expect(await snapshot(cycle, tenants)).toEqual(before);

    for (const software of ['syrasoft', 'easystorage'] as const) {
      const label = software === 'syrasoft' ? 'Syrasoft' : 'EasyStorage';
      const noApi = await facilityWith(stem(), { software });
      const made = await cycleWithTenants(noApi, [withLedger('L1')]);
      const noApiBefore = await snapshot(made.cycle, made.tenants);
      expectError(await post(path, { software, facility_number: noApi.facility_number }), 422,
        `Facility ${noApi.facility_number} uses ${label}; its ledgers cannot be checked through an API.`, 'software');
      expectError(await post(path, { software: 'storedge', facility_number: noApi.facility_number }), 422,
        `Facility ${noApi.facility_number} uses ${label}, not StorEdge.`, 'software');
      expect(await snapshot(made.cycle, made.tenants)).toEqual(noApiBefore);
    }

    await retire(facility);
    expectError(await post(path, { software: 'sitelink_alp', facility_number: n }), 422, `Facility ${n} is retired.`, 'facility_number');
    expect((await snapshot(cycle, tenants)).tenants).toEqual(before.tenants);
  });

  it('the job fails when the software does not know the facility, nothing changed', async () => {
    const facility = await facilityWith(stem(), { software: 'sitelink_web' });
    const { cycle, tenants } = await cycleWithTenants(facility, [withLedger('L1')]);
    const before = await snapshot(cycle, tenants);
    const job = await checked(path, { software: 'sitelink_web', facility_number: facility.facility_number });
    expect([job.status, job.error]).toEqual(['failed', `Facility ${facility.facility_number} was not found in SiteLink.`]);
    expect(await snapshot(cycle, tenants)).toEqual(before);
  });

  it('staff only: nobody is 401, a manager 403; admin passes', async () => {
    const facility = await softwareFacility('storedge');
    const [cur] = ledgers(facility, 'current', 1);
    await cycleWithTenants(facility, [withLedger(cur!)]);
    const form = { software: 'storedge', facility_number: facility.facility_number };
    const nobody = await post(path, form, null);
    expect([nobody.status, nobody.headers.get('x-token-gone')]).toEqual([401, '1']);
    expectError(await post(path, form, manager), 403, 'You do not have permission to do this.');
    expect((await post(path, form, admin)).status).toBe(200);
  });
});

describe('the preview, confirm and restore routes: staff only', () => {
  it.each([
    ['GET', '/api/tenants/ineligible-previews/x'], ['POST', '/api/tenants/ineligible-previews/x/remove'], ['GET', '/api/removed-tenants'], ['POST', '/api/removed-tenants/restore'],
  ])('%s %s: nobody 401, a manager 403', async (method, path) => {
    expect((await call(method, path, { token: null })).status).toBe(401);
    expectError(await call(method, path, { token: manager, ...(method === 'POST' ? { form: {} } : {}) }), 403, 'You do not have permission to do this.');
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
  [SIMULATOR_TRIGGERS.credentialsRefused, 'storedge', 'StorEdge could not be reached: it refused the program\'s StorEdge API credentials (STOREDGE_API_KEY, STOREDGE_API_SECRET)'],
  [SIMULATOR_TRIGGERS.wrongShape, 'storedge', 'StorEdge could not be reached: its answer is not a list of ledgers (ledgers.0.id: Invalid input)'],
  [SIMULATOR_TRIGGERS.connectionDropped, 'sitelink_web', 'SiteLink could not be reached: the connection was closed before it answered'],
] as const)('the facility software failing (facility %s, %s)', (trigger, software, message) => {
  it.each([['remove', REMOVE], ['sync', SYNC]] as const)('%s: the job fails with the message the error modal shows, nothing changed', async (_name, path) => {
    const { cycle, tenants } = await triggerFacility(trigger, software);
    const before = await snapshot(cycle, tenants);
    const job = await checked(path, { software, facility_number: trigger });
    expect(job.status).toBe('failed');
    if (typeof message === 'string') expect(job.error).toBe(message);
    else expect(job.error).toMatch(message);
    expect(await snapshot(cycle, tenants)).toEqual(before);
  });
});

describe('retried by staff from Failed jobs (issue 26)', () => {
  it('a sync over two facilities that died after the first, its message in the DLQ, is retried to done: each move-out written once', async () => {
    const facilities = await Promise.all([softwareFacility('storedge'), softwareFacility('storedge')]);
    const made = await Promise.all(facilities.map(async (facility) => {
      const [cur] = ledgers(facility, 'current', 1);
      const [mov] = ledgers(facility, 'moved_out', 1);
      const { cycle, tenants } = await cycleWithTenants(facility, [withLedger(cur!), withLedger(mov!)]);
      return { facility, cycle, moved: byLedger(tenants, mov!), movedOutBefore: (await getCycleCounters(cycle.id)).moved_out };
    }));
    const input: LedgerScopeInput = {
      scope: 'two facilities', facilities: facilities.map((f) => ({ id: f.id, facility_number: f.facility_number, family: 'storedge', cycle_id: null })),
      not_checked: [], by: { user_id: 'test', username: 'tester' },
    };
    const job = await createJobRecordOnly({ queue: 'ledger-checks', type: LEDGER_JOB_TYPES.sync, createdBy: 'test', input: { ...input } });
    // The worker's last receive dies once the first facility is synced.
    await failedOnLastReceive(job, dyingAt(ledgerRunners.sync, (detail) => (detail?.facilities ?? 0) >= 1));
    expect((await getTenant(made[0]!.moved.id))!.status).toBe('moved_out');
    expect((await getTenant(made[1]!.moved.id))!.status).toBeNull();

    const done = await retriedToDone(job.id, monitor);
    // The retry checked both facilities again; the first had nothing left to write.
    expect(done.result).toMatchObject({ checked: 4, tenants_updated: 1 });
    for (const { cycle, moved, movedOutBefore } of made) {
      expect((await getTenant(moved.id))!.status).toBe('moved_out');
      expect((await tenantHistory(moved.id)).filter((h) => h.action === 'ledger_sync')).toHaveLength(1);
      expect((await getCycleCounters(cycle.id)).moved_out).toBe(movedOutBefore + 1);
    }
  });
});
