/**
 * What a mailed letter is drawn from: the letter job gathers these for each tenant of a batch (the
 * tenant, its facility, the facility's coverage options and the batch's dates) and hands them to the
 * renderer (letter-pdf.ts) and the mail-merge workbook (mail-merge.ts). Plain data, no store access.
 */
import type { MailedLetterType } from '../../shared/contracts/letters';

export type { MailedLetterType };

export interface LetterFacility {
  facility_number: string;
  account_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  email: string;
  contact_name: string;
  uses_updated_lease_language: boolean;
  lease_section_number: string;
  lease_section_text: string;
  brochure_url: string;
  certificate_url: string;
}

/**
 * The program that mails the letters, as its admins set it on Program Settings: its one name, the postal
 * lines of its return address (the name is not repeated there), how tenants reach it, the signature under
 * the letters and the time zone its dates are written in.
 */
export interface LetterProgram {
  name: string;
  return_address: string[];
  phone: string;
  email: string;
  website: string;
  signature: string;
  time_zone: string;
}

/** One coverage option: the coverage amount and its monthly premium, both in dollars. */
export interface LetterCoverage {
  coverage: number;
  premium: number;
}

/** All YYYY-MM-DD. The program's planned dates, from the batch, the tenant's cycle or its facility. */
export interface LetterDates {
  letter_date: string;
  audit_letter_date: string | null;
  reminder_letter_date: string | null;
  /** When the facility's insurance is added for tenants who did not answer. */
  letter_effective_date: string | null;
  update_responses_deadline_date: string | null;
}

/**
 * What this tenant chose: its own plan and its own insurance effective date (the welcome letter and the
 * certificate state these, never the facility's other options or the cycle's date).
 */
export interface LetterEnrollment {
  plan: LetterCoverage | null;
  insurance_effective_date: string | null;
}

/** last_name is null for a business tenant: the whole name is in first_name. */
export interface LetterRecipient {
  tenant_id: string;
  first_name: string;
  last_name: string | null;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  unit: string;
  access_code: string;
  email: string;
}

export interface LetterPage {
  type: MailedLetterType;
  recipient: LetterRecipient;
  facility: LetterFacility;
  coverages: LetterCoverage[];
  /** The plan added to the rent of a tenant who does not answer (docs/decisions.md "Letters: the default plan"). */
  default_plan: LetterCoverage | null;
  enrollment: LetterEnrollment;
  dates: LetterDates;
}
