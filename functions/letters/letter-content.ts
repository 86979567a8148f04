/**
 * What goes on a letter: the tenant, its facility, the coverage options and the dates, as the renderer
 * (letter-pdf.ts) takes them. The dates come from the tenant's cycle (the facility's letter dates when
 * the cycle has none); the date picked in the Send Letters date modal overrides the one of its letter.
 */
import { SUPPORT_CONTACT } from '../../shared/constants';
import type { CoverageOption } from '../../shared/contracts/program';
import type { MailedLetterType } from '../../shared/contracts/letters';
import type { CycleRecord } from '../cycles/cycle-store';
import type { FacilityRecord } from '../facilities/facility-store';
import type { TenantRecord } from '../tenants/tenant-record';
import type { LetterCoverage, LetterPage, LetterProgram, LetterRecipient } from './letter-pdf';

/** The program office that mails the letters (the return address in the envelope window). */
export const LETTER_PROGRAM: LetterProgram = {
  name: 'Tenant Protection Program',
  return_address: ['Audit Letter Program', 'PO Box 1200', 'Austin, TX 78767'],
  phone: SUPPORT_CONTACT.phone,
  email: SUPPORT_CONTACT.email,
  website: 'https://auditletter.example',
};

export interface LetterChoice {
  letter_type: MailedLetterType;
  /** The date printed on the letter and recorded as the tenant's sent date (YYYY-MM-DD). */
  letter_date: string;
  audit_letter_date: string | null;
  reminder_letter_date: string | null;
}

export const recipientOf = (t: TenantRecord): LetterRecipient => ({
  tenant_id: t.id, first_name: t.first_name, last_name: t.last_name, address: t.address, city: t.city, state: t.state,
  zip_code: t.zip_code, country: t.country, unit: t.unit, access_code: t.access_code, email: t.email,
});

/** The facility's own coverage options, else those of its state (the program's defaults). */
export const coveragesOf = (facility: FacilityRecord, stateCoverages: readonly CoverageOption[]): LetterCoverage[] =>
  (facility.coverages.length > 0 ? facility.coverages : stateCoverages).map((c) => ({ coverage: c.coverage, premium: c.premium }));

export function letterPageOf(args: {
  recipient: LetterRecipient; facility: FacilityRecord; cycle: CycleRecord | null; coverages: LetterCoverage[]; choice: LetterChoice;
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
    dates: {
      letter_date: choice.letter_date,
      audit_letter_date: choice.audit_letter_date ?? cycle?.initial_letter_send_date ?? facility.initial_letter_send_date,
      reminder_letter_date: choice.reminder_letter_date ?? cycle?.reminder_letter_send_date ?? facility.reminder_letter_send_date,
      letter_effective_date: cycle?.letter_effective_date ?? facility.letter_effective_date,
      update_responses_deadline_date: cycle?.update_responses_deadline_date ?? null,
    },
  };
}

/** The made-up tenant of Sample Letters: a full, realistic address block, no real tenant touched. */
export const SAMPLE_RECIPIENT: LetterRecipient = {
  tenant_id: 'sample', first_name: 'Jordan', last_name: 'Sample', address: '1234 Example Avenue, Apt 5', city: 'Springfield', state: 'IL',
  zip_code: '62704', country: 'US', unit: 'A-101', access_code: 'SAMPLE-0000', email: '',
};
