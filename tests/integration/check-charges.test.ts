/**
 * Check Charges (GET /api/facilities/{id}/check-charges) and the ledger reports (GET
 * /api/exports/sitelink-rent-roll-report, /storedge-ledger-report) through real HTTP against the local
 * runtime, its ledger-checks worker and the SiteLink and StorEdge simulators: which tenants a check
 * confirms and what it writes (dates, the original effective date kept, history, counters), that a
 * second check confirms nothing new, the software's failures as a failed job with a clear message, the
 * refusals; each report read back with exceljs against what the software itself answers. Each test makes
 * its own facility (numbers 1100-1999 are known to the simulators and to no other test) and picks its
 * ledgers by the state the simulators give them (localstack/simulators/data.ts simulatedLedger).
 */
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import type { ApiResponse } from './helpers';
import { tokenFor } from './fixtures';
import { cycleWithTenants, softwareFacility, tenant } from './facility-fixtures';
import { waitForExportJob } from './export-jobs';
import { getCycleCounters } from '../../functions/cycles/cycle-store';
import { getFacilityCounters } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { SiteLinkClient } from '../../functions/external/sitelink-client';
import { StorEdgeClient } from '../../functions/external/storedge-client';
import { LEDGER_REPORT_COLUMNS, RENT_ROLL_COLUMNS } from '../../functions/exports/ledger-report-runners';
import { programToday } from '../../functions/program/program-settings';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { getTenant, getTenants } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { clearFaults, injectFault, ledgerState } from '../../localstack/simulators/control-client';
import { ledgerIdsOfKind, siteLinkCoverages } from '../../localstack/simulators/data';
import type { SimulatedLedgerKind } from '../../localstack/simulators/data';
import { coverageIdOf } from '../../shared/coverage-ids';
import type { ConfirmedCharge } from '../../shared/contracts/policy-setup';

let monitor = '';
let manager = '';
beforeAll(async () => {
  [monitor, manager] = await Promise.all([tokenFor('monitor'), tokenFor('manager')]);
});
afterEach(async () => {
  await Promise.all([clearFaults('sitelink'), clearFaults('storedge')]);
});

interface JobView { status: string; error: string | null; result: Record<string, unknown> | null }

const checkPath = (facility: Pick<FacilityRecord, 'id'>) => `/api/facilities/${encodeURIComponent(facility.id)}/check-charges`;

/** Starts a check and waits for its job (done or failed). */
async function checkCharges(facility: FacilityRecord): Promise<JobView> {
  const res = await call('GET', checkPath(facility), { token: monitor });
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body)).toEqual(['job_id']);
  return await waitForExportJob(res.body.job_id, monitor, 60_000) as unknown as JobView;
}

async function confirmedBy(facility: FacilityRecord): Promise<ConfirmedCharge[]> {
  const job = await checkCharges(facility);
  expect(job.error, 'job error').toBeNull();
  expect(job.status).toBe('done');
  const result = job.result as { confirmed_count: number; confirmed: ConfirmedCharge[] };
  expect(result.confirmed_count).toBe(result.confirmed.length);
  return result.confirmed;
}

function expectError(res: ApiResponse, status: number, message: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  if (typeof message === 'string') expect(res.body.error).toBe(message);
  else expect(res.body.error).toMatch(message);
}


const ledgers = (facility: FacilityRecord, kind: SimulatedLedgerKind, count: number) =>
  ledgerIdsOfKind(facility.facility_number, kind, count, `${kind.slice(0, 3).toUpperCase()}-`);

let tenantNo = 0;
const withLedger = (ledgerId: string, extra: Partial<NewTenant> = {}) => tenant(++tenantNo, null, { ledger_id: ledgerId, unit: `U${tenantNo}`, ...extra });
const byLedger = (tenants: readonly TenantRecord[], ledgerId: string) => tenants.find((t) => t.ledger_id === ledgerId)!;

