/**
 * Master Tenants List (/tenant-list, spec tenants-letters-users §2 Reading B), reading: filters, stats, paging,
 * sorting, cursors and the list kept in the address. Rows are found through the filters and the tenant's name,
 * never by position. The changes (the Edit Tenant and Edit Tenant Status modals, the bulk actions, the
 * 300-tenant cap, the export job) are in tenant-edits.spec.ts, a file of its own so that the two run at once.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { StaffTenantView } from './program-data';
import { expectAccessible } from './a11y';
import { DEMO, loginAs, pageContent, test } from './fixtures';
import { getJson, listed } from './program-data';
import type { ListAnswer } from './tenant-list-page';
import { allOfFacility, chooseOption, expect, filterFacility, openList, pageAnswer, programWide, recordToasts, rowOf, rows, sortBy, table, tenantsHeading, tenantsOf, uniquelyNamed, unitHeader } from './tenant-list-page';

// Its tests only read (and compare the page with its own answers), so any number of workers may share
// them (one today: docs/decisions.md "End-to-end: two workers").
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test('filters the list by facility, cycle, name, unit and status, with the stats of the chosen scope', async ({ page, request }) => {
  const facility = '1003';
  const scoped = await tenantsOf(request, `facility_number=${facility}`);
  const all = await allOfFacility(request, facility);
  const [named] = uniquelyNamed(all, (t) => !!t.last_name, 1);
  const answered = pageAnswer(page, (q) => programWide(q) && (q.get('page') ?? '1') === '1');

  await openList(page);
  const program = await answered;
  // Program-wide first: the stats of the whole program.
  await expect(tenantsHeading(page)).toContainText(`(${program.pagination.total.toLocaleString('en-US')})`);
  await expect(page.getByTestId('stat-total_active')).toContainText(program.info.stats.total_active!.toLocaleString('en-US'));

  const requests: URL[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/tenants') requests.push(new URL(r.url()));
  });
  // One character is not sent (spec §5).
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill('1');
  await page.waitForTimeout(700);
  expect(requests.every((u) => !u.searchParams.has('facility_number'))).toBe(true);

  await filterFacility(page, facility, scoped.pagination.total);
  await expect(page.getByTestId('stat-total_active')).toContainText(scoped.info.stats.total_active!.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-total_active')).toContainText(`${scoped.info.stats.total_active_percentage}%`);
  if (scoped.info.incomplete_address > 0) {
    await expect(page.getByTestId('incomplete-address')).toHaveText(`There are ${scoped.info.incomplete_address} tenants with an incomplete address!`);
  }
  for (const header of ['Facility', 'Cycle', 'Name', 'Unit(s)', 'Status', 'Setup Confirmed', 'API Confirmed', 'Payment Confirmed', 'Welcome Letter', 'Move-In Date', 'Billing Date']) {
    await expect(table(page).getByRole('columnheader', { name: header }).first()).toBeVisible();
  }

  // Inside a facility the name matches anywhere in it.
  await expect(page.getByText('Inside a facility or cycle, name and unit match anywhere')).toBeVisible();
  const part = named!.last_name!.slice(1);
  const matching = await tenantsOf(request, `facility_number=${facility}&name=${encodeURIComponent(part)}`);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(part);
  await expect(tenantsHeading(page)).toContainText(`(${matching.pagination.total})`);
  await expect(rowOf(page, named!)).toBeVisible();
  const shown = await rows(page).count();
  expect(shown).toBe(matching.data.length);
  for (let i = 0; i < shown; i += 1) await expect(rows(page).nth(i)).toContainText(facility);
  await page.getByRole('searchbox', { name: 'Unit' }).fill(named!.unit);
  await expect(rowOf(page, named!)).toBeVisible();
  await expect(rowOf(page, named!)).toContainText(named!.unit);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill('');
  await page.getByRole('searchbox', { name: 'Unit' }).fill('');
  await expect(tenantsHeading(page)).toContainText(`(${scoped.pagination.total})`);

  // Status: every row shown has the chosen status.
  const optedOut = all.filter((t) => t.status === 'opt_out');
  await chooseOption(page, 'Status', 'Opted Out');
  await expect(tenantsHeading(page)).toContainText(`(${optedOut.length})`);
  if (optedOut.length > 0) await expect(table(page).getByTestId('tenant-status').first()).toHaveText('Opted Out');
  await expect(table(page).getByTestId('tenant-status').filter({ hasNotText: 'Opted Out' })).toHaveCount(0);
  await chooseOption(page, 'Status', 'All Tenants');
  await expect(tenantsHeading(page)).toContainText(`(${scoped.pagination.total})`);

  // Cycles of the facility number, with their tenant counts; choosing one narrows the list.
  const cycles = await getJson<{ id: string; label: string; tenant_count: number }[]>(request, `/api/cycles/search?facility_number=${facility}`);
  const cycle = cycles.find((c) => c.tenant_count > 0)!;
  const inCycle = await tenantsOf(request, `cycle_id=${cycle.id}`);
  await chooseOption(page, 'Cycle', `${cycle.label} (${cycle.tenant_count} tenants)`);
  await expect(page.getByText('The chosen cycle')).toBeVisible();
  await expect(tenantsHeading(page)).toContainText(`(${inCycle.pagination.total})`);
  expect(requests.at(-1)?.searchParams.get('cycle_id')).toBe(cycle.id);

  // The server's filter select, with counts.
  await page.getByRole('button', { name: /Filter/ }).first().click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The tagged switch sends tagged_for_removal=true.
  await page.getByRole('switch', { name: 'Show Tenants Tagged for Removal' }).or(page.getByText('Show Tenants Tagged for Removal')).first().click();
  await expect.poll(() => requests.at(-1)?.searchParams.get('tagged_for_removal')).toBe('true');
});

test('the query string preselects facility and cycle; pages and sorts', async ({ page, request }) => {
  const facility = '1004';
  const cycles = await getJson<{ id: string; label: string; tenant_count: number }[]>(request, `/api/cycles/search?facility_number=${facility}`);
  const cycle = cycles.find((c) => c.tenant_count > 0)!;
  const inCycle = await tenantsOf(request, `cycle_id=${cycle.id}`);

  await openList(page, `?facility_number=${facility}&cycle_id=${cycle.id}`);
  await expect(page.getByRole('searchbox', { name: 'Facility Number' })).toHaveValue(facility);
  await expect(tenantsHeading(page)).toContainText(`(${inCycle.pagination.total})`);
  await expect(page.getByText('The chosen cycle')).toBeVisible();
  await expect(rowOf(page, inCycle.data[0]!).first()).toBeVisible();
  await expect(pageContent(page).getByRole('button', { name: /Cycle/ }).first()).toContainText(cycle.label);

  // Sorting by unit inside a cycle asks the server for sort=unit, then -unit.
  const sorted = page.waitForRequest((r) => new URL(r.url()).searchParams.get('sort') === 'unit');
  await sortBy(page, 'Unit(s)');
  await sorted;
  const firstByUnit = (await tenantsOf(request, `cycle_id=${cycle.id}&sort=unit`)).data[0]!;
  await expect(rows(page).first()).toContainText(listed(firstByUnit));
  const descending = page.waitForRequest((r) => new URL(r.url()).searchParams.get('sort') === '-unit');
  await sortBy(page, 'Unit(s)');
  await descending;

  // Program-wide: 100 rows a page, page 2 from the pager; only the server's name order (no sortable columns).
  const answered = pageAnswer(page, (q) => programWide(q) && (q.get('page') ?? '1') === '1');
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill('');
  const program = await answered;
  await expect(tenantsHeading(page)).toContainText(`(${program.pagination.total.toLocaleString('en-US')})`);
  await expect(rows(page)).toHaveCount(100);
  await expect(table(page).getByRole('columnheader', { name: 'Unit(s)' }).first().getByRole('button')).toHaveCount(0);
  const answeredSecond = pageAnswer(page, (q) => programWide(q) && q.get('page') === '2');
  await page.getByRole('button', { name: 'Page 2' }).click();
  const second = await answeredSecond;
  const onlyOnSecond = uniquelyNamed([...program.data, ...second.data], (t) => second.data.includes(t), 1)[0]!;
  await expect(rowOf(page, onlyOnSecond)).toBeVisible();
  await expect(rows(page)).toHaveCount(second.data.length);
});

test('a program-wide name search matches the beginning and finds the tenant', async ({ page, request }) => {
  const program = await tenantsOf(request, '');
  const tenant = program.data.find((t) => t.last_name && t.last_name.length > 3)!;
  const prefix = tenant.last_name!.slice(0, 3);
  await openList(page);
  const answered = pageAnswer(page, (q) => q.get('name') === prefix);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(prefix);
  const answer = await answered;
  await expect(page.getByText('across all facilities they match the beginning')).toBeVisible();
  await expect(rowOf(page, answer.data[0]!).first()).toBeVisible();
  await expect(rows(page)).toHaveCount(answer.data.length);
});

/**
 * The demo program has no name with more than 100 tenants, so the server's pages of a program-wide
 * search for 'Zz' are played: three pages (100, 100, 20 rows) linked by next_cursor ('cursor-2',
 * 'cursor-3'), with the stats, filters and info of a real search. As the server, a page past 1 is
 * started only by the cursor the page before answered (else 422 on `cursor`). Answers the URLs asked.
 */
