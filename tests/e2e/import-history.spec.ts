/**
 * Import History in Chromium (docs/decisions.md "Import History"): the duplicates list downloads by
 * itself as soon as an import that made one ends, in a cycle's Import Tenants and on Upload Tenants;
 * every import (a refused file too) is on /import-history with who, files, counts and its reports;
 * reports past 90 days are shown deleted; the list pages by cursor. Every test makes its own facility.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { endpointsFromEnv, useEndpoints } from '../../localstack/emulator';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import type { SampleRentRoll } from '../../localstack/samples/rent-rolls';
import { filesNeededBy, importSoftwareLabel } from '../../shared/import-software';
import type { ImportSoftware } from '../../shared/import-software';
import { expectAccessible } from './a11y';
import { DEMO, expect as baseExpect, loginAs, pageContent, test } from './fixtures';
import { importRentRoll, makeCycle, makeFacility, uniqueNumber } from './program-data';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-import-history-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sample = (software: ImportSoftware, primeSiteId: string): Promise<SampleRentRoll> =>
  writeSampleRentRoll({ software, primeSiteId, rows: 8, seed: 901, dir: join(dir, randomBytes(3).toString('hex')) });

/** The program's own modules, against the suite's private emulators (to end a cycle, or to write records of long ago). */
async function programModules() {
  const env = JSON.parse(process.env.E2E_AWS_ENV!) as Record<string, string>;
  Object.assign(process.env, env);
  useEndpoints(endpointsFromEnv(env));
  return {
    cycles: await import('../../functions/cycles/cycle-store'),
    records: await import('../../functions/imports/import-record'),
  };
}

async function archive(cycleId: string): Promise<void> {
  const { cycles } = await programModules();
  await cycles.updateCycle(await cycles.requireCycle(cycleId), { archived_at: new Date().toISOString() });
}

/** Chooses the software and the files, presses Upload; answers when the import has ended (card or error). */
async function upload(page: Page, scope: Locator | Page, rentRoll: SampleRentRoll): Promise<void> {
  await scope.getByRole('button', { name: /Software/ }).click();
  await page.getByRole('option', { name: importSoftwareLabel(rentRoll.software), exact: true }).click();
  const inputs = scope.locator('input[type="file"]');
  await expect(inputs).toHaveCount(filesNeededBy(rentRoll.software).length);
  for (const [i, role] of filesNeededBy(rentRoll.software).entries()) await inputs.nth(i).setInputFiles(rentRoll.files[role]!);
  const button = scope.getByRole('button', { name: 'Upload' });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toBeEnabled({ timeout: 60_000 });
}

/** The browser saved this facility's duplicates list: a real workbook under its name. */
async function expectDuplicatesList(download: Download, facilityNumber: string): Promise<void> {
  expect(download.suggestedFilename()).toBe(`${facilityNumber}_duplicate_tenants.xlsx`);
  expect(readFileSync((await download.path())!).subarray(0, 2).toString()).toBe('PK');
}
const nextDownload = (page: Page) => page.waitForEvent('download', { timeout: 90_000 });

async function openCycleImport(page: Page, facilityNumber: string, label: string): Promise<Locator> {
  await page.goto(`/manage-cycles?facility_number=${facilityNumber}`);
  await page.getByTestId('cycles-table').locator('tbody tr').filter({ hasText: label }).getByRole('cell').nth(3).click();
  await page.getByRole('button', { name: 'Import Tenants' }).click();
  return page.getByRole('dialog', { name: 'Import tenants to a cycle' });
}

const historyTable = (page: Page) => page.getByTestId('import-history-table');
const historyRows = (page: Page) => historyTable(page).locator('tbody tr');
/** The cell of `row` under the column headed `header`. */
async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await historyTable(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.locator('td, th').nth(index);
}

