/**
 * Returned e-mail (issue 26) through the real path. Locally SES never bounces, so SES's published
 * notification documents (tests/integration/ses-notifications.ts) go on the email-events queue, where the
 * local runtime's poller hands them to the worker, or straight to the worker's handler where a test
 * needs to see its answer. A permanent bounce or a complaint suppresses the address for every tenant
 * with it (their pages show the flag and reason, their history says so); the next send is skipped and
 * recorded; a manager may not clear it, staff do (history says who); the next send goes, through the
 * configuration set (the emulator's SES publishes its delivery event, which the worker counts). Transient bounces are counted only; a
 * notification delivered twice changes nothing twice; what is not an SES event is dropped with a warning.
 */
import { randomUUID } from 'node:crypto';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, sesMessagesTo } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { bounceNotification, complaintNotification, deliveryNotification, snsEnvelope } from './ses-notifications';
import { handleEmailEvents } from '../../functions/email/email-events';
import { getSuppression } from '../../functions/email/email-suppression';
import { sendTextEmail } from '../../functions/email/outgoing-email';
import type { MailFor } from '../../functions/email/outgoing-email';
import { logger } from '../../functions/runtime/logger';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import type { TenantStory } from '../../shared/contracts/tenant-story';
import { queueEnvName } from '../../shared/jobs';

const region = process.env.AWS_REGION ?? 'us-east-1';
const sqs = new SQSClient({ region });
let monitor = '';
let monitorName = '';
let admin = '';
let manager = '';

beforeAll(async () => {
  const [m, a, g] = await Promise.all([makeUser({ is_monitor: true }), makeUser({ is_admin: true }), makeManagerWithFacility()]);
  [monitor, admin, manager] = await Promise.all([tokenFor(m), tokenFor(a), Promise.resolve(g.token)]);
  monitorName = m.username;
});

/** Two tenants of one address (typed in different case), one of another, one with none. */
async function tenantsSharingAnAddress() {
  const unique = randomUUID().slice(0, 8);
  const address = `returned-${unique}@tenant.example`;
  const facility = await facilityWith(stem());
  const { tenants } = await cycleWithTenants(facility, [
    tenant(1, null, { email: address }),
    tenant(2, null, { email: `  ${address.toUpperCase()} ` }),
    tenant(3, null, { email: `other-${unique}@tenant.example` }),
    tenant(4, null, { email: '' }),
  ]);
  const [first, second, other, none] = ['U1', 'U2', 'U3', 'U4'].map((unit) => tenants.find((t) => t.unit === unit)!) as [TenantRecord, TenantRecord, TenantRecord, TenantRecord];
  return { address, first, second, other, none };
}

async function story(id: string): Promise<TenantStory> {
  const res = await call('GET', `/api/tenants/${id}/story`, { token: monitor });
  expect(res.status, res.text).toBe(200);
  return res.body as TenantStory;
}

/** Puts an SNS envelope on the email-events queue, for the local runtime's poller and worker. */
const onQueue = (body: string) => sqs.send(new SendMessageCommand({ QueueUrl: process.env[queueEnvName('email-events')]!, MessageBody: body }));

/** Waits until the worker has applied what the test put on the queue. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 200) {
    const value = await read();
    if (done(value)) return value;
    if (waited > 20_000) throw new Error(`${what}: not seen after 20 s (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The worker's handler run on these SQS bodies, as the event source mapping runs it. */
const runWorker = (...bodies: string[]) => handleEmailEvents({
  Records: bodies.map((body, i) => ({
    messageId: `m-${i}-${randomUUID()}`, receiptHandle: 'r', body, attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {},
    md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:email-events', awsRegion: region,
  })),
} as unknown as SQSEvent);

const notice = (t: TenantRecord): MailFor => ({ tenants: [t], actor: { user_id: 'test', username: 'returned-email test' }, what: 'Test notice' });
const textTo = (to: string) => ({ to, fromName: 'Audit Letter Program', replyTo: '', subject: `Notice ${randomUUID()}`, lines: ['Hello'] });

