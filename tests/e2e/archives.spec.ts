/**
 * Archives in Chromium (spec facilities-cycles-shell §2 'Archives tab', 'Archive wizard dialog', the
 * detail rows' Archive Facility and Archive Cycle; §4, §5, §8, §9; docs/decisions.md "Archives (web)"):
 * the Stats tab's wizard both ways (new letter dates, typed and proposed; skipped) and its 'Uh oh'
 * when the dates cannot be pulled, the single-step archive with its 'facility-archive-success' event,
 * a cycle archive, and the Archives tab's filters and download. Each test makes its own facility, cycle
 * and tenants (a sample rent roll imported through the API), finds rows by filter, and reads the export
 * the page opens: a real workbook naming every archived tenant.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import type { ArchiveView, QueuedArchive } from '../../shared/contracts/archives';
import type { FacilityView } from '../../shared/contracts/facilities';
import type { TenantView } from '../../shared/contracts/tenants';
import { expectAccessible } from './a11y';
import { DEMO, expect as baseExpect, notifications, openAs, presignedUrl, test } from './fixtures';
import { adminHeaders, getJson, importRentRoll, makeCycle, makeFacility, tenantsOfFacility, waitForJob } from './program-data';
import type { MadeCycle, MadeFacility } from './program-data';

// The machine is shared and slow at times: an archive is a job (write, verify, delete) on the worker.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-archives-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POPUP_HINT = 'If no download box has appeared, please disable your popup-blocker for this site.';

// ---------- the program's data ----------

interface Seeded {
  facility: MadeFacility;
  site: string;
  cycle: MadeCycle;
  tenants: TenantView[];
}

/** A StorEdge facility (with `fields`, say its letter dates) with a cycle and `rows` tenants imported from a sample rent roll. */
async function seed(request: APIRequestContext, fields: Record<string, string> = {}, rows = 6): Promise<Seeded> {
  const site = `AR${randomBytes(3).toString('hex')}`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge', ...fields });
  const cycle = await makeCycle(request, facility.facility_number, fields.letter_effective_date ? { letter_effective_date: fields.letter_effective_date } : {});
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows, seed: randomInt(1, 1_000_000), dir: join(dir, randomBytes(3).toString('hex')) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const tenants = await tenantsOfFacility(request, facility.facility_number);
  expect(tenants.length).toBeGreaterThan(0);
  return { facility, site, cycle, tenants };
}

async function facilityRecord(request: APIRequestContext, facilityNumber: string): Promise<FacilityView> {
  const answer = await getJson<{ data: FacilityView[] }>(request, `/api/facilities?facility_number=${facilityNumber}&per_page=100`);
  const found = answer.data.find((f) => f.facility_number === facilityNumber);
  expect(found, `facility ${facilityNumber}`).toBeTruthy();
  return found!;
}