async function filterByFacility(page: Page, facilityNumber: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill(facilityNumber);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('the duplicates list downloads by itself when an import ends; Import History keeps every import with its reports', async ({ page, request }) => {
  const site = `P${randomBytes(3).toString('hex')}`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge' });
  const rentRoll = await sample('storedge', site);
  const first = await makeCycle(request, facility.facility_number, { label: `Spring ${randomBytes(2).toString('hex')}` });
  await importRentRoll(request, first.id, 'storedge', rentRoll.files);
  await archive(first.id);
  const second = await makeCycle(request, facility.facility_number, { label: `Summer ${randomBytes(2).toString('hex')}` });

  await loginAs(page, DEMO.monitor.username);

  // A cycle's Import Tenants: the tenants already went through the system, and their list downloads unasked.
  const modal = await openCycleImport(page, facility.facility_number, second.label);
  let downloaded = nextDownload(page);
  await upload(page, modal, rentRoll);
  await expect(modal.getByRole('heading', { name: 'Import Complete' })).toBeVisible();
  await expectDuplicatesList(await downloaded, facility.facility_number);
  // The card still offers it.
  await expect(modal.getByRole('button', { name: 'Download the duplicates list' })).toBeVisible();

  // A file of another site into the same cycle is refused, and is on record all the same.
  await upload(page, modal, await sample('storedge', `NOPE${randomBytes(2).toString('hex')}`));
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: 'OK' }).click();
  await modal.getByRole('button', { name: 'Close' }).last().click();

  // Upload Tenants: into the facility's newest open cycle, the duplicates list again unasked.
  await archive(second.id);
  await makeCycle(request, facility.facility_number, { label: `Autumn ${randomBytes(2).toString('hex')}` });
  await page.goto('/upload-tenants');
  downloaded = nextDownload(page);
  await upload(page, page, rentRoll);
  await expect(page.getByRole('heading', { name: 'Import Complete' })).toBeVisible();
  await expectDuplicatesList(await downloaded, facility.facility_number);

  // Import History, from the Upload Tenants page: four imports of this facility, newest first.
  await pageContent(page).getByRole('link', { name: 'Import History' }).first().click();
  await expect(page).toHaveURL(/\/import-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import History' })).toBeVisible();
  await filterByFacility(page, facility.facility_number);
  await expect(historyRows(page)).toHaveCount(4);
  const [newest, refused, cycleImport, oldest] = [0, 1, 2, 3].map((i) => historyRows(page).nth(i));
  const n = String(rentRoll.tenants.length);
  await expect(await cellOf(page, newest!, 'Result')).toHaveText('Imported');
  await expect(await cellOf(page, newest!, 'Went Through The System')).toHaveText(n);
  await expect(await cellOf(page, newest!, 'Imported By')).toHaveText('monitor');
  await expect(await cellOf(page, newest!, 'Software')).toHaveText('StorEdge');
  await expect(await cellOf(page, newest!, 'Files')).toContainText('.xlsx');
  await expect(await cellOf(page, refused!, 'Result')).toContainText('Refused:');
  await expect(await cellOf(page, refused!, 'Duplicates List')).toHaveText('---');
  await expect(await cellOf(page, cycleImport!, 'Cycle')).toHaveText(second.label);
  await expect(await cellOf(page, oldest!, 'Tenants Imported')).toHaveText(n);
  await expect(await cellOf(page, oldest!, 'Imported By')).toHaveText('admin');
  await expect(await cellOf(page, oldest!, 'Duplicates List')).toHaveText('---');

  // The list is kept: the cycle import's duplicates list downloads from here.
  downloaded = nextDownload(page);
  await (await cellOf(page, cycleImport!, 'Duplicates List')).getByRole('button', { name: /^Download the duplicates list/ }).click();
  await expectDuplicatesList(await downloaded, facility.facility_number);
});