describe('a permanent bounce', () => {
  it('suppresses the address for every tenant with it, skips and records the next send, staff clear it, and the next send goes', async () => {
    const { address, first, second, other } = await tenantsSharingAnAddress();
    await onQueue(snsEnvelope(bounceNotification(address, 'Permanent')));
    await until('the suppression', () => getSuppression(address), (s) => s?.suppressed === true);

    for (const t of [first, second]) {
      const page = await story(t.id);
      expect(page.email_suppression).toMatchObject({ address, suppressed: true, reason: 'Permanent bounce (General): smtp; 550 5.1.1 user unknown', transient_bounces: 0 });
      const returned = (await tenantHistory(t.id)).filter((e) => e.action === 'email_returned');
      expect(returned).toHaveLength(1);
      expect(returned[0]).toMatchObject({ by: { username: 'Amazon SES' }, changes: [{ field: 'email_suppression', from: null, to: 'E-mail returned: Permanent bounce (General): smtp; 550 5.1.1 user unknown' }] });
    }
    // Another address of the same facility is untouched.
    expect((await story(other.id)).email_suppression).toBeNull();

    // The next send is skipped: nothing reaches SES, the tenant's history and the answer say why.
    const skipped = await sendTextEmail(textTo(first.email), notice(first));
    expect(skipped).toMatchObject({ sent: false, suppression: { address, suppressed: true } });
    expect(await sesMessagesTo(first.email)).toEqual([]);
    const notSent = (await tenantHistory(first.id)).filter((e) => e.action === 'email_not_sent');
    expect(notSent).toHaveLength(1);
    expect(notSent[0]!.changes[0]!.to).toContain(`Test notice not sent to ${address}: the address is suppressed since`);

    // A manager may not clear it; staff may.
    expect((await call('POST', `/api/tenants/${first.id}/email-suppression/clear`, { token: manager })).status).toBe(403);
    const cleared = await call('POST', `/api/tenants/${second.id}/email-suppression/clear`, { token: monitor });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ success: true, email_suppression: { address, suppressed: false, cleared_by: monitorName } });
    for (const t of [first, second]) {
      const clears = (await tenantHistory(t.id)).filter((e) => e.action === 'email_suppression_cleared');
      expect(clears).toHaveLength(1);
      expect(clears[0]).toMatchObject({ by: { username: monitorName }, changes: [{ field: 'email_suppression', to: null }] });
      expect((await story(t.id)).email_suppression).toMatchObject({ suppressed: false, reason: 'Permanent bounce (General): smtp; 550 5.1.1 user unknown' });
    }
    // Cleared already: a second clear is refused with nothing changed.
    const again = await call('POST', `/api/tenants/${first.id}/email-suppression/clear`, { token: admin });
    expect(again.status, again.text).toBe(409);
    expect((await tenantHistory(first.id)).filter((e) => e.action === 'email_suppression_cleared')).toHaveLength(1);

    // The next send goes.
    const sent = await sendTextEmail(textTo(first.email), notice(first));
    expect(sent.sent).toBe(true);
    expect(await sesMessagesTo(first.email)).toHaveLength(1);
  });

  it('the same notification twice changes nothing twice', async () => {
    const { address, first, second } = await tenantsSharingAnAddress();
    const body = snsEnvelope(bounceNotification(address, 'Permanent'));
    expect(await runWorker(body)).toEqual({ batchItemFailures: [] });
    expect(await runWorker(body, body)).toEqual({ batchItemFailures: [] });
    for (const t of [first, second]) expect((await tenantHistory(t.id)).filter((e) => e.action === 'email_returned')).toHaveLength(1);
    expect(await getSuppression(address)).toMatchObject({ suppressed: true });
  });
});

describe('an address many tenants share (a facility\'s own, typed for tenants without one)', () => {
  it('gives every one of them the history entry, once, past what one transaction holds; a clear does too', async () => {
    const address = `shared-${randomUUID().slice(0, 8)}@facility.example`;
    const { tenants } = await cycleWithTenants(await facilityWith(stem()), Array.from({ length: 130 }, (_, i) => tenant(i + 1, null, { email: address })));
    const entries = async (action: string) => (await Promise.all(tenants.map((t) => tenantHistory(t.id)))).map((h) => h.filter((e) => e.action === action).length);
    const body = snsEnvelope(bounceNotification(address, 'Permanent'));
    expect(await runWorker(body)).toEqual({ batchItemFailures: [] });
    expect(await runWorker(body)).toEqual({ batchItemFailures: [] });
    expect(await entries('email_returned')).toEqual(tenants.map(() => 1));

    const cleared = await call('POST', `/api/tenants/${tenants[129]!.id}/email-suppression/clear`, { token: monitor });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await entries('email_suppression_cleared')).toEqual(tenants.map(() => 1));
  });
});

