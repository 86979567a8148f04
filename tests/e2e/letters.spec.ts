/**
 * Send Proof Letters and Letter Batches in Chromium (spec tenants-letters-users §2 'Send Letters' and
 * 'Letter batches', §4 sending flow, §5 prompts and the 300 cap, §8 modals, §9): each letter type sent
 * for a facility (the warning, the date modal, the prompts, the job's progress, the success modal and
 * its links), the 300-tenant alert, Remove Ineligible Tenants and Sync Tenant Statuses, the blocking
 * tagged-for-removal warning, state mode, and a batch's PDF downloaded from Letter Batches. Every test
 * makes its own facility, cycle and tenants (a sample rent roll imported through the API) and finds
 * rows by the tenant's name, never by position.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { simulatedLedger } from '../../localstack/simulators/data';
import { MAILING_FILTER_LABELS } from '../../shared/contracts/letters';
import { countOf } from '../../shared/format';
import type { TenantView } from '../../shared/contracts/tenants';
import { expectAccessible } from './a11y';
import { apiLogin, chooseOption, DEMO, expect as baseExpect, loginAs, notifications, openAs, presignedUrl, test } from './fixtures';
import { adminHeaders, importRentRoll, listed, makeCycle, makeFacility, shownDay, softwareKnownNumber, tenantsOfFacility, waitForJob, wireDay } from './program-data';
import type { MadeCycle, MadeFacility } from './program-data';

// The machine is shared and slow at times: the table waits out its debounce, a batch its job.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-letters-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ---------- the program's data ----------

interface Seeded {
  facility: MadeFacility;
  cycle: MadeCycle;
  /** The tenants the Send Letters table lists (complete addresses), uniquely named. */
  tenants: TenantView[];
  /** How many tenants the table lists. */
  shown: number;
}


/** A facility (StorEdge, in `state`) with a cycle and `rows` tenants imported from a sample rent roll. */
async function seed(request: APIRequestContext, rows = 12, facilityFields: Record<string, string> = {}): Promise<Seeded> {
  const site = `L${randomBytes(3).toString('hex')}`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge', ...facilityFields });
  // The letters say from when the plan is added: a Letter Effective Date after every letter these tests send.
  const cycle = await makeCycle(request, facility.facility_number, { letter_effective_date: wireDay(60) });
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows, seed: randomInt(1, 1_000_000), dir: join(dir, randomBytes(3).toString('hex')) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const all = (await tenantsOfFacility(request, facility.facility_number)).filter((t) => !t.incomplete_address);
  const uses = new Map<string, number>();
  for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
  return { facility, cycle, tenants: all.filter((t) => uses.get(listed(t)) === 1 && listed(t).length < 35), shown: all.length };
}

async function tenantById(request: APIRequestContext, facilityNumber: string, id: string): Promise<TenantView> {
  const tenant = (await tenantsOfFacility(request, facilityNumber)).find((t) => t.id === id);
  expect(tenant, `tenant ${id}`).toBeTruthy();
  return tenant!;
}

