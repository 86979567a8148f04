/**
 * Returned e-mail on the tenant page in Chromium (issue 26): SES's permanent-bounce notification goes on
 * the email-events queue (locally SES never bounces), the runtime's worker suppresses the address; staff
 * open the tenant's page, read the flag with SES's reason, clear it, and the page and its history say so.
 * axe-core checks the page with the flag.
 */
import { randomUUID } from 'node:crypto';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { endpointsFromEnv, useEndpoints } from '../../localstack/emulator';
import { queueEnvName } from '../../shared/jobs';
import { bounceNotification, snsEnvelope } from '../integration/ses-notifications';
import { expectAccessible } from './a11y';
import { DEMO, expect as baseExpect, openAs, pageContent, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The program's own modules, against the suite's private emulators (a facility and its tenant written straight). */
async function programModules() {
  const env = JSON.parse(process.env.E2E_AWS_ENV!) as Record<string, string>;
  Object.assign(process.env, env);
  useEndpoints(endpointsFromEnv(env));
  return {
    fixtures: await import('../integration/facility-fixtures'),
    suppression: await import('../../functions/email/email-suppression'),
  };
}

let tenantId = '';
let address = '';

test.beforeAll(async () => {
  const { fixtures, suppression } = await programModules();
  address = `bounced-${randomUUID().slice(0, 8)}@tenant.example`;
  const facility = await fixtures.facilityWith(fixtures.stem());
  const { tenants } = await fixtures.cycleWithTenants(facility, [fixtures.tenant(1, null, { first_name: 'Bea', last_name: `Bounced${randomUUID().slice(0, 6)}`, email: address })]);
  tenantId = tenants[0]!.id;
  await new SQSClient({ region: process.env.AWS_REGION ?? 'us-east-1' }).send(new SendMessageCommand({
    QueueUrl: process.env[queueEnvName('email-events')]!, MessageBody: snsEnvelope(bounceNotification(address, 'Permanent')),
  }));
  await expect.poll(async () => (await suppression.getSuppression(address))?.suppressed ?? false).toBe(true);
});

test('staff see a bounced address on the tenant page with SES\'s reason, and clear it', async ({ page }) => {
  await openAs(page, DEMO.monitor.username, `/tenants/${tenantId}`);
  const flag = pageContent(page).getByTestId('returned-email');
  await expect(flag).toContainText('E-mail to this address is stopped');
  await expect(flag).toContainText(`${address} was returned on`);
  await expect(flag).toContainText('Permanent bounce (General): smtp; 550 5.1.1 user unknown');
  await expect(pageContent(page).getByRole('table', { name: 'Tenant history' })).toContainText('E-mail returned (bounce or complaint)');
  await expectAccessible(page, { include: '[data-testid="page-content"]' });

  await flag.getByRole('button', { name: 'Clear flag' }).click();
  await expect(page.getByText(`E-mail to ${address} goes out again.`)).toBeVisible();
  await expect(flag).toHaveCount(0);
  await expect(pageContent(page).getByText('Returned-e-mail flag cleared').first()).toBeVisible();
});