async function playCursorPages(page: Page, request: APIRequestContext): Promise<URL[]> {
  const template = (await tenantsOf(request, 'facility_number=1002')).data[0]!;
  const real = await getJson<Record<string, unknown>>(request, '/api/tenants?name=Sm');
  const rowsOf = (n: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...template, id: `p${n}-${i}`, first_name: `Row${i}`, last_name: `Page${n}` }));
  const pages: Record<string, { data: StaffTenantView[]; next: string | null }> = {
    '': { data: rowsOf(1, 100), next: 'cursor-2' },
    'cursor-2': { data: rowsOf(2, 100), next: 'cursor-3' },
    'cursor-3': { data: rowsOf(3, 20), next: null },
  };
  const asked: URL[] = [];
  await page.route((url) => url.pathname === '/api/tenants' && url.searchParams.get('name') === 'Zz', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    const cursor = url.searchParams.get('cursor') ?? '';
    const pageNo = Number(url.searchParams.get('page') ?? '1');
    if (pageNo > 1 ? cursor !== `cursor-${pageNo}` : cursor !== '') {
      await route.fulfill({ status: 422, json: { error: 'cursor is not one this list answered. Start again from page 1.', field: 'cursor' } });
      return;
    }
    const at = pages[cursor]!;
    await route.fulfill({
      json: {
        ...real,
        data: at.data,
        pagination: { current_page: pageNo, last_page: pageNo, per_page: 100, from: null, to: null, total: (pageNo - 1) * 100 + at.data.length, exact: false, next_cursor: at.next },
      },
    });
  });
  return asked;
}

