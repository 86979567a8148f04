/**
 * Insurance Policy Management in Chromium (spec tenants-letters-users §2 'Insurance Policy Management',
 * 'Setup modals', §4 'Policy setup', 'SiteLink tenant setup', 'StorEdge setup', §5, §8, §9): a fresh
 * facility of each software (a number the simulators know, 1100-1999) whose tenants chose a plan; the
 * facility choice, the filters, the tri-state select-all, the export as a real .xlsx, Check Charges
 * opening; tenants set up through each modal against the simulators, failures injected into the
 * simulator (refusals, the 'ignoring' state after 3 in a row) and one answer that is not the contract's
 * (page.route: the modal's own check); set-up tenants leave the list and show under List Setup Tenants.
 * Rows are found by the tenant's name or unit, never by position.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { clearFaults, injectFault, ledgerState, setLatency } from '../../localstack/simulators/control-client';
import { simulatedLedger, siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';
import type { TenantView } from '../../shared/contracts/tenants';
import { expectAccessible } from './a11y';
import { apiLogin, chooseOption, DEMO, expect as baseExpect, openAs, presignedUrl, test } from './fixtures';
import { adminHeaders, importRentRoll, listed, makeCycle, makeFacility, softwareKnownNumber, tenantsOfFacility } from './program-data';
import type { MadeCycle, MadeFacility } from './program-data';

// The machine is shared and slow at times: setups call the simulators, a StorEdge setup is a job.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-policy-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Software = 'sitelink' | 'storedge';
const IMPORT_SOFTWARE: Record<Software, string> = { sitelink: 'sitelink_web', storedge: 'storedge' };

// ---------- the program's data ----------

interface Seeded {
  facility: MadeFacility;
  cycle: MadeCycle;
  /** Tenants with a plan, uniquely named, whose ledgers the software holds as current (nothing to stop a setup). */
  chosen: TenantView[];
  plan: { coverage: number; premium: number };
}


/**
 * A facility of `software` offering the software's first plan (with its id there), a cycle, `rows`
 * tenants imported from a sample rent roll, and `planned` of them choosing that plan through the manager.
 * About 60% of the simulator's ledgers are current and some names or units repeat, so `rows` is about five
 * times `planned`: at 30 rows for 12 the random rent roll fell short in CI (11 of 12).
 */
async function seed(request: APIRequestContext, software: Software, rows: number, planned: number): Promise<Seeded> {
  const number = await softwareKnownNumber(request);
  const site = `P${randomBytes(3).toString('hex')}`;
  const plan = software === 'sitelink'
    ? (({ dcCoverage, dcPremium, InsurCoverageID }) => ({ coverage: dcCoverage, premium: dcPremium, sitelink_coverage_id: InsurCoverageID }))(siteLinkCoverages(number)[0]!)
    : (({ coverage_amount, amount, id }) => ({ coverage: coverage_amount!, premium: amount, storedge_coverage_id: id }))(storEdgeItems(number).find((i) => i.kind === 'insurance')!);
  const facility = await makeFacility(request, { facility_number: number, prime_site_id: site, software: IMPORT_SOFTWARE[software], coverages: JSON.stringify([plan]) });
  const cycle = await makeCycle(request, number);
  const rentRoll = await writeSampleRentRoll({ software: IMPORT_SOFTWARE[software] as 'storedge', primeSiteId: site, rows, seed: randomInt(1, 1_000_000), dir: join(dir, randomBytes(3).toString('hex')) });
  await importRentRoll(request, cycle.id, IMPORT_SOFTWARE[software], rentRoll.files);

  const all = await tenantsOfFacility(request, number);
  const uses = new Map<string, number>();
  for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
  const units = new Set<string>();
  const chosen = all.filter((t) => {
    const ok = uses.get(listed(t)) === 1 && listed(t).length < 35 && simulatedLedger(number, t.ledger_id)?.kind === 'current' && !units.has(t.unit);
    units.add(t.unit);
    return ok;
  }).slice(0, planned);
  expect(chosen.length, 'tenants on current ledgers').toBe(planned);

  // The facility's manager gives them the plan.
  const token = await apiLogin(request, facility.username, facility.password);
  const headers = { authorization: `Bearer ${token}` };
  const coverages = await (await request.get(`/api/cycles/${cycle.id}/coverages`, { headers })).json() as { id: string }[];
  for (const t of chosen) {
    const response = await request.post('/api/managers/update-tenant', { headers, form: { id: t.id, updated_at: t.updated_at, coverage: coverages[0]!.id } });
    expect(response.status(), await response.text()).toBe(200);
  }
  // As they are now (a later edit names this version).
  const now = new Map((await tenantsOfFacility(request, number)).map((t) => [t.id, t]));
  return { facility, cycle, chosen: chosen.map((t) => now.get(t.id)!), plan };
}

