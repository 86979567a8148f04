/**
 * The Master Tenants List as the end-to-end specs drive it (tenant-list.spec.ts reads it, tenant-edits.spec.ts
 * changes tenants through it): the API reads the tests compare with, the page's parts, and the helpers that
 * pick uniquely named demo tenants. Tests that change tenants work in demo facilities the other suites leave alone.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { StaffTenantView } from './program-data';
import { DEMO, expect as baseExpect, loginAs, notifications, pageContent } from './fixtures';
import { getJson, listed } from './program-data';

// The machine is shared and slow at times: the list waits out its debounce and the server's answer.
export const expect = baseExpect.configure({ timeout: 20_000 });

export interface ListAnswer {
  data: StaffTenantView[];
  pagination: { total: number; last_page: number; exact: boolean; next_cursor: string | null };
  info: { incomplete_address: number; stats: Record<string, number> };
}

export const full = (t: Pick<StaffTenantView, 'first_name' | 'last_name'>) => [t.first_name, t.last_name].filter(Boolean).join(' ');

export const tenantsOf = (request: APIRequestContext, query: string) => getJson<ListAnswer>(request, `/api/tenants?${query}`);

/**
 * The list the page itself is answered next, for a request whose query matches. Program-wide totals and
 * pages change while other spec files import tenants at the same time, so the page is compared with its
 * own answer, never with a read of a moment before or after. Call it before the action that asks.
 */
export function pageAnswer(page: Page, matches: (query: URLSearchParams) => boolean): Promise<ListAnswer> {
  return page
    .waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/tenants' && matches(new URL(r.url()).searchParams))
    .then((r) => r.json() as Promise<ListAnswer>);
}
export const programWide = (q: URLSearchParams) => !q.has('facility_number') && !q.has('cycle_id') && !q.has('name') && !q.has('status');

export async function tenantById(request: APIRequestContext, facilityNumber: string, id: string): Promise<StaffTenantView> {
  const all = await allOfFacility(request, facilityNumber);
  const tenant = all.find((t) => t.id === id);
  expect(tenant, `tenant ${id} in ${facilityNumber}`).toBeTruthy();
  return tenant!;
}

export async function allOfFacility(request: APIRequestContext, facilityNumber: string): Promise<StaffTenantView[]> {
  const first = await tenantsOf(request, `facility_number=${facilityNumber}`);
  const rest = [];
  for (let page = 2; page <= first.pagination.last_page; page += 1) rest.push(...(await tenantsOf(request, `facility_number=${facilityNumber}&page=${page}`)).data);
  return [...first.data, ...rest];
}

/** Tenants of a facility matching `which` whose listed name no other tenant of the facility shares. */
export function uniquelyNamed(all: readonly StaffTenantView[], which: (t: StaffTenantView) => boolean, count: number): StaffTenantView[] {
  const uses = new Map<string, number>();
  for (const t of all) uses.set(listed(t), (uses.get(listed(t)) ?? 0) + 1);
  const found = all.filter((t) => which(t) && uses.get(listed(t)) === 1 && listed(t).length < 35).slice(0, count);
  expect(found.length, 'enough uniquely named demo tenants').toBe(count);
  return found;
}

export const KEYWORDS = ['provide_proof', 'opt_out', 'moved_out', 'bad_address', 'no_response'];
export const hasPlan = (t: StaffTenantView) => t.status !== null && !KEYWORDS.includes(t.status);

/**
 * The first of `facilities` holding enough uniquely named tenants for each group (groups should not
 * overlap); each test that changes tenants has facilities of its own.
 */
export async function pickTenants(request: APIRequestContext, facilities: readonly string[], groups: readonly { which: (t: StaffTenantView) => boolean; count: number }[]) {
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

export const table = (page: Page) => page.getByTestId('tenants-table');
export const rows = (page: Page) => table(page).locator('tbody tr');
export const rowOf = (page: Page, t: Pick<StaffTenantView, 'first_name' | 'last_name'>) =>
  rows(page).filter({ has: page.getByRole('rowheader').getByText(listed(t), { exact: true }) });
export const toast = (page: Page, text: string | RegExp) => notifications(page).getByText(text);
export const tenantsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Tenants/ });
/**
 * A header control of the table: the sticky copy of the header row lies over the real one, so the
 * click lands (as a user's does) on the copy, at the same place.
 */
export const sortBy = (page: Page, column: string) => table(page).getByRole('button', { name: column, exact: true }).click({ force: true });
export const checkAllOnPage = (page: Page) => table(page).getByRole('checkbox', { name: 'Check all tenants on this page' }).click({ force: true });
export const unitHeader = (page: Page) => table(page).getByRole('columnheader', { name: /Unit\(s\)/ }).first();

/**
 * Another page of the list, once its rows are there: until its answer comes, the rows of the page before
 * stay on screen under the new page number, and a click on them would act on the wrong page.
 */
export async function goToPage(page: Page, n: number): Promise<void> {
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
export async function recordToasts(page: Page) {
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
export async function expectToast(page: Page, text: string) {
  await expect.poll(() => page.evaluate((t) => {
    const seen = (window as unknown as { seenToasts: string[] }).seenToasts;
    const at = seen.findIndex((s) => s.includes(t));
    if (at < 0) return false;
    seen.splice(0, at + 1);
    return true;
  }, text), { message: `a toast saying '${text}'` }).toBe(true);
}

export async function openList(page: Page, query = '', role: 'monitor' | 'admin' = 'monitor') {
  await recordToasts(page);
  await loginAs(page, DEMO[role].username);
  await page.goto(`/tenant-list${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Master Tenants List' })).toBeVisible();
}

export async function filterFacility(page: Page, facilityNumber: string, total: number) {
  await page.getByRole('searchbox', { name: 'Facility Number' }).fill(facilityNumber);
  await expect(tenantsHeading(page)).toContainText(`(${total})`);
}

/** Picks `option` of the Select named `select`, on the page or, with `where`, in a dialog. */
export async function chooseOption(page: Page, select: string, option: string | RegExp, where: Locator = pageContent(page)) {
  // In the page, not the side navigation (its 'Cycles' section is a button too).
  await where.getByRole('button', { name: select, exact: false }).first().click();
  await page.getByRole('option', { name: option }).click();
}

export async function check(page: Page, tenants: readonly StaffTenantView[]) {
  for (const t of tenants) await rowOf(page, t).getByRole('checkbox', { name: `Check ${listed(t)}` }).check();
}

export async function bulkAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
