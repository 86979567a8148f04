/**
 * The facility form shared by Add facility and Edit facility: its values, how a saved facility or a
 * CRM record fills it, its checks (spec §5's required fields and the server's contract), and the form body sent.
 */
import { createFacilityBody, editFacilityBody } from '../../../shared/contracts/facilities';
import type { CrmFacility, FacilityView } from '../../../shared/contracts/facilities';
import type { AdditionalContact, CoverageOption } from '../../../shared/contracts/program';
import { STATES } from '../../../shared/states';
import { contractProblems } from '../widgets/form-validation';

export interface FacilityFormValues {
  facility_number: string;
  prime_site_id: string;
  account_name: string;
  corporate_group: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  software: string;
  insurance_program_key: string;
  contact_name: string;
  email: string;
  phone: string;
  fax: string;
  note: string;
  uses_updated_lease_language: boolean;
  lease_section_number: string;
  lease_section_text: string;
  brochure_url: string;
  certificate_url: string;
  can_tag_removal: boolean;
  additional_contacts: AdditionalContact[];
  coverages: CoverageOption[];
}

export type FieldName = keyof FacilityFormValues;

/** Software a facility can run (spec §1; sitelink_alp appears only for imports). */
export const FACILITY_SOFTWARE_OPTIONS = [
  { value: 'easystorage', label: 'EasyStorage' },
  { value: 'syrasoft', label: 'SyraSoft' },
  { value: 'sitelink_web', label: 'SiteLink Web' },
  { value: 'storedge', label: 'StorEdge' },
] as const;

export const softwareLabel = (key: string) => FACILITY_SOFTWARE_OPTIONS.find((o) => o.value === key)?.label ?? key;

export const STATE_OPTIONS = STATES.map(([code, name]) => ({ value: code, label: `${code} - ${name}` }));

export function emptyFacilityForm(): FacilityFormValues {
  return {
    facility_number: '', prime_site_id: '', account_name: '', corporate_group: '', address: '', city: '', state: '', zip_code: '',
    software: '', insurance_program_key: '', contact_name: '', email: '', phone: '', fax: '', note: '',
    // Spec §2: the lease-language choice starts as 'needs updated lease language'.
    uses_updated_lease_language: true, lease_section_number: '', lease_section_text: '', brochure_url: '', certificate_url: '',
    can_tag_removal: true, additional_contacts: [], coverages: [],
  };
}

export function formOfFacility(f: FacilityView): FacilityFormValues {
  return {
    facility_number: f.facility_number, prime_site_id: f.prime_site_id, account_name: f.account_name, corporate_group: f.corporate_group,
    address: f.address, city: f.city, state: f.state, zip_code: f.zip_code, software: f.software,
    insurance_program_key: f.insurance_program_key, contact_name: f.contact_name, email: f.email, phone: f.phone, fax: f.fax ?? '',
    note: f.note, uses_updated_lease_language: f.uses_updated_lease_language, lease_section_number: f.lease_section_number,
    lease_section_text: f.lease_section_text, brochure_url: f.brochure_url, certificate_url: f.certificate_url,
    can_tag_removal: f.can_tag_removal, additional_contacts: f.additional_contacts, coverages: f.coverages,
  };
}

/** A CRM state may come as a code or a name; the form takes a code from the fixed list. */
function stateCodeOf(value: string | null): string {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return '';
  const found = STATES.find(([code, name]) => code.toLowerCase() === v || name.toLowerCase() === v);
  return found ? found[0] : '';
}

/** 'Use facility data' (spec §2 CRM modal): the CRM fields the form has; the rest stays as typed. */
export function withCrmFacility(values: FacilityFormValues, crm: CrmFacility): FacilityFormValues {
  const text = (v: string | null) => (v ?? '').trim();
  const address = [text(crm.Address), text(crm.Address_2)].filter(Boolean).join(', ');
  return {
    ...values,
    facility_number: text(crm.Facility_Number) || values.facility_number,
    corporate_group: text(crm.Corporate_Group_Number),
    account_name: text(crm.Account_Name),
    address,
    city: text(crm.City),
    state: stateCodeOf(crm.State),
    zip_code: text(crm.ZIP_Code),
    contact_name: text(crm.Property_Mgr),
    email: text(crm.Site_Email),
    phone: text(crm.Phone),
    fax: text(crm.Fax),
  };
}

const ADD_REQUIRED: [FieldName, string][] = [
  ['facility_number', 'Facility number'], ['corporate_group', 'Corporate group'], ['account_name', 'Company name'],
  ['address', 'Address'], ['city', 'City'], ['state', 'State'], ['zip_code', 'Zip code'], ['software', 'Software'],
  ['insurance_program_key', 'Insurance program'], ['contact_name', 'Manager name'], ['email', 'Site email'], ['phone', 'Phone'],
  ['brochure_url', 'Brochure URL'], ['certificate_url', 'Certificate URL'],
];

/** Spec §5 'Edit facility': manager name, manager email, phone, brochure URL and certificate URL. */
const EDIT_REQUIRED: [FieldName, string][] = [
  ['contact_name', 'Manager name'], ['email', 'Manager email'], ['phone', 'Phone'],
  ['brochure_url', 'Brochure URL'], ['certificate_url', 'Certificate URL'],
];

const FIELD_NAMES = Object.keys(emptyFacilityForm()) as FieldName[];

/**
 * The form's checks: spec §5's required fields with its texts, then every rule of the server's own
 * contract (createFacilityBody, editFacilityBody) on the body the form would send, so a ZIP code, an
 * e-mail or a URL the server refuses is refused here, at its field (docs/decisions.md "Forms check with
 * the server's rules"). The coverage list is checked apart (Save stays off without one).
 */
export function problemsOf(values: FacilityFormValues, mode: 'add' | 'edit'): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  for (const [name, label] of mode === 'add' ? ADD_REQUIRED : EDIT_REQUIRED) {
    const value = values[name];
    if (typeof value === 'string' && !value.trim()) problems[name] = `${label} is required.`;
  }
  const schema = mode === 'add' ? createFacilityBody : editFacilityBody;
  const fields = FIELD_NAMES.filter((name) => name !== 'coverages' && (mode === 'add' || name !== 'facility_number'));
  return { ...contractProblems(schema, toFacilityBody(values, mode === 'add'), fields), ...problems };
}

type Scalar = string | boolean | null;

/**
 * The form body. Forms carry scalars only, so the two lists travel as JSON text (the server's formJson
 * parses them); tenant_count is never sent (spec §7).
 */
export function toFacilityBody(values: FacilityFormValues, includeNumber: boolean): Record<string, Scalar> {
  const t = (s: string) => s.trim();
  return {
    ...(includeNumber ? { facility_number: t(values.facility_number) } : {}),
    prime_site_id: t(values.prime_site_id),
    account_name: t(values.account_name),
    corporate_group: t(values.corporate_group),
    address: t(values.address),
    city: t(values.city),
    state: values.state,
    zip_code: t(values.zip_code),
    software: values.software,
    insurance_program_key: values.insurance_program_key,
    contact_name: t(values.contact_name),
    email: t(values.email),
    phone: t(values.phone),
    fax: t(values.fax),
    note: t(values.note),
    uses_updated_lease_language: values.uses_updated_lease_language,
    lease_section_number: t(values.lease_section_number),
    lease_section_text: t(values.lease_section_text),
    brochure_url: t(values.brochure_url),
    certificate_url: t(values.certificate_url),
    can_tag_removal: values.can_tag_removal,
    additional_contacts: JSON.stringify(values.additional_contacts),
    coverages: JSON.stringify(values.coverages),
  };
}
