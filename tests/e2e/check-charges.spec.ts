/**
 * Check Charges and the ledger reports in Chromium (spec tenants-letters-users §2 'Check Charges modal',
 * 'Ledger report modal', §4 'Charge check', §8, §9; facilities-cycles-shell §2 'Facility detail row'):
 * a fresh SiteLink facility (a number the simulators know, 1100-1999) whose tenants chose a plan, some
 * on ledgers the simulator bills insurance on; the charge check from Insurance Policy Management
 * (the confirmed tenants, the update icon with its original date, a second check confirming none, a
 * failure of SiteLink as 'Error!'); each ledger report downloaded from the facility detail row as a
 * real workbook, the other software's report refused and a facility without either told so. Rows are
 * found by the tenant's name or the facility's number, never by position.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { clearFaults, injectFault, ledgerState } from '../../localstack/simulators/control-client';
import { simulatedLedger, siteLinkCoverages } from '../../localstack/simulators/data';
import type { TenantView } from '../../shared/contracts/tenants';
import { expectAccessible } from './a11y';
import { apiLogin, chooseOption, DEMO, expect as baseExpect, loginAs, openAs, presignedUrl, test } from './fixtures';
import { importRentRoll, listed, makeCycle, makeFacility, shownDay, softwareKnownNumber, tenantsOfFacility } from './program-data';
import type { MadeFacility } from './program-data';

// The machine is shared and slow at times: each check and report is a job that asks a simulator.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-charges-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/**
 * A SiteLink facility with 60 tenants from a sample rent roll; through its manager, `insured` tenants
 * on ledgers SiteLink bills insurance on and one on a ledger without it choose the facility's plan
 * (each uniquely named, so its row is found by name).
 */
async function seedSiteLink(request: APIRequestContext, insured: number): Promise<{ facility: MadeFacility; insured: TenantView[]; uninsured: TenantView }> {
  const number = await softwareKnownNumber(request);
  const site = `C${randomBytes(3).toString('hex')}`;
  const { dcCoverage, dcPremium, InsurCoverageID } = siteLinkCoverages(number)[0]!;
  const facility = await makeFacility(request, {
    facility_number: number, prime_site_id: site, software: 'sitelink_web',
    coverages: JSON.stringify([{ coverage: dcCoverage, premium: dcPremium, sitelink_coverage_id: InsurCoverageID }]),
  });
  const cycle = await makeCycle(request, number);
  // About one ledger in eight is insured at the simulator: 100 random rows leave it practically sure that two are
  // (at 60 rows about one run in sixty would have fallen short).
  const rentRoll = await writeSampleRentRoll({ software: 'sitelink_web', primeSiteId: site, rows: 100, seed: randomInt(1, 1_000_000), dir: join(dir, randomBytes(3).toString('hex')) });
  await importRentRoll(request, cycle.id, 'sitelink_web', rentRoll.files);

  const all = await tenantsOfFacility(request, number);
  const uses = new Map<string, number>();
  for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
  const unique = all.filter((t) => uses.get(listed(t)) === 1 && listed(t).length < 35);
  const ofKind = (kind: string) => unique.filter((t) => simulatedLedger(number, t.ledger_id)?.kind === kind);
  const chosen = [...ofKind('insured').slice(0, insured), ofKind('current')[0]!];
  expect(chosen.filter(Boolean).length, 'tenants on insured and current ledgers').toBe(insured + 1);

  const token = await apiLogin(request, facility.username, facility.password);
  const headers = { authorization: `Bearer ${token}` };
  const coverages = await (await request.get(`/api/cycles/${cycle.id}/coverages`, { headers })).json() as { id: string }[];
  for (const t of chosen) {
    const response = await request.post('/api/managers/update-tenant', { headers, form: { id: t.id, updated_at: t.updated_at, coverage: coverages[0]!.id } });
    expect(response.status(), await response.text()).toBe(200);
  }
  // As they are now: the choice dated the plan.
  const now = new Map((await tenantsOfFacility(request, number)).map((t) => [t.id, t]));
  const fresh = chosen.map((t) => now.get(t.id)!);
  for (const t of fresh) expect(t.insurance_effective_date, listed(t)).not.toBeNull();
  return { facility, insured: fresh.slice(0, insured), uninsured: fresh[insured]! };
}