/** The facility's manager gives tenants a coverage plan (they become ready for a welcome letter). */
async function chooseCoverage(request: APIRequestContext, seeded: Seeded, tenants: readonly TenantView[]): Promise<void> {
  const token = await apiLogin(request, seeded.facility.username, seeded.facility.password);
  const headers = { authorization: `Bearer ${token}` };
  const coverages = await (await request.get(`/api/cycles/${seeded.cycle.id}/coverages`, { headers })).json() as { id: string }[];
  expect(coverages.length).toBeGreaterThan(0);
  for (const t of tenants) {
    const response = await request.post('/api/managers/update-tenant', { headers, form: { id: t.id, updated_at: t.updated_at, coverage: coverages[0]!.id } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** A batch made through the API (as the page makes it), waited for; answers the job's result. */
async function letterBatch(request: APIRequestContext, facilityId: string, query: string): Promise<Record<string, unknown>> {
  const response = await request.get(`/api/facilities/${facilityId}/generate-letters?${query}`, { headers: await adminHeaders(request) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const job = await waitForJob(request, ((await response.json()) as { job_id: string }).job_id);
  expect(job.status, job.error ?? '').toBe('done');
  return job.result!;
}

// ---------- the page ----------

const table = (page: Page) => page.getByTestId('mailing-table');
const rows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, t: Pick<TenantView, 'first_name' | 'last_name'>) =>
  rows(page).filter({ has: page.getByRole('rowheader').getByText(listed(t), { exact: true }) });
const tenantsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Tenants/ });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const letterButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const checkTenant = (page: Page, t: TenantView) => table(page).getByRole('checkbox', { name: `Check ${listed(t)}` }).click({ force: true });
const checkAllOnPage = (page: Page) => table(page).getByRole('checkbox', { name: 'Check all tenants on this page' }).click({ force: true });

/** Another page of the table, once its rows are there (until then the rows of the page before stay on screen). */
async function goToPage(page: Page, n: number): Promise<void> {
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/tenants-mailing') && new URL(r.url()).searchParams.get('page') === String(n));
  await page.getByRole('button', { name: `Page ${n}` }).click();
  await loaded;
  await expect(page.getByRole('button', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'true');
  // The new page's rows are on screen: none of them is checked yet.
  await expect(table(page).getByRole('checkbox', { name: 'Check all tenants on this page' })).not.toBeChecked();
}

async function openPage(page: Page): Promise<void> {
  await openAs(page, DEMO.monitor.username, '/send-letters');
  await expect(page.getByRole('heading', { level: 1, name: 'Send Proof Letters' })).toBeVisible();
}

/** The facility finder with part of the number; the only match is chosen at once. */
async function findFacility(page: Page, facility: MadeFacility, shown: number): Promise<void> {
  const find = page.getByTestId('find-facility');
  // A partial query (the number less its first digit) may match other tests' facilities too: one
  // result is selected at once, several wait for a choice.
  await find.getByRole('searchbox', { name: 'Facility Number' }).fill(facility.facility_number.slice(1));
  await find.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('button', { name: /Found facilities/ });
  await expect(found).toBeVisible();
  if (!(await find.getByText('Found 1 facility', { exact: true }).isVisible())) {
    await found.click();
    await page.getByRole('option', { name: new RegExp(`^${facility.facility_number} - `) }).click();
  }
  await expect(found).toContainText(facility.facility_number);
  await expect(tenantsHeading(page)).toContainText(`(${shown})`);
}

/**
 * Picks a filter and answers the count its badge shows, once the table has reloaded with it (the reload
 * waits out its debounce; a click before it would land on the rows of the filter before).
 */
async function chooseFilter(page: Page, label: string): Promise<number> {
  const key = Object.entries(MAILING_FILTER_LABELS).find(([, l]) => l === label)![0];
  await page.getByRole('button', { name: /^Filter/ }).click();
  const option = page.getByRole('option', { name: new RegExp(`^${label}`) });
  await expect(option).toContainText(/\d/);
  const count = Number((await option.textContent())?.match(new RegExp(`^${label}\\s*([\\d,]+)`))?.[1]?.replace(/,/g, '') ?? NaN);
  const reloaded = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.endsWith('/tenants-mailing') && (url.searchParams.get('filter') ?? 'all') === key;
  });
  await option.click();
  await reloaded;
  return count;
}

/** The date modal: unparseable text is cleared on blur; a typed MM/dd/yyyy date is Set. */
async function setLetterDate(page: Page, name: string, wire: string): Promise<void> {
  const modal = dialog(page, name);
  const field = modal.getByRole('textbox', { name });
  await field.fill('13/45/20x');
  await field.blur();
  await expect(field).toHaveValue('');
  await expect(modal.getByRole('button', { name: 'Set' })).toBeDisabled();
  const [y, m, d] = wire.split('-');
  await field.fill(`${m}/${d}/${y}`);
  await field.blur();
  await expect(field).toHaveValue(`${m}/${d}/${y}`);
  await modal.getByRole('button', { name: 'Set' }).click();
  await expect(modal).toBeHidden();
}

/** Waits for the success modal and answers it; the progress bar was shown on the way. */
async function lettersReady(page: Page, header: string): Promise<Locator> {
  const ready = dialog(page, header);
  await expect(ready).toBeVisible({ timeout: 120_000 });
  await expect(ready).toContainText('If no download box has appeared, please disable your popup-blocker for this site.');
  return ready;
}

/** Clicks a link that opens a presigned download and answers the file. */
async function downloaded(page: Page, request: APIRequestContext, link: Locator): Promise<{ url: string; type: string; body: Buffer }> {
  const url = presignedUrl(page);
  await link.click();
  const file = await request.get(await url);
  expect(file.status()).toBe(200);
  return { url: decodeURIComponent(await url), type: file.headers()['content-type'] ?? '', body: await file.body() };
}

/** The mail-merge workbook's rows, each by its merge field names. */
async function mergeRows(body: Buffer): Promise<Record<string, string>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Mail Merge')!;
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => { header[column] = cell.text; });
  const rows: Record<string, string>[] = [];
  // Columns count from 1: flatMap skips the hole at 0.
  sheet.eachRow((row, n) => { if (n > 1) rows.push(Object.fromEntries(header.flatMap((h, column) => [[h, row.getCell(column).text]]))); });
  return rows;
}