test('a list that is not exact pages forward by cursor, back by the cursors it kept, and stops at the end', async ({ page, request }) => {
  const asked = await playCursorPages(page, request);
  await openList(page);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill('Zz');
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page1' })).toBeVisible();
  await expect(tenantsHeading(page)).toContainText('(100+)');

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page2' })).toBeVisible();
  expect(asked.at(-1)!.searchParams.get('cursor')).toBe('cursor-2');
  expect(asked.at(-1)!.searchParams.get('page')).toBe('2');

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page3' })).toBeVisible();
  expect(asked.at(-1)!.searchParams.get('cursor')).toBe('cursor-3');
  await expect(rows(page)).toHaveCount(20);
  // The last page answered no next cursor: the pager ends here.
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Page 3' })).toBeVisible();

  // Back to a page reached before: its kept cursor is asked again.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page2' })).toBeVisible();
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page1' })).toBeVisible();
  expect(asked.every((u) => u.searchParams.get('page') === '1' ? !u.searchParams.has('cursor') : u.searchParams.get('cursor') === `cursor-${u.searchParams.get('page')}`)).toBe(true);
});

// ---------- the list's place in the address (issue 24, 'Filters live in the address') ----------

const sideNavigation = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const facilityBox = (page: Page) => page.getByRole('searchbox', { name: 'Facility Number' });
const nameBox = (page: Page) => page.getByRole('searchbox', { name: 'Tenant Name' });

/** Leaves the list for Manage Cycles through the side navigation, then comes back with the browser's Back. */
async function awayAndBack(page: Page) {
  await sideNavigation(page).getByRole('link', { name: 'Manage Cycles', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Cycles' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Master Tenants List' })).toBeVisible();
}

/** The list shows exactly the tenants of `answer` (one page of at most 100, names unique or not). */
async function expectRows(page: Page, answer: ListAnswer) {
  await expect(tenantsHeading(page)).toContainText(`(${answer.pagination.total.toLocaleString('en-US')})`);
  await expect(rows(page)).toHaveCount(answer.data.length);
  for (const t of answer.data) await expect(rowOf(page, t).first()).toBeVisible();
}

