import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, notifications, openAs, test, uniqueName } from './fixtures';

const usersTable = (page: Page) => page.getByRole('table');
const row = (page: Page, username: string) => usersTable(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${username}\\b`) }) });

async function openUsers(page: Page, role: 'admin' | 'monitor') {
  await openAs(page, DEMO[role].username, '/manage-users');
  await expect(page.getByRole('heading', { level: 1, name: 'View User Accounts' })).toBeVisible();
  await expect(row(page, 'admin')).toBeVisible();
}

async function filterBy(page: Page, username: string) {
  await page.getByLabel('Filter by username').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('admin adds, edits and deletes a user, with a toast for each', async ({ page }) => {
  const username = uniqueName('added');
  await openUsers(page, 'admin');

  await page.getByRole('button', { name: 'Add User' }).click();
  const create = page.getByRole('dialog', { name: 'New User' });
  await create.getByLabel('Username').fill(username);
  await create.getByLabel('Password').fill('first-pass');
  await create.getByLabel('Email').fill(`${username}@test.example`);
  await create.getByLabel(/Real name/).fill('Casey Created');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(notifications(page).getByText(`User ${username} has been created!`)).toBeVisible();
  await expect(create).toBeHidden();
  await filterBy(page, username);
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await expect(row(page, username)).toContainText('Casey Created');
  await expect(row(page, username)).not.toContainText('Monitor');

  await row(page, username).getByRole('button', { name: `Edit ${username}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit User ${username}` });
  await expect(edit).toContainText(`${username}@test.example`);
  await expect(edit.getByLabel('Password')).toHaveValue('');
  await edit.getByLabel(/Real name/).fill('Casey Changed');
  await edit.getByText('Monitor', { exact: true }).click();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, username)).toContainText('Casey Changed');
  await expect(row(page, username).getByText('Monitor', { exact: true })).toBeVisible();

  await row(page, username).getByRole('button', { name: `Delete ${username}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Username to confirm').fill('wrong');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Username to confirm').fill(username);
  await deleteButton.click();
  await expect(notifications(page).getByText(`User ${username} has been deleted!`)).toBeVisible();
  await expect(row(page, username)).toHaveCount(0);
  await expect(page.getByText('No users to show.')).toBeVisible();
});

test('the edited password is the one that works; a blank password keeps it', async ({ page, makeUser, request }) => {
  const user = await makeUser();
  await openUsers(page, 'admin');
  await filterBy(page, user.username);
  await row(page, user.username).getByRole('button', { name: `Edit ${user.username}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit User ${user.username}` });
  await edit.getByLabel('Password').fill('reset-by-admin');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  expect((await request.post('/api/login', { form: { username: user.username, password: 'reset-by-admin' } })).status()).toBe(200);

  await row(page, user.username).getByRole('button', { name: `Edit ${user.username}` }).click();
  await edit.getByLabel(/Real name/).fill('Only The Name');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  expect((await request.post('/api/login', { form: { username: user.username, password: 'reset-by-admin' } })).status()).toBe(200);
});

