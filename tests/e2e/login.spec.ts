import { DEMO, expect, greeting, loginAs, test, uniqueName } from './fixtures';
import type { DemoRole } from './fixtures';

for (const role of Object.keys(DEMO) as DemoRole[]) {
  test(`${role} logs in and is greeted by name`, async ({ page }) => {
    await loginAs(page, DEMO[role].username);
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting(page)).toHaveText(`Welcome, ${DEMO[role].name}!`);
    await expect(page.getByRole('link', { name: /^Profile/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
  });
}

test('the greeting falls back to the username when the real name is empty', async ({ page, makeUser }) => {
  const user = await makeUser({ real_name: '' });
  await loginAs(page, user.username, user.password);
  await expect(greeting(page)).toHaveText(`Welcome, ${user.username}!`);
});

test('a failed login shows the server error beside the Login button', async ({ page }) => {
  await page.goto('/login');
  // A name of its own, so the failed-login throttle never locks a login other tests use.
  await page.getByLabel('Username').fill(uniqueName('nobody'));
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('The username or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(greeting(page)).toHaveCount(0);
  // The user is left in the password, selected, to type it again (issue 24).
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('x');
  await expect(page.getByLabel('Password')).toHaveValue('x');
});

test('both login fields are required', async ({ page }) => {
  let loginCalls = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/login')) loginCalls++;
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  expect(loginCalls).toBe(0);
  await expect(page.getByLabel('Username')).toBeFocused();
  // With the name given, the submit takes the user to the one field still missing.
  await page.getByLabel('Username').fill('someone');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(loginCalls).toBe(0);
});

test('a logged-in user who opens /login goes home', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
});

test('logout clears the session, ends it on the server and returns to /login', async ({ page, request }) => {
  await loginAs(page, DEMO.monitor.username);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('alp.session') ?? 'null') as { token: string } | null)?.token);
  expect(token).toBeTruthy();
  // Hold the server's answer a moment, so the page's own message can be seen.
  await page.route('**/api/logout', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByText('Logging you out now...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('alp.session'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Logout' })).toHaveCount(0);

  const after = await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(after.headers()['x-token-gone']).toBeTruthy();
});


test('a login that never reaches the server says Network Error', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/login', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Username').fill(DEMO.admin.username);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Network Error');
  await expect(greeting(page)).toHaveCount(0);
});
