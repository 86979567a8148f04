import { DEMO, expect, loginAs, pageContent, test } from './fixtures';

const MENU = {
  Facility: [['Add Facility', '/add-facility'], ['List Facilities', '/list-facilities']],
  Cycle: [['Manage Cycles', '/manage-cycles']],
  'Tenant & User management': [
    ['Master Tenants List', '/tenant-list'],
    ['Send Proof Letters', '/send-letters'],
    ['View User Accounts', '/manage-users'],
    ['Insurance Policy Management', '/insurance-policy-management'],
  ],
} as const;

for (const role of ['admin', 'monitor'] as const) {
  test(`${role} sees the monitor menu with its three groups`, async ({ page }) => {
    await loginAs(page, DEMO[role].username);
    for (const [group, links] of Object.entries(MENU)) {
      await expect(page.getByRole('heading', { level: 2, name: group, exact: true })).toBeVisible();
      for (const [text, href] of links) await expect(pageContent(page).getByRole('link', { name: text, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('heading', { name: 'Your facility' })).toHaveCount(0);
    await pageContent(page).getByRole('link', { name: 'View User Accounts' }).click();
    await expect(page).toHaveURL(/\/manage-users$/);
  });
}

test('a facility owner sees the manager menu with its facility', async ({ page }) => {
  await loginAs(page, DEMO.manager.username);
  await expect(page.getByRole('heading', { name: 'Your facility' })).toBeVisible();
  await expect(page.getByText('Maple Street Self Storage').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tenant & User management' })).toHaveCount(0);
  await expect(page.getByText('not set up as a facility owner')).toHaveCount(0);
});

test('a user without a facility is told to contact support', async ({ page, makeUser }) => {
  const user = await makeUser();
  await loginAs(page, user.username, user.password);
  await expect(page.getByText('You are not set up as a facility owner')).toBeVisible();
  // The program office as Program Settings hold it (the demo's fictitious values).
  await expect(page.getByText(/Please contact Demo Tenant Protection Program at \(800\) 555-0100/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'letters@demo-program.example' })).toBeVisible();
});
