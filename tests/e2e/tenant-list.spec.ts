/**
 * Master Tenants List (/tenant-list, spec tenants-letters-users §2 Reading B): filters, stats, paging,
 * sorting, the Edit Tenant and Edit Tenant Status modals, the bulk actions with their confirmations and
 * refusals, the 300-tenant selection cap and the export job. Rows are found through the filters and the
 * tenant's name, never by position; tests that change tenants work in demo facilities 1021-1025, which
 * the other suites leave alone.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { StaffTenantView } from './program-data';
import { formatAccessCode } from '../../shared/access-code';
import { expectAccessible } from './a11y';
import { DEMO, expect as baseExpect, loginAs, notifications, pageContent, test } from './fixtures';
import { adminHeaders, getJson, listed } from './program-data';

// The machine is shared and slow at times: the list waits out its debounce and the server's answer.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

interface ListAnswer {
  data: StaffTenantView[];
  pagination: { total: number; last_page: number; exact: boolean; next_cursor: string | null };
  info: { incomplete_address: number; stats: Record<string, number> };
}

const full = (t: Pick<StaffTenantView, 'first_name' | 'last_name'>) => [t.first_name, t.last_name].filter(Boolean).join(' ');

const tenantsOf = (request: APIRequestContext, query: string) => getJson<ListAnswer>(request, `/api/tenants?${query}`);

/**
 * The list the page itself is answered next, for a request whose query matches. Program-wide totals and
 * pages change while other spec files import tenants at the same time, so the page is compared with its
 * own answer, never with a read of a moment before or after. Call it before the action that asks.
 */
function pageAnswer(page: Page, matches: (query: URLSearchParams) => boolean): Promise<ListAnswer> {
  return page
    .waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/tenants' && matches(new URL(r.url()).searchParams))
    .then((r) => r.json() as Promise<ListAnswer>);
}
const programWide = (q: URLSearchParams) => !q.has('facility_number') && !q.has('cycle_id') && !q.has('name') && !q.has('status');

async function tenantById(request: APIRequestContext, facilityNumber: string, id: string): Promise<StaffTenantView> {
  const all = await allOfFacility(request, facilityNumber);
  const tenant = all.find((t) => t.id === id);
  expect(tenant, `tenant ${id} in ${facilityNumber}`).toBeTruthy();
  return tenant!;
}

async function allOfFacility(request: APIRequestContext, facilityNumber: string): Promise<StaffTenantView[]> {
  const first = await tenantsOf(request, `facility_number=${facilityNumber}`);
  const rest = [];
  for (let page = 2; page <= first.pagination.last_page; page += 1) rest.push(...(await tenantsOf(request, `facility_number=${facilityNumber}&page=${page}`)).data);
  return [...first.data, ...rest];
}

/** Tenants of a facility matching `which` whose listed name no other tenant of the facility shares. */
function uniquelyNamed(all: readonly StaffTenantView[], which: (t: StaffTenantView) => boolean, count: number): StaffTenantView[] {
  const uses = new Map<string, number>();
  for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
  const found = all.filter((t) => which(t) && uses.get(listed(t)) === 1 && listed(t).length < 35).slice(0, count);
  expect(found.length, 'enough uniquely named demo tenants').toBe(count);
  return found;
}

const KEYWORDS = ['provide_proof', 'opt_out', 'moved_out', 'bad_address', 'no_response'];
const hasPlan = (t: StaffTenantView) => t.status !== null && !KEYWORDS.includes(t.status);

/**
 * The first of `facilities` holding enough uniquely named tenants for each group (groups should not
 * overlap); each test that changes tenants has facilities of its own.
 */
