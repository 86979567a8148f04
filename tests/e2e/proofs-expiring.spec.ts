/**
 * Proofs expiring in Chromium (issue 27): tenants of a new facility (its own program, AIG) upload proofs
 * through the portal's API and staff accept them through Proof Review's API, each ending on a chosen day
 * of the program's calendar (today, in 4 days, in 20 days); the others never answer. Staff open the page
 * from the side navigation, find the facility's rows by its number (never by position among other specs'
 * rows), read the counts in the header, narrow the window and the program (both kept in the address
 * through a reload), export the list and read the workbook the link answers, and use the page on a phone.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProofReviewRow } from '../../shared/contracts/proof-reviews';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { expectAccessible } from './a11y';
import { chooseOption, DEMO, expect as baseExpect, loginAs, openAs, presignedUrl, test } from './fixtures';
import { adminHeaders, getJson, importRentRoll, listed, makeCycle, makeFacility, programDay, shownDay, tenantsOfFacility, wireDay } from './program-data';
import type { MadeFacility, StaffTenantView } from './program-data';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-proofs-expiring-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PDF's first bytes are enough for the portal's check of the file's type. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Expiring { tenant: StaffTenantView; insurer: string; endsOn: string }

/**
 * The portal's upload through the API (sign in, presigned POST, submit), then Proof Review's accept with the
 * day the policy ends as staff read it on the document: the tenant's proof is watched until that day.
 */
