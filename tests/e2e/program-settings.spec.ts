import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y';
import { DEMO, expect, loginAs, pageContent, test } from './fixtures';
import { adminHeaders } from './program-data';

interface SettingsView { settings: Record<string, string>; version: number }

async function stored(request: APIRequestContext): Promise<SettingsView> {
  const response = await request.get('/api/program-settings', { headers: await adminHeaders(request) });
  expect(response.status()).toBe(200);
  return (await response.json()) as SettingsView;
}

/** Puts the seeded values back (other specs read the demo program's contact). */
async function restore(request: APIRequestContext, settings: Record<string, string>): Promise<void> {
  const { version } = await stored(request);
  const response = await request.post('/api/program-settings', { headers: await adminHeaders(request), form: { ...settings, version: String(version) } });
  expect(response.status(), await response.text()).toBe(200);
}

test('an admin edits the program identity on Program Settings: checked fields, saved, on record, shown in Need Help', async ({ page, request }) => {
  const before = await stored(request);
  try {
    await loginAs(page, DEMO.admin.username);
    await pageContent(page).getByRole('link', { name: 'Program Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/program-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Program Settings' })).toBeVisible();
    const name = page.getByLabel('Program name');
    await expect(name).toHaveValue(before.settings.program_name!);
    await expect(page.getByText('Letters cannot be generated yet')).toHaveCount(0);
    await expectAccessible(page);

    // A website that is not https and an empty signature are refused on the page, nothing saved.
    await page.getByLabel('Website').fill('www.demo-program.example');
    await page.getByLabel('Signature').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Website must be a full https:// address.')).toBeVisible();
    await expect(page.getByText('Signature is required.')).toBeVisible();
    await expect(page.getByText('Please fix the 2 fields marked below.').first()).toBeVisible();
    // The first field marked, in reading order, has the focus (issue 24: every form takes the user there).
    await expect(page.getByLabel('Signature')).toBeFocused();
    expect((await stored(request)).version).toBe(before.version);

    await page.getByLabel('Website').fill('https://answers.demo-program.example');
    await page.getByLabel('Signature').fill('Riley Chen, Program Director');
    await page.getByLabel('Phone').fill('(312) 555-0143');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Program settings have been saved!')).toBeVisible();
    const after = await stored(request);
    expect(after.version).toBe(before.version + 1);
    expect(after.settings).toMatchObject({ website: 'https://answers.demo-program.example', signature: 'Riley Chen, Program Director', phone: '(312) 555-0143' });

    // Issue 27: the deadline reminder, off (empty) until an admin sets the days; checked as the server checks it.
    const reminder = page.getByLabel('Deadline reminder (days before)');
    await expect(reminder).toHaveValue('');
    await reminder.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Deadline reminder must be a number of days from 1 to 60, or empty to send none.')).toBeVisible();
    await reminder.fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Program settings have been saved!').first()).toBeVisible();
    await expect.poll(async () => (await stored(request)).settings.deadline_reminder_days).toBe('7');

    // On record: who changed what, from what to what.
    const history = page.getByRole('table', { name: 'Program settings history' });
    const row = history.getByRole('row').filter({ hasText: 'Riley Chen, Program Director' });
    await expect(row).toContainText(before.settings.signature!);
    await expect(row).toContainText(DEMO.admin.username);
    await expect(history.getByRole('row').filter({ hasText: 'https://answers.demo-program.example' })).toBeVisible();

    // The Need Help dialog of a manager shows the new phone at once.
    await loginAs(page, DEMO.manager.username);
    await page.getByRole('button', { name: 'Support' }).click();
    await expect(page.getByRole('dialog', { name: 'Need Help?' }).getByRole('link', { name: '(312) 555-0143' })).toBeVisible();
  } finally {
    await restore(request, before.settings);
  }
});

test('monitors and managers cannot reach Program Settings', async ({ page, request }) => {
  await loginAs(page, DEMO.monitor.username);
  await expect(pageContent(page).getByRole('link', { name: 'Send Proof Letters', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Program Settings', exact: true })).toHaveCount(0);
  await page.goto('/program-settings');
  await expect(page).toHaveURL(/\/unauthorized$/);
  const token = (await (await request.post('/api/login', { form: { username: DEMO.monitor.username, password: 'demo1234' } })).json() as { token: string }).token;
  const refused = await request.post('/api/program-settings', { headers: { authorization: `Bearer ${token}` }, form: { program_name: 'X', version: '1' } });
  expect(refused.status()).toBe(403);
});