// ---------- the page ----------

const table = (page: Page) => page.getByTestId('setup-tenants-table');
const rows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, t: Pick<TenantView, 'first_name' | 'last_name'>) =>
  rows(page).filter({ has: page.getByRole('rowheader').getByText(listed(t), { exact: true }) });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const checkTenant = (page: Page, t: TenantView) => table(page).getByRole('checkbox', { name: `Check ${listed(t)}` }).click({ force: true });
const selectAll = (page: Page) => table(page).getByRole('checkbox', { name: 'Check all tenants on this page' });
const totalLine = (page: Page, n: number) => page.getByText(new RegExp(`^${n.toLocaleString('en-US')} total tenants`));

async function openPage(page: Page): Promise<void> {
  await openAs(page, DEMO.monitor.username, '/insurance-policy-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Policy Management' })).toBeVisible();
}

/** Chooses the software, then the facility by typing its number into the choice's filter. */
async function chooseFacility(page: Page, software: Software, facility: MadeFacility, listedCount: number): Promise<void> {
  await chooseOption(page, /^Software/, software === 'sitelink' ? 'SiteLink' : 'StorEdge');
  await page.getByRole('button', { name: /^Facility/ }).click();
  await page.getByLabel('Find a facility number').fill(facility.facility_number);
  await page.getByRole('option', { name: new RegExp(`^${facility.facility_number}`) }).click();
  await expect(totalLine(page, listedCount)).toBeVisible();
}

/** Applies the filters on Search and waits for the list that answers them. */
async function search(page: Page, check: (url: URL) => boolean): Promise<void> {
  const loaded = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/tenants/for-policy-setup' && check(url);
  });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await loaded;
}

/** The error filter's option by its whole label ('Errors' is also part of 'Non-Errors'). */
async function chooseErrorFilter(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: /^Errors/ }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function closeModal(modal: Locator): Promise<void> {
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(modal).toBeHidden();
}

/** The List Setup Tenants tab, filtered by facility number (and more), answers the rows shown. */
async function setUpRows(page: Page, filters: Record<string, string>): Promise<Locator> {
  await page.getByRole('tab', { name: 'List Setup Tenants' }).click();
  const tab = page.getByTestId('set-up-tenants-table');
  for (const label of ['Facility Number', 'Unit', 'Tenant Name', 'Policy Number']) await page.getByRole('searchbox', { name: label }).fill(filters[label] ?? '');
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tenants/set-up-policies' && new URL(r.url()).searchParams.get('facility_number') === filters['Facility Number']);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await loaded;
  return tab.locator('tbody tr');
}

// ---------- the tests ----------

