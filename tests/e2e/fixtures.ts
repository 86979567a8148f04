/**
 * Shared test setup: the demo logins, a UI login helper, fresh users made through the API for tests
 * that change state (removed again afterwards), a guard that keeps the browser off the internet, and one
 * that fails a test whose pages did something the site's Content-Security-Policy blocks.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export { expect };

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  admin: { username: 'admin', name: 'Avery Admin' },
  monitor: { username: 'monitor', name: 'Morgan Monitor' },
  manager: { username: 'manager', name: 'Mia Manager' },
} as const;
export type DemoRole = keyof typeof DEMO;

export interface FreshUser {
  id: string;
  username: string;
  password: string;
  email: string;
  real_name: string;
}

export const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/login', { form: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  // Through /logout, so a test can switch users: /login sends a logged-in user home.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(greeting(page)).toBeVisible();
}

/**
 * Opens `path` signed in as `username`, without the login form: the session comes from POST /api/login
 * and goes where the web app keeps it (localStorage 'alp.session'), written from a blank page of the
 * app's origin, so the app loads once, on `path`. For tests of everything but the login itself (which
 * login.spec.ts and navigation.spec.ts drive through the form, with loginAs): a form login loads the app
 * twice and renders the home page first.
 */
export async function openAs(page: Page, username: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  const login = await page.request.post('/api/login', { form: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  const session = await login.text();
  const blank = '/__e2e-blank';
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(blank);
  await page.evaluate((value) => localStorage.setItem('alp.session', value), session);
  await page.unroute(blank);
  await page.goto(path);
}

/**
 * Picks `option` of the Select whose trigger button is named `trigger`, until the Select shows it. On a busy
 * machine a click can land while the page moves (a toast sliding in above it, data arriving) and leave the
 * list closed, or pick the option that moved under the pointer (seen in CI: Delaware picked for Guam).
 */
export async function chooseOption(page: Page, trigger: RegExp, option: string): Promise<void> {
  const button = page.getByRole('button', { name: trigger });
  const listed = page.getByRole('option', { name: option });
  await expect(async () => {
    if (!(await listed.isVisible())) await button.click();
    await listed.click({ timeout: 2_000 });
    await expect(button).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** TopNavigation renders a hidden copy of its content for measuring; the real bar is the banner. */
export const greeting = (page: Page) => page.getByRole('banner').getByTestId('greeting');
export const notifications = (page: Page) => page.getByTestId('notifications');
/** The routed page without the shell's navigation around it: a page's own link, not the side navigation's of the same name. */
export const pageContent = (page: Page) => page.getByTestId('page-content');

const isLocal = (url: URL) => url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:';

/** Aborts every request of `context` that leaves the machine (the blockInternet fixture; for contexts a test makes itself). */
export async function keepOffInternet(context: BrowserContext): Promise<void> {
  await context.route((url) => !isLocal(url), (route) => route.abort('internetdisconnected'));
}

interface Fixtures {
  blockInternet: void;
  /** Fails the test if Chromium refused anything under the CSP the local front door sends, as CloudFront does. */
  noCspViolations: void;
  /** Makes a user through the API as admin: no permissions, no facility, generated password. */
  makeUser: (fields?: Partial<Omit<FreshUser, 'id'>> & { is_admin?: boolean; is_monitor?: boolean }) => Promise<FreshUser>;
}

export const test = base.extend<Fixtures>({
  blockInternet: [
    async ({ context }, use) => {
      await keepOffInternet(context);
      await use();
    },
    { auto: true },
  ],
  noCspViolations: [
    async ({ context }, use) => {
      const refused: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(`${message.location().url}: ${message.text()}`);
      });
      await use();
      expect(refused, 'the pages did something the Content-Security-Policy blocks').toEqual([]);
    },
    { auto: true },
  ],
  makeUser: async ({ request }, use) => {
    const adminToken = await apiLogin(request, DEMO.admin.username, DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${adminToken}` };
    const made: FreshUser[] = [];
    await use(async (fields = {}) => {
      const username = fields.username ?? uniqueName('e2e');
      const user = {
        username,
        password: fields.password ?? `start-${randomBytes(3).toString('hex')}`,
        email: fields.email ?? `${username}@test.example`,
        real_name: fields.real_name ?? '',
      };
      const response = await request.post('/api/users', {
        headers,
        form: { ...user, is_admin: String(fields.is_admin ?? false), is_monitor: String(fields.is_monitor ?? false) },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { user: view } = (await response.json()) as { user: { id: string } };
      const fresh = { id: view.id, ...user };
      made.push(fresh);
      return fresh;
    });
    // Tests may have deleted their user already; a 404 is fine.
    for (const user of made) await request.delete(`/api/users/${user.id}`, { headers });
  },
});

/** The next presigned link (a download the page opens in a new window) any page of the context asks for. */
export async function presignedUrl(page: Page): Promise<string> {
  const request = await page.context().waitForEvent('request', (r) => r.url().includes('X-Amz-Signature'));
  return request.url();
}