// ---------- the tests ----------

test('audit then reminder letters for a facility: warning, date, prompts, progress, download and mail merge', async ({ page, request }) => {
  const seeded = await seed(request, 14);
  const { facility, tenants } = seeded;
  await openPage(page);
  await findFacility(page, facility, seeded.shown);
  expect(await chooseFilter(page, 'Audit Letter Ready')).toBe(seeded.shown);

  // Audit letter, nobody checked: the warning, which says how many are ready, then the date (issue 24: no third 'first 300' prompt).
  await page.route('**/api/jobs/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await letterButton(page, 'Audit Letter').click();
  const warning = dialog(page, 'Warning');
  await expect(warning).toContainText('Have ineligible tenants been removed?');
  await expect(warning).toContainText('Remove Ineligible Tenants');
  await expect(warning).toContainText('Audit Letter Ready');
  await expect(warning.getByTestId('letter-recipients')).toHaveText(`Letters will be generated for ${seeded.shown} ready tenants.`);
  await expectAccessible(page, { include: '[role="dialog"]' });
  await warning.getByRole('button', { name: 'No' }).click();
  await expect(warning).toBeHidden();
  await letterButton(page, 'Audit Letter').click();
  await dialog(page, 'Warning').getByRole('button', { name: 'Yes' }).click();
  const auditDay = wireDay(0);
  await setLetterDate(page, 'Audit Letter Date', auditDay);
  await expect(dialog(page, 'Generate letters')).toHaveCount(0);
  await expect(page.getByTestId('letter-progress')).toBeVisible();
  let ready = await lettersReady(page, 'Audit letters are ready');
  const pdf = await downloaded(page, request, ready.getByRole('button', { name: 'Download' }));
  expect(pdf.type).toContain('application/pdf');
  expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
  expect(pdf.url).toContain(`${facility.facility_number}_Audit_Letters_`);
  const merge = await downloaded(page, request, ready.getByRole('button', { name: 'Mail Merge' }));
  expect(merge.body.subarray(0, 2).toString()).toBe('PK');
  // A mail house merging its own letters has every fact the letter prints: the respond-by date, the default plan and its premium, from when.
  const merged = await mergeRows(merge.body);
  expect(merged.length).toBe(seeded.shown);
  for (const row of merged) {
    expect(row.respond_by).toMatch(/^(\d\d\/\d\d\/\d{4}|Within 30 days)$/);
    expect(row.default_plan_coverage).toMatch(/^\$[\d,]+$/);
    expect(row.default_plan_monthly_premium).toMatch(/^\$\d+\.\d\d$/);
    expect(row.default_plan_start_date).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(row.coverage_options).toContain(`${row.default_plan_coverage} for ${row.default_plan_monthly_premium} per month`);
  }
  await ready.getByRole('button', { name: 'Close' }).last().click();
  await page.unroute('**/api/jobs/**');

  // Counts and table reload: nobody is ready for an audit letter now; each has the letter's date.
  await expect(table(page)).toContainText('No tenants to show.');
  const someone = tenants[0]!;
  expect((await tenantById(request, facility.facility_number, someone.id)).initial_letter_sent_date).toBe(auditDay);
  expect(await chooseFilter(page, 'All')).toBe(seeded.shown);
  await expect(rowOf(page, someone)).toContainText(shownDay(auditDay));

  // An audit letter to a tenant who already had one asks first; Cancel sends nothing.
  await checkTenant(page, someone);
  await expect(page.getByText('1 of at most 300 tenants checked.')).toBeVisible();
  await letterButton(page, 'Audit Letter').click();
  await dialog(page, 'Warning').getByRole('button', { name: 'Yes' }).click();
  await setLetterDate(page, 'Audit Letter Date', auditDay);
  await expect(dialog(page, 'Generate letters')).toContainText('One or more of the selected tenants have already been sent an audit letter. Continue?');
  await dialog(page, 'Generate letters').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('1 of at most 300 tenants checked.')).toBeVisible();

  // Yes sends it again on purpose: the call carries resend, and the tenant has the new letter's date.
  const resentDay = wireDay(1);
  await letterButton(page, 'Audit Letter').click();
  await dialog(page, 'Warning').getByRole('button', { name: 'Yes' }).click();
  await setLetterDate(page, 'Audit Letter Date', resentDay);
  await expect(dialog(page, 'Generate letters')).toContainText('One or more of the selected tenants have already been sent an audit letter. Continue?');
  const resent = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/generate-letters'));
  await dialog(page, 'Generate letters').getByRole('button', { name: 'Yes' }).click();
  const asked = new URL((await resent).url()).searchParams;
  expect([asked.get('tenants'), asked.get('resend')]).toEqual([someone.id, 'true']);
  ready = await lettersReady(page, 'Audit letters are ready');
  await expect(ready).toContainText('1 letter was written for 1 tenant.');
  await ready.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText(/tenants checked/)).toBeHidden();
  expect((await tenantById(request, facility.facility_number, someone.id)).initial_letter_sent_date).toBe(resentDay);

  // Reminder letters to two checked tenants: the statuses warning, its date, no prompt.
  expect(await chooseFilter(page, 'Reminder Letter Ready')).toBe(seeded.shown);
  const reminded = tenants.slice(1, 3);
  for (const t of reminded) await checkTenant(page, t);
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeVisible();
  await letterButton(page, 'Reminder Letter').click();
  await expect(dialog(page, 'Warning')).toContainText('Have tenant statuses been updated?');
  await expect(dialog(page, 'Warning')).toContainText('Sync Tenant Statuses');
  await expect(dialog(page, 'Warning').getByTestId('letter-recipients')).toHaveText(`Letters will be generated for the ${reminded.length} checked ${reminded.length === 1 ? 'tenant' : 'tenants'}.`);
  await dialog(page, 'Warning').getByRole('button', { name: 'Yes' }).click();
  const reminderDay = wireDay(8);
  await setLetterDate(page, 'Reminder Letter Date', reminderDay);
  ready = await lettersReady(page, 'Reminder letters are ready');
  await expect(ready).toContainText('2 letters were written for 2 tenants.');
  await ready.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText(/tenants checked/)).toBeHidden();
  for (const t of reminded) {
    await expect(rowOf(page, t)).toHaveCount(0);
    expect((await tenantById(request, facility.facility_number, t.id)).reminder_letter_sent_date).toBe(reminderDay);
  }
});