test('the filters live in the address: Back, reload and a shared link show the list as it was left', async ({ page, request, context }) => {
  // Facility 1013 and a last name its tenants have, 'Brown' when the demo gave it one.
  const facility = '1013';
  const all = await allOfFacility(request, facility);
  const name = all.some((t) => t.last_name === 'Brown') ? 'Brown' : all.find((t) => (t.last_name ?? '').length > 3)!.last_name!;
  const found = await tenantsOf(request, `facility_number=${facility}&name=${encodeURIComponent(name)}`);
  expect(found.pagination.total, `tenants named ${name} in ${facility}`).toBeGreaterThan(0);
  expect(found.pagination.total).toBeLessThan(all.length);

  await recordToasts(page);
  await loginAs(page, DEMO.monitor.username);
  await sideNavigation(page).getByRole('link', { name: 'Master Tenants List', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Master Tenants List' })).toBeVisible();
  await facilityBox(page).fill(facility);
  await nameBox(page).pressSequentially(name, { delay: 30 });
  await expectRows(page, found);
  await expect(page).toHaveURL((url) => url.searchParams.get('facility_number') === facility && url.searchParams.get('name') === name);

  // Over to Manage Cycles and Back: the form and the rows are as they were left.
  await awayAndBack(page);
  await expect(facilityBox(page)).toHaveValue(facility);
  await expect(nameBox(page)).toHaveValue(name);
  await expectRows(page, found);
  // Typing replaced the list's history entry instead of adding one per key: one more Back is Home.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goForward();
  await expect(nameBox(page)).toHaveValue(name);

  // A reload keeps them.
  await page.reload();
  await expect(facilityBox(page)).toHaveValue(facility);
  await expect(nameBox(page)).toHaveValue(name);
  await expectRows(page, found);

  // The address shared: another tab opens the filtered list; values the list cannot show are ignored, not an error.
  const shared = await context.newPage();
  await recordToasts(shared);
  await shared.goto(`/tenant-list?facility_number=${facility}&name=${encodeURIComponent(name)}&page=0&sort=secret&status=everything&filter=nothing`);
  await expect(facilityBox(shared)).toHaveValue(facility);
  await expect(nameBox(shared)).toHaveValue(name);
  await expectRows(shared, found);
  expect(await shared.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts)).toEqual([]);
  await expectAccessible(shared);
  await shared.close();
});

test('the sort and page live in the address: Back and reload return to page 2 in the chosen order', async ({ page, request }) => {
  // The demo facility with more than one page of tenants.
  const facility = '1010';
  const secondPage = await tenantsOf(request, `facility_number=${facility}&sort=-unit&page=2`);
  expect(secondPage.pagination.last_page, `facility ${facility} has two pages`).toBeGreaterThanOrEqual(2);

  await openList(page);
  await facilityBox(page).fill(facility);
  await expect(tenantsHeading(page)).toContainText(`(${secondPage.pagination.total})`);
  await sortBy(page, 'Unit(s)');
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'unit');
  // The table shows the first sort before the header is clicked again: a click before that sorts ascending again.
  await expect(unitHeader(page)).toHaveAttribute('aria-sort', 'ascending');
  await sortBy(page, 'Unit(s)');
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === '-unit');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('sort') === '-unit');
  await expectRows(page, secondPage);

  const onPage2 = async () => {
    await expect(facilityBox(page)).toHaveValue(facility);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'true');
    await expect(unitHeader(page)).toHaveAttribute('aria-sort', 'descending');
    await expectRows(page, secondPage);
  };
  await awayAndBack(page);
  await onPage2();
  await page.reload();
  await onPage2();

  // A new filter starts again from page 1 and keeps the order.
  await facilityBox(page).fill('1001');
  await expect(page).toHaveURL((url) => url.searchParams.get('facility_number') === '1001' && !url.searchParams.has('page') && url.searchParams.get('sort') === '-unit');
  await expectRows(page, await tenantsOf(request, 'facility_number=1001&sort=-unit'));
});

test('a list paged by cursor keeps its page and cursor in the address, and can still step back after Back', async ({ page, request }) => {
  await playCursorPages(page, request);
  await openList(page);
  await nameBox(page).fill('Zz');
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page1' })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page2' })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page3' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '3' && url.searchParams.get('cursor') === 'cursor-3');

  // Back to page 3 by its cursor; the cursors before it came back with the history entry, so page 2 is a step away.
  await awayAndBack(page);
  await expect(nameBox(page)).toHaveValue('Zz');
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page3' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page2' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('cursor') === 'cursor-2');

  // An address whose cursor the server refuses (old, or edited) opens page 1 instead of an error.
  await page.goto('/tenant-list?name=Zz&page=3&cursor=stale');
  await expect(rowOf(page, { first_name: 'Row0', last_name: 'Page1' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('name') === 'Zz' && !url.searchParams.has('page') && !url.searchParams.has('cursor'));
  await expect(table(page).getByTestId('tenants-error')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts.filter((t) => t.includes('Error loading tenants')))).toEqual([]);
});