test('SiteLink: the facility choice, filters, tri-state select-all, export, Check Charges; an unexpected answer, refusals and the ignoring state, then every tenant set up', async ({ page, request }) => {
  const seeded = await seed(request, 'sitelink', 60, 12);
  const { facility, chosen } = seeded;
  const n = facility.facility_number;
  await openPage(page);

  // Before a facility: the filters and the facility's buttons are disabled, the table empty.
  await expect(page.getByRole('searchbox', { name: 'Unit' })).toBeDisabled();
  await expect(page.getByRole('searchbox', { name: 'Tenant Name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Errors/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export Tenants' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Check Charges' })).toBeDisabled();
  await expect(table(page)).toContainText('No tenants to show.');

  await chooseFacility(page, 'sitelink', facility, chosen.length);
  const first = chosen[0]!;
  await expect(rowOf(page, first)).toContainText(`$${seeded.plan.premium.toLocaleString('en-US')} per month for $${seeded.plan.coverage.toLocaleString('en-US')}`);
  await expect(rowOf(page, first)).toContainText('---');

  // Unit and name filters apply on Search; Reset shows them all again.
  await page.getByRole('searchbox', { name: 'Unit' }).fill(first.unit);
  await search(page, (url) => url.searchParams.get('unit') === first.unit);
  await expect(rowOf(page, first)).toBeVisible();
  await expect(rows(page).filter({ hasNot: page.getByText(first.unit, { exact: true }) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(first.first_name);
  await search(page, (url) => url.searchParams.get('name') === first.first_name);
  await expect(rowOf(page, first)).toBeVisible();
  // Reset applies at once: the whole list again.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(totalLine(page, chosen.length)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Tenant Name' })).toHaveValue('');

  // The select-all: empty, partial with one checked, full, empty again.
  await expect(selectAll(page)).not.toBeChecked();
  await checkTenant(page, first);
  await expect(selectAll(page)).toBeChecked({ indeterminate: true });
  await expect(page.getByRole('button', { name: 'Setup 1 tenant', exact: true })).toBeVisible();
  await selectAll(page).click({ force: true });
  await expect(selectAll(page)).toBeChecked();
  await expect(page.getByRole('button', { name: `Setup ${chosen.length} tenants`, exact: true })).toBeVisible();
  await selectAll(page).click({ force: true });
  await expect(selectAll(page)).not.toBeChecked();
  await expect(page.getByRole('button', { name: /^Setup \d/ })).toHaveCount(0);

  // Export Tenants: a real workbook named {facility_number}_{date}_policy_export with the listed tenants.
  const url = presignedUrl(page);
  await page.getByRole('button', { name: 'Export Tenants' }).click();
  const link = decodeURIComponent(await url);
  expect(link).toMatch(new RegExp(`${n}_\\d{4}-\\d{2}-\\d{2}_policy_export`));
  const file = await request.get(await url);
  expect(file.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  const bytes = await file.body();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheetText = JSON.stringify(book.worksheets[0]!.getSheetValues());
  for (const t of chosen) expect(sheetText).toContain(t.first_name);

  // A failed export is the modal 'Error' with the server's message, or 'Unexpected error!' without one.
  for (const [answer, shown] of [[{ status: 409, body: '{"error":"Another export of this list is being written."}' }, 'Another export of this list is being written.'], [{ status: 502, body: '' }, 'Unexpected error!']] as const) {
    await page.route('**/api/tenants/export-policy-setup?*', (route) => route.fulfill({ ...answer, contentType: 'application/json' }));
    await page.getByRole('button', { name: 'Export Tenants' }).click();
    const failed = dialog(page, 'Error');
    await expect(failed).toContainText(shown);
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(failed).toBeHidden();
    await page.unroute('**/api/tenants/export-policy-setup?*');
  }

  // Check Charges opens its modal for the facility (its content is tested with the charge check).
  await page.getByRole('button', { name: 'Check Charges' }).click();
  const charges = dialog(page, `Checking Charges for ${n}`);
  await expect(charges).toBeVisible();
  await expect(charges.getByText(/Check complete!|Error!/)).toBeVisible();
  await closeModal(charges);

  // An answer that is not the contract's is that tenant's error (the modal's own check).
  await page.route('**/api/tenants/setup-policy', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"done":"yes"}' }));
  await checkTenant(page, first);
  await page.getByRole('button', { name: 'Setup 1 tenant', exact: true }).click();
  let modal = dialog(page, 'Setup SiteLink Tenants for Insurance');
  await expect(modal.getByTestId('setup-complete')).toContainText('Setup complete!');
  await expect(modal.getByTestId('setup-errors')).toContainText('Experienced 1 error:');
  await expect(modal.getByTestId('setup-errors')).toContainText(`${first.unit}, ${listed(first)}: Got unexpected response from server`);
  await closeModal(modal);
  await page.unroute('**/api/tenants/setup-policy');
  await expect(selectAll(page)).not.toBeChecked();

  // SiteLink refuses the first three: the run turns to ignoring and skips the other nine without a call.
  await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: n, fault: 'refuse', times: 3 });
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/tenants/setup-policy') calls.push(r.postData() ?? '');
  });
  try {
    await selectAll(page).click({ force: true });
    await page.getByRole('button', { name: `Setup ${chosen.length} tenants`, exact: true }).click();
    modal = dialog(page, 'Setup SiteLink Tenants for Insurance');
    // Not closable while saving.
    await expect(modal.getByRole('button', { name: 'Close', exact: true }).last()).toBeDisabled();
    await expect(modal.getByTestId('setup-complete')).toBeVisible();
    await expect(modal.getByTestId('setup-ignoring')).toBeVisible();
    await expectAccessible(page);
    await expect(modal.getByTestId('setup-errors')).toContainText('Experienced 3 errors:');
    // Past 10 tenants the list is a window around the current one (the last: itself and 5 before it).
    await expect(modal.getByTestId('setup-tenant')).toHaveCount(6);
    await expect(modal.getByTestId('setup-tenant').filter({ hasText: 'Skipped' })).toHaveCount(6);
    expect(calls).toHaveLength(3);
  } finally {
    await clearFaults('sitelink');
  }
  await closeModal(modal);
  const failed = chosen.filter((t) => calls.some((body) => body.includes(t.id)));
  expect(failed).toHaveLength(3);
  for (const t of chosen) expect((await ledgerState('sitelink', n, t.ledger_id)).insurance_writes).toBe(0);

  // The failures are the tenants' last errors, with the date logged in a tooltip; the error filter finds them.
  await expect(selectAll(page)).not.toBeChecked();
  const failedRow = rowOf(page, failed[0]!);
  await expect(failedRow.getByTestId('last-error')).not.toHaveText('---');
  await failedRow.getByTestId('last-error').hover();
  await expect(page.getByRole('tooltip')).toContainText('Logged ');
  await expectAccessible(page);
  await chooseErrorFilter(page, 'Errors');
  await search(page, (u) => u.searchParams.get('error_filter') === 'errors');
  await expect(totalLine(page, 3)).toBeVisible();
  for (const t of failed) await expect(rowOf(page, t)).toBeVisible();
  await chooseErrorFilter(page, 'Non-Errors');
  await search(page, (u) => u.searchParams.get('error_filter') === 'no_errors');
  await expect(totalLine(page, chosen.length - 3)).toBeVisible();
  await expect(rowOf(page, failed[0]!)).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(totalLine(page, chosen.length)).toBeVisible();

  // Every tenant set up: 'Setup complete!' with the Check Charges reminder, and the list empties.
  await selectAll(page).click({ force: true });
  await page.getByRole('button', { name: `Setup ${chosen.length} tenants`, exact: true }).click();
  modal = dialog(page, 'Setup SiteLink Tenants for Insurance');
  await expect(modal.getByTestId('setup-complete')).toContainText('Setup complete!', { timeout: 120_000 });
  await expect(modal.getByTestId('setup-complete')).toContainText('Click Check Charges after closing this window');
  await expect(modal.getByTestId('setup-errors')).toHaveCount(0);
  await expectAccessible(page);
  await closeModal(modal);
  await expect(totalLine(page, 0)).toBeVisible();
  await expect(table(page)).toContainText('No tenants to show.');
  for (const t of chosen) expect((await ledgerState('sitelink', n, t.ledger_id)).insurance_writes).toBe(1);

  // List Setup Tenants: the facility's tenants with their policy numbers, found by each filter.
  let shown = await setUpRows(page, { 'Facility Number': n });
  await expect(shown).toHaveCount(chosen.length);
  const policy = (await ledgerState('sitelink', n, first.ledger_id)).insurance!.policy_number;
  await expect(shown.filter({ hasText: listed(first) })).toContainText(policy);
  shown = await setUpRows(page, { 'Facility Number': n, 'Policy Number': policy });
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText(first.unit);
  shown = await setUpRows(page, { 'Facility Number': n, Unit: chosen[1]!.unit, 'Tenant Name': chosen[1]!.first_name });
  await expect(shown.filter({ hasText: listed(chosen[1]!) })).toHaveCount(1);
});

test('StorEdge: a tagged tenant is flagged, the batches show their states from the job, a refused batch does not stop the next, and set-up tenants leave the list', async ({ page, request }) => {
  const seeded = await seed(request, 'storedge', 40, 8);
  const { facility, chosen } = seeded;
  const n = facility.facility_number;
  // One tenant tagged for removal: listed and flagged (the setup refuses it; it is not checked here).
  const tagged = chosen[7]!;
  const tag = await request.post(`/api/tenants/${tagged.id}`, { headers: await adminHeaders(request), form: { updated_at: tagged.updated_at, tagged_for_removal: 'true' } });
  expect(tag.status(), await tag.text()).toBe(200);
  const toSetUp = chosen.slice(0, 7);

  await openPage(page);
  await chooseFacility(page, 'storedge', facility, chosen.length);
  await expect(rowOf(page, tagged)).toContainText('Flagged for deletion');
  await expect(rowOf(page, toSetUp[0]!)).not.toContainText('Flagged for deletion');

  // StorEdge refuses the first tenant's ledger: its batch of 5 reports the error, the second batch completes.
  const refused = toSetUp[0]!;
  await injectFault('storedge', { operation: 'ledgers.update', facility: n, ledger: refused.ledger_id, fault: 'refuse', times: 5 });
  // Slow answers, so the batches are seen waiting and working: every write of the others waits 2.5 s, longer
  // than the page's 1 s job poll even on a busy machine (with 400 ms for every call, a batch's writes in flight
  // at once finished between two polls in CI, and 'Setting up' was never seen).
  await setLatency('storedge', 400);
  for (const t of toSetUp.slice(1)) await injectFault('storedge', { operation: 'ledgers.update', facility: n, ledger: t.ledger_id, fault: 'slow', delay_ms: 2_500, times: 1 });
  try {
    for (const t of toSetUp) await checkTenant(page, t);
    const started = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tenants/setup-policies');
    await page.getByRole('button', { name: 'Setup 7 tenants', exact: true }).click();
    const body = (await started).postDataJSON() as { cycle_id: string; ledger_ids: string[] };
    expect(body.cycle_id).toBe(seeded.cycle.id);
    expect([...body.ledger_ids].sort()).toEqual(toSetUp.map((t) => t.ledger_id).sort());
    const modal = dialog(page, 'Setup StorEdge Tenants for Insurance');
    await expect(modal.getByTestId('setup-count')).toContainText('Setting up 7 tenants in StorEdge, 2 batches');
    const batches = modal.getByTestId('setup-batch');
    await expect(batches).toHaveCount(2);
    await expect(batches.nth(1)).toContainText('Waiting');
    await expect(batches.nth(0)).toContainText('Setting up 5 tenants');
    await expect(modal.getByRole('button', { name: 'Close', exact: true }).last()).toBeDisabled();
    await expect(batches.nth(1)).toContainText('Complete', { timeout: 120_000 });
    await expect(batches.nth(0)).not.toContainText(/Complete|Waiting|Setting up/);
    await expect(modal.getByTestId('setup-complete')).toContainText('Setup complete!');
    await expectAccessible(page);
    await closeModal(modal);
  } finally {
    await setLatency('storedge', 0);
    await clearFaults('storedge');
  }

  // The refused tenant stays with its last error; the others left the list and show as set up.
  await expect(selectAll(page)).not.toBeChecked();
  await expect(rowOf(page, refused).getByTestId('last-error')).not.toHaveText('---');
  for (const t of toSetUp.slice(1)) {
    await expect(rowOf(page, t)).toHaveCount(0);
    expect((await ledgerState('storedge', n, t.ledger_id)).insurance_writes).toBe(1);
  }
  expect((await ledgerState('storedge', n, refused.ledger_id)).insurance_writes).toBe(0);
  const shown = await setUpRows(page, { 'Facility Number': n });
  await expect(shown).toHaveCount(toSetUp.length - 1);
  for (const t of toSetUp.slice(1)) await expect(shown.filter({ hasText: listed(t) })).toHaveCount(1);
});