test('welcome letters go by post only to tenants without an email; the others get their certificate by email', async ({ page, request }) => {
  // The sample rent roll gives most tenants an email, at random: seed again until one has none.
  const sample = (s: Seeded) => ({ withEmail: s.tenants.filter((t) => t.email).slice(0, 2), withoutEmail: s.tenants.filter((t) => !t.email).slice(0, 1) });
  let seeded = await seed(request, 16);
  for (let tries = 1; tries < 5 && sample(seeded).withEmail.length + sample(seeded).withoutEmail.length < 3; tries += 1) seeded = await seed(request, 16);
  const { withEmail, withoutEmail } = sample(seeded);
  expect(withEmail.length + withoutEmail.length, 'sample tenants with and without email').toBe(3);
  await chooseCoverage(request, seeded, [...withEmail, ...withoutEmail]);

  await openPage(page);
  await findFacility(page, seeded.facility, seeded.shown);
  expect(await chooseFilter(page, 'Welcome Letter Ready')).toBe(3);
  await expect(rows(page)).toHaveCount(3);

  await letterButton(page, 'Welcome Letter').click();
  await expect(dialog(page, 'Warning')).toContainText('Have tenant statuses been updated?');
  await expect(dialog(page, 'Warning')).toContainText('Welcome Letter Ready');
  // The true count, in the singular and plural the number asks for; no date for a welcome letter, so Yes generates.
  await expect(dialog(page, 'Warning').getByTestId('letter-recipients')).toHaveText('Letters will be generated for 3 ready tenants.');
  await dialog(page, 'Warning').getByRole('button', { name: 'Yes' }).click();
  const ready = await lettersReady(page, 'Welcome letters are ready');
  await expect(ready).toContainText('Only tenants without an email set will receive a welcome letter.');
  await expect(ready).toContainText('2 certificates were e-mailed');
  await expect(ready).toContainText('1 letter was written for 3 tenants.');
  const pdf = await downloaded(page, request, ready.getByRole('button', { name: 'Download' }));
  expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
  await ready.getByRole('button', { name: 'Close' }).last().click();
  await expect(table(page)).toContainText('No tenants to show.');

  expect(await chooseFilter(page, 'All')).toBeGreaterThan(0);
  await expect(rowOf(page, withoutEmail[0]!)).toContainText('Mailed');
  await expect(rowOf(page, withEmail[0]!)).toContainText('Certificate emailed');
});