/** An archive made through the API as the wizard makes it (dates skipped), waited for. */
async function archiveThroughApi(request: APIRequestContext, facilityId: string): Promise<QueuedArchive> {
  const response = await request.post(`/api/facility-archives/${facilityId}/execute`, { headers: await adminHeaders(request), form: { skip_letter_dates: 'true' } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const queued = (await response.json()) as QueuedArchive;
  const job = await waitForJob(request, queued.job_id);
  expect(job.status, job.error ?? '').toBe('done');
  return queued;
}

/** Every cell of the export's Tenants sheet, as text: the workbook the link answers, read with exceljs. */
async function exportedTenantCells(request: APIRequestContext, link: string): Promise<Set<string>> {
  const file = await request.get(link);
  expect(file.status()).toBe(200);
  const bytes = await file.body();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.getWorksheet('Tenants');
  expect(sheet, 'the export has a Tenants sheet').toBeTruthy();
  const cells = new Set<string>();
  sheet!.eachRow((row) => row.eachCell((cell) => cells.add(String(cell.text))));
  return cells;
}

/** Every archived tenant is in the export, by id and by name. */
function expectNamesEveryTenant(cells: Set<string>, tenants: readonly TenantView[]): void {
  for (const t of tenants) {
    expect(cells.has(t.id), `tenant ${t.id} in the export`).toBe(true);
    expect(cells.has(t.first_name), `${t.first_name} in the export`).toBe(true);
    if (t.last_name) expect(cells.has(t.last_name), `${t.last_name} in the export`).toBe(true);
  }
}

// ---------- the page ----------

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const progress = (page: Page) => page.getByTestId('archive-progress');

/**
 * Each poll of a job answers a second late, so the progress of an archive (a job of a few seconds here)
 * is on screen long enough to be seen. The answers themselves are the runtime's.
 */
async function slowJobPolls(page: Page): Promise<void> {
  await page.route('**/api/jobs/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
}

async function openFacilities(page: Page): Promise<void> {
  await openAs(page, DEMO.monitor.username, '/list-facilities');
  await baseExpect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
}

/** The Stats tab filtered to the facility, its row's details open; answers the row. */
async function openStatsRow(page: Page, facilityNumber: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Stats' }).click();
  await page.getByRole('searchbox', { name: 'Stats Facility Number' }).fill(facilityNumber);
  const stats = page.getByRole('table', { name: 'Facility stats' });
  const row = stats.locator('tbody tr').filter({ has: page.getByRole('rowheader').getByText(facilityNumber, { exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('cell').nth(2).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Stats of ${facilityNumber}`) })).toBeVisible();
  return row;
}

async function openWizard(page: Page, seeded: Pick<Seeded, 'facility' | 'site'>): Promise<Locator> {
  await openStatsRow(page, seeded.facility.facility_number);
  await page.getByRole('button', { name: 'Archive Facility' }).click();
  const wizard = dialog(page, `Archive ${seeded.facility.facility_number} (Prime Site ID ${seeded.site})`);
  await expect(wizard).toBeVisible();
  return wizard;
}

// ---------- the wizard ----------

test('the wizard archives a facility with new letter dates: the real counts, the proposed dates (one typed over), the progress, the export naming every tenant, the new dates set', async ({ page, request }) => {
  // 11-30 plus 3 months is the end of February (2028 is a leap year).
  const seeded = await seed(request, { letter_effective_date: '2027-11-30', initial_letter_send_date: '2027-10-15', reminder_letter_send_date: '2027-11-01' });
  const { facility, tenants } = seeded;
  const newDateCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/new-dates')) newDateCalls.push(r.url());
  });
  await openFacilities(page);
  const wizard = await openWizard(page, seeded);

  // Step 1: the warning with the facility's own counts (every tenant, whatever its status).
  const counted = (await getJson<{ data: { id: string; total_all: number }[] }>(request, `/api/facility-stats?facility_number=${facility.facility_number}`)).data.find((f) => f.id === facility.id)!;
  expect(counted.total_all).toBeGreaterThanOrEqual(tenants.length);
  await expect(wizard.getByText('Archiving cannot be undone.')).toBeVisible();
  await expect(wizard).toContainText(`Back up and delete all ${counted.total_all} tenants of the facility's open cycles.`);
  await expect(wizard).toContainText(`${counted.total_all} uploaded`);
  await expect(wizard).toContainText('Reset the period-specific facility fields');
  expect(newDateCalls).toHaveLength(0);
  await expectAccessible(page, { include: '[role="dialog"]' });

  // Step 2: the dates are fetched on first entry, each the current date plus 3 months, typed MM/dd/yyyy.
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(textbox(wizard, 'Audit Letter Date')).toHaveValue('01/15/2028');
  await expect(textbox(wizard, 'Reminder Date')).toHaveValue('02/01/2028');
  await expect(textbox(wizard, 'Letter Effective Date')).toHaveValue('02/29/2028');
  await textbox(wizard, 'Reminder Date').fill('02/05/2028');
  // Back and on again keeps what was typed, and does not ask again.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(textbox(wizard, 'Reminder Date')).toHaveValue('02/05/2028');
  expect(newDateCalls).toHaveLength(1);
  // A date missing: Complete waits for it.
  await textbox(wizard, 'Audit Letter Date').fill('');
  await expect(wizard.getByRole('button', { name: 'Complete' })).toBeDisabled();
  await textbox(wizard, 'Audit Letter Date').fill('01/15/2028');
  await expect(wizard.getByRole('button', { name: 'Complete' })).toBeEnabled();
  await expectAccessible(page, { include: '[role="dialog"]' });

  await slowJobPolls(page);
  const link = presignedUrl(page);
  // The Stats table reloads once the archive is done (and again when the dialog closes).
  const reloaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/facility-stats');
  await wizard.getByRole('button', { name: 'Complete' }).click();
  await expect(progress(page)).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Back' })).toBeDisabled();
  const url = await link;
  expect(decodeURIComponent(url)).toContain(`${facility.facility_number}_${seeded.site}_2027-11-30.xlsx`);
  expectNamesEveryTenant(await exportedTenantCells(request, url), tenants);
  await expect(wizard).toBeHidden();
  await expect(notifications(page).getByText(POPUP_HINT)).toBeVisible();

  // The tenants are gone, the facility has the new dates, and the Stats table reloaded.
  expect(await tenantsOfFacility(request, facility.facility_number)).toHaveLength(0);
  const after = await facilityRecord(request, facility.facility_number);
  expect(after).toMatchObject({ initial_letter_send_date: '2028-01-15', reminder_letter_send_date: '2028-02-05', letter_effective_date: '2028-02-29', initial_letter_sent_date: null });
  const stats = (await (await reloaded).json()) as { data: { id: string; total_all: number; upload_count: number }[] };
  expect(stats.data.find((f) => f.id === facility.id)).toMatchObject({ total_all: 0, upload_count: 0 });
});

test('the wizard can skip the letter dates (the pickers disabled), and says so when the dates cannot be pulled', async ({ page, request }) => {
  const seeded = await seed(request, { letter_effective_date: '2027-06-30' });
  const { facility, tenants } = seeded;
  await openFacilities(page);
  let wizard = await openWizard(page, seeded);
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(textbox(wizard, 'Letter Effective Date')).toHaveValue('09/30/2027');
  await wizard.getByText('Skip setting letter dates', { exact: true }).click();
  for (const name of ['Audit Letter Date', 'Reminder Date', 'Letter Effective Date']) await expect(textbox(wizard, name)).toBeDisabled();
  await expect(wizard.getByRole('button', { name: 'Complete' })).toBeEnabled();

  const link = presignedUrl(page);
  await wizard.getByRole('button', { name: 'Complete' }).click();
  const url = await link;
  expectNamesEveryTenant(await exportedTenantCells(request, url), tenants);
  await expect(wizard).toBeHidden();
  // The period fields are reset and no new dates are set.
  const after = await facilityRecord(request, facility.facility_number);
  expect(after).toMatchObject({ letter_effective_date: null, initial_letter_send_date: null, reminder_letter_send_date: null });
  expect(await tenantsOfFacility(request, facility.facility_number)).toHaveLength(0);

  // A facility gone before step 2 (one without cycles may be deleted): its dates cannot be pulled;
  // Complete waits for dates or a skip.
  const site = `AR${randomBytes(3).toString('hex')}`;
  const gone = { facility: await makeFacility(request, { prime_site_id: site }), site };
  wizard = await openWizard(page, gone);
  const removed = await request.delete(`/api/facilities/${gone.facility.id}`, { headers: await adminHeaders(request) });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByText('Uh oh. Letter dates could not be pulled for this facility.')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Complete' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Back' }).click();
  await wizard.getByRole('button', { name: 'Cancel' }).click();
  await expect(wizard).toBeHidden();
});

// ---------- the one-step archives ----------

test('Archive Facility in the active detail row asks, archives with its progress, opens the export and raises facility-archive-success', async ({ page, request }) => {
  const seeded = await seed(request);
  const { facility, tenants } = seeded;
  await openFacilities(page);
  await page.getByRole('searchbox', { name: 'Facility Name' }).fill(facility.facility_number);
  const row = page.getByTestId('facilities-table').locator('tbody tr').filter({ has: page.getByRole('rowheader').getByText(facility.facility_number, { exact: true }) });
  await row.getByRole('cell').nth(2).click();
  const panel = page.getByTestId('facility-detail');
  await page.evaluate(() => {
    window.addEventListener('facility-archive-success', (event) => {
      (window as unknown as { archived: unknown }).archived = (event as CustomEvent).detail;
    });
  });

  await panel.getByRole('button', { name: 'Archive Facility' }).click();
  const ask = dialog(page, 'Archive Facility');
  await expect(ask).toContainText(`Are you sure you want to archive ${facility.facility_number}?`);
  await expectAccessible(page, { include: '[role="dialog"]' });
  // Cancel leaves everything as it was.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(await tenantsOfFacility(request, facility.facility_number)).toHaveLength(tenants.length);

  await panel.getByRole('button', { name: 'Archive Facility' }).click();
  await slowJobPolls(page);
  const link = presignedUrl(page);
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expect(ask.getByText(`Archiving ${facility.facility_number}...`)).toBeVisible();
  await expect(progress(page)).toBeVisible();
  const url = await link;
  expectNamesEveryTenant(await exportedTenantCells(request, url), tenants);
  await expect(ask).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { archived?: unknown }).archived)).toMatchObject({ facility_id: facility.id, facility_number: facility.facility_number });
  // The list reloaded: the facility stays active, with nobody in the program.
  await expect(panel.getByRole('region', { name: 'Active In Program' })).toContainText(/Total In Program\s*0/);
  expect(await tenantsOfFacility(request, facility.facility_number)).toHaveLength(0);
});

test('Archive Cycle asks, shows the overlay while the job runs, opens the export and reloads the list without the archived cycle', async ({ page, request }) => {
  const seeded = await seed(request, { letter_effective_date: '2027-08-31' });
  const { facility, cycle, tenants } = seeded;
  await openAs(page, DEMO.monitor.username, `/manage-cycles?facility_number=${facility.facility_number}`);
  const row = page.getByTestId('cycles-table').locator('tbody tr').filter({ hasText: cycle.label });
  await expect(row).toHaveCount(1);
  await row.getByRole('cell').nth(3).click();

  await page.getByRole('button', { name: 'Archive Cycle' }).click();
  const ask = dialog(page, 'Archive Cycle');
  await expect(ask).toContainText(`Are you sure you want to archive cycle for ${facility.facility_number}?`);
  await expectAccessible(page, { include: '[role="dialog"]' });
  await slowJobPolls(page);
  const link = presignedUrl(page);
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expect(ask.getByText(`Archiving cycle for ${facility.facility_number}...`)).toBeVisible();
  await expect(progress(page)).toBeVisible();
  const url = await link;
  expect(decodeURIComponent(url)).toContain(`${facility.facility_number}_${seeded.site}_2027-08-31.xlsx`);
  expectNamesEveryTenant(await exportedTenantCells(request, url), tenants);
  await expect(ask).toBeHidden();
  // Reloaded: the archived cycle leaves the list (and its details with it).
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No cycles to show.')).toBeVisible();
  expect(await tenantsOfFacility(request, facility.facility_number)).toHaveLength(0);
});

// ---------- the Archives tab ----------

test('the Archives tab lists the archives by Facility Number and Letter Effective Date (typed yyyy-MM-dd), floors percent complete, and downloads the export', async ({ page, request }) => {
  // A Letter Effective Date of this test's own, so filtering by it finds only this test's archive.
  const led = `20${randomInt(40, 99)}-0${randomInt(1, 10)}-1${randomInt(0, 10)}`;
  const first = await seed(request, { letter_effective_date: led });
  const second = await seed(request, {}, 2);
  const archived = await archiveThroughApi(request, first.facility.id);
  await archiveThroughApi(request, second.facility.id);
  const view = (await getJson<{ data: ArchiveView[] }>(request, `/api/facility-archives?facility_number=${first.facility.facility_number}`)).data[0]!;

  const listCalls: URL[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/facility-archives') listCalls.push(u);
  });
  await openFacilities(page);
  await page.getByRole('tab', { name: 'Archives' }).click();
  const table = page.getByRole('table', { name: 'Archives' });
  const rows = table.locator('tbody tr').filter({ has: page.getByRole('rowheader') });
  const rowOf = (facilityNumber: string) => rows.filter({ has: page.getByRole('rowheader').getByText(facilityNumber, { exact: true }) });
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);

  // Facility Number: trimmed, one request once typing stops.
  const before = listCalls.length;
  await page.getByRole('searchbox', { name: 'Archive Facility Number' }).pressSequentially(`  ${first.facility.facility_number} `, { delay: 20 });
  await expect(rows).toHaveCount(1);
  await expect(rowOf(first.facility.facility_number)).toBeVisible();
  const sent = listCalls.slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.searchParams.get('facility_number')).toBe(first.facility.facility_number);
  const row = rowOf(first.facility.facility_number);
  await expect(row).toContainText(first.site);
  const [y, m, d] = led.split('-');
  await expect(row).toContainText(`${Number(m)}/${d}/${y}`);
  await expect(row).toContainText(`${Math.floor(view.percent_complete)}%`);
  await expect(row).toContainText(String(first.tenants.length));

  // The Download link opens the export: a real workbook naming every archived tenant.
  const link = presignedUrl(page);
  await row.getByRole('button', { name: `Download ${archived.export_filename}` }).click();
  const url = await link;
  expect(decodeURIComponent(url)).toContain(archived.export_filename);
  expectNamesEveryTenant(await exportedTenantCells(request, url), first.tenants);

  // Letter Effective Date alone, typed as yyyy-MM-dd: this test's archive, not the other one.
  const byDate = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname === '/api/facility-archives' && u.searchParams.get('letter_effective_date') === led && !u.searchParams.has('facility_number');
  });
  await page.getByRole('searchbox', { name: 'Archive Facility Number' }).fill('');
  await textbox(page, 'Archive Letter Effective Date').fill(led);
  expect((await byDate).status()).toBe(200);
  await expect(rowOf(first.facility.facility_number)).toBeVisible();
  await expect(rowOf(second.facility.facility_number)).toHaveCount(0);

  // Both filters, one of them matching nothing.
  await page.getByRole('searchbox', { name: 'Archive Facility Number' }).fill(second.facility.facility_number);
  await expect(table.getByText('No exports to show.')).toBeVisible();

  // Refresh asks again.
  const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/facility-archives');
  await page.getByRole('button', { name: 'Refresh archives' }).click();
  expect((await refreshed).status()).toBe(200);
});
