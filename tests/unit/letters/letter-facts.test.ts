import { describe, expect, it } from 'vitest';
import { defaultPlanOf, enrollmentOf } from '../../../functions/letters/letter-content';
import type { LetterContext } from '../../../functions/letters/letter-context';
import { letterDateProblems } from '../../../functions/letters/letter-dates';
import { letterFactProblems } from '../../../functions/letters/letter-facts';
import { newFacilityFields } from '../../../functions/facilities/facility-store';
import type { CycleRecord } from '../../../functions/cycles/cycle-store';
import { calendarDateIn } from '../../../shared/format';
import { planOfCoverageId } from '../../../shared/coverage-ids';
import { isTimeZone, programSettingsFields } from '../../../shared/contracts/program-settings';

const DATES = {
  letter_date: '2026-12-01', audit_letter_date: '2026-12-01', reminder_letter_date: '2026-12-20',
  letter_effective_date: '2027-01-15', update_responses_deadline_date: '2027-01-10',
};

describe('letter dates as a sequence', () => {
  it('accepts audit before reminder before coverage, the deadline after the letter and before coverage', () => {
    expect(letterDateProblems('initial', DATES)).toEqual([]);
    expect(letterDateProblems('reminder', { ...DATES, letter_date: '2026-12-20' })).toEqual([]);
  });

  it('names each date out of order, the letter\u2019s own date standing in for its type', () => {
    expect(letterDateProblems('initial', { ...DATES, letter_date: '2026-12-21' })).toEqual([
      'The Audit Letter Date (12/21/2026) must be before the Reminder Letter Date (12/20/2026).',
    ]);
    expect(letterDateProblems('reminder', { ...DATES, letter_date: '2026-11-30' })).toEqual([
      'The Audit Letter Date (12/01/2026) must be before the Reminder Letter Date (11/30/2026).',
    ]);
    expect(letterDateProblems('reminder', { ...DATES, letter_date: '2027-01-15' })).toEqual([
      'The Reminder Letter Date (01/15/2027) must be before the Letter Effective Date (01/15/2027).',
      'The Update Responses Deadline (01/10/2027) must be after the date of the letter (01/15/2027): tenants need time to answer.',
    ]);
    expect(letterDateProblems('initial', { ...DATES, update_responses_deadline_date: '2027-01-15' })).toEqual([
      'The Update Responses Deadline (01/15/2027) must be before the Letter Effective Date (01/15/2027).',
    ]);
  });

  it('checks only the dates that are set, and nothing for welcome letters', () => {
    expect(letterDateProblems('initial', { ...DATES, reminder_letter_date: null, update_responses_deadline_date: null })).toEqual([]);
    expect(letterDateProblems('welcome', { ...DATES, letter_date: '2030-01-01' })).toEqual([]);
  });
});

describe('what a letter must know', () => {
  const facility = { ...newFacilityFields({ id: 'f1', facility_number: '1001', account_name: 'A', state: 'TX' }), created_at: '', updated_at: '' };
  const cycle = { id: 'c1', label: 'Jan 2027', letter_effective_date: '2027-01-15', initial_letter_send_date: '2026-12-01', reminder_letter_send_date: '2026-12-20', update_responses_deadline_date: null } as unknown as CycleRecord;
  const ctx = (coverages: { coverage: number; premium: number }[], c: CycleRecord = cycle): LetterContext => ({
    facilities: new Map([['f1', facility as never]]), cycles: new Map([['c1', c]]), coverages: new Map([['f1', coverages]]),
  });
  const t = { id: 't1', facility_id: 'f1', cycle_id: 'c1', first_name: 'Ada', last_name: 'Lee', unit: 'A1', coverage_id: null, status: null, insurance_effective_date: null };
  const audit = { letter_type: 'initial' as const, letter_date: '2026-12-01', audit_letter_date: '2026-12-01', reminder_letter_date: null };

  it('needs a default plan and a start date for audit and reminder letters', () => {
    expect(letterFactProblems([t], ctx([{ coverage: 2000, premium: 12 }]), audit)).toEqual([]);
    expect(letterFactProblems([t], ctx([]), audit).map((p) => p.message)).toEqual([
      'Facility 1001 has no coverage options (none of its own, none for TX): add them to the facility, so the letter can name the plan added to the rent of tenants who do not answer.',
    ]);
    const undated = { ...cycle, letter_effective_date: null } as unknown as CycleRecord;
    expect(letterFactProblems([t], ctx([{ coverage: 2000, premium: 12 }], undated), audit).map((p) => p.message)).toEqual([
      'Facility 1001, cycle Jan 2027 has no Letter Effective Date: set it in Manage Cycles, so the letter can say from when the plan is added.',
    ]);
  });

  it('needs the tenant\u2019s own plan for a welcome letter', () => {
    const welcome = { ...audit, letter_type: 'welcome' as const };
    expect(letterFactProblems([{ ...t, status: 'cov-3000-16', coverage_id: 'cov-3000-16' }], ctx([]), welcome)).toEqual([]);
    const [problem] = letterFactProblems([{ ...t, status: 'cov-1' }], ctx([]), welcome);
    expect(problem!.message).toContain('1 of the chosen tenants has no coverage plan on record');
    expect(problem!.tenants).toEqual([{ id: 't1', message: 'Ada Lee (unit A1)' }]);
  });

  it('reads the tenant\u2019s own plan from its coverage id, and the default plan as the smallest coverage', () => {
    expect(planOfCoverageId('cov-2500-13.75')).toEqual({ coverage: 2500, premium: 13.75 });
    expect(planOfCoverageId('provide_proof')).toBeNull();
    expect(enrollmentOf({ coverage_id: null, status: 'cov-3000-16', insurance_effective_date: '2027-02-03' })).toEqual({ plan: { coverage: 3000, premium: 16 }, insurance_effective_date: '2027-02-03' });
    expect(defaultPlanOf([{ coverage: 5000, premium: 24 }, { coverage: 2000, premium: 14 }, { coverage: 2000, premium: 12 }])).toEqual({ coverage: 2000, premium: 12 });
  });
});

describe('the program\u2019s time zone and settings', () => {
  it('dates an evening batch in Chicago that day, where UTC is already on the next', () => {
    const evening = new Date('2026-11-25T02:30:00Z'); // 8:30 pm on November 24 in Chicago
    expect(calendarDateIn('America/Chicago', evening)).toBe('2026-11-24');
    expect(calendarDateIn('UTC', evening)).toBe('2026-11-25');
    expect(calendarDateIn('Pacific/Honolulu', new Date('2026-01-01T09:59:00Z'))).toBe('2025-12-31');
  });

  it('accepts IANA zones only, and complete, printable settings', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('EST')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const valid = {
      program_name: 'P', address: 'PO Box 1', city: 'Austin', state: 'TX', zip_code: '78701', phone: '512 555 0100',
      email: 'a@b.example', website: 'https://b.example', signature: 'S', time_zone: 'America/Chicago',
    };
    expect(programSettingsFields.safeParse(valid).success).toBe(true);
    expect(programSettingsFields.safeParse({ ...valid, website: 'www.b.example' }).success).toBe(false);
    expect(programSettingsFields.safeParse({ ...valid, signature: '' }).success).toBe(false);
  });
});
