/**
 * Failed jobs in Chromium (issue 26): staff find a failed rent-roll import on /failed-jobs (from the side
 * navigation), at phone size too, retry it, see it leave the list and find the import done on Import
 * History; Dismiss asks for a reason. The import fails for real: its file is unreadable, so the worker
 * refuses it (and lets its message go to the dead-letter queue); the right file is then put in its place,
 * as a re-upload would.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointsFromEnv, useEndpoints } from '../../localstack/emulator';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { DEMO, expect as baseExpect, loginAs, notifications, openAs, test } from './fixtures';
import { adminHeaders, getJson, makeCycle, makeFacility, waitForJob } from './program-data';
import type { MadeCycle, MadeFacility } from './program-data';
import { expectAccessible } from './a11y';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-failed-jobs-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An import into a cycle of its own whose file is unreadable: the worker fails it (and lets its message go to the DLQ). */
async function failedImport(request: APIRequestContext): Promise<{ jobId: string; site: string; facility: MadeFacility; cycle: MadeCycle }> {
  const site = `P${randomBytes(3).toString('hex')}1`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'sitelink_web' });
  const cycle = await makeCycle(request, facility.facility_number);
  const sent = await request.post('/api/cycles/import-tenants', {
    headers: await adminHeaders(request),
    multipart: { software: 'sitelink_web', cycle_id: cycle.id, rent_roll: { name: 'roll.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('not a workbook') } },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const jobId = ((await sent.json()) as { job: { id: string } }).job.id;
  expect((await waitForJob(request, jobId)).status).toBe('failed');
  return { jobId, site, facility, cycle };
}

const rowOf = (page: Page, facilityNumber: string) => page.getByTestId('failed-jobs-table').locator('tbody tr').filter({ hasText: facilityNumber });

test('staff find a failed import on Failed jobs, retry it and see it done', async ({ page, request }) => {
  const { jobId, site, facility, cycle } = await failedImport(request);

  // The right file where the import reads it (the program's own stores, against the suite's emulators).
  const env = JSON.parse(process.env.E2E_AWS_ENV!) as Record<string, string>;
  Object.assign(process.env, env);
  useEndpoints(endpointsFromEnv(env));
  const { getJob } = await import('../../functions/jobs/job-store');
  const { putImportFile } = await import('../../functions/imports/import-files');
  const key = ((await getJob(jobId))!.input.files as { rent_roll: { key: string } }).rent_roll.key;
  const rentRoll = await writeSampleRentRoll({ software: 'sitelink_web', primeSiteId: site, rows: 8, seed: 926, dir });
  await putImportFile(key, readFileSync(rentRoll.files.rent_roll));

  await loginAs(page, DEMO.monitor.username);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Failed jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();
  const row = rowOf(page, facility.facility_number);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Failed');
  await expect(row).toContainText(cycle.label);
  await expect(row.getByRole('link', { name: /^Open where the Rent-roll import job/ })).toHaveAttribute('href', '/import-history');

  // At phone size the row and its actions are still within reach.
  await page.setViewportSize({ width: 390, height: 844 });
  const retry = row.getByRole('button', { name: /^Retry the Rent-roll import job/ });
  await retry.scrollIntoViewIfNeeded();
  await expect(retry).toBeInViewport();

  await retry.click();
  await expect(notifications(page)).toContainText('Rent-roll import job queued again on rent-roll-imports.');
  await expect(row).toHaveCount(0);
  const done = await waitForJob(request, jobId);
  expect(done.status, done.error ?? '').toBe('done');

  // Done: Import History shows the facility's import.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/import-history?facility_number=${facility.facility_number}`);
  await expect(page.getByTestId('import-history-table').locator('tbody tr').filter({ hasText: 'roll.xlsx' })).toHaveCount(1);
});

test('Dismiss asks why, keeps the reason and takes the job off the list', async ({ page, request }) => {
  const { jobId, facility } = await failedImport(request);
  await openAs(page, DEMO.admin.username, '/failed-jobs');
  const row = rowOf(page, facility.facility_number);
  await row.getByRole('button', { name: /^Dismiss the Rent-roll import job/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss job' });
  await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(dialog).toContainText('Say why the job is dismissed.');
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The manager sent a corrected file as a new import.');
  await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(notifications(page)).toContainText('The Rent-roll import job was dismissed; the reason is kept on it.');
  await expect(row).toHaveCount(0);
  const job = await getJson<{ status: string }>(request, `/api/jobs/${jobId}`);
  expect(job.status).toBe('failed');
});