test('sample letters: one facility, a PDF and no mail merge; not offered by state', async ({ page, request }) => {
  const seeded = await seed(request, 6);
  await openPage(page);
  await findFacility(page, seeded.facility, seeded.shown);
  await letterButton(page, 'Sample Letters').click();
  const ready = await lettersReady(page, 'Sample letters are ready');
  const pdf = await downloaded(page, request, ready.getByRole('button', { name: 'Download' }));
  expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
  await expect(ready.getByRole('button', { name: 'Mail Merge' })).toHaveCount(0);
  await ready.getByRole('button', { name: 'Close' }).last().click();
  // Sample letters change no tenant: all are still ready for the audit letter.
  expect(await chooseFilter(page, 'Audit Letter Ready')).toBe(seeded.shown);

  await page.getByRole('tab', { name: 'By State' }).click();
  await expect(letterButton(page, 'Sample Letters')).toHaveCount(0);
});

test('state mode lists every facility of the state with its facility number', async ({ page, request }) => {
  // A state no demo facility is in. Other runs against the same program (--repeat-each, a second npm
  // start) may have left facilities there too, so what the page must show is the server's list of the
  // state, which must hold this test's facility, and the state's tenants are the sum of its facilities'.
  const seeded = await seed(request, 8, { state: 'GU', zip_code: '96910' });
  const headers = await adminHeaders(request);
  const inState = await (await request.get('/api/facilities/state/GU', { headers })).json() as { facility_number: string }[];
  const numbers = inState.map((f) => f.facility_number);
  expect(numbers).toContain(seeded.facility.facility_number);
  const counts = await (await request.get('/api/facilities/state/GU/tenant-mailing-counts', { headers })).json() as { key: string; count: number }[];
  const countOfKey = (key: string) => counts.find((c) => c.key === key)!.count;
  expect(countOfKey('all')).toBeGreaterThanOrEqual(seeded.shown);

  await openPage(page);
  await page.getByRole('tab', { name: 'By State' }).click();
  await chooseOption(page, /^State/, 'Guam (GU)');
  await expect(page).toHaveURL(/[?&]state=GU\b/);
  await expect(page.getByText(`${countOf(numbers.length, 'facility', 'facilities')}: ${numbers.join(', ')}`)).toBeVisible();
  await expect(tenantsHeading(page)).toContainText(`(${countOfKey('all')})`);
  const someone = seeded.tenants[0]!;
  await expect(rowOf(page, someone)).toContainText(seeded.facility.facility_number);
  await expect(table(page).getByRole('columnheader', { name: 'Facility', exact: true }).first()).toBeAttached();
  expect(await chooseFilter(page, 'Audit Letter Ready')).toBe(countOfKey('initial_letter_ready'));
});

test('more than 300 checked tenants are refused with the alert', async ({ page, request }) => {
  const seeded = await seed(request, 330);
  const { shown } = seeded;
  expect(shown, 'more than 300 tenants listed').toBeGreaterThan(300);
  await openPage(page);
  await findFacility(page, seeded.facility, shown);
  await expect(rows(page)).toHaveCount(100);
  await checkAllOnPage(page);
  await expect(page.getByText('100 of at most 300 tenants checked.')).toBeVisible();
  for (const n of [2, 3]) {
    await goToPage(page, n);
    await checkAllOnPage(page);
  }
  await expect(page.getByText('300 of at most 300 tenants checked.')).toBeVisible();
  await goToPage(page, 4);
  await checkAllOnPage(page);
  const alert = dialog(page, 'Selection limit');
  await expect(alert).toContainText('You can select at most 300 tenants at a time');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('300 of at most 300 tenants checked.')).toBeVisible();
});