async function pickTenants(request: APIRequestContext, facilities: readonly string[], groups: readonly { which: (t: StaffTenantView) => boolean; count: number }[]) {
  for (const facility of facilities) {
    const all = await allOfFacility(request, facility);
    const uses = new Map<string, number>();
    for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
    const usable = (t: StaffTenantView) => uses.get(listed(t)) === 1 && listed(t).length < 35 && !!t.last_name;
    const picked = groups.map((g) => all.filter((t) => usable(t) && g.which(t)).slice(0, g.count));
    if (picked.every((p, i) => p.length === groups[i]!.count)) return { facility, all, picked };
  }
  throw new Error(`None of the demo facilities ${facilities.join(', ')} has the tenants this test needs.`);
}

// ---------- the page ----------

const table = (page: Page) => page.getByTestId('tenants-table');
const rows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, t: Pick<StaffTenantView, 'first_name' | 'last_name'>) =>
  rows(page).filter({ has: page.getByRole('rowheader').getByText(listed(t), { exact: true }) });
const toast = (page: Page, text: string | RegExp) => notifications(page).getByText(text);
const tenantsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Tenants/ });
/**
 * A header control of the table: the sticky copy of the header row lies over the real one, so the
 * click lands (as a user's does) on the copy, at the same place.
 */
const sortBy = (page: Page, column: string) => table(page).getByRole('button', { name: column, exact: true }).click({ force: true });
const checkAllOnPage = (page: Page) => table(page).getByRole('checkbox', { name: 'Check all tenants on this page' }).click({ force: true });
const unitHeader = (page: Page) => table(page).getByRole('columnheader', { name: /Unit\(s\)/ }).first();

/**
 * Another page of the list, once its rows are there: until its answer comes, the rows of the page before
 * stay on screen under the new page number, and a click on them would act on the wrong page.
 */