/** Insurance Policy Management with the SiteLink facility chosen. */
async function openFacility(page: Page, facility: MadeFacility): Promise<void> {
  await openAs(page, DEMO.monitor.username, '/insurance-policy-management');
  await chooseOption(page, /^Software/, 'SiteLink');
  await page.getByRole('button', { name: /^Facility/ }).click();
  await page.getByLabel('Find a facility number').fill(facility.facility_number);
  await page.getByRole('option', { name: new RegExp(`^${facility.facility_number}`) }).click();
  await expect(page.getByRole('button', { name: 'Check Charges' })).toBeEnabled();
}

async function checkCharges(page: Page, facility: MadeFacility): Promise<Locator> {
  await page.getByRole('button', { name: 'Check Charges' }).click();
  const modal = dialog(page, `Checking Charges for ${facility.facility_number}`);
  await expect(modal).toBeVisible();
  return modal;
}

async function close(modal: Locator): Promise<void> {
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(modal).toBeHidden();
}

test('Check Charges: the tenants SiteLink bills insurance for are confirmed with its start date, the original kept behind the update icon; a second check confirms none; SiteLink failing is Error!', async ({ page, request }) => {
  const { facility, insured, uninsured } = await seedSiteLink(request, 2);
  const n = facility.facility_number;
  await openFacility(page, facility);

  const modal = await checkCharges(page, facility);
  await expect(modal.getByText('Check complete!')).toBeVisible();
  await expect(modal.getByText('Confirmed 2 tenants.', { exact: true })).toBeVisible();
  const table = modal.getByRole('table');
  for (const header of ['Unit', 'Tenant Name', 'Insurance Effective Date']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const after = new Map((await tenantsOfFacility(request, n)).map((t) => [t.id, t]));
  for (const t of insured) {
    const start = (await ledgerState('sitelink', n, t.ledger_id)).insurance!.start_date;
    const stored = after.get(t.id)!;
    expect(stored).toMatchObject({ insurance_effective_date: start, api_confirmed: true });
    // The manager's choice dated the plan (today); SiteLink's start replaced it, the choice's date kept as the original.
    expect(stored.original_insurance_effective_date).toBe(t.insurance_effective_date);
    const row = table.locator('tbody tr').filter({ hasText: listed(t) });
    await expect(row).toContainText(t.unit);
    await expect(row).toContainText(shownDay(start));
    const icon = row.getByRole('img', { name: `Original Date: ${shownDay(t.insurance_effective_date!)}` });
    await icon.hover();
    const tooltip = page.getByText(`Original Date: ${shownDay(t.insurance_effective_date!)}`, { exact: true });
    await expect(tooltip).toBeVisible();
    // Away from the icon, the tooltip goes (it would cover the next row's icon).
    await modal.getByText('Check complete!').hover();
    await expect(tooltip).toBeHidden();
  }
  await expect(table).not.toContainText(listed(uninsured));
  expect(after.get(uninsured.id)).toMatchObject({ charge_confirmed_date: null, api_confirmed: false });
  await close(modal);

  // Confirmed once: the next check finds nothing new.
  const again = await checkCharges(page, facility);
  await expect(again.getByText('Confirmed 0 tenants.', { exact: true })).toBeVisible();
  await expect(again.getByText('No charges were confirmed.')).toBeVisible();
  await close(again);

  // SiteLink failing: 'Error!' with the message the job failed with.
  await injectFault('sitelink', { operation: 'InsuranceLedgerStatusByLedgerIDs', facility: n, fault: 'error' });
  try {
    const failed = await checkCharges(page, facility);
    await expect(failed.getByText('Error!')).toBeVisible();
    await expect(failed).toContainText('SiteLink could not be reached:');
    await close(failed);
  } finally {
    await clearFaults('sitelink');
  }
});

// ---------- the ledger reports ----------

const facilitiesTable = (page: Page) => page.getByTestId('facilities-table');

/** The facility's detail row on the Facilities page. */
async function openDetail(page: Page, facility: MadeFacility): Promise<Locator> {
  await page.goto('/list-facilities');
  await page.getByRole('searchbox', { name: 'Facility Name' }).fill(facility.facility_number);
  const row = facilitiesTable(page).locator('tbody tr').filter({ has: page.getByRole('rowheader').getByText(facility.facility_number, { exact: true }) });
  await row.getByRole('cell').nth(2).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Facility ${facility.facility_number}`) })).toBeVisible();
  return page.getByTestId('facility-detail');
}

/** Opens the report from the detail row, waits for it and downloads it; answers the workbook's first sheet. */
async function downloadReport(page: Page, request: APIRequestContext, panel: Locator, button: string, title: string): Promise<{ name: string; sheet: ExcelJS.Worksheet }> {
  await panel.getByRole('button', { name: button }).click();
  const modal = dialog(page, title);
  await expect(modal.getByText(/^The report is ready: /)).toBeVisible();
  const url = presignedUrl(page);
  await modal.getByRole('button', { name: 'Download' }).click();
  const link = await url;
  await expect(modal.getByText('If no download box has appeared, please disable your popup-blocker for this site.')).toBeVisible();
  const file = await request.get(link);
  expect(file.status()).toBe(200);
  const bytes = await file.body();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  await close(modal);
  return { name: decodeURIComponent(new URL(link).pathname.split('/').pop()!), sheet: book.worksheets[0]! };
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

test('the facility detail row offers each facility its own software\'s report only: the SiteLink rent roll, the StorEdge ledger, none for another software', async ({ page, request }) => {
  const sitelink = await makeFacility(request, { facility_number: await softwareKnownNumber(request), software: 'sitelink_web' });
  const storedge = await makeFacility(request, { facility_number: await softwareKnownNumber(request), software: 'storedge' });
  const syrasoft = await makeFacility(request, { software: 'syrasoft' });
  await loginAs(page, DEMO.monitor.username);

  let panel = await openDetail(page, sitelink);
  const rentRoll = await downloadReport(page, request, panel, 'Download SiteLink Rent Roll', `SiteLink Rent Roll for ${sitelink.facility_number}`);
  expect(rentRoll.name).toMatch(new RegExp(`^${sitelink.facility_number}_sitelink_rent_roll_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  expect(headerOf(rentRoll.sheet)).toEqual(expect.arrayContaining(['Unit', 'Status', 'Tenant', 'Move-In Date', 'Rent', 'Insurance Premium']));
  expect(rentRoll.sheet.rowCount).toBeGreaterThan(20);
  // A SiteLink facility has no StorEdge ledger: it is not offered (the server refuses it all the same: check-charges.test.ts).
  await expect(panel.getByRole('button', { name: 'Download StorEdge Ledger' })).toHaveCount(0);
  await expectAccessible(page);

  panel = await openDetail(page, storedge);
  const ledger = await downloadReport(page, request, panel, 'Download StorEdge Ledger', `StorEdge Ledger for ${storedge.facility_number}`);
  expect(ledger.name).toMatch(new RegExp(`^${storedge.facility_number}_storedge_ledger_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  expect(headerOf(ledger.sheet)).toEqual(expect.arrayContaining(['Unit', 'Tenant', 'Status', 'Insurance Plan', 'Insurance Start', 'Ledger ID']));
  expect(ledger.sheet.rowCount).toBeGreaterThan(20);
  await expect(panel.getByRole('button', { name: 'Download SiteLink Rent Roll' })).toHaveCount(0);

  // Neither SiteLink nor StorEdge: no ledger report is offered at all.
  panel = await openDetail(page, syrasoft);
  await expect(panel.getByRole('link', { name: 'View Tenants' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Download / })).toHaveCount(0);
});
