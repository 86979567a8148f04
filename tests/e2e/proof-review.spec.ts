/**
 * Proof Review in Chromium (issue 18): tenants of a new facility upload proofs through the portal's API
 * (sign-in with the access code, a real PDF by presigned POST into the uploads bucket, submit); staff
 * find them on Proof Review from the home menu's count, view a document through its short-lived link,
 * accept one and reject another with a reason; the facility's manager then sees the tenant who answered
 * with the 'T' badge and the decided statuses. axe-core checks the menu, the list with its rows and the
 * reject dialog (the accessibility spec sees the page only empty: the demo has no proofs).
 */
import { PROOF_REJECTION_REASONS } from '../../shared/proof-rejection';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ProofReviewRow } from '../../shared/contracts/proof-reviews';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { expectAccessible } from './a11y';
import { renters } from '../fixtures/declarations/chosen-facts';
import { renderPdf } from '../fixtures/declarations/render-pdf';
import { DEMO, expect as baseExpect, loginAs, notifications, openAs, pageContent, presignedUrl, test } from './fixtures';
import { getJson, importRentRoll, listed, makeCycle, makeFacility, shownDay, tenantsOfFacility, wireDay } from './program-data';
import type { MadeCycle, MadeFacility, StaffTenantView } from './program-data';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-proof-review-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real one-page PDF, as a tenant's insurer would send the declarations page. */
async function declarationsPdf(insurer: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(`${insurer} - Renters policy declarations`, { x: 50, y: 720, size: 16, font });
  return Buffer.from(await pdf.save());
}

interface Uploaded { tenant: StaffTenantView; insurer: string; pdf: Buffer; row: ProofReviewRow }