async function acceptedProof(request: APIRequestContext, tenant: StaffTenantView, insurer: string, endsOn: string): Promise<Expiring> {
  const signIn = await request.post('/api/respond/sign-in', { data: { access_code: tenant.access_code, zip_code: tenant.zip_code.slice(0, 5) } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const asked = await request.post('/api/respond/proof-upload', { headers, data: { content_type: 'application/pdf', size: PDF.length } });
  expect(asked.status(), await asked.text()).toBe(200);
  const { upload_id: uploadId, url, fields } = (await asked.json()) as { upload_id: string; url: string; fields: Record<string, string> };
  const sent = await request.post(url, { multipart: { ...fields, file: { name: 'declarations.pdf', mimeType: 'application/pdf', buffer: PDF } } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const submitted = await request.post('/api/respond/proof', { headers, data: { upload_id: uploadId, insurer, policy_expiry_date: wireDay(200) } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const waiting = await getJson<{ data: ProofReviewRow[] }>(request, `/api/proof-reviews?facility_number=${tenant.facility_number}`);
  const proof = waiting.data.find((p) => p.tenant_id === tenant.id);
  expect(proof, `the proof of tenant ${tenant.id}`).toBeTruthy();
  const decided = await request.post(`/api/proof-reviews/${proof!.id}/accept`, { headers: await adminHeaders(request), data: { policy_expiry_date: endsOn } });
  expect(decided.status(), await decided.text()).toBe(200);
  return { tenant, insurer, endsOn };
}

let facility: MadeFacility;
let today: Expiring;
let soon: Expiring;
let later: Expiring;

test.beforeAll(async ({ request }) => {
  const site = `X${randomBytes(3).toString('hex')}`;
  facility = await makeFacility(request, { prime_site_id: site, software: 'storedge', state: 'IL', insurance_program_key: 'aig' });
  const cycle = await makeCycle(request, facility.facility_number, { letter_effective_date: wireDay(30), update_responses_deadline_date: wireDay(20) });
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows: 6, seed: randomInt(1, 1_000_000), dir: join(dir, site) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const tenants = (await tenantsOfFacility(request, facility.facility_number))
    .filter((t) => t.status === null && !t.incomplete_address && /^\d{5}/.test(t.zip_code) && t.access_code.length === 8);
  expect(tenants.length, 'imported tenants to answer').toBeGreaterThanOrEqual(3);
  // Three answer; the facility's other tenants never do, and the list must not show them.
  const tag = randomBytes(2).toString('hex');
  // The program's days: the server counts the window from its own today.
  today = await acceptedProof(request, tenants[0]!, `Today Mutual ${tag}`, programDay(0));
  soon = await acceptedProof(request, tenants[1]!, `Soon Casualty ${tag}`, programDay(4));
  later = await acceptedProof(request, tenants[2]!, `Later Insurance ${tag}`, programDay(20));
});

const table = (page: Page) => page.getByTestId('proofs-expiring-table');
const rows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, e: Expiring): Locator => rows(page).filter({ hasText: e.insurer });
const counts = (page: Page) => page.getByTestId('proofs-expiring-counts');
const facilityBox = (page: Page) => page.getByRole('searchbox', { name: 'Expiring Facility Number' });
const sideNavigation = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/** The header's three counts, as 'label value' texts. */
async function expectCounts(page: Page, endsToday: number, within7: number, total: number) {
  // Each value follows its label with no space between in the text (a label and a value of a list).
  await expect(counts(page)).toContainText(new RegExp(`Ending today\\s*${endsToday}(?!\\d)`));
  await expect(counts(page)).toContainText(new RegExp(`Within 7 days\\s*${within7}(?!\\d)`));
  await expect(counts(page)).toContainText(new RegExp(`In all, through \\d{1,2}/\\d{2}/\\d{4}\\s*${total}(?!\\d)`));
}

test('staff see the facility\'s proofs ending within 30 days, soonest first, with the counts', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  await sideNavigation(page).getByRole('link', { name: 'Proofs expiring', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proofs expiring' })).toBeVisible();
  await facilityBox(page).fill(facility.facility_number);
  await expect(page).toHaveURL((url) => url.searchParams.get('facility_number') === facility.facility_number);
  await expect(rows(page)).toHaveCount(3);
  await expectCounts(page, 1, 2, 3);
  await expect(counts(page)).toContainText(`In all, through ${shownDay(programDay(30))}`);
  // Soonest first, each with who, where, which insurer, the day and the days left.
  await expect(rows(page).nth(0)).toContainText(today.insurer);
  await expect(rows(page).nth(1)).toContainText(soon.insurer);
  await expect(rows(page).nth(2)).toContainText(later.insurer);
  const first = rowOf(page, today);
  await expect(first).toContainText(`${today.tenant.first_name} ${today.tenant.last_name ?? ''}`.trim());
  await expect(first).toContainText(today.tenant.unit);
  await expect(first).toContainText(`${facility.facility_number} ${facility.account_name}`);
  await expect(first).toContainText('AIG');
  await expect(first).toContainText(shownDay(today.endsOn));
  await expect(first).toContainText('Today');
  await expect(rowOf(page, soon)).toContainText('4 days');
  await expectAccessible(page);
});

test('the window and the program narrow the list, and live in the address', async ({ page }) => {
  await openAs(page, DEMO.monitor.username, `/proofs-expiring?facility_number=${facility.facility_number}`);
  await expect(rows(page)).toHaveCount(3);

  await chooseOption(page, /^Ends/, 'Within 7 days');
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, later)).toHaveCount(0);
  await expectCounts(page, 1, 2, 2);
  await expect(page).toHaveURL((url) => url.searchParams.get('within_days') === '7');

  await chooseOption(page, /^Insurance Program/, 'AIG');
  await expect(page).toHaveURL((url) => url.searchParams.get('insurance_program_key') === 'aig');
  await expect(rows(page)).toHaveCount(2);

  // Reload: the filters are in the form and the rows match them.
  await page.reload();
  await expect(facilityBox(page)).toHaveValue(facility.facility_number);
  await expect(page.getByRole('button', { name: /^Ends/ })).toContainText('Within 7 days');
  await expect(page.getByRole('button', { name: /^Insurance Program/ })).toContainText('AIG');
  await expect(rows(page)).toHaveCount(2);

  // Another program has none of this facility's tenants: the empty list says so.
  await chooseOption(page, /^Insurance Program/, 'PMA');
  await expect(table(page).getByText('No accepted proofs end within the next 7 days.')).toBeVisible();
  await expectCounts(page, 0, 0, 0);

  // A shared link with a window the page does not offer opens the default one.
  await page.goto(`/proofs-expiring?facility_number=${facility.facility_number}&within_days=99`);
  await expect(page.getByRole('button', { name: /^Ends/ })).toContainText('Within 30 days');
  await expect(rows(page)).toHaveCount(3);
});

test('Export writes the list shown as a workbook', async ({ page, request }) => {
  await openAs(page, DEMO.monitor.username, `/proofs-expiring?facility_number=${facility.facility_number}`);
  await expect(rows(page)).toHaveCount(3);
  const link = presignedUrl(page);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const url = await link;
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain(`proofs_expiring_${facility.facility_number}_`);
  const bytes = await file.body();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Tenant', 'Unit', 'Facility', 'Program', 'Insurer', 'Proof Expiry', 'Days Left', 'E-mail']);
  const insurers = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(5).text);
  expect(insurers).toEqual([today.insurer, soon.insurer, later.insurer]);
  expect(sheet.getRow(2).getCell(1).text).toBe(listed(today.tenant));
  expect(sheet.getRow(3).getCell(7).value).toBe(4);
});

test.describe('on a phone', () => {
  test('the counts, the filters and the rows are there at phone size', async ({ page }) => {
    // Logged in at desk size (the phone folds the greeting loginAs waits for), then opened on a phone.
    await loginAs(page, DEMO.monitor.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/proofs-expiring?facility_number=${facility.facility_number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Proofs expiring' })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
    await expectCounts(page, 1, 2, 3);
    await expect(facilityBox(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
    // The page itself does not scroll sideways: the table scrolls in its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The page's own content: at this width the shell's closed navigation is Cloudscape's mobile toolbar, whose
    // aria-orientation axe refuses on any page (the navigation spec checks the phone with the navigation open).
    await expectAccessible(page, { include: '[data-testid="page-content"]' });
  });
});