test('Remove Ineligible Tenants and Sync Tenant Statuses: no facility, the confirmation listing every tenant with its reason, success modals, restore', async ({ page, request }) => {
  // A facility whose tenants include a moved-out ledger the simulator reports (about one ledger in eight).
  let seeded = await seed(request, 40, { facility_number: await softwareKnownNumber(request) });
  const movedOut = (s: Seeded) => s.tenants.find((t) => simulatedLedger(s.facility.facility_number, t.ledger_id)?.kind === 'moved_out');
  while (!movedOut(seeded)) seeded = await seed(request, 40, { facility_number: await softwareKnownNumber(request) });
  const leaving = movedOut(seeded)!;
  await openPage(page);
  // With no rows in the table there is nothing to check.
  await page.getByRole('button', { name: 'Remove Ineligible Tenants' }).click();
  await expect(dialog(page, 'Failed')).toContainText('You must select a facility first.');
  await dialog(page, 'Failed').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Sync Tenant Statuses' }).click();
  await expect(dialog(page, 'Failed')).toContainText('You must select a facility first.');
  await dialog(page, 'Failed').getByRole('button', { name: 'OK' }).click();

  const before = seeded.shown;
  const n = seeded.facility.facility_number;
  // Every tenant of the facility is checked, those hidden for an incomplete address too.
  const total = (await tenantsOfFacility(request, n)).length;
  await findFacility(page, seeded.facility, before);
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tenants/remove-uneligible-ledgers');
  await page.getByRole('button', { name: 'Remove Ineligible Tenants' }).click();
  // The whole facility is checked, not the rows on screen.
  expect((await sent).postDataJSON()).toEqual({ facility_number: n, software: 'storedge' });
  const confirm = dialog(page, 'Remove Ineligible Tenants');
  await expect(confirm.getByTestId('removal-summary')).toContainText(`The facility software was asked about the ${total} tenants of facility ${n}.`);
  const listedRow = confirm.getByTestId('removal-preview-table').locator('tbody tr').filter({ hasText: leaving.ledger_id });
  await expect(listedRow).toContainText(`${leaving.first_name} ${leaving.last_name ?? ''}`.trim());
  await expect(listedRow).toContainText('Moved out');
  const removeButton = confirm.getByRole('button', { name: /^Remove \d+ tenants?$/ });
  const toRemove = Number((await removeButton.textContent())?.match(/\d+/)?.[0]);
  expect(toRemove).toBeGreaterThan(0);
  await expect(confirm.getByRole('heading', { level: 2, name: /^Ineligible tenants/ })).toContainText(`(${toRemove})`);
  // Nothing is removed before the confirmation.
  await expect(tenantsHeading(page)).toContainText(`(${before})`);
  // Over the cap, Remove waits for the separate override (tests/integration/ledger-checks.test.ts covers the server's refusal).
  if (await confirm.getByTestId('over-cap').isVisible()) {
    await expect(removeButton).toBeDisabled();
    await confirm.getByRole('checkbox', { name: /^Remove all \d+ anyway/ }).check();
  }
  await removeButton.click();
  const success = dialog(page, 'Success');
  await expect(success).toContainText(`${toRemove} tenant(s) were ineligible and removed. They can be restored for 30 days on Removed Tenants.`);
  await success.getByRole('button', { name: 'OK' }).click();
  expect((await tenantsOfFacility(request, n)).length).toBe(total - toRemove);
  await expect(tenantsHeading(page)).not.toContainText(`(${before})`);

  await page.getByRole('button', { name: 'Sync Tenant Statuses' }).click();
  await expect(dialog(page, 'Success')).toContainText('Successfully updated tenant statuses.');
  await dialog(page, 'Success').getByRole('button', { name: 'OK' }).click();

  // Staff put a removed tenant back from Removed Tenants.
  await page.goto('/removed-tenants');
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill(n);
  await page.getByRole('button', { name: 'Search' }).click();
  const removedTable = page.getByTestId('removed-tenants-table');
  const removedRow = removedTable.locator('tbody tr').filter({ hasText: leaving.ledger_id });
  await expect(removedRow).toContainText('Moved out');
  await expect(removedRow).toContainText(DEMO.monitor.username);
  await expect(page.getByRole('heading', { level: 2, name: /^Removed tenants/ })).toContainText(`(${toRemove})`);
  await removedRow.getByRole('checkbox').click({ force: true });
  await page.getByRole('button', { name: 'Restore 1 tenant' }).click();
  await expect(dialog(page, 'Success')).toContainText('1 tenant(s) restored.');
  await dialog(page, 'Success').getByRole('button', { name: 'OK' }).click();
  await expect(removedRow).toHaveCount(0);
  expect((await tenantById(request, n, leaving.id)).ledger_id).toBe(leaving.ledger_id);
});

