/**
 * The pure parts of keeping proofs current and the reminders (issue 27): the schedule's calendar (days a
 * run covers, the index's months and sort-key bounds), the proof-expiry index keys and the rule that keeps
 * the date only with Provided Proof, the deadline setting, the unsubscribe token, and the e-mail itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadlineReminderDays, programSettingsFields } from '../../shared/contracts/program-settings';
import { portalUrlWithCode, programSiteUrl } from '../../shared/access-code';
import {
  CATCH_UP_DAYS, addDays, daysBetween, isDay, monthsOf, runDaysCovered, shifted, sortKeyBounds,
} from '../../functions/reminders/reminder-days';
import { postalAddressLines, reminderMessage, reminderText } from '../../functions/reminders/reminder-email';
import type { ReminderFacts } from '../../functions/reminders/reminder-email';
import { TENANT_DEFAULTS, proofExpiryIndexKeys, proofExpiryRule, tenantItem, watchesProofExpiry } from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';

const record = (extra: Partial<TenantRecord> = {}): TenantRecord => ({
  ...TENANT_DEFAULTS, id: 't1', facility_id: 'f1', facility_number: '1001', cycle_id: 'c1', first_name: 'Ann', last_name: 'Smith', unit: 'A-1',
  ledger_id: 'L1', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...extra,
});
const accepted = (extra: Partial<TenantRecord> = {}) => record({ status: 'provide_proof', provided_proof_date: '2026-12-01', proof_expiry_date: '2027-03-05', ...extra });

describe('the schedule\'s calendar', () => {
  it('counts days as dates, across months, years and daylight saving', () => {
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-14', -30)).toBe('2027-02-12');
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14'); // US daylight saving starts: still one day
    expect(daysBetween('2027-03-05', '2027-04-04')).toBe(30);
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('03/05/2027')).toBe(false);
  });

  it('covers the day, and the days no run covered since the last one, at most a week back', () => {
    expect(runDaysCovered('2027-03-05', null)).toEqual({ from: '2027-03-05', to: '2027-03-05' });
    expect(runDaysCovered('2027-03-05', '2027-03-04')).toEqual({ from: '2027-03-05', to: '2027-03-05' });
    expect(runDaysCovered('2027-03-05', '2027-03-02')).toEqual({ from: '2027-03-03', to: '2027-03-05' });
    expect(runDaysCovered('2027-03-05', '2027-01-01')).toEqual({ from: addDays('2027-03-05', -CATCH_UP_DAYS), to: '2027-03-05' });
    // The same day again (a retry), or an earlier day run by hand: that day alone.
    expect(runDaysCovered('2027-03-05', '2027-03-05')).toEqual({ from: '2027-03-05', to: '2027-03-05' });
    expect(runDaysCovered('2027-03-01', '2027-03-05')).toEqual({ from: '2027-03-01', to: '2027-03-01' });
    expect(shifted({ from: '2027-03-03', to: '2027-03-05' }, 30)).toEqual({ from: '2027-04-02', to: '2027-04-04' });
  });

  it('reads the months a range touches, with sort-key bounds that hold its days and no other', () => {
    expect(monthsOf({ from: '2027-03-05', to: '2027-03-05' })).toEqual(['2027-03']);
    expect(monthsOf({ from: '2026-11-28', to: '2027-02-02' })).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    const { low, high } = sortKeyBounds({ from: '2027-03-05', to: '2027-03-07' });
    const inside = (sk: string) => sk >= low && sk <= high;
    expect(inside('2027-03-05#1001#smith#ann#t1')).toBe(true);
    expect(inside('2027-03-07#zzzz#\u00fcber#\u00e9#t9')).toBe(true);
    expect(inside('2027-03-04#9999#zz#zz#t2')).toBe(false);
    expect(inside('2027-03-08#0000#aa#aa#t3')).toBe(false);
  });
});

describe('the proof-expiry index', () => {
  it('holds an accepted proof with its end date, by month and day, and nothing else', () => {
    expect(proofExpiryIndexKeys(accepted())).toEqual({ texpirypk: '2027-03', texpirysk: '2027-03-05#1001#smith#ann#t1' });
    expect(tenantItem(accepted())).toMatchObject({ texpirypk: '2027-03', texpirysk: '2027-03-05#1001#smith#ann#t1' });
    // Waiting for review (no date from staff), a renewal waiting, no end date, another status: not watched.
    for (const t of [accepted({ provided_proof_date: null }), accepted({ waiting_proof_id: 'p2' }), accepted({ proof_expiry_date: null }), accepted({ status: 'opt_out' })]) {
      expect(watchesProofExpiry(t)).toBe(false);
      expect(tenantItem(t)).not.toHaveProperty('texpirypk');
    }
  });

  it('keeps the end date only with Provided Proof', () => {
    expect(proofExpiryRule(accepted())).toMatchObject({ proof_expiry_date: '2027-03-05' });
    expect(proofExpiryRule(accepted({ status: null }))).toMatchObject({ proof_expiry_date: null });
    expect(proofExpiryRule(accepted({ status: 'cov-2000-12' }))).toMatchObject({ proof_expiry_date: null });
    const untouched = record();
    expect(proofExpiryRule(untouched)).toBe(untouched);
  });
});

describe('the deadline reminder setting', () => {
  const settings = {
    program_name: 'P', address: 'PO Box 1', city: 'Austin', state: 'TX', zip_code: '78701', phone: '512 555 0100',
    email: 'a@b.example', website: 'https://b.example', signature: 'S', time_zone: 'America/Chicago',
  };

  it('is off while empty (the default), else a number of days from 1 to 60', () => {
    expect(programSettingsFields.parse(settings).deadline_reminder_days).toBe('');
    expect(deadlineReminderDays({ deadline_reminder_days: '' })).toBeNull();
    expect(deadlineReminderDays({ deadline_reminder_days: ' 7 ' })).toBe(7);
    for (const ok of ['1', '14', '60']) expect(programSettingsFields.safeParse({ ...settings, deadline_reminder_days: ok }).success, ok).toBe(true);
    for (const bad of ['0', '61', '7.5', '-3', 'seven', '100']) {
      const parsed = programSettingsFields.safeParse({ ...settings, deadline_reminder_days: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe('Deadline reminder must be a number of days from 1 to 60, or empty to send none.');
      expect(deadlineReminderDays({ deadline_reminder_days: bad })).toBeNull();
    }
  });
});

describe('the unsubscribe token', () => {
  type Tokens = typeof import('../../functions/reminders/unsubscribe-token');
  const tokens = async (secret: string): Promise<Tokens> => {
    vi.resetModules();
    vi.stubEnv('APP_SECRET', secret);
    vi.stubEnv('APP_SECRET_ARN', '');
    return import('../../functions/reminders/unsubscribe-token');
  };
  let t: Tokens;
  beforeEach(async () => { t = await tokens('unit-test-secret'); });
  afterEach(() => { vi.unstubAllEnvs(); });

  it('names the address it was made for, keyed as every e-mail key (trimmed, lower case)', async () => {
    const token = await t.unsubscribeToken(' Ann.Smith@Example.com ');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await t.addressOfToken(token)).toBe('ann.smith@example.com');
    expect(await t.unsubscribeToken('ann.smith@example.com')).toBe(token);
  });

  it('opens nothing edited, cut short, made up, or signed with another secret', async () => {
    const token = await t.unsubscribeToken('ann@example.com');
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from('bob@example.com').toString('base64url');
    for (const bad of [`${other}.${signature}`, `${payload}.${signature.slice(0, -2)}`, payload, `${token}.`, `${payload}.${'A'.repeat(43)}`, '', '..', 'a b.c']) {
      expect(await t.addressOfToken(bad), bad).toBeNull();
    }
    // The last character's low two bits are dropped by decoding: every other spelling of the same bytes is refused.
    const last = signature.at(-1)!;
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const base = ALPHABET.indexOf(last) & ~3;
    for (const spelling of [0, 1, 2, 3].map((low) => ALPHABET[base + low]!).filter((c) => c !== last)) {
      expect(await t.addressOfToken(`${payload}.${signature.slice(0, -1)}${spelling}`), spelling).toBeNull();
    }
    const elsewhere = await tokens('another-secret');
    expect(await elsewhere.addressOfToken(token)).toBeNull();
  });
});

describe('the reminder e-mail', () => {
  const program = {
    program_name: 'Storage Protection Program', email: 'help@spp.example', phone: '8005550142',
    address: 'PO Box 4120', address_2: 'Suite 5', city: 'Scottsdale', state: 'AZ', zip_code: '85261',
  };
  const facts = (extra: Partial<ReminderFacts> = {}): ReminderFacts => ({
    to: 'ann@example.com', language: 'en', firstName: ' Ann ', facilityName: 'Sunrise Storage', units: ['A-1'],
    reminder: { kind: 'proof_expiry', endsOn: '2027-03-05', daysBefore: 30 },
    portalLink: portalUrlWithCode('https://spp.example', 'K7PX3M9Q'),
    unsubscribeUrl: `${programSiteUrl('spp.example/')}/api/email/unsubscribe?token=abc.def`,
    unsubscribePage: 'https://spp.example/respond#unsubscribe=abc.def', program, ...extra,
  });

  it('tells the day the proof ends, links the portal with the code, and ends with the postal address and how to stop them', () => {
    const { subject, lines } = reminderText(facts());
    expect(subject).toBe('Your proof of insurance ends March 5, 2027 - Sunrise Storage');
    expect(lines[0]).toBe('Dear Ann,');
    expect(lines).toContain('The proof of your own insurance we have on file for unit A-1 at Sunrise Storage is for a policy that ends on March 5, 2027, 30 days from now.');
    expect(lines).toContain('https://spp.example/respond#code=K7PX-3M9Q');
    expect(lines).toContain('Questions? Call us at (800) 555-0142 or reply to this e-mail.');
    const end = lines.slice(lines.indexOf('Storage Protection Program'));
    expect(end).toEqual([
      'Storage Protection Program', 'PO Box 4120', 'Suite 5', 'Scottsdale, AZ 85261', '',
      'You receive this reminder because this e-mail address is on file for your storage unit.',
      'To stop reminder e-mails, open https://spp.example/respond#unsubscribe=abc.def',
    ]);
    expect(postalAddressLines({ ...program, address_2: ' ' })).toEqual(['PO Box 4120', 'Scottsdale, AZ 85261']);
  });

  it('reminds of a deadline, in Spanish where the tenant answered in Spanish', () => {
    const en = reminderText(facts({ reminder: { kind: 'deadline', deadline: '2027-01-31' }, units: ['A-1', 'B-2'] }));
    expect(en.subject).toBe('Please answer your tenant insurance letter by January 31, 2027 - Sunrise Storage');
    expect(en.lines).toContain('We have not received your answer to the tenant insurance letter for units A-1, B-2 at Sunrise Storage. The deadline to answer is January 31, 2027.');
    const es = reminderText(facts({ language: 'es', reminder: { kind: 'proof_expiry', endsOn: '2027-03-05', daysBefore: 7 }, portalLink: portalUrlWithCode('https://spp.example', 'K7PX3M9Q', 'es') }));
    expect(es.subject).toBe('Su comprobante de seguro vence el 5 de marzo de 2027 - Sunrise Storage');
    expect(es.lines[0]).toBe('Estimado/a Ann:');
    expect(es.lines).toContain('https://spp.example/respond?lang=es#code=K7PX-3M9Q');
    expect(es.lines.join('\n')).toContain('dentro de 7 días');
  });

  it('is one MIME message with the one-click unsubscribe headers (RFC 8058), the sender\'s name and Reply-To', () => {
    const message = reminderMessage(facts({ program: { ...program, program_name: 'Programa Protección' } }), 'reminders@spp.example');
    const [head, body] = message.split('\r\n\r\n') as [string, string];
    const headers = head.split('\r\n');
    expect(headers).toContain('From: =?UTF-8?B?UHJvZ3JhbWEgUHJvdGVjY2nDs24=?= <reminders@spp.example>');
    expect(headers).toContain('Reply-To: help@spp.example');
    expect(headers).toContain('To: ann@example.com');
    expect(headers).toContain('List-Unsubscribe: <https://spp.example/api/email/unsubscribe?token=abc.def>');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headers).toContain('Content-Type: text/plain; charset=UTF-8');
    for (const line of message.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    const text = Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
    expect(text).toBe(reminderText(facts({ program: { ...program, program_name: 'Programa Protección' } })).lines.join('\r\n'));
  });
});
