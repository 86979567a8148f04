/**
 * Keeping proofs current (issue 27) through the real path: staff accept a proof (its expiry date, or the
 * one they give), the tenant enters the proof-expiry index and leaves it with any other status; the daily
 * schedule, run for fixed days, e-mails the tenant 30 and 7 days before the day (the portal link with the
 * access code in its fragment, the unsubscribe headers and link, the postal address, in the tenant's
 * language), never twice, never to a suppressed address, and on the day takes the tenant back to no
 * response with the history saying why, which the facility's manager sees. Each test runs days of its
 * own year, far from the others', with the run record forgotten first, so no run covers another's tenants.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { forgetLastRun, lastRunWas, remindersTo } from './reminder-mail';
import { bouncePermanently } from './ses-notifications';
import { TEST_WRITE } from './test-write';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { WAITING_COUNT_KEY, checkedProofKey, proofItem } from '../../functions/proofs/proof-record';
import type { ProofRecord } from '../../functions/proofs/proof-record';
import { proofsEndingBetween } from '../../functions/reminders/proof-expiry';
import { runDailySchedule } from '../../functions/schedule/daily-schedule';
import { statusChanges } from '../../functions/tenants/tenant-changes';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { getTenant, saveTenant } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { portalUrlWithCode } from '../../shared/access-code';

let monitor = '';

beforeAll(async () => {
  monitor = await tokenFor(await makeUser({ is_monitor: true }));
});

beforeEach(forgetLastRun);

const address = () => `proof-${randomUUID().slice(0, 8)}@tenant.example`;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Tenants of a cycle of their own, each with an e-mail address unless told otherwise. */
async function tenantsOf(count: number, facility?: FacilityRecord, extra: (i: number) => Parameters<typeof tenant>[2] = () => ({})): Promise<TenantRecord[]> {
  const { tenants } = await cycleWithTenants(facility ?? await facilityWith(stem()), Array.from({ length: count }, (_, i) => tenant(i + 1, null, {
    email: address(), ...extra(i + 1),
  })));
  return tenants;
}

/** The tenant as staff's accept leaves it: Provided Proof, dated, until `endsOn` (the accept route's own write is tested below). */
async function accepted(t: TenantRecord, endsOn: string, extra: Partial<TenantRecord> = {}): Promise<TenantRecord> {
  const current = (await getTenant(t.id))!;
  return saveTenant(current, {
    ...statusChanges('provide_proof', current, '2040-01-02'), provided_proof_date: '2040-01-02', tenant_made_selection: true, proof_expiry_date: endsOn, ...extra,
  }, TEST_WRITE);
}

/** A proof waiting for review, written as the portal writes one. */
async function waitingProof(t: TenantRecord, policyExpiry: string): Promise<ProofRecord> {
  const current = (await getTenant(t.id))!;
  const id = randomUUID();
  const proof: ProofRecord = {
    id, tenant_id: t.id, facility_id: t.facility_id, facility_number: t.facility_number, cycle_id: t.cycle_id,
    first_name: t.first_name, last_name: t.last_name, unit: t.unit, insurer: 'Renewal Mutual', policy_expiry_date: policyExpiry,
    content_type: 'application/pdf', size: 10, file_key: checkedProofKey(t.id, id), sha256: null, submitted_at: new Date().toISOString(),
    review: 'waiting', decided_at: null, decided_by: null, reject_reason: null, reject_reason_code: null,
  };
  await saveTenant(current, { ...statusChanges('provide_proof', current, '2040-01-02'), provided_proof_date: null, tenant_made_selection: true, waiting_proof_id: id },
    { actor: { user_id: `tenant:${t.id}`, username: 'Tenant' }, action: 'respond_proof' }, {
      alongside: [
        { Put: { TableName: tableName(), Item: proofItem(proof), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Update: { TableName: tableName(), Key: WAITING_COUNT_KEY, UpdateExpression: 'ADD waiting :one', ExpressionAttributeValues: { ':one': 1 } } },
      ],
    });
  return proof;
}

const endingOn = async (day: string) => (await proofsEndingBetween({ from: day, to: day })).map((d) => d.tenantId);
const actions = async (id: string) => (await tenantHistory(id)).map((e) => e.action);

describe('an accepted proof carries its expiry date', () => {
  it('accept keeps the proof\'s own date, or the date staff give; the tenant is in the proof-expiry index while it has Provided Proof only', async () => {
    const [own, given] = await tenantsOf(2);
    const ownProof = await waitingProof(own!, '2041-05-20');
    const givenProof = await waitingProof(given!, '2041-05-20');
    // Waiting for review: not watched yet.
    expect(await endingOn('2041-05-20')).not.toContain(own!.id);

    expect((await call('POST', `/api/proof-reviews/${ownProof.id}/accept`, { token: monitor })).status).toBe(200);
    const byStaff = await call('POST', `/api/proof-reviews/${givenProof.id}/accept`, { token: monitor, json: { policy_expiry_date: '2041-06-15' } });
    expect(byStaff.status, byStaff.text).toBe(200);
    const bad = await call('POST', `/api/proof-reviews/${(await waitingProof((await tenantsOf(1))[0]!, '2041-05-20')).id}/accept`, { token: monitor, json: { policy_expiry_date: '06/15/2041' } });
    expect(bad.status, bad.text).toBe(422);

    expect((await getTenant(own!.id))!.proof_expiry_date).toBe('2041-05-20');
    expect((await getTenant(given!.id))!.proof_expiry_date).toBe('2041-06-15');
    expect(await endingOn('2041-05-20')).toContain(own!.id);
    expect(await endingOn('2041-06-15')).toContain(given!.id);
    // The index is keyed by month and sorted by day: the day's Query holds that day only.
    expect(await endingOn('2041-06-14')).not.toContain(given!.id);
    const month = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'texpiry', KeyConditionExpression: 'texpirypk = :m', ExpressionAttributeValues: { ':m': '2041-06' },
    }));
    expect(month.Items!.find((i) => i.pk === `TENANT#${given!.id}`)!.texpirysk).toBe(`2041-06-15#${given!.facility_number}#last2#first2#${given!.id}`);

    // Any other status clears the date and takes the tenant out of the index.
    const current = (await getTenant(own!.id))!;
    const optedOut = await saveTenant(current, { ...statusChanges('opt_out', current, '2041-01-01') }, TEST_WRITE);
    expect(optedOut.proof_expiry_date).toBeNull();
    expect(await endingOn('2041-05-20')).not.toContain(own!.id);
  });
});