/** What the portal's page does, through the API: sign in, get the presigned POST, send the file, submit it. */
async function uploadThroughPortal(request: APIRequestContext, tenant: StaffTenantView, insurer: string, page?: Buffer, expiry = wireDay(200)): Promise<Uploaded> {
  const signIn = await request.post('/api/respond/sign-in', { data: { access_code: tenant.access_code, zip_code: tenant.zip_code.slice(0, 5) } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const pdf = page ?? await declarationsPdf(insurer);
  const asked = await request.post('/api/respond/proof-upload', { headers, data: { content_type: 'application/pdf', size: pdf.length } });
  expect(asked.status(), await asked.text()).toBe(200);
  const { upload_id: uploadId, url, fields } = (await asked.json()) as { upload_id: string; url: string; fields: Record<string, string> };
  const sent = await request.post(url, { multipart: { ...fields, file: { name: 'declarations.pdf', mimeType: 'application/pdf', buffer: pdf } } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const submitted = await request.post('/api/respond/proof', { headers, data: { upload_id: uploadId, insurer, policy_expiry_date: expiry } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const waiting = await getJson<{ data: ProofReviewRow[] }>(request, `/api/proof-reviews?facility_number=${tenant.facility_number}`);
  const row = waiting.data.find((p) => p.tenant_id === tenant.id);
  expect(row, `the proof of tenant ${tenant.id}`).toBeTruthy();
  return { tenant, insurer, pdf, row: row! };
}

let facility: MadeFacility;
let cycle: MadeCycle;
let accepted: Uploaded;
let rejected: Uploaded;
let untouched: StaffTenantView;
let readTenant: StaffTenantView;

test.beforeAll(async ({ request }) => {
  const site = `P${randomBytes(3).toString('hex')}`;
  facility = await makeFacility(request, { prime_site_id: site, software: 'storedge', state: 'IL', insurance_program_key: 'pma' });
  cycle = await makeCycle(request, facility.facility_number, { letter_effective_date: wireDay(30), update_responses_deadline_date: wireDay(20) });
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows: 6, seed: randomInt(1, 1_000_000), dir: join(dir, site) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const tenants = (await tenantsOfFacility(request, facility.facility_number))
    .filter((t) => t.status === null && !t.incomplete_address && /^\d{5}/.test(t.zip_code) && t.access_code.length === 8);
  expect(tenants.length, 'imported tenants to answer').toBeGreaterThanOrEqual(4);
  accepted = await uploadThroughPortal(request, tenants[0]!, `Acme Mutual ${randomBytes(2).toString('hex')}`);
  rejected = await uploadThroughPortal(request, tenants[1]!, `Blue Harbor ${randomBytes(2).toString('hex')}`);
  untouched = tenants[2]!;
  readTenant = tenants[3]!;
});

const table = (page: Page) => page.getByTestId('proof-review-table');
const rowOf = (page: Page, u: Uploaded): Locator => table(page).locator('tbody tr').filter({ hasText: u.insurer });

const sideNavigation = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const facilityBox = (page: Page) => page.getByRole('searchbox', { name: 'Proof Facility Number' });
const fromBox = (page: Page) => page.getByRole('textbox', { name: 'Submitted from', exact: true });
const toBox = (page: Page) => page.getByRole('textbox', { name: 'Submitted to', exact: true });

/** The two proofs of the suite's facility, the list's only rows. */
async function expectBothProofs(page: Page) {
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await expect(rowOf(page, accepted)).toBeVisible();
  await expect(rowOf(page, rejected)).toBeVisible();
}

// Before the decisions below, while both proofs wait.
test('the filters live in the address: Back, reload and a shared link show the proofs as they were left', async ({ page, context }) => {
  const yesterday = wireDay(-1);
  await loginAs(page, DEMO.monitor.username);
  await sideNavigation(page).getByRole('link', { name: 'Proof Review', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proof Review' })).toBeVisible();
  await facilityBox(page).fill(facility.facility_number);
  await fromBox(page).fill(shownDay(yesterday));
  await expectBothProofs(page);
  await expect(page).toHaveURL((url) => url.searchParams.get('facility_number') === facility.facility_number && url.searchParams.get('from') === yesterday);

  // Over to Import History and Back: the filters are in the form and the rows match them.
  await sideNavigation(page).getByRole('link', { name: 'Import History', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import History' })).toBeVisible();
  await page.goBack();
  await expect(facilityBox(page)).toHaveValue(facility.facility_number);
  await expect(fromBox(page)).toHaveValue(shownDay(yesterday));
  await expectBothProofs(page);

  await page.reload();
  await expect(facilityBox(page)).toHaveValue(facility.facility_number);
  await expect(fromBox(page)).toHaveValue(shownDay(yesterday));
  await expectBothProofs(page);
  await expectAccessible(page);

  // A shared link opens the filtered list; a date that is no date is ignored.
  const shared = await context.newPage();
  await shared.goto(`/proof-review?facility_number=${facility.facility_number}&from=${yesterday}&to=2026-02-30`);
  await expect(facilityBox(shared)).toHaveValue(facility.facility_number);
  await expect(toBox(shared)).toHaveValue('');
  await expectBothProofs(shared);
  // The dates of the link are the list's: from the day after tomorrow, nothing of today waits.
  await shared.goto(`/proof-review?facility_number=${facility.facility_number}&from=${wireDay(2)}`);
  await expect(fromBox(shared)).toHaveValue(shownDay(wireDay(2)));
  await expect(table(shared).getByText('No proofs are waiting for review.')).toBeVisible();
  await shared.close();
});

test('staff find the waiting proofs from the home menu, view one, accept one and reject another with a reason', async ({ page, request }) => {
  await loginAs(page, DEMO.monitor.username);
  const { waiting } = await getJson<{ waiting: number }>(request, '/api/proof-reviews/count');
  expect(waiting).toBeGreaterThanOrEqual(2);
  // The home menu counts the proofs waiting.
  const menuItem = page.getByRole('link', { name: /^Proof Review, \d[\d,]* waiting$/ });
  await expect(menuItem).toBeVisible();
  await expectAccessible(page);
  await menuItem.click();
  await expect(page).toHaveURL(/\/proof-review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proof Review' })).toBeVisible();

  await page.getByLabel('Proof Facility Number').fill(facility.facility_number);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  // Oldest first, each with what staff decide on.
  await expect(table(page).locator('tbody tr').first()).toContainText(accepted.insurer);
  const first = rowOf(page, accepted);
  await expect(first).toContainText(`${accepted.tenant.first_name} ${accepted.tenant.last_name ?? ''}`.trim());
  await expect(first).toContainText(accepted.tenant.unit);
  await expect(first).toContainText(facility.facility_number);
  await expect(first).toContainText(shownDay(wireDay(200)));
  await expectAccessible(page);

  // View: the page opens the 5-minute link in a new tab; the link serves the PDF as uploaded.
  const link = presignedUrl(page);
  await first.getByRole('button', { name: /^View the proof of / }).click();
  const url = await link;
  expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
  const document = await request.get(url);
  expect(document.status()).toBe(200);
  expect(document.headers()['content-type']).toBe('application/pdf');
  expect(document.headers()['content-disposition']).toMatch(/^inline; /);
  expect(Buffer.from(await document.body()).equals(accepted.pdf)).toBe(true);

  // Accept, confirmed: the row leaves and a toast says what happened.
  await first.getByRole('button', { name: /^Accept the proof of / }).click();
  const acceptDialog = page.getByRole('dialog', { name: 'Accept proof' });
  await expect(acceptDialog).toContainText(`with ${accepted.insurer} that expires ${shownDay(wireDay(200))}`);
  await acceptDialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(notifications(page)).toContainText(/Proof accepted\. .+ now has Provided Proof\./);
  await expect(rowOf(page, accepted)).toHaveCount(0);

  // Reject: a reason is required; then the row leaves too.
  await rowOf(page, rejected).getByRole('button', { name: /^Reject the proof of / }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject proof' });
  await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(rejectDialog).toContainText('Reason is required.');
  await expectAccessible(page);
  // A common reason, said to the tenant in their language, and words of staff's own beside it (issue 24).
  await rejectDialog.getByRole('button', { name: /Common reason/ }).click();
  await page.getByRole('option', { name: PROOF_REJECTION_REASONS.expired }).click();
  await rejectDialog.getByRole('textbox', { name: 'More for the tenant (optional)' }).fill('It ended in March.');
  await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(rejectDialog).toBeHidden();
  await expect(notifications(page)).toContainText(/Proof rejected\. /);
  await expect(table(page).getByText('No proofs are waiting for review.')).toBeVisible();

  // The home menu shows the count the server answers after the two decisions. Its arithmetic (one less a
  // decision) is checked exactly in tests/integration/proof-reviews.test.ts: here other spec files upload
  // and decide proofs at the same time, so the menu is compared with the page's own answer.
  const counted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/proof-reviews/count');
  await page.goto('/');
  const { waiting: after } = (await (await counted).json()) as { waiting: number };
  await expect(pageContent(page).getByRole('link', { name: after > 0 ? `Proof Review, ${after} waiting` : 'Proof Review', exact: true })).toBeVisible();
  const tenants = await tenantsOfFacility(request, facility.facility_number);
  expect(tenants.find((t) => t.id === accepted.tenant.id)).toMatchObject({ status: 'provide_proof', tenant_made_selection: true, provided_proof_date: expect.any(String) });
  expect(tenants.find((t) => t.id === rejected.tenant.id)).toMatchObject({ status: null, tenant_made_selection: false, provided_proof_date: null });

  // The tenant on the Spanish portal reads the chosen reason in Spanish, staff's own words as written.
  await page.goto('/respond?lang=es');
  await page.getByLabel(/Código de acceso/).fill(rejected.tenant.access_code);
  await page.getByLabel(/Código postal/).fill(rejected.tenant.zip_code.slice(0, 5));
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(page.getByText('Su comprobante no fue aceptado: La póliza está vencida o vence muy pronto. It ended in March.')).toBeVisible();
});

test('a declarations page is read: its facts beside what the tenant typed, its flags with their reasons, and accepted with the facts as read', async ({ page, request }) => {
  const end = wireDay(200);
  const policy = `RP-${randomInt(1_000_000, 9_999_999)}`;
  // Another person's name, State Farm where the tenant typed Allstate, $500 away from home (the demo's minimum is $1,000).
  const printed = renters({ insured: 'Robert Q. Smith', policy, end, limit: 500 });
  const pdf = Buffer.from(await renderPdf(printed.pages, { title: 'Declarations', creator: 'Guidewire PolicyCenter 10.2', producer: 'iText 7.2.5', made: new Date('2026-02-10T15:04:05Z') }));
  const proof = await uploadThroughPortal(request, readTenant, 'Allstate', pdf, end);
  await openAs(page, DEMO.monitor.username, `/proof-review?facility_number=${facility.facility_number}`);
  const row = rowOf(page, proof);
  // The worker reads the page off the portal's path within seconds; the Flags column says how many it raised.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh proofs' }).click();
    await expect(row).toContainText('3 flags', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await row.getByRole('button', { name: /^Accept the proof of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept proof' });
  const flags = dialog.getByRole('list', { name: 'Flags' });
  await expect(flags).toContainText('Name does not match. The page names "Robert Q. Smith" as the insured');
  await expect(flags).toContainText('Insurer differs from what was typed. The tenant typed "Allstate" as the insurer; the page names State Farm.');
  await expect(flags).toContainText('Limit below the program minimum. The limit for property away from home is $500, below the program\'s minimum of $1,000.');
  const facts = dialog.getByRole('table', { name: 'What the page says' });
  await expect(facts.locator('tr').filter({ hasText: 'Policy number' })).toContainText(policy);
  await expect(facts.locator('tr').filter({ hasText: 'Named insured' })).toContainText('Robert Q. Smith');
  await expect(facts.locator('tr').filter({ hasText: 'Insurer' })).toContainText('Allstate');
  // The acceptance starts from the page's facts; staff may correct them.
  await expect(dialog.getByRole('textbox', { name: 'Accepted insurance company' })).toHaveValue('State Farm');
  await expect(dialog.getByRole('textbox', { name: 'Accepted policy number' })).toHaveValue(policy);
  await expect(dialog.getByRole('textbox', { name: 'Accepted policy expiry' })).toHaveValue(shownDay(end));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(notifications(page)).toContainText(/Proof accepted\. .+ now has Provided Proof\./);
  const tenant = (await tenantsOfFacility(request, facility.facility_number)).find((t) => t.id === readTenant.id);
  expect(tenant).toMatchObject({ status: 'provide_proof', provided_proof_date: expect.any(String) });
});

test('the facility\'s manager sees the tenant who answered with the T badge', async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Tenants Require Setup' }), async (notice) => {
    await notice.getByRole('button', { name: 'Acknowledge' }).click();
  });
  await page.addLocatorHandler(page.getByRole('dialog', { name: /^(A new cycle has|New cycles have) started$/ }), async (notice) => {
    await notice.getByRole('button', { name: 'Close', exact: true }).click();
  });
  await openAs(page, facility.username, `/cycle-audit/${cycle.id}`, facility.password);
  await expect(page.getByRole('heading', { level: 1, name: cycle.label })).toBeVisible();
  const tenants = page.getByTestId('cycle-tenants-table');
  const row = (t: StaffTenantView) => tenants.locator('tbody tr').filter({ has: page.getByText(listed(t), { exact: true }) });
  const badge = (t: StaffTenantView) => row(t).getByText('T', { exact: true });
  await expect(row(accepted.tenant)).toContainText('Provided Proof');
  await expect(badge(accepted.tenant)).toBeVisible();
  // Rejected: back to no response, and no longer the tenant's own selection; a tenant who never answered has no badge either.
  await expect(row(rejected.tenant)).toContainText('No response');
  await expect(badge(rejected.tenant)).toHaveCount(0);
  await expect(row(untouched)).toBeVisible();
  await expect(badge(untouched)).toHaveCount(0);
});
