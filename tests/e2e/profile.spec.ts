import type { Page } from '@playwright/test';
import { DEMO, expect, greeting, loginAs, notifications, openAs, test } from './fixtures';

const ADVICE = 'To improve security, please consider changing the password that was generated for your account.';
const profileLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile/ });
/** The dot Cloudscape draws on the Profile icon. */
const profileBadge = (page: Page) => profileLink(page).locator('[class*="awsui_badge"]');

test('the manager is asked to change the generated password, on the page and by a badge', async ({ page }) => {
  await loginAs(page, DEMO.manager.username);
  await expect(profileLink(page)).toHaveAccessibleName('Profile (password change recommended)');
  await expect(profileBadge(page)).toHaveCount(1);
  await profileLink(page).click();
  await expect(page.getByText(ADVICE)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('manager');
  await expect(page.getByLabel('Username')).not.toBeEditable();
  await expect(page.getByLabel('Email')).toHaveValue('manager@auditletter.example');
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByLabel('Manager Name')).toHaveValue(DEMO.manager.name);
});

test('a user who has changed the password sees neither banner nor badge', async ({ page }) => {
  await loginAs(page, DEMO.monitor.username);
  await expect(profileLink(page)).toHaveAccessibleName('Profile');
  await expect(profileBadge(page)).toHaveCount(0);
  await profileLink(page).click();
  await expect(page.getByLabel('Manager Name')).toBeVisible();
  await expect(page.getByText(ADVICE)).toHaveCount(0);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Password' }).getByLabel('Current password')).toBeVisible();
});

test('the password change checks length and match, then removes banner and badge', async ({ page, makeUser }) => {
  const user = await makeUser({ real_name: 'Pat Password' });
  await openAs(page, user.username, '/profile', user.password);
  await expect(page.getByText(ADVICE)).toBeVisible();
  await expect(profileLink(page)).toHaveAccessibleName('Profile (password change recommended)');
  await expect(profileBadge(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('New password', { exact: true }).fill('  abc  ');
  await dialog.getByLabel('Confirm new password').fill('abc');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters.')).toBeVisible();
  // The first change asks for the generated password.
  await expect(dialog.getByText('Enter your current password.')).toBeVisible();

  await dialog.getByLabel('Generated password').fill('not-the-generated-one');
  await dialog.getByLabel('New password', { exact: true }).fill('Password1');
  await dialog.getByLabel('Confirm new password').fill('Password1');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('better-secret');
  await dialog.getByLabel('Confirm new password').fill('better-secret');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('The current password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Generated password').fill(user.password);

  await dialog.getByLabel('New password', { exact: true }).fill('better-secret');
  await dialog.getByLabel('Confirm new password').fill('better-secrex');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password fields do not match.')).toBeVisible();

  // Surrounding spaces are trimmed before comparing and sending.
  await dialog.getByLabel('Confirm new password').fill(' better-secret ');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(notifications(page).getByText('Password has been updated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(ADVICE)).toHaveCount(0);
  await expect(profileLink(page)).toHaveAccessibleName('Profile');
  await expect(profileBadge(page)).toHaveCount(0);

  // The new session survives a reload, and the new password is the one that works.
  await page.reload();
  await expect(page.getByLabel('Manager Name')).toHaveValue('Pat Password');
  await expect(page.getByText(ADVICE)).toHaveCount(0);
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginAs(page, user.username, 'better-secret');
  await expect(greeting(page)).toHaveText('Welcome, Pat Password!');
});

test('updating the manager name shows a toast for 3 seconds and changes the greeting', async ({ page, makeUser }) => {
  const user = await makeUser({ real_name: 'Old Name' });
  await openAs(page, user.username, '/profile', user.password);
  await page.getByLabel('Manager Name').fill('New Name');
  await page.getByRole('button', { name: 'Update' }).click();
  const toast = notifications(page).getByText('Profile has been updated!');
  await expect(toast).toBeVisible();
  await expect(greeting(page)).toHaveText('Welcome, New Name!');
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1500);
  await page.reload();
  await expect(page.getByLabel('Manager Name')).toHaveValue('New Name');
});

test('a failed profile update shows the server error in an error card', async ({ page, makeUser }) => {
  const user = await makeUser();
  await openAs(page, user.username, '/profile', user.password);
  await page.getByLabel('Manager Name').fill('x'.repeat(201));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your profile was not updated')).toBeVisible();
  await expect(page.getByText(/200 characters/)).toBeVisible();
  await expect(notifications(page).getByText('Profile has been updated!')).toHaveCount(0);
});