test('the New User form checks required fields and shows server errors inside the modal', async ({ page }) => {
  await openUsers(page, 'admin');
  await page.getByRole('button', { name: 'Add User' }).click();
  const create = page.getByRole('dialog', { name: 'New User' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Username is required.')).toBeVisible();
  await expect(create.getByText('Password is required.')).toBeVisible();
  await expect(create.getByText('Email is required.')).toBeVisible();
  await expect(create.getByLabel('Email')).toHaveAttribute('type', 'email');
  // The first field marked has the focus (issue 24: every form takes the user there).
  await expect(create.getByLabel('Username')).toBeFocused();

  // The username is taken: the server refuses and the modal stays open with its message.
  await create.getByLabel('Username').fill('admin');
  await create.getByLabel('Password').fill('whatever-pass1');
  await create.getByLabel('Email').fill('someone@test.example');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText(/already/i)).toBeVisible();
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Username')).toBeFocused();
  await expect(notifications(page).getByText(/has been created/)).toHaveCount(0);
});

test("one's own new password here needs the current one, and the page stays signed in with a fresh session", async ({ page, makeUser, request }) => {
  const me = await makeUser({ is_monitor: true });
  const otherDevice = (await (await request.post('/api/login', { form: { username: me.username, password: me.password } })).json() as { token: string }).token;
  await openAs(page, me.username, '/manage-users', me.password);
  await filterBy(page, me.username);
  await row(page, me.username).getByRole('button', { name: `Edit ${me.username}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit User ${me.username}` });
  await expect(edit.getByLabel('Current password')).toHaveCount(0);
  await edit.getByLabel('Password', { exact: true }).fill('my-own-choice');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit.getByText('Enter your current password.')).toBeVisible();
  await edit.getByLabel('Current password').fill('not-my-password');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit.getByText('The current password is incorrect.')).toBeVisible();
  await edit.getByLabel('Current password').fill(me.password);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();

  // The other session ended; this page carries on with the fresh one, after a reload too.
  expect((await request.get('/api/users', { headers: { authorization: `Bearer ${otherDevice}` } })).status()).toBe(401);
  await page.reload();
  // The reload keeps the list's filter (it is in the address, issue 24): the user's own row, loaded with the fresh session.
  await expect(page.getByLabel('Filter by username')).toHaveValue(me.username);
  await expect(row(page, me.username)).toBeVisible();
  expect((await request.post('/api/login', { form: { username: me.username, password: 'my-own-choice' } })).status()).toBe(200);
});