describe('the daily schedule', () => {
  it('e-mails 30 and 7 days before the day: the portal link with the code, the unsubscribe headers and link, the postal address; on the history; never twice', async () => {
    const day = '2042-03-10';
    const [in30, in7, in8, silent] = await tenantsOf(4, undefined, (i) => (i === 4 ? { email: '' } : {}));
    await accepted(in30!, addDays(day, 30));
    await accepted(in7!, addDays(day, 7));
    await accepted(in8!, addDays(day, 8));
    await accepted(silent!, addDays(day, 7));

    const report = await runDailySchedule(day);
    expect(report.covered).toEqual({ from: day, to: day });
    expect(report.proof_reminders![30]).toMatchObject({ sent: 1 });
    expect(report.proof_reminders![7]).toMatchObject({ sent: 1, no_address: 1 });

    const [thirty] = await remindersTo(in30!.email);
    expect(await remindersTo(in30!.email)).toHaveLength(1);
    expect(thirty!.subject).toBe(`Your proof of insurance ends April 9, 2042 - Account ${in30!.facility_number}`);
    expect(thirty!.text).toContain('is for a policy that ends on April 9, 2042, 30 days from now.');
    expect(thirty!.text).toContain(portalUrlWithCode(DEMO_PROGRAM_SETTINGS.website, in30!.access_code));
    expect(thirty!.text).toMatch(/#code=[2-9A-Z]{4}-[2-9A-Z]{4}/);
    // The program's postal address (its return address in Program Settings), and how to stop them.
    expect(thirty!.text).toContain(`${DEMO_PROGRAM_SETTINGS.program_name}\r\n${DEMO_PROGRAM_SETTINGS.address}\r\n${DEMO_PROGRAM_SETTINGS.city}, ${DEMO_PROGRAM_SETTINGS.state} ${DEMO_PROGRAM_SETTINGS.zip_code}`);
    expect(thirty!.text).toMatch(/To stop reminder e-mails, open https:\/\/respond\.demo-program\.example\/respond#unsubscribe=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    expect(thirty!.headers['list-unsubscribe']).toMatch(/^<https:\/\/respond\.demo-program\.example\/api\/email\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+>$/);
    expect(thirty!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(thirty!.headers['reply-to']).toBe(DEMO_PROGRAM_SETTINGS.email);

    const [seven] = await remindersTo(in7!.email);
    expect(seven!.text).toContain('7 days from now.');
    expect(await remindersTo(in8!.email)).toEqual([]);

    const [entry] = (await tenantHistory(in30!.id)).filter((e) => e.action === 'proof_expiry_reminder_emailed');
    expect(entry).toMatchObject({ by: { username: 'Daily schedule' } });
    expect(entry!.changes[0]!.to).toBe(`Reminder e-mailed to ${in30!.email}: the proof of insurance ends 2042-04-09 (30 days before)`);

    // The same day again (a retried run): nothing goes twice.
    const again = await runDailySchedule(day);
    expect(again.proof_reminders![30]).toMatchObject({ sent: 0, already_sent: 1 });
    expect(again.proof_reminders![7]).toMatchObject({ sent: 0, already_sent: 1 });
    expect(await remindersTo(in30!.email)).toHaveLength(1);
    expect(await remindersTo(in7!.email)).toHaveLength(1);
    expect((await actions(in30!.id)).filter((a) => a === 'proof_expiry_reminder_emailed')).toHaveLength(1);
    // A day later the 8-day one is due its 7-day reminder.
    await runDailySchedule(addDays(day, 1));
    expect(await remindersTo(in8!.email)).toHaveLength(1);
  });

  it('on the day it ends, the tenant goes back to no response, the history says why, and the facility\'s manager sees it', async () => {
    const day = '2043-07-01';
    const { facility, token } = await makeManagerWithFacility();
    const [ends, later] = await tenantsOf(2, facility);
    await accepted(ends!, day);
    await accepted(later!, addDays(day, 1));

    const report = await runDailySchedule(day);
    expect(report.proofs_ended).toEqual({ ended: 1, failed: 0 });
    const after = (await getTenant(ends!.id))!;
    expect(after).toMatchObject({ status: null, provided_proof_date: null, proof_expiry_date: null, tenant_made_selection: false });
    expect((await getTenant(later!.id))!).toMatchObject({ status: 'provide_proof', proof_expiry_date: addDays(day, 1) });
    expect(await endingOn(day)).not.toContain(ends!.id);

    const history = await call('GET', `/api/tenants/${ends!.id}/history`, { token });
    expect(history.status, history.text).toBe(200);
    const [entry] = (history.body as { action: string; by: { username: string }; changes: { field: string; from: unknown; to: unknown }[] }[])
      .filter((e) => e.action === 'proof_expired');
    expect(entry!.by.username).toBe('Daily schedule');
    expect(entry!.changes).toEqual(expect.arrayContaining([
      { field: 'proof_expiry_date', from: day, to: null }, { field: 'status', from: 'provide_proof', to: null },
    ]));

    // A day the schedule missed is made up: the next run ends it too, once.
    const again = await runDailySchedule(addDays(day, 2));
    expect(again.proofs_ended).toEqual({ ended: 1, failed: 0 });
    expect((await getTenant(later!.id))!.status).toBeNull();
    expect((await actions(ends!.id)).filter((a) => a === 'proof_expired')).toHaveLength(1);
  });

  it('a renewal waiting for review is neither reminded of the old proof nor ended by it', async () => {
    const day = '2044-02-03';
    const [renewing] = await tenantsOf(1);
    await accepted(renewing!, addDays(day, 7));
    await waitingProof(renewing!, '2045-02-10');
    expect(await endingOn(addDays(day, 7))).not.toContain(renewing!.id);
    await runDailySchedule(day);
    await runDailySchedule(addDays(day, 7));
    expect(await remindersTo(renewing!.email)).toEqual([]);
    expect((await getTenant(renewing!.id))!).toMatchObject({ status: 'provide_proof', waiting_proof_id: expect.any(String) });
  });

  it('makes up missed days: a reminder due on a day no run covered goes on the next run', async () => {
    const day = '2045-09-20';
    const [missed, tooOld] = await tenantsOf(2);
    await accepted(missed!, addDays(day, 30 - 2));
    await accepted(tooOld!, addDays(day, 30 - 9));
    await lastRunWas(addDays(day, -10));
    const report = await runDailySchedule(day);
    expect(report.covered).toEqual({ from: addDays(day, -7), to: day });
    expect(await remindersTo(missed!.email)).toHaveLength(1);
    // Beyond the week a run makes up: ops run those days by hand (docs/operations.md).
    expect(await remindersTo(tooOld!.email)).toEqual([]);
  });

  it('e-mails no suppressed address: the skip is on the history once, and it is not tried again', async () => {
    const day = '2046-11-11';
    const [bounced] = await tenantsOf(1);
    await accepted(bounced!, addDays(day, 30));
    await bouncePermanently(bounced!.email);
    const report = await runDailySchedule(day);
    expect(report.proof_reminders![30]).toMatchObject({ sent: 0, suppressed: 1 });
    await runDailySchedule(day);
    expect(await remindersTo(bounced!.email)).toEqual([]);
    const skipped = (await tenantHistory(bounced!.id)).filter((e) => e.action === 'email_not_sent');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.changes[0]!.to).toContain(`Proof expiry reminder e-mail not sent to ${bounced!.email}`);
  });

  it('writes in the language the tenant last answered the portal in', async () => {
    const day = '2047-01-15';
    const [spanish] = await tenantsOf(1);
    await accepted(spanish!, addDays(day, 7), { language: 'es' });
    await runDailySchedule(day);
    const [mail] = await remindersTo(spanish!.email);
    expect(mail!.subject).toBe(`Su comprobante de seguro vence el 22 de enero de 2047 - Account ${spanish!.facility_number}`);
    expect(mail!.headers['content-language']).toBe('es');
    expect(mail!.text).toContain(portalUrlWithCode(DEMO_PROGRAM_SETTINGS.website, spanish!.access_code, 'es'));
    expect(mail!.text).toContain('?lang=es#code=');
    expect(mail!.text).toContain('Para no recibir más recordatorios por correo, abra https://respond.demo-program.example/respond?lang=es#unsubscribe=');
  });
});
