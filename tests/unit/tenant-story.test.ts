/**
 * One tenant's whole story (issue 24): the history in people's words (web/src/tenants/history-text.ts:
 * the screens' labels, plans by coverage and premium, dates as the app shows them, actions as what
 * happened) and the letters a tenant page lists (functions/tenants/tenant-story.ts lettersOf: those on
 * record, and a letter-sent date no record carries as an older letter of unknown batch).
 */
import { describe, expect, it } from 'vitest';
import { lettersOf } from '../../functions/tenants/tenant-story';
import type { TenantRecord } from '../../functions/tenants/tenant-record';
import { TENANT_DEFAULTS } from '../../functions/tenants/tenant-record';
import type { TenantLetter } from '../../shared/contracts/tenant-story';
import { tenantView } from '../../shared/contracts/tenants';
import { actionText, changeText, fieldLabel, valueText } from '../../web/src/tenants/history-text';

describe('a tenant\'s history in people\'s words', () => {
  it('names a plan by its premium and coverage, a status as the lists say it, never the stored ids', () => {
    expect(changeText({ field: 'status', from: null, to: 'cov-2000-12' })).toBe('Status: No response → $12 per month for $2,000 coverage');
    expect(changeText({ field: 'coverage_id', from: 'cov-2000-12.5', to: null })).toBe('Coverage: $12.50 per month for $2,000 coverage → (blank)');
    expect(changeText({ field: 'status', from: 'provide_proof', to: 'opt_out' })).toBe('Status: Provided Proof → Opted Out');
  });

  it('labels fields as the screens do and shows dates M/DD/YYYY, codes as printed, flags as Yes or No', () => {
    expect(changeText({ field: 'initial_letter_sent_date', from: null, to: '2026-12-01' })).toBe('Audit Letter Sent: (blank) → 12/01/2026');
    expect(changeText({ field: 'move_in_date', from: '2025-03-07', to: '2025-03-08 00:00:00' })).toBe('Move-In Date: 3/07/2025 → 3/08/2025');
    expect(changeText({ field: 'insur_ledger_id', from: '', to: 'IL-9' })).toBe('Insur Ledger ID: (blank) → IL-9');
    expect(changeText({ field: 'access_code', from: 'K7PX3M9Q', to: 'ABCD2345' })).toBe('Access Code: K7PX-3M9Q → ABCD-2345');
    expect(changeText({ field: 'tenant_made_selection', from: false, to: true })).toBe('Chosen by the tenant (T): No → Yes');
    expect(valueText('units', [{ identifier: 'A1' }, { identifier: 'A2' }])).toBe('A1, A2');
    expect(valueText('units', [])).toBe('(blank)');
  });

  it('says every field of a tenant in words: no stored name with underscores reaches the page', () => {
    for (const field of [...Object.keys(tenantView.shape), 'waiting_proof_id', 'a_field_added_later']) {
      expect(fieldLabel(field), field).not.toContain('_');
    }
    expect(fieldLabel('a_field_added_later')).toBe('A field added later');
  });

  it('says what happened: letters by their type, portal answers, undone parts of a bulk action', () => {
    expect(actionText('initial_letter_generated')).toBe('Audit letter generated');
    expect(actionText('welcome_letter_generated')).toBe('Welcome letter generated');
    expect(actionText('respond_coverage')).toBe('Chose a plan on the portal');
    expect(actionText('charge_check')).toBe('Charge confirmed by Check Charges');
    expect(actionText('bulk_edit_undone')).toBe('Bulk edit (undone)');
    expect(actionText('something_new')).toBe('Something new');
  });
});

describe('the letters of a tenant page', () => {
  const tenant = (fields: Partial<TenantRecord>): TenantRecord => ({
    ...TENANT_DEFAULTS, id: 't1', facility_id: 'f1', facility_number: '1001', cycle_id: 'c1', first_name: 'Ada', last_name: 'Audit',
    unit: 'A1', ledger_id: 'L1', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...fields,
  });
  const recorded = (fields: Partial<TenantLetter>): TenantLetter => ({
    batch_id: 'job#f1', letter_type: 'initial', delivery: 'mail', letter_date: '2026-12-01', save_time: '2026-11-28T15:00:00.000Z',
    file_name: '1001-initial.pdf', page: 3, scope: '1001', created_by: 'monitor', ...fields,
  });

  it('lists the recorded letters, newest first, and adds a sent date no record carries as an older letter without a batch', () => {
    const letters = lettersOf(
      tenant({ initial_letter_sent_date: '2026-12-01', reminder_letter_sent_date: '2026-10-20', welcome_certificate_emailed_date: '2027-01-05' }),
      [recorded({})],
    );
    expect(letters.map((l) => [l.letter_type, l.delivery, l.letter_date, l.batch_id])).toEqual([
      ['welcome', 'email', '2027-01-05', null],
      ['initial', 'mail', '2026-12-01', 'job#f1'],
      ['reminder', 'mail', '2026-10-20', null],
    ]);
  });

  it('shows a letter sent again by both its batches, and the older date once no batch carries it', () => {
    const again = recorded({ batch_id: 'job2#f1', letter_date: '2026-12-15', save_time: '2026-12-10T15:00:00.000Z' });
    expect(lettersOf(tenant({ initial_letter_sent_date: '2026-12-15' }), [again, recorded({})]).map((l) => l.batch_id)).toEqual(['job2#f1', 'job#f1']);
    expect(lettersOf(tenant({ initial_letter_sent_date: '2026-12-15' }), []).map((l) => [l.letter_date, l.batch_id])).toEqual([['2026-12-15', null]]);
    expect(lettersOf(tenant({}), [])).toEqual([]);
  });
});
