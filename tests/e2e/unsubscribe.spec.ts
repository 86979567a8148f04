/**
 * The page a reminder e-mail's unsubscribe link opens (issue 27): /respond#unsubscribe={token} on a phone,
 * in Chromium, against the real route and table. It names the address, asks first (opening it changes
 * nothing), stops reminders with the button, says so in English and Spanish, and refuses a link the
 * program did not sign; the tenant with the address gets the entry on its history. axe-core on each state.
 */
import { randomUUID } from 'node:crypto';
import { endpointsFromEnv, useEndpoints } from '../../localstack/emulator';
import { expectAccessible } from './a11y';
import { expect as baseExpect, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** The program's own modules, against the suite's private emulators. */
async function programModules() {
  const env = JSON.parse(process.env.E2E_AWS_ENV!) as Record<string, string>;
  Object.assign(process.env, env);
  useEndpoints(endpointsFromEnv(env));
  return {
    fixtures: await import('../integration/facility-fixtures'),
    tokens: await import('../../functions/reminders/unsubscribe-token'),
    unsubscribes: await import('../../functions/reminders/unsubscribes'),
    history: await import('../../functions/tenants/tenant-history'),
  };
}

let modules: Awaited<ReturnType<typeof programModules>>;
test.beforeAll(async () => {
  modules = await programModules();
});

/** An address on a tenant of its own, and the token its reminders' links carry. */
async function addressWithToken(): Promise<{ address: string; token: string; tenantId: string }> {
  const { fixtures, tokens } = modules;
  const address = `reminded-${randomUUID().slice(0, 8)}@tenant.example`;
  const facility = await fixtures.facilityWith(fixtures.stem());
  const { tenants } = await fixtures.cycleWithTenants(facility, [fixtures.tenant(1, null, { email: address })]);
  return { address, token: await tokens.unsubscribeToken(address), tenantId: tenants[0]!.id };
}

test('asks first, then stops reminder e-mails to the address, and says so; the tenant\'s history records it', async ({ page }) => {
  const { address, token, tenantId } = await addressWithToken();
  await page.goto(`/respond#unsubscribe=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reminder e-mails' })).toBeVisible();
  await expect(page.getByText(`Stop the program's reminder e-mails to ${address}?`)).toBeVisible();
  await expectAccessible(page);
  // Opening the link changed nothing.
  expect((await modules.unsubscribes.unsubscribeState(address)).unsubscribed).toBe(false);

  await page.getByRole('button', { name: 'Stop reminder e-mails' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Reminder e-mails to ${address} are stopped` })).toBeVisible();
  await expectAccessible(page);
  expect((await modules.unsubscribes.unsubscribeState(address)).unsubscribed).toBe(true);
  expect((await modules.history.tenantHistory(tenantId)).map((e) => e.action)).toContain('reminders_unsubscribed');

  // Opened again: already stopped, no button.
  await page.reload();
  await expect(page.getByText(`Reminder e-mails to ${address} are stopped`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop reminder e-mails' })).toHaveCount(0);
});

test('speaks Spanish from the Spanish link, and refuses a link the program did not sign', async ({ page }) => {
  const { address, token } = await addressWithToken();
  await page.goto(`/respond?lang=es#unsubscribe=${token}`);
  await expect(page.getByText(`¿Dejar de recibir los recordatorios del programa en ${address}?`)).toBeVisible();
  await expectAccessible(page);

  const [payload, signature] = token.split('.') as [string, string];
  await page.goto(`/respond?lang=en#unsubscribe=${payload}.${signature.endsWith('A') ? `${signature.slice(0, -1)}B` : `${signature.slice(0, -1)}A`}`);
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid. Open the link from the e-mail again, or reply to the e-mail and ask us to stop reminders.');
  await expectAccessible(page);
  expect((await modules.unsubscribes.unsubscribeState(address)).unsubscribed).toBe(false);
});
