/**
 * Letter data for the renderer's tests and benchmark: a program office, a facility with coverage
 * options and lease language, tenants of every kind (a person, a business with a long name, an address
 * abroad), and a deterministic batch of any size.
 */
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../../../shared/access-code';
import { defaultPlanOf } from '../../../functions/letters/letter-content';
import type { LetterCoverage, LetterFacility, LetterPage, LetterProgram, LetterRecipient, MailedLetterType } from '../../../functions/letters/letter-pdf';

export const PROGRAM: LetterProgram = {
  name: 'Storage Protection Program Office',
  return_address: ['PO Box 4120', 'Scottsdale, AZ 85261'],
  phone: '8005550142',
  email: 'tenants@storageprotection.example',
  website: 'https://www.storageprotection.example',
  signature: 'Dana Whitfield, Program Manager',
  time_zone: 'America/Phoenix',
};

export const FACILITY: LetterFacility = {
  facility_number: '1001',
  account_name: 'Sunrise Self Storage - Mesa',
  address: '1450 W Southern Ave',
  city: 'Mesa',
  state: 'AZ',
  zip_code: '85202',
  phone: '480-555-0199',
  email: 'manager@sunrisestorage.example',
  contact_name: 'Maria Lopez',
  uses_updated_lease_language: false,
  lease_section_number: '14',
  lease_section_text: 'Tenant shall, at its own expense, maintain insurance on all personal property stored in the unit with a limit of not less than its full value. Tenant may satisfy this requirement through the facility\u2019s tenant insurance program.',
  brochure_url: 'https://www.storageprotection.example/brochure/sunrise-mesa.pdf',
  certificate_url: 'https://www.storageprotection.example/certificate/sample',
};

export const LEASE_FACILITY: LetterFacility = { ...FACILITY, uses_updated_lease_language: true };

export const COVERAGES: LetterCoverage[] = [
  { coverage: 2000, premium: 12 },
  { coverage: 3000, premium: 16 },
  { coverage: 5000, premium: 24 },
];

/** n coverage options from $1,000 up in $1,000 steps. */
export const manyCoverages = (n: number): LetterCoverage[] =>
  Array.from({ length: n }, (_, i) => ({ coverage: (i + 1) * 1000, premium: 8 + i * 4.5 }));

export const RECIPIENT: LetterRecipient = {
  tenant_id: 'tnt_0001',
  first_name: 'Jane',
  last_name: 'Doe',
  address: '742 Evergreen Terrace Apt 3',
  city: 'Tempe',
  state: 'AZ',
  zip_code: '85281',
  country: 'US',
  unit: 'B-117',
  access_code: 'K7PX3M9Q',
  email: '',
};

/** A business tenant (no last name) whose name is 70 characters and whose address is long. */
export const BUSINESS: LetterRecipient = {
  ...RECIPIENT,
  tenant_id: 'tnt_0002',
  first_name: 'Southwestern Regional Commercial Moving, Packing and Logistics Co. LLC',
  last_name: null,
  address: 'Attn: Accounts Payable, Building 7, Suite 1200, 18250 North Pima Road West',
  city: 'Scottsdale',
  unit: 'C-2040',
  access_code: 'X2B8R4HN',
};

export function letter(type: MailedLetterType, overrides: Partial<LetterPage> = {}): LetterPage {
  return {
    type,
    recipient: RECIPIENT,
    facility: FACILITY,
    coverages: COVERAGES,
    default_plan: COVERAGES[0]!,
    enrollment: { plan: COVERAGES[1]!, insurance_effective_date: '2026-12-05' },
    dates: {
      letter_date: '2026-11-23',
      audit_letter_date: '2026-11-23',
      reminder_letter_date: '2026-12-14',
      letter_effective_date: '2027-01-01',
      update_responses_deadline_date: '2026-12-23',
    },
    ...overrides,
  };
}

/** A program access code of its own for the i-th letter of a batch (8 symbols of the alphabet, as stored). */
const batchCode = (i: number): string =>
  Array.from({ length: ACCESS_CODE_LENGTH }, (_, k) => ACCESS_CODE_ALPHABET[Math.floor((i * 7919 + 104_729) / ACCESS_CODE_ALPHABET.length ** k) % ACCESS_CODE_ALPHABET.length]).join('');

const FIRST = ['Jane', 'Omar', 'Li', 'Priya', 'Carlos', 'Ana', 'Kwame', 'Sofia', 'Dmitri', 'Grace'];
const LAST = ['Doe', 'Haddad', 'Chen', 'Patel', 'Ramirez', 'Silva', 'Mensah', 'Rossi', 'Ivanov', 'Okafor'];
const TYPES: MailedLetterType[] = ['initial', 'reminder', 'welcome'];

/** `n` letters of one facility with varied tenants, types, coverage counts and lease language, the same every run. */
export function letterBatch(n: number): LetterPage[] {
  return Array.from({ length: n }, (_, i) => {
    const business = i % 17 === 0;
    const coverages = i % 3 === 2 ? COVERAGES.slice(1, 2) : manyCoverages(3 + (i % 6));
    return letter(TYPES[i % 3]!, {
      recipient: {
        ...RECIPIENT,
        tenant_id: `tnt_${String(i).padStart(5, '0')}`,
        first_name: business ? `${LAST[i % 10]} Family Trust and Holdings` : FIRST[i % 10]!,
        last_name: business ? null : LAST[(i * 7) % 10]!,
        address: `${100 + i * 7} ${['Main St', 'E Baseline Rd', 'N Scottsdale Rd Unit 12', 'W Camelback Rd'][i % 4]}`,
        zip_code: String(85000 + (i % 400)).padStart(5, '0'),
        unit: `${'ABCD'[i % 4]}-${100 + i}`,
        access_code: batchCode(i),
      },
      facility: i % 2 === 0 ? LEASE_FACILITY : FACILITY,
      coverages,
      default_plan: defaultPlanOf(coverages),
      enrollment: { plan: coverages.at(-1)!, insurance_effective_date: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}` },
    });
  });
}
