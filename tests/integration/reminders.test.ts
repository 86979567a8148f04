/**
 * E-mail reminders of the response deadline and their unsubscribe (issue 27) through the real path: the
 * Program Setting (off until an admin turns it on), the daily schedule run for fixed days against the
 * emulator (the cycles catalog, the tcyc index, SES read at /_aws/ses), who is reminded (no answer, an
 * address, a letter mailed, not suppressed, not unsubscribed) and in which language, and the one-click
 * unsubscribe (List-Unsubscribe's address: GET tells, POST stops, a tampered token is refused). Each test
 * runs days of its own year, with the run record forgotten first; the settings item is put back after each.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { facilityWith, stem, tenant } from './facility-fixtures';
import { forgetLastRun, remindersTo, unsubscribeTokenOf } from './reminder-mail';
import { bouncePermanently } from './ses-notifications';
import { TEST_WRITE } from './test-write';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { createCycle } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { runDailySchedule } from '../../functions/schedule/daily-schedule';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { createTenants } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { portalUrlWithCode } from '../../shared/access-code';
import { UNSUBSCRIBE_LINK_REFUSED } from '../../shared/contracts/reminders';

const SETTINGS_KEY = { pk: 'CONFIG', sk: 'PROGRAM_SETTINGS' };
let saved: Record<string, unknown> | undefined;

beforeAll(async () => {
  saved = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: SETTINGS_KEY, ConsistentRead: true }))).Item;
  expect(saved, 'the demo seed wrote the program settings').toBeDefined();
});
beforeEach(forgetLastRun);
afterEach(async () => {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: saved! }));
});

/** An admin's choice on Program Settings: remind `days` days before each deadline ('' turns it off). */
async function remindDaysBefore(days: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...saved!, deadline_reminder_days: days } }));
}

const address = () => `deadline-${randomUUID().slice(0, 8)}@tenant.example`;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A cycle whose response deadline is `deadline`, with these tenants (each mailed its letter and given an address unless told otherwise). */
async function cycleDue(deadline: string, tenants: Partial<NewTenant>[], facility?: FacilityRecord): Promise<TenantRecord[]> {
  const f = facility ?? await facilityWith(stem());
  const cycle = await createCycle({ facility_id: f.id, facility_number: f.facility_number, label: `Due ${deadline}`, update_responses_deadline_date: deadline });
  return createTenants(cycle, tenants.map((extra, i) => ({
    ...tenant(i + 1, null, { email: address(), initial_letter_sent_date: addDays(deadline, -30), ...extra }), facility_number: f.facility_number,
  })), TEST_WRITE);
}

const actionsOf = async (t: TenantRecord, action: string) => (await tenantHistory(t.id)).filter((e) => e.action === action);

