/**
 * One tenant's whole story in Chromium (issue 24): tenants of a new facility are sent an audit letter
 * (through the generate call and the worker) and answer on the portal (one uploads a proof, one chooses
 * a plan); staff open each one's tenant page from the Master Tenants List and from Proof Review and read
 * its letter (batch, date, and a link that opens the batch PDF at the tenant's own page), its portal
 * answer and proof, and its history in people's words (labels as the screens name fields, plans by
 * coverage and premium, dates M/DD/YYYY); the navigation bar's search finds a tenant by unit (choosing
 * among the units of that name) and by access code (straight to it). axe-core checks the page at
 * desktop and phone size.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { pageText, readPdf } from '../unit/letters/pdf-reader';
import { formatAccessCode } from '../../shared/access-code';
import { expectAccessible } from './a11y';
import { DEMO, expect as baseExpect, loginAs, openAs, pageContent, test } from './fixtures';
import { adminHeaders, importRentRoll, listed, makeCycle, makeFacility, shownDay, tenantsOfFacility, waitForJob, wireDay } from './program-data';
import type { MadeCycle, MadeFacility, StaffTenantView } from './program-data';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-tenant-story-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAIL_DAY = wireDay(3);
const PLAN = '$12 per month for $2,000 coverage';

let facility: MadeFacility;
let cycle: MadeCycle;
/** Uploads a proof on the portal. */
let prover: StaffTenantView;
/** Chooses a plan on the portal. */
let chooser: StaffTenantView;
let insurer: string;
let sharedUnit: string;
let chooserEmail: string;