/** The plan a tenant chose: the facility's first SiteLink coverage, as the program's option id. */
const planOf = (facility: FacilityRecord) => {
  const plan = siteLinkCoverages(facility.facility_number)[0]!;
  return coverageIdOf({ coverage: plan.dcCoverage, premium: plan.dcPremium });
};

/** When the software says the coverage on this ledger starts. */
async function softwareStart(system: 'sitelink' | 'storedge', facility: FacilityRecord, ledgerId: string): Promise<string> {
  const state = await ledgerState(system, facility.facility_number, ledgerId);
  expect(state.insurance, `insurance on ${ledgerId}`).not.toBeNull();
  return state.insurance!.start_date;
}

/** A date that is not `date` (a day earlier). */
const otherThan = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('Check Charges', () => {
  it('confirms every tenant with a plan whose ledger carries insurance: dates, the software\'s start as the effective date, the original kept, history and counters; a second check confirms nothing new', async () => {
    const facility = await softwareFacility('sitelink_alp');
    const plan = planOf(facility);
    const chose = { status: plan, coverage_id: plan };
    const [moved, noDate, kept, optedOut, confirmedAlready, applied] = ledgers(facility, 'insured', 6);
    const [current] = ledgers(facility, 'current', 1);
    const [gone] = ledgers(facility, 'moved_out', 1);
    const starts = Object.fromEntries(await Promise.all([moved!, noDate!, kept!, applied!].map(async (l) => [l, await softwareStart('sitelink', facility, l)] as const)));
    const { cycle, tenants } = await cycleWithTenants(facility, [
      withLedger(moved!, { ...chose, insurance_effective_date: otherThan(starts[moved!]!) }),
      withLedger(noDate!, { ...chose, last_name: null }),
      withLedger(kept!, { ...chose, insurance_effective_date: otherThan(starts[kept!]!), original_insurance_effective_date: '2025-12-01' }),
      withLedger(applied!, { ...chose, insurance_effective_date: starts[applied!], charge_applied_date: '2026-01-05' }),
      // Not confirmed: no plan chosen, confirmed already, no insurance on the ledger, a closed ledger.
      withLedger(optedOut!, { status: 'opt_out', opt_out_date: '2026-01-02' }),
      withLedger(confirmedAlready!, { ...chose, charge_applied_date: '2026-01-03', charge_confirmed_date: '2026-01-03' }),
      withLedger(current!, chose),
      withLedger(gone!, chose),
    ]);
    const counted = { cycle: await getCycleCounters(cycle.id), facility: await getFacilityCounters(facility.id) };
    const today = await programToday();

    const confirmed = await confirmedBy(facility);
    const t = (ledgerId: string) => byLedger(tenants, ledgerId);
    const row = (ledgerId: string, effective: string | null, original: string | null): ConfirmedCharge => ({
      id: t(ledgerId).id, unit: t(ledgerId).unit, first_name: t(ledgerId).first_name, last_name: t(ledgerId).last_name,
      insurance_effective_date: effective, original_insurance_effective_date: original,
    });
    const expected = [
      row(moved!, starts[moved!]!, otherThan(starts[moved!]!)),
      row(noDate!, starts[noDate!]!, null),
      row(kept!, starts[kept!]!, '2025-12-01'),
      row(applied!, starts[applied!]!, null),
    ].sort((a, b) => a.unit.localeCompare(b.unit, 'en', { numeric: true }));
    expect(confirmed).toEqual(expected);
    expect(confirmed.find((c) => c.id === t(noDate!).id)!.last_name).toBeNull();

    for (const ledgerId of [moved!, noDate!, kept!, applied!]) {
      const stored = (await getTenant(t(ledgerId).id))!;
      expect(stored, ledgerId).toMatchObject({
        charge_confirmed_date: today, api_confirmed: true, insurance_effective_date: starts[ledgerId],
        charge_applied_date: ledgerId === applied ? '2026-01-05' : today,
      });
    }
    for (const ledgerId of [optedOut!, confirmedAlready!, current!, gone!]) expect(await getTenant(t(ledgerId).id), ledgerId).toEqual(t(ledgerId));

    const [last] = await tenantHistory(t(moved!).id);
    expect(last).toMatchObject({ action: 'charge_check', by: { username: 'monitor' } });
    expect(last!.changes).toEqual(expect.arrayContaining([
      { field: 'charge_confirmed_date', from: null, to: today },
      { field: 'charge_applied_date', from: null, to: today },
      { field: 'api_confirmed', from: false, to: true },
      { field: 'insurance_effective_date', from: otherThan(starts[moved!]!), to: starts[moved!] },
      { field: 'original_insurance_effective_date', from: null, to: otherThan(starts[moved!]!) },
    ]));
    // Three charges newly applied (the fourth was applied before): the stats move with them.
    expect((await getCycleCounters(cycle.id)).charge_applied).toBe(counted.cycle.charge_applied + 3);
    expect((await getFacilityCounters(facility.id)).charge_applied).toBe(counted.facility.charge_applied + 3);

    const stored = await getTenants(tenants.map((x) => x.id));
    expect(await confirmedBy(facility)).toEqual([]);
    expect(await getTenants(tenants.map((x) => x.id))).toEqual(stored);
  });

  it('StorEdge: the charge on the ledger confirms the tenant, with StorEdge\'s start date', async () => {
    const facility = await softwareFacility('storedge');
    const plan = planOf(facility);
    const [insured] = ledgers(facility, 'insured', 1);
    const [current] = ledgers(facility, 'current', 1);
    const start = await softwareStart('storedge', facility, insured!);
    const { tenants } = await cycleWithTenants(facility, [withLedger(insured!, { status: plan, coverage_id: plan }), withLedger(current!, { status: plan, coverage_id: plan })]);
    const confirmed = await confirmedBy(facility);
    expect(confirmed.map((c) => [c.id, c.insurance_effective_date])).toEqual([[byLedger(tenants, insured!).id, start]]);
    expect(await getTenant(byLedger(tenants, insured!).id)).toMatchObject({ api_confirmed: true, insurance_effective_date: start });
    expect(await getTenant(byLedger(tenants, current!).id)).toEqual(byLedger(tenants, current!));
  });

  it('a failure of the software fails the job with a message staff can act on, and changes nothing', async () => {
    const facility = await softwareFacility('sitelink_web');
    const plan = planOf(facility);
    const [insured] = ledgers(facility, 'insured', 1);
    const { tenants } = await cycleWithTenants(facility, [withLedger(insured!, { status: plan, coverage_id: plan })]);
    await injectFault('sitelink', { operation: 'InsuranceLedgerStatusByLedgerIDs', facility: facility.facility_number, fault: 'error' });
    const failed = await checkCharges(facility);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^SiteLink could not be reached: /);
    await injectFault('sitelink', { operation: 'InsuranceLedgerStatusByLedgerIDs', facility: facility.facility_number, fault: 'garbage' });
    const garbled = await checkCharges(facility);
    expect(garbled).toMatchObject({ status: 'failed', error: expect.stringMatching(/^SiteLink could not be reached: /) });
    expect(await getTenant(tenants[0]!.id)).toEqual(tenants[0]);

    // Once SiteLink answers again, the same check confirms the tenant.
    expect((await confirmedBy(facility)).map((c) => c.id)).toEqual([tenants[0]!.id]);
  });

  it('refuses a facility without an API, an unknown facility, and managers, before anything is queued', async () => {
    const syrasoft = await softwareFacility('syrasoft');
    expectError(await call('GET', checkPath(syrasoft), { token: monitor }), 422,
      `Facility ${syrasoft.facility_number} uses Syrasoft; its charges cannot be checked through an API (only SiteLink and StorEdge have one).`);
    const none = await softwareFacility('');
    expectError(await call('GET', checkPath(none), { token: monitor }), 422, `Facility ${none.facility_number} has no software set; its charges cannot be checked through an API.`);
    expectError(await call('GET', checkPath({ id: 'no-such-facility' }), { token: monitor }), 404, 'Facility not found.');
    const sitelink = await softwareFacility('sitelink_alp');
    expect((await call('GET', checkPath(sitelink), { token: manager })).status).toBe(403);
    expect((await call('GET', checkPath(sitelink), { token: null })).status).toBe(401);
  });
});