test('the same rent roll again: the tenants already active are listed where they are counted, on the card and on Import History', async ({ page, request }) => {
  const site = `A${randomBytes(3).toString('hex')}`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge' });
  const rentRoll = await sample('storedge', site);
  const cycle = await makeCycle(request, facility.facility_number, { label: `Again ${randomBytes(2).toString('hex')}` });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);

  await loginAs(page, DEMO.monitor.username);
  const modal = await openCycleImport(page, facility.facility_number, cycle.label);
  await upload(page, modal, rentRoll);
  await expect(modal.getByRole('heading', { name: 'Import Complete' })).toBeVisible();
  const n = rentRoll.tenants.length;
  await expect(modal).toContainText(`Tenants already active in the system${n}`);
  let downloaded = nextDownload(page);
  await modal.getByRole('button', { name: `Download the list of the ${n} tenants already active` }).click();
  const expectActiveList = async (download: Download) => {
    expect(download.suggestedFilename()).toBe(`${facility.facility_number}_already_active_tenants.xlsx`);
    expect(readFileSync((await download.path())!).subarray(0, 2).toString()).toBe('PK');
  };
  await expectActiveList(await downloaded);
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Close' }).last().click();

  // Import History keeps it beside the count, for 90 days; the first import left none.
  await page.goto('/import-history');
  await filterByFacility(page, facility.facility_number);
  await expect(historyRows(page)).toHaveCount(2);
  const again = historyRows(page).filter({ hasText: 'monitor' });
  await expect(await cellOf(page, again, 'Already Active')).toHaveText(String(n));
  await expect(await cellOf(page, historyRows(page).filter({ hasText: 'admin' }), 'Already Active List')).toHaveText('---');
  downloaded = nextDownload(page);
  await (await cellOf(page, again, 'Already Active List')).getByRole('button', { name: /^Download the list of tenants already active/ }).click();
  await expectActiveList(await downloaded);
  await expectAccessible(page);
});

test('reports past 90 days show as deleted, and the list pages on by cursor', async ({ page }) => {
  const facilityNumber = uniqueNumber();
  const { records } = await programModules();
  // 101 imports of one facility, a minute apart; the oldest 91 days ago, with a duplicates list long since deleted.
  await Promise.all(Array.from({ length: 101 }, async (_, i) => {
    const finishedAt = new Date(Date.now() - (i === 100 ? 91 * 24 * 60 : i + 1) * 60_000);
    const job = {
      id: randomUUID(), created_at: finishedAt.toISOString(),
      input: { software: 'syrasoft' as const, cycle_id: null, files: { rent_roll: { key: 'k', name: `roll-${i + 1}.xlsx` } }, user_id: 'u', username: 'monitor' },
    };
    await records.putImportRecord(records.doneRecord(job, {
      facility_id: 'f', facility_number: facilityNumber, cycle_id: 'c', cycle_label: 'Spring', rows_read: 3, insert_count: 2, active_tenants_count: 0,
      error_count: 0, missing_prime_ids: 0, missing_prime_site_ids: [], duplicate_tenant_count: i === 100 ? 1 : 0,
      duplicate_tenant_filename: i === 100 ? `import-reports/${job.id}/${facilityNumber}_duplicate_tenants.xlsx` : null, error_report_filename: null, active_tenant_filename: null,
    }, finishedAt));
  }));

  await loginAs(page, DEMO.monitor.username);
  // From the home page's menu.
  await pageContent(page).getByRole('link', { name: 'Import History', exact: true }).click();
  await expect(page).toHaveURL(/\/import-history$/);
  await filterByFacility(page, facilityNumber);
  await expect(historyRows(page)).toHaveCount(100);
  await expect(page.getByRole('heading', { name: /Imports \(100\+\)/ })).toBeVisible();
  await expect(await cellOf(page, historyRows(page).first(), 'Files')).toHaveText('roll-1.xlsx');

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(historyRows(page)).toHaveCount(1);
  const oldest = historyRows(page).first();
  await expect(await cellOf(page, oldest, 'Files')).toHaveText('roll-101.xlsx');
  await expect(await cellOf(page, oldest, 'Duplicates List')).toHaveText('Deleted after 90 days');
  await expect(page.getByRole('heading', { name: /Imports \(101\)/ })).toBeVisible();
});
