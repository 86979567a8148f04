/**
 * Program Settings through the real path (the app table, the history written with each save) and what
 * letters do with them: refused with 409 while any part of the program's identity is unset, dated in
 * the program's time zone, stating the tenant's own plan and own date (welcome), naming the default plan
 * (audit), and refused with 422 when their dates are out of sequence. The settings item is put back as it
 * was after each test that changes it (the suite shares one program; files run one after another).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { waitForExportJob } from './export-jobs';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { getTenant } from '../../functions/tenants/tenant-store';
import { coverageIdOf } from '../../shared/coverage-ids';
import { calendarDateIn } from '../../shared/format';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { documentText, readPdf } from '../unit/letters/pdf-reader';

let admin = '';
let monitor = '';
let manager = '';
const KEY = { pk: 'CONFIG', sk: 'PROGRAM_SETTINGS' };
let saved: Record<string, unknown> | undefined;

beforeAll(async () => {
  const [a, m, g] = await Promise.all([makeUser({ is_admin: true }), makeUser({ is_monitor: true }), makeManagerWithFacility()]);
  admin = await tokenFor(a);
  monitor = await tokenFor(m);
  manager = g.token;
  saved = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: KEY }))).Item;
  expect(saved, 'the demo seed wrote the program settings').toBeDefined();
});

afterEach(async () => {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: saved! }));
});

const settings = async () => (await call('GET', '/api/program-settings', { token: monitor })).body as {
  settings: Record<string, string>; missing: string[]; version: number; updated_by: string | null;
};

/** Sets fields straight in the table (the API refuses empty ones), keeping the rest as seeded. */
async function storeSettings(fields: Record<string, string>): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...saved!, ...fields } }));
}

describe('Program Settings', () => {
  it('answers every logged-in user the settings, the demo values fictitious and complete', async () => {
    for (const token of [admin, monitor, manager]) expect((await call('GET', '/api/program-settings', { token })).status).toBe(200);
    expect((await call('GET', '/api/program-settings')).status).toBe(401);
    const view = await settings();
    expect(view.missing).toEqual([]);
    expect(view.settings.website).toMatch(/^https:\/\/[^/]+\.example$/);
    expect(view.settings.email).toMatch(/\.example$/);
    expect(view.settings.phone).toMatch(/^\d{3}55501\d\d$/);
  });

  it('lets only an admin save, validates every field, and keeps each change on record', async () => {
    const before = await settings();
    const body = { ...before.settings, phone: '(312) 555-0143', signature: 'Riley Chen, Program Director', version: String(before.version) };
    expect((await call('POST', '/api/program-settings', { token: monitor, form: body })).status).toBe(403);
    expect((await call('POST', '/api/program-settings', { token: manager, form: body })).status).toBe(403);

    for (const [field, value, message] of [
      ['website', 'http://insecure.example', 'Website must be a full https:// address.'],
      ['email', 'not-an-email', 'Email must be a valid email address.'],
      ['phone', '555-0143', 'Phone must be a 10-digit US phone number.'],
      ['time_zone', 'Mars/Olympus_Mons', 'Time zone must be an IANA time zone such as America/Chicago.'],
      ['zip_code', '6270', 'Zip code must be 5 digits or ZIP+4.'],
      ['program_name', '  ', 'Program name is required.'],
      ['state', 'ZZ', 'State must be a two-letter state or territory code.'],
    ] as const) {
      const res = await call('POST', '/api/program-settings', { token: admin, form: { ...body, [field]: value } });
      expect(res.status, `${field}: ${res.text}`).toBe(422);
      expect(res.text).toContain(message);
    }
    expect((await settings()).version).toBe(before.version);

    const res = await call('POST', '/api/program-settings', { token: admin, form: body });
    expect(res.status, res.text).toBe(200);
    expect(res.body.version).toBe(before.version + 1);
    expect(res.body.settings.signature).toBe('Riley Chen, Program Director');
    // A second admin's save from the old version is refused, not silently applied over the first.
    const stale = await call('POST', '/api/program-settings', { token: admin, form: { ...body, signature: 'Someone Else' } });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('Reload the page');
    expect((await settings()).settings.signature).toBe('Riley Chen, Program Director');

    const history = await call('GET', '/api/program-settings/history', { token: admin });
    expect(history.status).toBe(200);
    const [latest] = history.body.data as { by: string; changes: { field: string; from: string; to: string }[] }[];
    expect(latest!.changes).toEqual(expect.arrayContaining([
      { field: 'phone', label: 'Phone', from: before.settings.phone, to: '(312) 555-0143' },
      { field: 'signature', label: 'Signature', from: before.settings.signature, to: 'Riley Chen, Program Director' },
    ]));
    expect((await call('GET', '/api/program-settings/history', { token: monitor })).status).toBe(403);
  });
});

