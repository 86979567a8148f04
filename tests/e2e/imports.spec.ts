/**
 * Rent-roll imports in Chromium (spec tenants-letters-users §2 Upload Tenants and the Import tenants
 * modal): an upload of each software type on /upload-tenants (files straight to the uploads bucket,
 * the progress bar, the 'Import Complete' card), and a cycle's Import Tenants with the duplicates list's
 * download. Every test makes its own facility (with its own Prime Site ID) and cycle from the sample
 * workbooks of localstack/samples/rent-rolls.ts (sorted by unit; SiteLink - Web and StorEdge name the
 * site only in a title row).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { endpointsFromEnv, useEndpoints } from '../../localstack/emulator';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import type { SampleRentRoll } from '../../localstack/samples/rent-rolls';
import { IMPORT_SOFTWARE_KEYS, filesNeededBy, importSoftwareLabel } from '../../shared/import-software';
import type { ImportSoftware } from '../../shared/import-software';
import { DEMO, expect as baseExpect, loginAs, openAs, test } from './fixtures';
import { makeCycle, makeFacility } from './program-data';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-rent-rolls-'));
/** A Prime Site ID of the test's own, with a digit, as one in a title row ('Site ID: P…1') must have. */
const siteId = (): string => `P${randomBytes(3).toString('hex')}1`;
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sample(software: ImportSoftware, primeSiteId: string, rows = 12): Promise<SampleRentRoll> {
  return writeSampleRentRoll({ software, primeSiteId, rows, seed: 700 + IMPORT_SOFTWARE_KEYS.indexOf(software), dir: join(dir, randomBytes(3).toString('hex')) });
}

/** Chooses the software and each file of the sample, presses Upload and waits for the card. */
async function importSample(page: Page, scope: ReturnType<Page['locator']> | Page, rentRoll: SampleRentRoll) {
  await scope.getByRole('button', { name: /Software/ }).click();
  await page.getByRole('option', { name: importSoftwareLabel(rentRoll.software), exact: true }).click();
  // One file field per file the software needs, in the order of filesNeededBy.
  const inputs = scope.locator('input[type="file"]');
  await expect(inputs).toHaveCount(filesNeededBy(rentRoll.software).length);
  for (const [i, role] of filesNeededBy(rentRoll.software).entries()) await inputs.nth(i).setInputFiles(rentRoll.files[role]!);
  const upload = scope.getByRole('button', { name: 'Upload' });
  await upload.click();
  // Disabled while the files go up and the rows are read (spec §4).
  await expect(upload).toBeDisabled();
  const card = scope.getByRole('heading', { name: 'Import Complete' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(upload).toBeEnabled();
}

/** The value under a label of the card (Cloudscape's key-value pairs: dt, then its dd). */
const cardValue = (scope: ReturnType<Page['locator']> | Page, label: string) =>
  scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');

test("Upload Tenants: the Software choices in the spec's order, the second (SiteLink - ALP) chosen", async ({ page }) => {
  await openAs(page, DEMO.monitor.username, '/upload-tenants');
  const select = page.getByRole('button', { name: /Software/ });
  await expect(select).toContainText('SiteLink - ALP');
  await select.click();
  const options = page.getByRole('option');
  const spec = ['SiteLink - Web', 'SiteLink - ALP', 'Syrasoft', 'StorEdge', 'EasyStorage'];
  await expect(options).toHaveCount(spec.length);
  // Each position by what it contains: Cloudscape repeats the chosen option's label for screen readers.
  for (const [i, label] of spec.entries()) await expect(options.nth(i)).toContainText(label);
});

for (const software of IMPORT_SOFTWARE_KEYS) {
  test(`Upload Tenants: a ${importSoftwareLabel(software)} rent roll`, async ({ page, request }) => {
    const site = siteId();
    const facility = await makeFacility(request, { prime_site_id: site, software: software === 'sitelink_alp' ? 'sitelink_web' : software });
    await makeCycle(request, facility.facility_number);
    const rentRoll = await sample(software, site);

    await openAs(page, DEMO.monitor.username, '/upload-tenants');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Tenants' })).toBeVisible();
    // The default software is the second choice (spec §5).
    await expect(page.getByRole('button', { name: /Software/ })).toContainText('SiteLink - ALP');
    await importSample(page, page, rentRoll);
    await expect(cardValue(page, 'Tenants imported')).toContainText(String(rentRoll.tenants.length));
    await expect(page.getByText(`Facility ${facility.facility_number}`)).toBeVisible();

    // The tenants are on the master list.
    await page.goto(`/tenant-list?facility_number=${facility.facility_number}`);
    const someone = rentRoll.tenants.find((t) => t.last_name)!;
    await expect(page.getByRole('table').getByText(someone.last_name!, { exact: false }).first()).toBeVisible();
  });
}

test('Import Tenants on a cycle: the card counts tenants that went through the system and offers their list', async ({ page, request }) => {
  const site = siteId();
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge' });
  const first = await makeCycle(request, facility.facility_number, { label: `Spring ${randomBytes(2).toString('hex')}` });
  const rentRoll = await sample('storedge', site);

  await loginAs(page, DEMO.monitor.username);
  const openImport = async (label: string) => {
    await page.goto(`/manage-cycles?facility_number=${facility.facility_number}`);
    await page.getByTestId('cycles-table').locator('tbody tr').filter({ hasText: label }).getByRole('cell').nth(3).click();
    await page.getByRole('button', { name: 'Import Tenants' }).click();
    return page.getByRole('dialog', { name: 'Import tenants to a cycle' });
  };
  let modal = await openImport(first.label);
  await importSample(page, modal, rentRoll);
  await expect(cardValue(modal, 'Tenants imported')).toContainText(String(rentRoll.tenants.length));
  await modal.getByRole('button', { name: 'Close' }).last().click();

  // The first cycle ends (the archives capability will do this; here the cycle store does).
  const env = JSON.parse(process.env.E2E_AWS_ENV!) as Record<string, string>;
  Object.assign(process.env, env);
  useEndpoints(endpointsFromEnv(env));
  const { requireCycle, updateCycle } = await import('../../functions/cycles/cycle-store');
  await updateCycle(await requireCycle(first.id), { archived_at: new Date().toISOString() });

  const next = await makeCycle(request, facility.facility_number, { label: `Autumn ${randomBytes(2).toString('hex')}` });
  modal = await openImport(next.label);
  await importSample(page, modal, rentRoll);
  await expect(cardValue(modal, 'Tenants imported')).toContainText('0');
  await expect(cardValue(modal, 'Tenants that already went through the system')).toContainText(String(rentRoll.tenants.length));
  // The link opens the presigned workbook: a real .xlsx of the facility's duplicates.
  const link = page.context().waitForEvent('request', (r) => r.url().includes('X-Amz-Signature'));
  await modal.getByRole('button', { name: 'Download the duplicates list' }).click();
  const url = (await link).url();
  expect(decodeURIComponent(url)).toContain(`${facility.facility_number}_duplicate_tenants.xlsx`);
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
});