/** The portal's sign-in, as the page makes it: answers the tenant session's headers. */
async function portalSession(request: APIRequestContext, t: StaffTenantView): Promise<Record<string, string>> {
  const signIn = await request.post('/api/respond/sign-in', { data: { access_code: t.access_code, zip_code: t.zip_code.slice(0, 5) } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
}

/** A real one-page PDF uploaded and submitted through the portal's calls. */
async function uploadProof(request: APIRequestContext, t: StaffTenantView, company: string): Promise<void> {
  const headers = await portalSession(request, t);
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(`${company} declarations`, { x: 50, y: 720, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
  const pdf = Buffer.from(await doc.save());
  const asked = await request.post('/api/respond/proof-upload', { headers, data: { content_type: 'application/pdf', size: pdf.length } });
  expect(asked.status(), await asked.text()).toBe(200);
  const { upload_id: uploadId, url, fields } = (await asked.json()) as { upload_id: string; url: string; fields: Record<string, string> };
  const sent = await request.post(url, { multipart: { ...fields, file: { name: 'declarations.pdf', mimeType: 'application/pdf', buffer: pdf } } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const submitted = await request.post('/api/respond/proof', { headers, data: { upload_id: uploadId, insurer: company, policy_expiry_date: wireDay(200) } });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  const site = `S${randomBytes(3).toString('hex')}`;
  facility = await makeFacility(request, { prime_site_id: site, software: 'storedge' });
  cycle = await makeCycle(request, facility.facility_number, { letter_effective_date: wireDay(60) });
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows: 6, seed: randomInt(1, 1_000_000), dir: join(dir, site) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const all = await tenantsOfFacility(request, facility.facility_number);
  const names = all.map(listed);
  const ready = all.filter((t) => !t.incomplete_address && /^\d{5}/.test(t.zip_code) && t.access_code.length === 8
    && listed(t).length < 35 && names.filter((n) => n === listed(t)).length === 1);
  expect(ready.length, 'imported tenants to write to').toBeGreaterThanOrEqual(2);
  // The two share a unit number no other tenant has (as tenants of two facilities may): the search offers both.
  sharedUnit = `Q-${randomBytes(3).toString('hex')}`;
  // The second also gets an e-mail address of its own, for the search by e-mail.
  chooserEmail = `chooser.${randomBytes(3).toString('hex')}@tenant.example`;
  for (const [i, t] of ready.slice(0, 2).entries()) {
    const form = { updated_at: t.updated_at, unit: sharedUnit, ...(i === 1 ? { email: chooserEmail } : {}) };
    const edited = await request.post(`/api/tenants/${t.id}`, { headers: await adminHeaders(request), form });
    expect(edited.status(), await edited.text()).toBe(200);
  }
  [prover, chooser] = ready as [StaffTenantView, StaffTenantView];

  const generated = await request.get(`/api/facilities/${facility.id}/generate-letters?letter_type=initial&audit_letter_date=${MAIL_DAY}&cycle_id=${cycle.id}&tenants=${prover.id},${chooser.id}`, { headers: await adminHeaders(request) });
  expect(generated.status(), await generated.text()).toBe(200);
  const job = await waitForJob(request, ((await generated.json()) as { job_id: string }).job_id);
  expect(job.status, job.error ?? '').toBe('done');

  insurer = `Lakeside Mutual ${randomBytes(2).toString('hex')}`;
  await uploadProof(request, prover, insurer);
  const chose = await request.post('/api/respond/coverage', { headers: await portalSession(request, chooser), data: { coverage_id: 'cov-2000-12' } });
  expect(chose.status(), await chose.text()).toBe(200);
});

/**
 * On a phone: the page and the navigation bar. The layout's folded side navigation is left out: its
 * toolbar (Cloudscape's own markup) carries aria-orientation on a nav element on every page at this
 * size, which axe refuses whatever the page (reported; not this page's).
 */
async function expectAccessibleOnPhone(page: Page): Promise<void> {
  await expectAccessible(page, { include: '[data-testid="page-content"]' });
  await expectAccessible(page, { include: '#top-nav' });
}

const heading = (page: Page, t: StaffTenantView) => page.getByRole('heading', { level: 1, name: `${t.first_name} ${t.last_name ?? ''}`.trim() });
const table = (page: Page, name: string) => pageContent(page).getByRole('table', { name });

/** The page's letters: the audit letter of the batch made above, and its link to the tenant's page of the PDF. */
async function expectLetter(page: Page, t: StaffTenantView): Promise<void> {
  const letter = table(page, 'Letters sent').locator('tbody tr');
  await expect(letter).toHaveCount(1);
  await expect(letter).toContainText('Audit letter');
  await expect(letter).toContainText(shownDay(MAIL_DAY));
  await expect(letter).toContainText(`${facility.facility_number} batch of`);
  // The address the page opens in a new tab (with its fragment, which no request carries).
  await page.evaluate(() => {
    window.open = (url?: string | URL) => {
      Object.assign(window, { openedUrl: String(url) });
      return null;
    };
  });
  await letter.getByRole('button', { name: /^Open .+'s page of the audit letter batch \(page \d+\)$/ }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { openedUrl?: string }).openedUrl ?? '')).toContain('X-Amz-Signature');
  const opened = new URL(await page.evaluate(() => (window as unknown as { openedUrl: string }).openedUrl));
  const pageNumber = Number(/^#page=(\d+)$/.exec(opened.hash)?.[1]);
  expect(pageNumber).toBeGreaterThanOrEqual(1);
  const file = await page.request.get(opened.toString().replace(/#.*$/, ''));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^inline; /);
  // The page the link opens is this tenant's letter: it is addressed to the tenant and prints its access code.
  const pages = (await readPdf(new Uint8Array(await file.body()))).pages;
  const text = pageText(pages[pageNumber - 1] ?? []);
  expect(text).toContain(`Dear ${t.first_name}`);
  expect(text).toContain(formatAccessCode(t.access_code));
  await expect(letter).toContainText(`Page ${pageNumber} of the batch PDF`);
}

test('a tenant page from the Master Tenants List: its record, letter with the page of the batch PDF, portal proof and history in people\'s words', async ({ page }) => {
  await openAs(page, DEMO.monitor.username, `/tenant-list?facility_number=${facility.facility_number}`);
  const row = page.getByTestId('tenants-table').locator('tbody tr').filter({ hasText: listed(prover) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `Open the tenant page of ${listed(prover)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${prover.id}$`));
  await expect(heading(page, prover)).toBeVisible();
  await expect(page).toHaveTitle(/^Tenant - /);

  // The record, with the access code as the letters print it.
  await expect(pageContent(page).getByText(formatAccessCode(prover.access_code), { exact: true })).toBeVisible();
  await expect(pageContent(page).getByTestId('story-status')).toHaveText('Provided Proof');
  await expectLetter(page, prover);

  // The portal answer, how its session signed in, and the proof waiting for review.
  const answers = table(page, 'Portal answers');
  await expect(answers.locator('tbody tr')).toHaveCount(1);
  await expect(answers).toContainText('Uploaded proof on the portal');
  await expect(answers).toContainText('signed in with the access code and ZIP code');
  const proof = table(page, 'Proofs').locator('tbody tr');
  await expect(proof).toHaveCount(1);
  await expect(proof).toContainText(insurer);
  await expect(proof).toContainText(shownDay(wireDay(200)));
  await expect(proof).toContainText('Waiting for review');

  // The history in the screens' words: no field names, dates as the app shows them.
  const history = table(page, 'Tenant history');
  await expect(history).toContainText('Audit letter generated');
  await expect(history).toContainText(`Audit Letter Sent: (blank) → ${shownDay(MAIL_DAY)}`);
  await expect(history).toContainText('Uploaded proof on the portal');
  await expect(history).toContainText('Status: No response → Provided Proof');
  await expect(history).toContainText('Imported');
  await expect(history).not.toContainText('initial_letter_sent_date');
  await expect(history).not.toContainText('_');
  await expectAccessible(page);
  // The same page opened on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(heading(page, prover)).toBeVisible();
  await expect(table(page, 'Tenant history')).toContainText('Audit letter generated');
  await expectAccessibleOnPhone(page);
});

test('a tenant page from Proof Review; a plan chosen on the portal reads by its coverage and premium', async ({ page }) => {
  await openAs(page, DEMO.monitor.username, '/proof-review');
  await page.getByLabel('Proof Facility Number').fill(facility.facility_number);
  // The filter settles into the address first (a link followed before then is undone by its write).
  await expect(page).toHaveURL(new RegExp(`facility_number=${facility.facility_number}`));
  const row = page.getByTestId('proof-review-table').locator('tbody tr').filter({ hasText: insurer });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^Open the tenant page of / }).click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${prover.id}$`));
  await expect(heading(page, prover)).toBeVisible();
  await expect(table(page, 'Proofs')).toContainText(insurer);

  // The tenant who chose a plan: its status, answer and history name the plan, never its id.
  await page.goto(`/tenants/${chooser.id}`);
  await expect(heading(page, chooser)).toBeVisible();
  await expect(pageContent(page).getByTestId('story-status')).toHaveText(PLAN);
  await expect(table(page, 'Portal answers')).toContainText(`Chose a plan on the portal: ${PLAN}`);
  const history = table(page, 'Tenant history');
  await expect(history).toContainText(`Status: No response → ${PLAN}`);
  await expect(history).toContainText(`Coverage: (blank) → ${PLAN}`);
  await expect(history).not.toContainText('cov-');
  await expectLetter(page, chooser);
});

test('the navigation bar\'s search finds a tenant by unit (choosing between the two of that unit), by access code and by e-mail (straight to it)', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  const search = page.getByRole('banner').getByRole('combobox', { name: /^Find a tenant/ });

  await search.fill(sharedUnit.toLowerCase());
  await expect(page.getByRole('option')).toHaveCount(2);
  const option = page.getByRole('option').filter({ hasText: listed(chooser) });
  await expect(option).toContainText(`Unit ${sharedUnit} · Facility ${facility.facility_number} · ${cycle.label}`);
  await expect(option).toContainText('Unit matches');
  await expectAccessible(page);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/tenants/${chooser.id}$`));
  await expect(heading(page, chooser)).toBeVisible();

  // An access code as a tenant reads it out (lower case, a space): one tenant, so Enter goes straight there.
  await search.fill(formatAccessCode(prover.access_code).toLowerCase().replace('-', ' '));
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tenants/${prover.id}$`));
  await expect(heading(page, prover)).toBeVisible();
  await expect(search).toHaveValue('');

  // An e-mail address as the tenant wrote it to staff (any case): straight to its tenant.
  await search.fill(chooserEmail.toUpperCase());
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option')).toContainText('E-mail matches');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tenants/${chooser.id}$`));
});

test('the navigation bar\'s search at phone size, and an unknown tenant\'s page', async ({ page }) => {
  // Logged in at desk size (the phone folds the greeting loginAs waits for), then opened on a phone.
  await loginAs(page, DEMO.monitor.username);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Show the tenant search and greeting' }).click();
  const search = page.getByRole('banner').getByRole('combobox', { name: /^Find a tenant/ });
  await search.fill(formatAccessCode(chooser.access_code));
  await expect(page.getByRole('option')).toHaveCount(1);
  await expectAccessibleOnPhone(page);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tenants/${chooser.id}$`));

  await page.goto('/tenants/no-such-tenant');
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant not found' })).toBeVisible();
  await expect(pageContent(page)).toContainText('Tenant not found.');
});