test('monitor sees the users but no Add User button', async ({ page }) => {
  await openUsers(page, 'monitor');
  await expect(row(page, 'manager')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show filters' }).or(page.getByRole('button', { name: 'Hide filters' }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  // Staff accounts are the admins' to change.
  await expect(row(page, 'admin').getByRole('button', { name: 'Delete admin' })).toBeDisabled();
});

test('rows show permission badges, activity and facility ownership', async ({ page, makeUser }) => {
  const fresh = await makeUser();
  await openUsers(page, 'admin');
  await expect(row(page, 'admin').getByText('Admin', { exact: true })).toBeVisible();
  // The admin has just been active; the fresh user never has.
  await expect(row(page, 'admin').locator('[data-activity]')).toHaveAttribute('data-activity', 'active');
  await row(page, 'admin').locator('[data-activity]').hover();
  await expect(page.getByText(/^Active: \d+ seconds? ago$/)).toBeVisible();
  // Other suites add facilities (each with a manager), so these rows may be past page 1: filter to them.
  await filterBy(page, 'monitor');
  await expect(row(page, 'monitor').getByText('Monitor', { exact: true })).toBeVisible();
  await expect(row(page, 'monitor').getByRole('img', { name: 'Owns a facility' })).toHaveCount(0);
  await filterBy(page, fresh.username);
  await expect(row(page, fresh.username).getByRole('cell').nth(1)).toHaveText('--');
  await filterBy(page, 'manager');
  await expect(row(page, 'manager').getByRole('img', { name: 'Owns a facility' })).toBeVisible();
});

test('clicking a user shows their facility, or says they own none', async ({ page }) => {
  await openUsers(page, 'monitor');
  await expect(page.getByText('Click a user to view their facility information.')).toBeVisible();
  await filterBy(page, 'manager');
  await row(page, 'manager').getByRole('cell').nth(2).click();
  const panel = page.getByRole('region', { name: 'User manager' }).or(page.locator('[class*="split-panel"]').filter({ hasText: 'User manager' }));
  await expect(panel.first()).toContainText('1001');
  await expect(panel.first()).toContainText('Maple Street Self Storage');
  await expect(panel.first()).toContainText('1200 Maple Street');
  await expect(panel.first()).toContainText('(217) 555-0142');

  await filterBy(page, 'monitor');
  await row(page, 'monitor').getByRole('cell').nth(2).click();
  await expect(page.getByText('User does not own a facility.')).toBeVisible();
  await expect(page.getByText('Maple Street Self Storage')).toHaveCount(0);
});

test('the credentials e-mail is offered only while the generated password is unchanged', async ({ page, makeUser }) => {
  const fresh = await makeUser({ real_name: 'Nina New' });
  await openUsers(page, 'admin');
  await filterBy(page, fresh.username);
  await row(page, fresh.username).getByRole('cell').nth(2).click();
  const mail = page.getByRole('link', { name: `E-mail the login details to ${fresh.email}` });
  await expect(mail).toBeVisible();
  const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
  expect(href.startsWith(`mailto:${fresh.email}?subject=`)).toBe(true);
  expect(href).toContain(`Username: ${fresh.username}`);
  expect(href).toContain(`Password: ${fresh.password}`);
  expect(href).toContain(`Portal: ${new URL(page.url()).origin}`);

  await filterBy(page, 'monitor');
  await row(page, 'monitor').getByRole('cell').nth(2).click();
  await expect(page.getByText('User does not own a facility.')).toBeVisible();
  await expect(page.getByRole('link', { name: /E-mail the login details/ })).toHaveCount(0);
});

test('the username filter searches, resets and hides', async ({ page }) => {
  await openUsers(page, 'admin');
  await filterBy(page, 'mana');
  await expect(row(page, 'manager')).toBeVisible();
  await expect(row(page, 'admin')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(row(page, 'admin')).toBeVisible();
  await expect(page.getByLabel('Filter by username')).toHaveValue('');
  await page.getByRole('button', { name: 'Hide filters' }).click();
  await expect(page.getByLabel('Filter by username')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show filters' }).click();
  await expect(page.getByLabel('Filter by username')).toBeVisible();
});

test('a failed load shows the server error with Retry', async ({ page }) => {
  await loginAs(page, DEMO.admin.username);
  await page.route('**/api/users?*', (route) => route.fulfill({ status: 500, json: { error: 'The user table is resting.' } }));
  await page.goto('/manage-users');
  await expect(page.getByText('The user table is resting.')).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(row(page, 'admin')).toBeVisible();
  await expect(page.getByText('The user table is resting.')).toHaveCount(0);
});

test('an answer without an error text shows the generic message', async ({ page }) => {
  await loginAs(page, DEMO.admin.username);
  await page.route('**/api/users?*', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
  await page.goto('/manage-users');
  await expect(page.getByText('Unknown error loading users.')).toBeVisible();
});

test('pages come from the server: the pager follows its pagination and asks for the chosen page', async ({ page }) => {
  await loginAs(page, DEMO.admin.username);
  const asked: string[] = [];
  // Two pages of 100 are more users than the demo data has; the server's answer shape is what counts.
  await page.route('**/api/users?*', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.searchParams.get('page') ?? '');
    const current = Number(url.searchParams.get('page') ?? 1);
    // Page 1 of the real answer, narrowed to one user (other suites may have pushed 'monitor' past page 1).
    const wanted = current === 1 ? 'admin' : 'monitor';
    const onePage = new URL(url);
    onePage.searchParams.set('page', '1');
    onePage.searchParams.set('username', wanted);
    const response = await route.fetch({ url: onePage.toString() });
    const body = (await response.json()) as { data: { username: string }[]; pagination: Record<string, number> };
    const rows = body.data.filter((u) => u.username === wanted);
    await route.fulfill({ json: { data: rows, pagination: { ...body.pagination, current_page: current, last_page: 2, per_page: 100, total: 101 } } });
  });
  await page.goto('/manage-users');
  await expect(row(page, 'admin')).toBeVisible();
  await expect(page.getByRole('heading', { name: /User Accounts/ }).getByText('(101)')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(row(page, 'monitor')).toBeVisible();
  await expect(row(page, 'admin')).toHaveCount(0);
  expect(asked).toEqual(['1', '2']);
});