/** A facility with a cycle dated for letters and tenants of each kind. */
async function letterFacility(cycleDates: Record<string, string | null> = {}) {
  const facility = await facilityWith(stem(), { coverages: [{ coverage: 5000, premium: 24 }, { coverage: 2000, premium: 12 }, { coverage: 3000, premium: 16 }] });
  const plan = coverageIdOf({ coverage: 3000, premium: 16 });
  const { cycle, tenants } = await cycleWithTenants(facility, [
    tenant(1, null, { first_name: 'Ada', last_name: 'Audit', email: '' }),
    tenant(2, plan, { first_name: 'Wes', last_name: 'Welcome', email: '', coverage_id: plan, insurance_effective_date: '2027-02-03' }),
  ]);
  const { updateCycle } = await import('../../functions/cycles/cycle-store');
  const dated = await updateCycle(cycle, {
    initial_letter_send_date: '2026-12-01', reminder_letter_send_date: '2026-12-20', update_responses_deadline_date: '2027-01-10',
    letter_effective_date: '2027-01-15', ...cycleDates,
  });
  return { facility, cycle: dated, ada: tenants[0]!, wes: tenants[1]! };
}

async function generate(facilityId: string, query: Record<string, string>) {
  return call('GET', `/api/facilities/${facilityId}/generate-letters`, { token: monitor, query });
}

async function letterText(jobId: string): Promise<string> {
  const job = await waitForExportJob(jobId, monitor, 30_000) as unknown as { status: string; error: string | null; result: { file_name: string } };
  expect(job.error).toBeNull();
  const link = await call('GET', `/api/facilities/download-letters/${encodeURIComponent(job.result.file_name)}`, { token: monitor });
  const bytes = new Uint8Array(await (await fetch((link.body as { url: string }).url)).arrayBuffer());
  return documentText(await readPdf(bytes));
}

