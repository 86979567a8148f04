/**
 * Name search as people type names (issue 24), on the Master Tenants List in Chromium: a name typed in
 * either order, in part, in any case and with or without its accent finds the tenant across all
 * facilities and inside its facility. The test makes its own facility and tenants (a sample rent roll
 * imported through the API) and gives two of them names no other tenant has with a staff edit, so the
 * rows are found by their names, never by position.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { expectAccessible } from './a11y';
import { DEMO, expect as baseExpect, openAs, pageContent, test } from './fixtures';
import { adminHeaders, importRentRoll, listed, makeCycle, makeFacility, tenantsOfFacility } from './program-data';
import type { StaffTenantView } from './program-data';

// The machine is shared and slow at times: the list waits out its debounce and the server's answer.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'alp-e2e-names-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Letters only: a name word no other tenant has ('Omarqzkvtw'). */
const uniqueWord = () => Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');

async function rename(request: APIRequestContext, t: StaffTenantView, first_name: string, last_name: string): Promise<void> {
  const response = await request.post(`/api/tenants/${t.id}`, { headers: await adminHeaders(request), form: { updated_at: t.updated_at, first_name, last_name } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A facility of its own whose first two tenants are renamed Omar García and Ana García (with a word no one else has). */
async function seed(request: APIRequestContext) {
  const site = `NS${randomBytes(3).toString('hex')}`;
  const facility = await makeFacility(request, { prime_site_id: site, software: 'storedge' });
  const cycle = await makeCycle(request, facility.facility_number);
  const rentRoll = await writeSampleRentRoll({ software: 'storedge', primeSiteId: site, rows: 4, seed: randomInt(1, 1_000_000), dir: join(dir, randomBytes(3).toString('hex')) });
  await importRentRoll(request, cycle.id, 'storedge', rentRoll.files);
  const [first, second] = await tenantsOfFacility(request, facility.facility_number);
  const tag = uniqueWord();
  const omar = { first_name: `Omar${tag}`, last_name: `García${tag}` };
  await rename(request, first!, omar.first_name, omar.last_name);
  await rename(request, second!, `Ana${tag}`, `García${tag}`);
  return { facility, tag, omar };
}

const table = (page: Page) => page.getByTestId('tenants-table');
/** The tenants' rows (the empty state is a row of the table body too, without a row header). */
const rows = (page: Page) => table(page).locator('tbody tr').filter({ has: page.getByRole('rowheader') });
const nameBox = (page: Page) => pageContent(page).getByRole('searchbox', { name: 'Tenant Name' });

/** Types a name as a user does and waits for the list the server answers for it. */
async function search(page: Page, typed: string): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tenants' && new URL(r.url()).searchParams.get('name') === typed.trim());
  await nameBox(page).fill(typed);
  expect((await answered).status()).toBe(200);
}

test('a name typed in either order, in part, in any case or without its accent finds the tenant, across all facilities and in its own', async ({ page, request }) => {
  const { facility, tag, omar } = await seed(request);
  await openAs(page, DEMO.monitor.username, '/tenant-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Master Tenants List' })).toBeVisible();
  await expect(pageContent(page).getByText('across all facilities they match the beginning of the first or last name, in either order')).toBeVisible();

  const typings = [`Omar${tag} Garcia${tag}`, `garcia${tag} om`, `GARCÍA${tag}, omar${tag}`, `omar${tag} garc`];
  for (const typed of typings) {
    await search(page, typed);
    await expect(rows(page), typed).toHaveCount(1);
    await expect(table(page).getByRole('rowheader').getByText(listed(omar), { exact: true }), typed).toBeVisible();
  }
  // One word: both Garcías, by the start of the last name.
  await search(page, `garcia${tag}`);
  await expect(rows(page)).toHaveCount(2);
  await expectAccessible(page);

  // Inside the facility the words may be anywhere in the name, in any order.
  await pageContent(page).getByRole('searchbox', { name: 'Facility Number' }).fill(facility.facility_number);
  await search(page, `arcia${tag} mar`);
  await expect(rows(page)).toHaveCount(1);
  await expect(table(page).getByRole('rowheader').getByText(listed(omar), { exact: true })).toBeVisible();
});