test('tenants tagged for removal block the letters; tenants with an incomplete address are hidden', async ({ page, request }) => {
  const seeded = await seed(request, 10);
  const [tagged, incomplete] = seeded.tenants;
  const headers = await adminHeaders(request);
  let response = await request.post(`/api/tenants/${tagged!.id}`, { headers, form: { updated_at: tagged!.updated_at, tagged_for_removal: 'true' } });
  expect(response.status(), await response.text()).toBe(200);
  response = await request.post(`/api/tenants/${incomplete!.id}`, { headers, form: { updated_at: incomplete!.updated_at, address: '' } });
  expect(response.status(), await response.text()).toBe(200);

  await openPage(page);
  // Generating without a facility: nothing to generate for.
  await letterButton(page, 'Audit Letter').click();
  await expect(dialog(page, 'Error')).toContainText('No active tab selected.');
  await dialog(page, 'Error').getByRole('button', { name: 'OK' }).click();

  // The tenant without an address is no longer listed.
  await findFacility(page, seeded.facility, seeded.shown - 1);
  await expect(page.getByTestId('tagged-warning')).toContainText('Some tenants are tagged for removal. They will need to be removed or untagged before continuing.');
  const hidden = (await tenantsOfFacility(request, seeded.facility.facility_number)).filter((t) => t.incomplete_address).length;
  await expect(page.getByTestId('hidden-warning')).toHaveText(
    hidden === 1 ? '1 tenant is hidden because it has an incomplete address!' : `${hidden} tenants are hidden because they have an incomplete address!`,
  );
  await expect(rowOf(page, incomplete!)).toHaveCount(0);
  await expect(rowOf(page, tagged!)).toContainText('Tagged for removal');
  for (const name of ['Audit Letter', 'Reminder Letter', 'Welcome Letter', 'Sample Letters']) await expect(letterButton(page, name)).toBeDisabled();

  // Issue 24: the warning says how many, and takes the user to them in the Master Tenants List.
  await expect(page.getByTestId('tagged-warning')).toContainText('1 tenant is tagged.');
  await expectAccessible(page);
  await page.getByTestId('tagged-warning').getByRole('link', { name: 'Show the tagged tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenant-list\\?facility_number=${seeded.facility.facility_number}&tagged_for_removal=true$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Master Tenants List' })).toBeVisible();
  const tenantRows = page.getByTestId('tenants-table').locator('tbody tr');
  await expect(tenantRows.filter({ hasText: listed(tagged!) })).toHaveCount(1);
  await expect(tenantRows).toHaveCount(1);
});

test('failures: the counts, a failed batch (modal Error) and the tenant list (toast)', async ({ page, request }) => {
  const seeded = await seed(request, 6);
  await openPage(page);
  await page.route('**/api/facilities/*/tenant-mailing-counts**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Boom.' }) }));
  await page.route('**/api/facilities/*/generate-letters**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The letters could not be queued.' }) }));
  await findFacility(page, seeded.facility, seeded.shown);
  await expect(page.getByText('Error loading tenant counts')).toBeVisible();

  await letterButton(page, 'Welcome Letter').click();
  // Without the counts the warning still says whom: the first 300 ready tenants.
  await expect(dialog(page, 'Warning').getByTestId('letter-recipients')).toHaveText('Letters will be generated for the first 300 ready tenants.');
  await dialog(page, 'Warning').getByRole('button', { name: 'Yes' }).click();
  await expect(dialog(page, 'Error')).toContainText('The letters could not be queued.');
  await dialog(page, 'Error').getByRole('button', { name: 'OK' }).click();

  await page.route('**/api/facilities/*/tenants-mailing**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Boom.' }) }));
  await page.getByRole('button', { name: 'Refresh tenants' }).click();
  await expect(notifications(page).getByText('Error loading tenants')).toBeVisible();
  await expect(page.getByTestId('mailing-error')).toContainText('Boom.');
});

