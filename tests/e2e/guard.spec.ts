import { DEMO, expect, greeting, loginAs, openAs, test } from './fixtures';

test('a logged-out visitor of a guarded page is sent to /login, with the page to return to', async ({ page }) => {
  for (const path of ['/manage-users', '/profile', '/', '/master-audit']) {
    await page.goto(path);
    // Home needs no return: a login goes there anyway.
    await expect(page, path).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === (path === '/' ? null : path));
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  }
});

test('a manager visiting /manage-users is sent to /unauthorized', async ({ page }) => {
  await openAs(page, DEMO.manager.username, '/manage-users');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
});

test('a monitor may not open the manager audit pages', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  for (const path of ['/master-audit', '/cycle-audit/42']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
  }
});

test('admin passes every guard', async ({ page }) => {
  await loginAs(page, DEMO.admin.username);
  for (const [path, title] of [['/master-audit', 'Master Audit'], ['/cycle-audit/42', 'Cycle Audit'], ['/manage-users', 'View User Accounts']]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test('the manager reaches the cycle audit route', async ({ page }) => {
  await openAs(page, DEMO.manager.username, '/cycle-audit/42');
  await expect(page).toHaveURL(/\/cycle-audit\/42$/);
  // No such cycle: the page keeps its title and says why it is empty.
  await expect(page.getByRole('heading', { level: 1, name: 'Cycle Audit' })).toBeVisible();
  await expect(page.getByText(/^Error! /)).toBeVisible();
});

test('a manager visiting staff pages is sent to /unauthorized', async ({ page }) => {
  await loginAs(page, DEMO.manager.username);
  for (const path of ['/insurance-policy-management', '/upload-tenants']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/unauthorized$/);
  }
});

test('an unknown path shows Page Not Found with a link home', async ({ page }) => {
  await openAs(page, DEMO.monitor.username, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Tenant & User management' })).toBeVisible();
});

test('the staff app and the portal come with the security headers CloudFront adds, so these tests run under its CSP', async ({ page }) => {
  for (const path of ['/', '/respond']) {
    const headers = (await page.goto(path))!.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
  }
});

test('help videos are public and embed the video showcase', async ({ page }) => {
  await page.goto('/help-videos');
  await expect(page).toHaveURL(/\/help-videos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Videos' })).toBeVisible();
  await expect(page.locator('iframe[title="Audit Letter Program help videos"]')).toHaveAttribute('src', /^https:\/\//);
  await expect(greeting(page)).toHaveCount(0);
});
