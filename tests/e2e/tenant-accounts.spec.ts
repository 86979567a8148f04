/**
 * The Tenant Accounts tab of Manage Users (spec tenants-letters-users §2 Reading A): the four filters
 * with Search and Reset, the columns, the empty text, and a load error with Retry. It only reads the
 * demo tenants; rows are found by the tenant's own filters, never by position.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { TenantAccount } from '../../shared/contracts/tenants';
import { formatAccessCode } from '../../shared/access-code';
import { DEMO, expect as baseExpect, openAs, test } from './fixtures';
import { getJson, listed } from './program-data';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

interface AccountsAnswer {
  data: TenantAccount[];
  pagination: { total: number; exact: boolean; next_cursor: string | null };
}

const accounts = (request: APIRequestContext, query: string) => getJson<AccountsAnswer>(request, `/api/users?tenants=true&${query}`);

const tab = (page: Page) => page.getByRole('tabpanel');
const table = (page: Page) => page.getByRole('table', { name: 'Tenant accounts' });
const rows = (page: Page) => table(page).locator('tbody tr');
const heading = (page: Page) => tab(page).getByRole('heading', { name: /^Tenant Accounts/ });

const rowOf = (page: Page, t: TenantAccount) => rows(page).filter({ has: page.getByRole('rowheader').getByText(listed(t), { exact: true }) });

const PARAMS: Record<string, string> = { 'Facility Number': 'facility_number', 'Tenant Name': 'tenant_name', 'Insur Ledger ID': 'insur_ledger_id', Unit: 'unit' };

/** Types the filters and searches, waiting for the list's answer (the previous rows stay on screen until then). */
async function search(page: Page, typed: Record<string, string>) {
  for (const [label, value] of Object.entries(typed)) await tab(page).getByRole('searchbox', { name: label }).fill(value);
  const sent = Object.entries(typed).filter(([, value]) => value.trim().length > 1).map(([label, value]) => [PARAMS[label]!, value] as const);
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/users' && sent.every(([name, value]) => url.searchParams.get(name) === value);
  });
  await tab(page).getByRole('button', { name: 'Search' }).click();
  await answered;
}

async function openTab(page: Page) {
  await openAs(page, DEMO.monitor.username, '/manage-users');
  await expect(page.getByRole('heading', { level: 1, name: 'View User Accounts' })).toBeVisible();
  await page.getByRole('tab', { name: 'Tenant Accounts' }).click();
  await expect(heading(page)).toBeVisible();
}

test('searches tenant accounts by facility, name, ledger id and unit; Reset shows them all again', async ({ page, request }) => {
  const facility = '1002';
  const inFacility = await accounts(request, `facility_number=${facility}`);
  const tenant = inFacility.data.find((t) => t.last_name && t.insur_ledger_id && t.access_code)!;
  expect(tenant, 'a demo tenant account with a ledger id and access code').toBeTruthy();
  const everyone = await accounts(request, '');

  await openTab(page);
  for (const header of ['Facility Number', 'Tenant Name', 'Insur Ledger ID', 'Unit', 'Access Code']) {
    await expect(table(page).getByRole('columnheader', { name: header })).toBeVisible();
  }
  await expect(rows(page)).toHaveCount(Math.min(100, everyone.pagination.total));

  const calls: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/users') calls.push(url);
  });
  await search(page, { 'Facility Number': facility, 'Tenant Name': tenant.last_name!, Unit: tenant.unit });
  await expect(rowOf(page, tenant)).toBeVisible();
  await expect(rowOf(page, tenant).getByRole('cell')).toHaveText([facility, tenant.insur_ledger_id, tenant.unit, formatAccessCode(tenant.access_code)]);
  const sent = calls.at(-1)!;
  expect(sent.searchParams.get('tenants')).toBe('true');
  expect(sent.searchParams.get('facility_number')).toBe(facility);
  expect(sent.searchParams.get('tenant_name')).toBe(tenant.last_name);
  expect(sent.searchParams.get('unit')).toBe(tenant.unit);
  expect(sent.searchParams.has('insur_ledger_id')).toBe(false);

  // The ledger id alone finds the tenant across the program. Reset's reload first: typed before it answers,
  // the filters are emptied again under the typing (a .ci/run timed out here waiting for a search never sent).
  await tab(page).getByRole('button', { name: 'Reset' }).click();
  await expect(tab(page).getByRole('searchbox', { name: 'Facility Number' })).toHaveValue('');
  await expect(rows(page)).toHaveCount(Math.min(100, everyone.pagination.total));
  await search(page, { 'Insur Ledger ID': tenant.insur_ledger_id });
  await expect(table(page)).not.toContainText('No users to show.');
  await expect(rowOf(page, tenant)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  expect(calls.at(-1)!.searchParams.get('insur_ledger_id')).toBe(tenant.insur_ledger_id);

  // A one-character filter is not sent (spec §5); nobody matches a made-up ledger id.
  await tab(page).getByRole('button', { name: 'Reset' }).click();
  await expect(tab(page).getByRole('searchbox', { name: 'Facility Number' })).toHaveValue('');
  await expect(rows(page)).toHaveCount(Math.min(100, everyone.pagination.total));
  await search(page, { Unit: 'A', 'Insur Ledger ID': 'NO-SUCH-LEDGER' });
  await expect(table(page)).toContainText('No users to show.');
  expect(calls.at(-1)!.searchParams.has('unit')).toBe(false);
});

test('all four filters together find the tenant', async ({ page, request }) => {
  const facility = '1002';
  const tenant = (await accounts(request, `facility_number=${facility}`)).data.find((t) => t.last_name && t.insur_ledger_id)!;
  await openTab(page);
  await search(page, { 'Facility Number': facility, 'Tenant Name': tenant.last_name!, 'Insur Ledger ID': tenant.insur_ledger_id, Unit: tenant.unit });
  await expect(table(page)).not.toContainText('No users to show.');
  await expect(rowOf(page, tenant)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
});

test('a failed load shows the server\'s text with Retry, which loads the list', async ({ page }) => {
  await openTab(page);
  const isTenantAccounts = (url: URL) => url.pathname === '/api/users' && url.searchParams.get('tenants') === 'true';
  await page.route(isTenantAccounts, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The tenant index is busy.' }) }));
  await tab(page).getByRole('searchbox', { name: 'Facility Number' }).fill('1003');
  await tab(page).getByRole('button', { name: 'Search' }).click();
  const failure = page.getByTestId('tenant-accounts-error');
  await expect(failure).toContainText('The tenant index is busy.');

  // An answer without the server's text says so in the spec's words.
  await page.unroute(isTenantAccounts);
  await page.route(isTenantAccounts, (route) => route.fulfill({ status: 500, body: 'oops' }));
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toContainText('Unknown error loading users.');

  await page.unroute(isTenantAccounts);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page).first()).toContainText('1003');
  await expect(failure).toBeHidden();
});