describe('letters and the program settings', () => {
  it('refuses letters and sample letters with 409 naming what to set while the identity is incomplete', async () => {
    const { facility, cycle, ada } = await letterFacility();
    await storeSettings({ website: '', phone: '' });
    const res = await generate(facility.id, { letter_type: 'initial', audit_letter_date: '2026-12-01', cycle_id: cycle.id });
    expect(res.status).toBe(409);
    expect(res.body.error ?? res.text).toContain("The program's phone and website are not set. An admin sets them on the Program Settings page");
    const sample = await call('GET', `/api/facilities/${facility.id}/generate-sample-letters`, { token: monitor });
    expect(sample.status).toBe(409);
    expect((await getTenant(ada.id))!.initial_letter_sent_date).toBeNull();

    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: KEY }));
    const none = await generate(facility.id, { letter_type: 'initial', audit_letter_date: '2026-12-01', cycle_id: cycle.id });
    expect(none.status).toBe(409);
    expect(none.text).toContain('program name, return address, city, state, zip code, phone, email, website, signature and time zone are not set');
    const view = await settings();
    expect(view.version).toBe(0);
    expect(view.missing).toHaveLength(10);
  });

  it('prints the program identity once, as set, on an audit letter naming the default plan', async () => {
    const { facility, cycle, ada } = await letterFacility();
    const res = await generate(facility.id, { letter_type: 'initial', audit_letter_date: '2026-12-01', cycle_id: cycle.id, tenants: ada.id });
    expect(res.status, res.text).toBe(200);
    const text = await letterText(res.body.job_id);
    const s = DEMO_PROGRAM_SETTINGS;
    for (const line of [s.program_name, s.address, `${s.city}, ${s.state} ${s.zip_code}`]) expect(text).toContain(line);
    // The closing reads down the signature's column; the QR panel beside it is read line by line in between.
    const closing = text.slice(text.indexOf('Sincerely,'));
    expect(closing.indexOf(s.signature)).toBeGreaterThan(0);
    expect(closing.indexOf(s.program_name, closing.indexOf(s.signature))).toBeGreaterThan(0);
    expect(text).toContain(s.website);
    // The smallest coverage offered, its premium, from the cycle's letter effective date.
    expect(text).toContain('If we do not receive a response, $2,000 of coverage through the facility\u2019s tenant insurance plan will be added to your account, and its premium of $12.00 per month to your rent, beginning January 15, 2027');
    for (const placeholder of ['auditletter.example', 'PO Box 1200', 'Tenant Protection Program Audit Letter Program']) expect(text).not.toContain(placeholder);
  });

  it('states the welcome tenant\u2019s own plan and date, dated today in the program\u2019s time zone', async () => {
    const { facility, cycle, wes } = await letterFacility();
    // Whichever side of the date line is on another day than UTC now makes the test tell the zones apart.
    const utcToday = new Date().toISOString().slice(0, 10);
    const zone = calendarDateIn('Pacific/Kiritimati') !== utcToday ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    expect(calendarDateIn(zone)).not.toBe(utcToday);
    await storeSettings({ time_zone: zone });
    const res = await generate(facility.id, { letter_type: 'welcome', cycle_id: cycle.id, tenants: wes.id });
    expect(res.status, res.text).toBe(200);
    const text = await letterText(res.body.job_id);
    expect(text).toContain('Your plan covers up to $3,000 for a premium of $16.00 per month');
    expect(text).toContain('Your coverage is effective February 3, 2027');
    expect(text).not.toContain('January 15, 2027'); // the cycle's date
    expect(text).not.toContain('$5,000');
    expect((await getTenant(wes.id))!.welcome_letter_sent_date).toBe(calendarDateIn(zone));
  });

  it('refuses dates out of sequence, and letters that could not say when the plan starts, with 422 and nothing marked', async () => {
    const { facility, cycle, ada } = await letterFacility();
    const cases: [Record<string, string>, string][] = [
      [{ audit_letter_date: '2027-01-20' }, 'The Audit Letter Date (01/20/2027) must be before the Letter Effective Date (01/15/2027)'],
      [{ audit_letter_date: '2026-12-21' }, 'The Audit Letter Date (12/21/2026) must be before the Reminder Letter Date (12/20/2026)'],
      [{ audit_letter_date: '2027-01-10' }, 'The Update Responses Deadline (01/10/2027) must be after the date of the letter (01/10/2027)'],
    ];
    for (const [query, message] of cases) {
      const res = await generate(facility.id, { letter_type: 'initial', cycle_id: cycle.id, tenants: ada.id, ...query });
      expect(res.status, res.text).toBe(422);
      expect(res.text).toContain(message);
    }

    const late = await letterFacility({ update_responses_deadline_date: '2027-01-20' });
    const res = await generate(late.facility.id, { letter_type: 'initial', cycle_id: late.cycle.id, tenants: late.ada.id, audit_letter_date: '2026-12-01' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('The Update Responses Deadline (01/20/2027) must be before the Letter Effective Date (01/15/2027)');

    const undated = await letterFacility({ letter_effective_date: null });
    const noStart = await generate(undated.facility.id, { letter_type: 'initial', cycle_id: undated.cycle.id, tenants: undated.ada.id, audit_letter_date: '2026-12-01' });
    expect(noStart.status).toBe(422);
    expect(noStart.text).toContain('has no Letter Effective Date: set it in Manage Cycles');

    expect((await getTenant(ada.id))!.initial_letter_sent_date).toBeNull();
  });
});