describe('reminders of the response deadline', () => {
  it('are off until an admin sets how many days before', async () => {
    const day = '2051-03-02';
    const [waiting] = await cycleDue(addDays(day, 5), [{}]);
    await remindDaysBefore('');
    const report = await runDailySchedule(day);
    expect(report.deadline_reminders).toBeNull();
    expect(await remindersTo(waiting!.email)).toEqual([]);
  });

  it('go to tenants without an answer, with an address, mailed their letter, not suppressed; in their language; once', async () => {
    const day = '2052-06-10';
    await remindDaysBefore('5');
    const deadline = addDays(day, 5);
    const [silent, answered, noAddress, unmailed, bounced, spanish] = await cycleDue(deadline, [
      {}, { status: 'opt_out', opt_out_date: '2052-05-01' }, { email: '' }, { initial_letter_sent_date: null }, {}, { language: 'es' },
    ]);
    const [notYet] = await cycleDue(addDays(day, 6), [{}]);
    await bouncePermanently(bounced!.email);

    const report = await runDailySchedule(day);
    expect(report.deadline_reminders).toMatchObject({ days_before: 5, cycles: 1, sent: 2, suppressed: 1, no_address: 1 });

    const [mail] = await remindersTo(silent!.email);
    expect(mail!.subject).toBe(`Please answer your tenant insurance letter by June 15, 2052 - Account ${silent!.facility_number}`);
    expect(mail!.text).toContain(`We have not received your answer to the tenant insurance letter for unit U1 at Account ${silent!.facility_number}. The deadline to answer is June 15, 2052.`);
    expect(mail!.text).toContain(portalUrlWithCode(DEMO_PROGRAM_SETTINGS.website, silent!.access_code));
    expect(mail!.text).toContain(`${DEMO_PROGRAM_SETTINGS.address}\r\n${DEMO_PROGRAM_SETTINGS.city}, ${DEMO_PROGRAM_SETTINGS.state} ${DEMO_PROGRAM_SETTINGS.zip_code}`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [sent] = await actionsOf(silent!, 'deadline_reminder_emailed');
    expect(sent!.changes[0]!.to).toBe(`Reminder e-mailed to ${silent!.email}: the response deadline is ${deadline}`);

    const [spanishMail] = await remindersTo(spanish!.email);
    expect(spanishMail!.subject).toBe(`Por favor, responda a su carta sobre el seguro para inquilinos antes del 15 de junio de 2052 - Account ${spanish!.facility_number}`);
    expect(spanishMail!.text).toContain('La fecha límite para responder es el 15 de junio de 2052.');

    for (const t of [answered!, unmailed!, bounced!, notYet!]) expect(await remindersTo(t.email), t.first_name).toEqual([]);
    expect(noAddress!.email).toBe('');
    expect(await actionsOf(noAddress!, 'deadline_reminder_emailed')).toEqual([]);
    expect(await actionsOf(answered!, 'deadline_reminder_emailed')).toEqual([]);
    expect((await actionsOf(bounced!, 'email_not_sent'))[0]!.changes[0]!.to).toContain(`Response deadline reminder e-mail not sent to ${bounced!.email}`);

    // Run again: nothing twice.
    const again = await runDailySchedule(day);
    expect(again.deadline_reminders).toMatchObject({ sent: 0, already_sent: 3 });
    expect(await remindersTo(silent!.email)).toHaveLength(1);
    expect(await actionsOf(bounced!, 'email_not_sent')).toHaveLength(1);
    // The next day reaches the next cycle.
    await runDailySchedule(addDays(day, 1));
    expect(await remindersTo(notYet!.email)).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  it('GET tells, the one-click POST stops reminders to the address (history on each of its tenants), and later reminders skip it', async () => {
    const day = '2053-09-01';
    await remindDaysBefore('3');
    const shared = address();
    const facility = await facilityWith(stem());
    const [first] = await cycleDue(addDays(day, 3), [{ email: shared }], facility);
    const [second] = await cycleDue(addDays(day, 4), [{ email: shared.toUpperCase() }], facility);
    await runDailySchedule(day);
    const [mail] = await remindersTo(shared);
    const token = unsubscribeTokenOf(mail!);

    const told = await call('GET', '/api/email/unsubscribe', { query: { token } });
    expect(told.status, told.text).toBe(200);
    expect(told.body).toEqual({ address: shared, unsubscribed: false, unsubscribed_at: null });

    const stopped = await call('POST', '/api/email/unsubscribe', { query: { token }, form: { 'List-Unsubscribe': 'One-Click' } });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({ address: shared, unsubscribed: true, unsubscribed_at: expect.any(String) });
    for (const t of [first!, second!]) {
      const [entry] = await actionsOf(t, 'reminders_unsubscribed');
      expect(entry, t.first_name).toMatchObject({ by: { username: 'E-mail recipient (unsubscribe link)' } });
      expect(entry!.changes[0]).toMatchObject({ field: 'reminder_emails', from: 'On' });
      expect(String(entry!.changes[0]!.to)).toContain('the mailbox\'s unsubscribe button');
    }
    // Again (the portal's page after the mailbox's button): the same answer, nothing written twice.
    const twice = await call('POST', '/api/email/unsubscribe', { query: { token }, json: {} });
    expect(twice.status, twice.text).toBe(200);
    expect(twice.body.unsubscribed_at).toBe(stopped.body.unsubscribed_at);
    expect(await actionsOf(first!, 'reminders_unsubscribed')).toHaveLength(1);

    const next = await runDailySchedule(addDays(day, 1));
    expect(next.deadline_reminders).toMatchObject({ sent: 0, unsubscribed: 1 });
    expect(await remindersTo(shared)).toHaveLength(1);
    expect(await actionsOf(second!, 'deadline_reminder_emailed')).toEqual([]);
  });

  it('refuses a tampered, foreign or missing token with a clear answer, and changes nothing', async () => {
    const day = '2054-04-04';
    await remindDaysBefore('2');
    const [t] = await cycleDue(addDays(day, 2), [{}]);
    await runDailySchedule(day);
    const token = unsubscribeTokenOf((await remindersTo(t!.email))[0]!);
    const [payload, signature] = token.split('.') as [string, string];
    const otherAddress = Buffer.from('someone-else@tenant.example').toString('base64url');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${payload}.${flipped}`, `${otherAddress}.${signature}`, payload, `${token}.x`, 'not a token']) {
      for (const method of ['GET', 'POST']) {
        const res = await call(method, '/api/email/unsubscribe', { query: { token: bad }, ...(method === 'POST' ? { form: { 'List-Unsubscribe': 'One-Click' } } : {}) });
        expect(res.status, `${method} ${bad}: ${res.text}`).toBe(400);
        expect(res.body.error).toBe(UNSUBSCRIBE_LINK_REFUSED);
      }
    }
    const missing = await call('POST', '/api/email/unsubscribe', { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(missing.status, missing.text).toBe(422);
    expect((await call('GET', '/api/email/unsubscribe', { query: { token } })).body).toMatchObject({ unsubscribed: false });
    expect(await actionsOf(t!, 'reminders_unsubscribed')).toEqual([]);
  });
});