async function goToPage(page: Page, n: number): Promise<void> {
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tenants' && new URL(r.url()).searchParams.get('page') === String(n));
  await page.getByRole('button', { name: `Page ${n}` }).click();
  await loaded;
  await expect(page.getByRole('button', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'true');
  // The new page's rows are on screen: none of them is checked yet.
  await expect(table(page).getByRole('checkbox', { name: 'Check all tenants on this page' })).not.toBeChecked();
}

/**
 * Every text the toasts ever showed, recorded as the DOM changes: a toast lives 3 seconds, and on a
 * busy machine a reload of the table can take most of them, so polling for it alone could miss it.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="notifications"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Waits for a toast with `text` (one not already claimed by an earlier call). */
async function expectToast(page: Page, text: string) {
  await expect.poll(() => page.evaluate((t) => {
    const seen = (window as unknown as { seenToasts: string[] }).seenToasts;
    const at = seen.findIndex((s) => s.includes(t));
    if (at < 0) return false;
    seen.splice(0, at + 1);
    return true;
  }, text), { message: `a toast saying '${text}'` }).toBe(true);
}

async function openList(page: Page, query = '', role: 'monitor' | 'admin' = 'monitor') {
  await recordToasts(page);
  await loginAs(page, DEMO[role].username);
  await page.goto(`/tenant-list${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Master Tenants List' })).toBeVisible();
}

async function filterFacility(page: Page, facilityNumber: string, total: number) {
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill(facilityNumber);
  await expect(tenantsHeading(page)).toContainText(`(${total})`);
}

/** Picks `option` of the Select named `select`, on the page or, with `where`, in a dialog. */
async function chooseOption(page: Page, select: string, option: string | RegExp, where: Locator = pageContent(page)) {
  // In the page, not the side navigation (its 'Cycles' section is a button too).
  await where.getByRole('button', { name: select, exact: false }).first().click();
  await page.getByRole('option', { name: option }).click();
}

async function check(page: Page, tenants: readonly StaffTenantView[]) {
  for (const t of tenants) await rowOf(page, t).getByRole('checkbox', { name: `Check ${listed(t)}` }).check();
}

async function bulkAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

// ---------- tests ----------

test('filters the list by facility, cycle, name, unit and status, with the stats of the chosen scope', async ({ page, request }) => {
  const facility = '1003';
  const scoped = await tenantsOf(request, `facility_number=${facility}`);
  const all = await allOfFacility(request, facility);
  const [named] = uniquelyNamed(all, (t) => !!t.last_name, 1);
  const answered = pageAnswer(page, (q) => programWide(q) && !q.has('page'));

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
  const answered = pageAnswer(page, (q) => programWide(q) && !q.has('page'));
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

test('edits a tenant, shows its history, and a concurrent edit is refused inside the modal', async ({ page, request }) => {
  const { facility, all, picked: [[tenant]] } = await pickTenants(request, ['1021', '1012'], [{ which: () => true, count: 1 }]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(tenant!.last_name!);
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Edit Tenant ${full(tenant!)}`) });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('First Name', { exact: true })).toHaveValue(tenant!.first_name);
  // The access code is the program's: shown as printed on the letters, not editable.
  await expect(modal.getByLabel('Access Code', { exact: true })).toHaveValue(formatAccessCode(tenant!.access_code));
  await expect(modal.getByLabel('Access Code', { exact: true })).not.toBeEditable();
  await modal.getByLabel('City', { exact: true }).fill('Testville');
  await modal.getByLabel('Note', { exact: true }).fill('Called about the letter.');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Tenant record was successfully updated for ${full(tenant!)}`);
  await expect(modal).toBeHidden();
  const saved = await tenantById(request, facility, tenant!.id);
  expect(saved.city).toBe('Testville');
  expect(saved.note).toBe('Called about the letter.');

  // History: newest first, each field from -> to.
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: 'History' }).click();
  await expect(modal.getByRole('table', { name: 'Tenant history' })).toContainText(`${tenant!.city || '(blank)'} → Testville`);
  await expect(modal.getByRole('table', { name: 'Tenant history' })).toContainText('monitor');
  await modal.getByRole('tab', { name: 'Details' }).click();

  // Someone else saves first: the server's 409 shows inside the modal, which stays open.
  const headers = await adminHeaders(request);
  const other = await request.post(`/api/tenants/${tenant!.id}`, { headers, form: { updated_at: saved.updated_at, country: 'CA' } });
  expect(other.status(), await other.text()).toBe(200);
  await modal.getByLabel('Policy Number', { exact: true }).fill('POL-4242');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toContainText('This tenant was changed by someone else. Reload and try again.');
  await expect(modal).toBeVisible();

  // A field the server refuses shows next to it; a blank first name is caught before saving.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  await modal.getByLabel('First Name', { exact: true }).fill('');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toContainText('First name is required.');
  // The first field marked has the focus (issue 24: every form takes the user there).
  await expect(modal.getByLabel('First Name', { exact: true })).toBeFocused();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('tags and untags a tenant for removal and confirms its charge from the edit modal', async ({ page, request }) => {
  const { facility, all, picked: [[tenant]] } = await pickTenants(request, ['1016', '1014'], [{ which: (t) => !t.tagged_for_removal && !t.charge_applied_date, count: 1 }]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(tenant!.last_name!);
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Edit Tenant ${full(tenant!)}`) });
  await modal.getByText('Tagged for removal').click();
  await modal.getByText('Confirm that insurance charge has been applied').click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, `Tenant record was successfully updated for ${full(tenant!)}`);
  let now = await tenantById(request, facility, tenant!.id);
  expect(now.tagged_for_removal).toBe(true);
  expect(now.charge_applied_date).not.toBeNull();

  // The switch lists only tagged tenants; untagging takes the tenant off it.
  await page.getByText('Show Tenants Tagged for Removal').click();
  await expect(rowOf(page, tenant!)).toBeVisible();
  await rowOf(page, tenant!).getByRole('cell').nth(2).click();
  await expect(modal.getByRole('checkbox', { name: 'Tagged for removal' })).toBeChecked();
  const untag = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/tenants/${tenant!.id}`));
  await modal.getByText('Tagged for removal').click();
  await modal.getByRole('button', { name: 'Save' }).click();
  expect((await untag).postData()).toContain('untag=true');
  await expect(modal).toBeHidden();
  await expect(rowOf(page, tenant!)).toHaveCount(0);
  now = await tenantById(request, facility, tenant!.id);
  expect(now.tagged_for_removal).toBe(false);
});

test('changes a tenant\'s status from the pencil; Save needs a different status', async ({ page, request }) => {
  const { facility, all, picked: [[tenant]] } = await pickTenants(request, ['1018', '1011'], [{ which: (t) => t.status === null, count: 1 }]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await page.getByRole('searchbox', { name: 'Tenant Name' }).fill(tenant!.last_name!);
  await rowOf(page, tenant!).getByRole('button', { name: `Edit status of ${listed(tenant!)}` }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(full(tenant!)) });
  await expect(modal).toContainText(`Unit ${tenant!.unit}`);
  await expect(modal.getByTestId('current-status')).toHaveText('No response');
  const save = modal.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await modal.getByText('Provided Proof', { exact: true }).click();
  await expect(save).toBeEnabled();
  await modal.getByText('No Response', { exact: true }).click();
  await expect(save).toBeDisabled();
  await modal.getByText('Opted Out', { exact: true }).click();

  // While saving, the modal cannot be closed; a failed save stays open and says why (issue 24).
  await page.route(`**/api/tenants/${tenant!.id}/status`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Server hiccup.' }) });
  });
  await save.click();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await expect(save).toBeEnabled();
  await expect(modal.getByText('The status was not saved')).toBeVisible();
  await expect(modal.getByText('Server hiccup.')).toBeVisible();
  await expectAccessible(page, { include: '[role="dialog"]' });
  await page.unroute(`**/api/tenants/${tenant!.id}/status`);

  await save.click();
  await expect(modal).toBeHidden();
  await expect(rowOf(page, tenant!).getByTestId('tenant-status')).toHaveText('Opted Out');
  expect((await tenantById(request, facility, tenant!.id)).status).toBe('opt_out');
});

test('bulk edit, bulk confirm payment (refused and accepted), reset and delete the checked tenants', async ({ page, request }) => {
  const { facility, all, picked: [plain, answered, planned] } = await pickTenants(request, ['1019', '1017'], [
    { which: (t) => t.status === null && !t.tagged_for_removal, count: 3 },
    { which: (t) => ['provide_proof', 'opt_out', 'bad_address'].includes(t.status ?? ''), count: 2 },
    { which: (t) => hasPlan(t) && !t.payment_confirmed_date, count: 1 },
  ]);

  await openList(page);
  await filterFacility(page, facility, all.length);
  await expect(page.getByRole('button', { name: 'Actions' })).toBeDisabled();

  // Bulk Edit: the country of two tenants.
  await check(page, plain.slice(0, 2));
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeVisible();
  await bulkAction(page, 'Bulk Edit');
  const edit = page.getByRole('dialog', { name: 'Bulk Edit' });
  await chooseOption(page, 'Field', 'Country', edit);
  await edit.getByLabel('Value').fill('MX');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, '2 tenants successfully updated!');
  await expect(edit).toBeHidden();
  for (const t of plain.slice(0, 2)) expect((await tenantById(request, facility, t.id)).country).toBe('MX');
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeHidden();

  // Bulk Confirm Payment Received for tenants without a plan: refused, nothing changed, named in the error card.
  await check(page, plain.slice(0, 2));
  await bulkAction(page, 'Bulk Confirm Payment Received');
  const confirm = page.getByRole('dialog', { name: 'Bulk Confirm Payment Received' });
  await expect(confirm).toContainText('This will confirm the charge has been added for 2 tenants. Continue?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const failure = page.getByTestId('bulk-error');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Nothing was changed.');
  await expect(failure).toContainText(listed(plain[0]!));
  await expect(page.getByText('2 of at most 300 tenants checked.')).toBeVisible();
  await failure.getByRole('button', { name: 'Dismiss error' }).click();

  // ...and for a tenant with a plan it is dated today.
  for (const t of plain.slice(0, 2)) await rowOf(page, t).getByRole('checkbox').uncheck();
  await check(page, planned);
  await bulkAction(page, 'Bulk Confirm Payment Received');
  await expect(confirm).toContainText('This will confirm the charge has been added for 1 tenant. Continue?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, '1 tenant successfully updated!');
  expect((await tenantById(request, facility, planned[0]!.id)).payment_confirmed_date).not.toBeNull();

  // Reset two tenants who answered: back to No response.
  await check(page, answered);
  await bulkAction(page, 'Reset Tenants');
  const reset = page.getByRole('dialog', { name: 'Reset Tenants' });
  await expect(reset).toContainText('Are you sure you want to reset 2 tenants?');
  await reset.getByRole('button', { name: 'Reset' }).click();
  await expectToast(page, '2 tenants successfully updated!');
  for (const t of answered) {
    await expect(rowOf(page, t).getByTestId('tenant-status')).toHaveText('No response');
    expect((await tenantById(request, facility, t.id)).status).toBeNull();
  }

  // Delete one tenant for good.
  const gone = plain[2]!;
  await check(page, [gone]);
  await bulkAction(page, 'Delete');
  const remove = page.getByRole('dialog', { name: 'Delete Tenants' });
  await expect(remove).toContainText('permanently deleted');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, gone)).toHaveCount(0);
  await expect(tenantsHeading(page)).toContainText(`(${all.length - 1})`);
  expect((await allOfFacility(request, facility)).some((t) => t.id === gone.id)).toBe(false);
});

test('more than 300 checked tenants are refused with an alert', async ({ page }) => {
  await openList(page);
  await expect(rows(page)).toHaveCount(100);
  const checkPage = () => checkAllOnPage(page);
  await checkPage();
  await expect(page.getByText('100 of at most 300 tenants checked.')).toBeVisible();
  for (const n of [2, 3]) {
    await goToPage(page, n);
    await checkPage();
  }
  await expect(page.getByText('300 of at most 300 tenants checked.')).toBeVisible();
  await goToPage(page, 4);
  await checkAllOnPage(page);
  const alert = page.getByRole('dialog', { name: 'Selection limit' });
  await expect(alert).toContainText('You can select at most 300 tenants at a time');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('300 of at most 300 tenants checked.')).toBeVisible();

  // A new filter starts again with nothing checked.
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill('1002');
  await expect(page.getByText(/tenants checked/)).toBeHidden();
});

test('export shows the job\'s progress, then opens the workbook link', async ({ page, request }) => {
  const facility = '1005';
  const scoped = await tenantsOf(request, `facility_number=${facility}`);
  await openList(page);
  await filterFacility(page, facility, scoped.pagination.total);

  // Slow the job polls down so the progress bar is seen.
  await page.route('**/api/jobs/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/exports/monitor-tenants');
  const link = page.context().waitForEvent('request', (r) => r.url().includes('X-Amz-Signature'));
  await page.getByRole('button', { name: 'Export' }).click();
  expect(new URL((await created).url()).searchParams.get('facility_number')).toBe(facility);
  await expect(page.getByTestId('export-progress')).toBeVisible();
  const url = (await link).url();
  await expectToast(page, 'If no download box has appeared, please disable your popup-blocker for this site.');
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
});

test('a failed load toasts the error; a manager cannot open the page', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  const isList = (url: URL) => url.pathname === '/api/tenants';
  await page.route(isList, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Boom.' }) }));
  await page.goto('/tenant-list');
  await expect(toast(page, 'Error loading tenants')).toBeVisible();
  await expect(page.getByTestId('tenants-error')).toContainText('Boom.');
  await page.unroute(isList);

  await loginAs(page, DEMO.manager.username);
  await page.goto('/tenant-list');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