const REPORTS = {
  sitelink: '/api/exports/sitelink-rent-roll-report',
  storedge: '/api/exports/storedge-ledger-report',
} as const;

/** Queues a report, waits for it, and reads the workbook through the download route as the browser does. */
async function downloadedReport(path: string, facility: FacilityRecord): Promise<{ filename: string; sheet: ExcelJS.Worksheet }> {
  const res = await call('GET', path, { token: monitor, query: { facility_number: facility.facility_number } });
  expect(res.status, res.text).toBe(200);
  const job = await waitForExportJob(res.body.job_id, monitor, 60_000);
  expect(job.error).toBeNull();
  expect(job.result).toEqual({ file_key: res.body.file_key, filename: res.body.filename });
  const link = await call('GET', '/api/exports/download', { token: monitor, query: { file_key: res.body.file_key } });
  expect(link.status, link.text).toBe(200);
  const file = await fetch(link.body.url);
  expect(file.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  return { filename: res.body.filename, sheet: workbook.worksheets[0]! };
}

const cellsOf = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
const textOf = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value ?? null);
/** Every data row as header -> value (dates as YYYY-MM-DD). */
function rowsOf(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  const headers = cellsOf(sheet, 1) as string[];
  const rows: Record<string, unknown>[] = [];
  for (let n = 2; n <= sheet.rowCount; n += 1) {
    const cells = cellsOf(sheet, n);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, textOf(cells[i])])));
  }
  return rows;
}