test('Letter Batches: filters with Search and Reset, batch dates, the PDF and mail merge downloads', async ({ page, request }) => {
  const seeded = await seed(request, 8);
  const mailDay = wireDay(3);
  await letterBatch(request, seeded.facility.id, `letter_type=initial&audit_letter_date=${mailDay}`);

  await openAs(page, DEMO.monitor.username, '/letter-batches');
  await expect(page.getByRole('heading', { level: 1, name: 'Letter Batches' })).toBeVisible();
  const batches = page.getByTestId('letter-batches-table');
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill(seeded.facility.facility_number);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = batches.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(seeded.facility.facility_number);
  await expect(row).toContainText(seeded.cycle.label);
  await expect(row).toContainText('Audit');
  await expect(row).toContainText(shownDay(wireDay(0)));
  await expect(row).toContainText(shownDay(mailDay));

  const pdf = await downloaded(page, request, row.getByRole('button', { name: /^Download / }));
  expect(pdf.type).toContain('application/pdf');
  expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
  await expect(notifications(page).getByText('If no download box has appeared, please disable your popup-blocker for this site.')).toBeVisible();
  const merge = await downloaded(page, request, row.getByRole('button', { name: /^Mail Merge / }));
  expect(merge.body.subarray(0, 2).toString()).toBe('PK');

  // Another letter type: none; Reset shows every batch again.
  await page.getByRole('button', { name: /^Letter Type/ }).click();
  await page.getByRole('option', { name: 'Reminder', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(batches).toContainText('No letter batches to show.');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('searchbox', { name: 'Facility Number' })).toHaveValue('');
  await expect(batches.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Letter batches/ })).toContainText(/\(\d+\)/);
});

test('Send Letters keeps its facility and filter in the address: Back, reload and a shared link come back to the same tenants', async ({ page, request, context }) => {
  const seeded = await seed(request, 8);
  const someone = seeded.tenants[0]!;
  await openPage(page);
  await findFacility(page, seeded.facility, seeded.shown);
  const ready = await chooseFilter(page, 'Audit Letter Ready');
  await expect(page).toHaveURL((url) => url.searchParams.get('facility_number') === seeded.facility.facility_number && url.searchParams.get('filter') === 'initial_letter_ready');

  const sameTenants = async (at: Page) => {
    await expect(at.getByRole('button', { name: /Found facilities/ })).toContainText(seeded.facility.facility_number);
    await expect(at.getByRole('button', { name: /^Filter/ })).toContainText('Audit Letter Ready');
    await expect(tenantsHeading(at)).toContainText(`(${ready})`);
    await expect(rowOf(at, someone)).toBeVisible();
  };
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Letter Batches', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Letter Batches' })).toBeVisible();
  await page.goBack();
  await sameTenants(page);
  await page.reload();
  await sameTenants(page);

  const shared = await context.newPage();
  await shared.goto(page.url());
  await sameTenants(shared);
  // A state that is none, on the By State tab: nothing is chosen, and nothing fails.
  await shared.goto('/send-letters?tab=state&state=ZZ');
  await expect(shared.getByRole('tab', { name: 'By State' })).toHaveAttribute('aria-selected', 'true');
  await expect(table(shared)).toContainText('Choose a state to list its tenants.');
  await shared.close();
});

test('the letter pages are for staff: a manager is sent to /unauthorized', async ({ page }) => {
  await loginAs(page, DEMO.manager.username);
  for (const path of ['/send-letters', '/letter-batches']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
  }
});

test('a status message wraps between words, never inside one (issue 24: "ro ws")', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Remove Ineligible Tenants' }).click();
  const message = dialog(page, 'Failed').getByText('You must select a facility first.');
  await expect(message).toBeVisible();
  // Cloudscape's status text has word-break: break-all, which splits a word wherever a line ends.
  expect(await message.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('normal');
});
