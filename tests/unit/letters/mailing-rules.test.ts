import { describe, expect, it } from 'vitest';
import { mailingKeysOf } from '../../../functions/letters/mailing-rules';
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
