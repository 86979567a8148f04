import { describe, expect, it } from 'vitest';
import { isReadyFor, mailingKeysOf } from '../../../functions/letters/mailing-rules';
import type { MailingTenant } from '../../../functions/letters/mailing-rules';

const tenant = (over: Partial<MailingTenant> = {}): MailingTenant => ({
  status: null, tagged_for_removal: false, email: '', address: '1 Road', city: 'Austin', state: 'TX', zip_code: '78701',
  initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null, welcome_certificate_emailed_date: null, ...over,
});

describe('which letter a tenant is ready for', () => {
  it('audit: no answer and no audit letter yet; reminder: the audit letter went, still no answer, no reminder yet', () => {
    expect(mailingKeysOf(tenant())).toEqual(['initial_letter_ready']);
    expect(mailingKeysOf(tenant({ status: 'no_response' }))).toEqual(['initial_letter_ready']);
    expect(mailingKeysOf(tenant({ initial_letter_sent_date: '2026-10-01' }))).toEqual(['reminder_letter_ready']);
    expect(mailingKeysOf(tenant({ initial_letter_sent_date: '2026-10-01', reminder_letter_sent_date: '2026-10-20' }))).toEqual([]);
    for (const status of ['provide_proof', 'opt_out', 'moved_out', 'bad_address']) expect(mailingKeysOf(tenant({ status }))).toEqual([]);
  });

  it('welcome: chose a plan, no welcome letter and no certificate yet; with an e-mail address it goes by e-mail', () => {
    expect(mailingKeysOf(tenant({ status: 'plan-1' }))).toEqual(['welcome_letter_ready']);
    expect(mailingKeysOf(tenant({ status: 'plan-1', email: 'a@b.example' }))).toEqual(['welcome_letter_ready', 'welcome_letter_skipped']);
    expect(mailingKeysOf(tenant({ status: 'plan-1', welcome_letter_sent_date: '2026-10-01' }))).toEqual([]);
    expect(mailingKeysOf(tenant({ status: 'plan-1', welcome_certificate_emailed_date: '2026-10-01' }))).toEqual([]);
  });

  it('an incomplete address is ready for nothing; a tenant tagged for removal only counts as tagged', () => {
    expect(mailingKeysOf(tenant({ zip_code: ' ' }))).toEqual([]);
    expect(mailingKeysOf(tenant({ tagged_for_removal: true }))).toEqual(['tagged_for_removal']);
  });
});

describe('ready for a letter now, and again on purpose (resend)', () => {
  it('resend reads the tenant as not sent that letter yet; the rest of the rule holds', () => {
    const audited = tenant({ initial_letter_sent_date: '2026-10-01' });
    expect(isReadyFor(audited, 'initial')).toBe(false);
    expect(isReadyFor(audited, 'initial', true)).toBe(true);
    expect(isReadyFor(audited, 'reminder')).toBe(true);
    // A reminder needs the audit letter, resend or not; an answer ends both letters.
    expect(isReadyFor(tenant(), 'reminder', true)).toBe(false);
    expect(isReadyFor(tenant({ initial_letter_sent_date: '2026-10-01', status: 'opt_out' }), 'initial', true)).toBe(false);
    expect(isReadyFor(tenant({ initial_letter_sent_date: '2026-10-01', tagged_for_removal: true }), 'initial', true)).toBe(false);
    expect(isReadyFor(tenant({ initial_letter_sent_date: '2026-10-01', address: '' }), 'initial', true)).toBe(false);
  });

  it('a welcome letter counts as sent by post or by the e-mailed certificate', () => {
    const emailed = tenant({ status: 'plan-1', email: 'a@b.example', welcome_certificate_emailed_date: '2026-10-01' });
    expect(isReadyFor(emailed, 'welcome')).toBe(false);
    expect(isReadyFor(emailed, 'welcome', true)).toBe(true);
    expect(isReadyFor(tenant({ status: 'plan-1', welcome_letter_sent_date: '2026-10-01' }), 'welcome', true)).toBe(true);
    expect(isReadyFor(tenant({ welcome_letter_sent_date: '2026-10-01' }), 'welcome', true)).toBe(false);
  });
});