describe('a complaint', () => {
  it('suppresses the address with the feedback type', async () => {
    const { address, first } = await tenantsSharingAnAddress();
    await onQueue(snsEnvelope(complaintNotification(address)));
    await until('the suppression', () => getSuppression(address), (s) => s?.suppressed === true);
    expect((await story(first.id)).email_suppression).toMatchObject({ suppressed: true, reason: 'Complaint (abuse)' });
    expect((await sendTextEmail(textTo(address), notice(first))).sent).toBe(false);
  });
});

describe('transient bounces', () => {
  it('are counted on the address, once per notification, and never stop e-mail', async () => {
    const { address, first } = await tenantsSharingAnAddress();
    const body = snsEnvelope(bounceNotification(address, 'Transient'));
    expect(await runWorker(body, body)).toEqual({ batchItemFailures: [] });
    expect(await runWorker(snsEnvelope(bounceNotification(address, 'Transient', 'MessageTooLarge')))).toEqual({ batchItemFailures: [] });
    const page = await story(first.id);
    expect(page.email_suppression).toMatchObject({ suppressed: false, reason: null, transient_bounces: 2, last_transient_bounce_at: expect.any(String) });
    expect((await tenantHistory(first.id)).filter((e) => e.action.startsWith('email_'))).toEqual([]);
    expect((await sendTextEmail(textTo(address), notice(first))).sent).toBe(true);
  });
});

describe('deliveries and what the worker cannot read', () => {
  it('a delivery is counted on the address, once per notification, and suppresses nothing', async () => {
    const { address, first } = await tenantsSharingAnAddress();
    const body = snsEnvelope(deliveryNotification(address));
    expect(await runWorker(body, body)).toEqual({ batchItemFailures: [] });
    expect(await getSuppression(address)).toMatchObject({ suppressed: false, deliveries: 1, transient_bounces: 0, reason: null });
    expect((await tenantHistory(first.id)).filter((e) => e.action.startsWith('email_'))).toEqual([]);
  });

  it('drops with a warning, and never retries, what is not an SES event it can read', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      const { address } = await tenantsSharingAnAddress();
      const noRecipients = bounceNotification(address, 'Permanent');
      noRecipients.bounce.bouncedRecipients = [];
      const answer = await runWorker('not json', JSON.stringify({ hello: 'world' }), snsEnvelope('plain text'), snsEnvelope(noRecipients), snsEnvelope({ notificationType: 'Bounce' }));
      expect(answer).toEqual({ batchItemFailures: [] });
      expect(warn).toHaveBeenCalledTimes(5);
      expect(warn.mock.calls.every(([message]) => message === 'e-mail event dropped')).toBe(true);
      expect(await getSuppression(address)).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the clear route', () => {
  it('answers 404 for an unknown tenant and 409 for a tenant with no address or an address not suppressed, changing nothing', async () => {
    const { none, other } = await tenantsSharingAnAddress();
    expect((await call('POST', `/api/tenants/${randomUUID()}/email-suppression/clear`, { token: monitor })).status).toBe(404);
    for (const t of [none, other]) {
      const res = await call('POST', `/api/tenants/${t.id}/email-suppression/clear`, { token: monitor });
      expect(res.status, res.text).toBe(409);
      expect((await tenantHistory(t.id)).filter((e) => e.action.startsWith('email_'))).toEqual([]);
    }
  });
});

describe('the configuration set', () => {
  it('is named by every send: the emulator\'s SES publishes its delivery event to the topic, and the worker counts it on the address', async () => {
    const { address, first } = await tenantsSharingAnAddress();
    expect((await sendTextEmail(textTo(address), notice(first))).sent).toBe(true);
    const seen = await until('the delivery', () => getSuppression(address), (s) => (s?.deliveries ?? 0) > 0);
    expect(seen).toMatchObject({ address, suppressed: false, deliveries: 1, last_delivered_at: expect.any(String) });
  });
});
