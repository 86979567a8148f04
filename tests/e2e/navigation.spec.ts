/**
 * Finding your way (issue 24): the side navigation lists every page the user may open, marks the one
 * shown and follows links without a page load; a login returns to the page that asked for it (with its
 * query, never to another site) and says why the login page came.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { DEMO, DEMO_PASSWORD, expect, greeting, loginAs, test } from './fixtures';
import type { DemoRole } from './fixtures';

const STAFF_PAGES: [string, string][] = [
  ['Home', '/'],
  ['Add Facility', '/add-facility'],
  ['List Facilities', '/list-facilities'],
  ['Manage Cycles', '/manage-cycles'],
  ['Master Tenants List', '/tenant-list'],
  ['Upload Tenants', '/upload-tenants'],
  ['Import History', '/import-history'],
  ['Removed Tenants', '/removed-tenants'],
  ['Send Proof Letters', '/send-letters'],
  ['Letter Batches', '/letter-batches'],
  ['Proof Review', '/proof-review'],
  ['Proofs expiring', '/proofs-expiring'],
  ['Insurance Policy Management', '/insurance-policy-management'],
  ['View User Accounts', '/manage-users'],
];

/** Each demo login's pages, as the route guard lets them open: admin passes everywhere. */
const PAGES_OF: Record<DemoRole, [string, string][]> = {
  monitor: [...STAFF_PAGES, ['Failed jobs', '/failed-jobs'], ['Help Videos', '/help-videos']],
  admin: [...STAFF_PAGES, ['Program Settings', '/program-settings'], ['Failed jobs', '/failed-jobs'], ['Master Audit', '/master-audit'], ['Help Videos', '/help-videos']],
  manager: [['Home', '/'], ['Master Audit', '/master-audit'], ['Help Videos', '/help-videos']],
};

const sideNavigation = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/** The login form filled and sent, on whatever /login address the page is at. */
async function submitLogin(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(greeting(page)).toBeVisible();
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';

for (const role of Object.keys(PAGES_OF) as DemoRole[]) {
  test(`the side navigation takes ${role} to every page they may open, the current one marked`, async ({ page }) => {
    await loginAs(page, DEMO[role].username);
    const nav = sideNavigation(page);
    const expected = PAGES_OF[role];
    await expect(nav.getByRole('link')).toHaveText(expected.map(([text]) => text));
    // A mark on the window survives only navigation without a page load.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    for (const [text, path] of [...expected].reverse()) {
      await nav.getByRole('link', { name: text, exact: true }).click();
      await expect(page, text).toHaveURL((url) => url.pathname === path);
      await expect(nav.getByRole('link', { name: text, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
}

test('Letter Batches is in the navigation of staff, and a page the user may not open is not', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  await sideNavigation(page).getByRole('link', { name: 'Letter Batches' }).click();
  await expect(page).toHaveTitle(/^Letter Batches/);
  await expect(sideNavigation(page).getByRole('link', { name: 'Program Settings' })).toHaveCount(0);
  await expect(sideNavigation(page).getByRole('link', { name: 'Master Audit' })).toHaveCount(0);
  await expectAccessible(page);
});

test('logged out, there is no side navigation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(sideNavigation(page)).toHaveCount(0);
});

test.describe('on a phone', () => {
  test('the navigation folds behind a button and closes once a page is chosen', async ({ page }) => {
    // Logged in at desk size (the phone folds the greeting loginAs waits for), then opened on a phone.
    await loginAs(page, DEMO.monitor.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const batches = sideNavigation(page).getByRole('link', { name: 'Letter Batches' });
    await expect(batches).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(batches).toBeVisible();
    await expectAccessible(page);
    await batches.click();
    await expect(page).toHaveURL(/\/letter-batches$/);
    await expect(batches).toBeHidden();
  });
});

test('a deep link opened while logged out returns there with its query after login, saying why the login came', async ({ page }) => {
  await page.goto('/tenant-list?facility_number=1013');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/tenant-list?facility_number=1013');
  await expect(page.getByText('Please log in to open that page. You will be taken there once you are logged in.')).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
  await expectAccessible(page);
  await submitLogin(page, DEMO.monitor.username);
  await expect(page).toHaveURL((url) => url.pathname === '/tenant-list' && url.search === '?facility_number=1013');
  await expect(page).toHaveTitle(/^Master Tenants List/);
});

// The tab is one a browser's URL parser drops, which would make `/<tab>/host` another host.
for (const next of ['//evil.example/steal', 'https://evil.example/steal', '/\\evil.example/steal', '/\t/evil.example']) {
  test(`a login refuses to return to ${JSON.stringify(next)} and goes home`, async ({ page, baseURL }) => {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await submitLogin(page, DEMO.monitor.username);
    await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`);
    await expect(page.getByRole('heading', { name: 'Tenant & User management' })).toBeVisible();
  });
}

test('a session that ends on a page says so at login, and the login returns to that page', async ({ page, request }) => {
  await loginAs(page, DEMO.monitor.username);
  await page.goto('/manage-cycles?facility_number=1013');
  await expect(page).toHaveTitle(/^Manage Cycles/);
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('alp.session') ?? 'null') as { token: string }).token);
  // End the session behind the page's back, as an expiry or an admin would.
  expect((await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/manage-cycles?facility_number=1013');
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await expectAccessible(page);
  await submitLogin(page, DEMO.monitor.username);
  await expect(page).toHaveURL((url) => url.pathname === '/manage-cycles' && url.search === '?facility_number=1013');
});

test('a logout of the user\'s own is no ended session', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
});

test('a logged-in user opening a login link goes to the page it names', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  await page.goto(`/login?next=${encodeURIComponent('/letter-batches')}`);
  await expect(page).toHaveURL(/\/letter-batches$/);
});
