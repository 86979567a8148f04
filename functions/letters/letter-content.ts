/**
 * What goes on a letter: the tenant, its facility, the coverage options, the plan a tenant who does not
 * answer gets, the tenant's own plan and the dates, as the renderer (letter-pdf.ts) takes them. The
 * dates come from the tenant's cycle (the facility's letter dates when the cycle has none); the date
 * picked in the Send Letters date modal overrides the one of its letter.
 */
import { planOfCoverageId } from '../../shared/coverage-ids';
import { normalizeAccessCode } from '../../shared/access-code';
import type { ProgramSettingsView } from '../../shared/contracts/program-settings';
import type { CoverageOption } from '../../shared/contracts/program';
import type { MailedLetterType } from '../../shared/contracts/letters';
import type { CycleRecord } from '../cycles/cycle-store';
import type { FacilityRecord } from '../facilities/facility-store';
import type { TenantRecord } from '../tenants/tenant-record';
import type { LetterCoverage, LetterDates, LetterEnrollment, LetterPage, LetterProgram, LetterRecipient } from './letter-pdf';

/** The program as its settings say (settings complete: generating letters checks that first). */
export function letterProgramOf({ settings: s }: ProgramSettingsView): LetterProgram {
  return {
    name: s.program_name,
    return_address: [s.address, s.address_2, `${s.city}, ${s.state} ${s.zip_code}`].filter((line) => line.trim() !== ''),
    phone: s.phone, email: s.email, website: s.website, signature: s.signature, time_zone: s.time_zone,
  };
}

export interface LetterChoice {
  letter_type: MailedLetterType;
  /** The date printed on the letter and recorded as the tenant's sent date (YYYY-MM-DD). */
  letter_date: string;
  audit_letter_date: string | null;
  reminder_letter_date: string | null;
}

/**
 * The letter's addressee. Its access code only when it is a program code: a tenant not yet given one by
 * the migration may still hold an imported gate code, which is never printed (the letter then says to call).
 */
export const recipientOf = (t: TenantRecord): LetterRecipient => ({
  tenant_id: t.id, first_name: t.first_name, last_name: t.last_name, address: t.address, city: t.city, state: t.state,
  zip_code: t.zip_code, country: t.country, unit: t.unit, access_code: normalizeAccessCode(t.access_code) === t.access_code ? t.access_code : '', email: t.email,
});

/** The tenant's own plan (its coverage id names it) and its own insurance effective date. */
export const enrollmentOf = (t: Pick<TenantRecord, 'coverage_id' | 'status' | 'insurance_effective_date'>): LetterEnrollment => ({
  plan: planOfCoverageId(t.coverage_id) ?? planOfCoverageId(t.status),
  insurance_effective_date: t.insurance_effective_date,
});

/** The facility's own coverage options, else those of its state (the program's defaults). */
export const coveragesOf = (facility: FacilityRecord, stateCoverages: readonly CoverageOption[]): LetterCoverage[] =>
  (facility.coverages.length > 0 ? facility.coverages : stateCoverages).map((c) => ({ coverage: c.coverage, premium: c.premium }));

/**
 * The plan added for a tenant who does not answer: the smallest coverage the letter offers (the cheapest
 * of equal amounts) — the program's minimum, so no tenant is enrolled in more than the lease requires.
 */
export function defaultPlanOf(coverages: readonly LetterCoverage[]): LetterCoverage | null {
  return coverages.reduce<LetterCoverage | null>((best, c) => (
    !best || c.coverage < best.coverage || (c.coverage === best.coverage && c.premium < best.premium) ? c : best), null);
}

/** The dates a letter of this choice prints for a tenant of this cycle and facility. */
export function letterDatesOf(choice: LetterChoice, cycle: CycleRecord | null, facility: FacilityRecord): LetterDates {
  return {
    letter_date: choice.letter_date,
    audit_letter_date: choice.audit_letter_date ?? cycle?.initial_letter_send_date ?? facility.initial_letter_send_date,
    reminder_letter_date: choice.reminder_letter_date ?? cycle?.reminder_letter_send_date ?? facility.reminder_letter_send_date,
    letter_effective_date: cycle?.letter_effective_date ?? facility.letter_effective_date,
    update_responses_deadline_date: cycle?.update_responses_deadline_date ?? null,
  };
}

export function letterPageOf(args: {
  recipient: LetterRecipient; enrollment: LetterEnrollment; facility: FacilityRecord; cycle: CycleRecord | null;
  coverages: LetterCoverage[]; choice: LetterChoice;
}): LetterPage {
  const { facility, cycle, choice } = args;
  return {
    type: choice.letter_type,
    recipient: args.recipient,
    facility: {
      facility_number: facility.facility_number, account_name: facility.account_name, address: facility.address, city: facility.city,
      state: facility.state, zip_code: facility.zip_code, phone: facility.phone, email: facility.email, contact_name: facility.contact_name,
      uses_updated_lease_language: facility.uses_updated_lease_language, lease_section_number: facility.lease_section_number,
      lease_section_text: facility.lease_section_text, brochure_url: facility.brochure_url, certificate_url: facility.certificate_url,
    },
    coverages: args.coverages,
    default_plan: defaultPlanOf(args.coverages),
    enrollment: args.enrollment,
    dates: letterDatesOf(choice, cycle, facility),
  };
}

/** The made-up tenant of Sample Letters: a full, realistic address block, no real tenant touched. */
export const SAMPLE_RECIPIENT: LetterRecipient = {
  tenant_id: 'sample', first_name: 'Jordan', last_name: 'Sample', address: '1234 Example Avenue, Apt 5', city: 'Springfield', state: 'IL',
  // Plainly a sample, yet a code of the alphabet and length, printed like any code: 'SAMP-2345'. Never claimed: it opens nothing.
  zip_code: '62704', country: 'US', unit: 'A-101', access_code: 'SAMP2345', email: '',
};

/** Who the sample tenant is for the letter checks (letter-facts.ts): no plan of its own, placed by the caller. */
export const SAMPLE_TENANT_WHERE = {
  id: SAMPLE_RECIPIENT.tenant_id, first_name: SAMPLE_RECIPIENT.first_name, last_name: SAMPLE_RECIPIENT.last_name, unit: SAMPLE_RECIPIENT.unit,
  coverage_id: null, status: null, insurance_effective_date: null,
};

/** The sample tenant's welcome letter shows the default plan as if chosen, effective on the program's date. */
export const sampleEnrollment = (coverages: readonly LetterCoverage[], effective: string | null): LetterEnrollment => ({
  plan: defaultPlanOf(coverages), insurance_effective_date: effective,
});