describe('the ledger reports', () => {
  it('SiteLink rent roll: every unit of the month-to-date rent roll, by unit, in the rent roll\'s columns', async () => {
    const facility = await softwareFacility('sitelink_web');
    const today = await programToday();
    const { filename, sheet } = await downloadedReport(REPORTS.sitelink, facility);
    expect(filename).toBe(`${facility.facility_number}_sitelink_rent_roll_${today}.xlsx`);
    expect(sheet.name).toBe('Rent Roll');
    expect(cellsOf(sheet, 1)).toEqual(RENT_ROLL_COLUMNS.map((c) => c.header));

    const software = await SiteLinkClient.fromEnv().rentRoll(facility.facility_number, { start: `${today.slice(0, 8)}01`, end: today });
    expect(software.length).toBeGreaterThan(20);
    const rows = rowsOf(sheet);
    expect(rows.map((r) => r['Unit'])).toEqual(software.map((r) => r.sUnitName).sort((a, b) => (a ?? '').localeCompare(b ?? '', 'en', { numeric: true })));
    const rented = software.find((r) => r.bRented && r.dcInsurPremium)!;
    expect(rows.find((r) => r['Ledger ID'] === rented.LedgerID)).toMatchObject({
      Unit: rented.sUnitName, Status: 'Rented', Tenant: rented.sTenant, 'Move-In Date': rented.dLeaseDate, Rent: rented.dcRent, 'Insurance Premium': rented.dcInsurPremium,
    });
    const vacant = software.find((r) => !r.bRented);
    if (vacant) expect(rows.find((r) => r['Unit'] === vacant.sUnitName)).toMatchObject({ Status: 'Vacant', Tenant: null });
  });

  it('StorEdge ledger report: every ledger of the facility with its insurance plan by name', async () => {
    // The simulator's ledgers follow from the facility number, which depends on the tests before: take a
    // facility that has an insured ledger to compare (one without failed this test at random).
    const client = StorEdgeClient.fromEnv();
    let facility = await softwareFacility('storedge');
    for (let tries = 0; tries < 20 && !(await client.allLedgers(facility.facility_number)).some((l) => l.insurance?.invoiceable_item_id); tries += 1) {
      facility = await softwareFacility('storedge');
    }
    const today = await programToday();
    const { filename, sheet } = await downloadedReport(REPORTS.storedge, facility);
    expect(filename).toBe(`${facility.facility_number}_storedge_ledger_${today}.xlsx`);
    expect(cellsOf(sheet, 1)).toEqual(LEDGER_REPORT_COLUMNS.map((c) => c.header));

    const [software, items] = await Promise.all([client.allLedgers(facility.facility_number), client.insuranceItems(facility.facility_number)]);
    expect(software.length).toBeGreaterThan(20);
    const rows = rowsOf(sheet);
    expect(rows.map((r) => r['Ledger ID']).sort()).toEqual(software.map((l) => l.id).sort());
    const insured = software.find((l) => l.insurance?.invoiceable_item_id)!;
    expect(rows.find((r) => r['Ledger ID'] === insured.id)).toMatchObject({
      Unit: insured.unit_name, Tenant: insured.tenant_name,
      'Insurance Plan': items.find((i) => i.id === insured.insurance!.invoiceable_item_id)!.name,
      Coverage: insured.insurance!.coverage_amount, Premium: insured.insurance!.amount, 'Insurance Start': insured.insurance!.start_date,
    });
  });

  it('a failure of the software fails the report\'s job with its message', async () => {
    const facility = await softwareFacility('sitelink_alp');
    await injectFault('sitelink', { operation: 'RentRoll', facility: facility.facility_number, fault: 'error' });
    const res = await call('GET', REPORTS.sitelink, { token: monitor, query: { facility_number: facility.facility_number } });
    expect(res.status, res.text).toBe(200);
    const job = await waitForExportJob(res.body.job_id, monitor, 60_000);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^SiteLink could not be reached: /);
    // Nothing to download: not there, and its job no longer running.
    expectError(await call('GET', '/api/exports/download', { token: monitor, query: { file_key: res.body.file_key } }), 404, /does not exist/);
  });

  it('refuses the other software\'s report, a facility without either, an unknown facility, a missing number, and managers', async () => {
    const sitelink = await softwareFacility('sitelink_alp');
    const storedge = await softwareFacility('storedge');
    const syrasoft = await softwareFacility('syrasoft');
    const ask = (path: string, query: Record<string, string>, token: string | null = monitor) => call('GET', path, { token, query });
    expectError(await ask(REPORTS.storedge, { facility_number: sitelink.facility_number }), 422,
      `Facility ${sitelink.facility_number} uses SiteLink - ALP: it has no StorEdge ledger report.`);
    expectError(await ask(REPORTS.sitelink, { facility_number: storedge.facility_number }), 422,
      `Facility ${storedge.facility_number} uses StorEdge: it has no SiteLink rent roll.`);
    expectError(await ask(REPORTS.sitelink, { facility_number: syrasoft.facility_number }), 422, `Facility ${syrasoft.facility_number} uses Syrasoft: it has no SiteLink rent roll.`);
    expectError(await ask(REPORTS.storedge, { facility_number: 'NO-SUCH-9' }), 404, 'Facility NO-SUCH-9 does not exist.');
    const missing = await ask(REPORTS.sitelink, {});
    expect([400, 422]).toContain(missing.status);
    expect(missing.body.error).toMatch(/facility_number is required/);
    expect((await ask(REPORTS.sitelink, { facility_number: sitelink.facility_number }, manager)).status).toBe(403);
    expect((await ask(REPORTS.storedge, { facility_number: storedge.facility_number }, manager)).status).toBe(403);
  });
});
