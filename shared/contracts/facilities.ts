/** Facilities (spec facilities-cycles-shell §2 Facilities list, Add facility, Edit facility, §7). */
import * as z from 'zod';
import { formBoolean, pageQuery, requiredText } from './form';
import { ok, paginated } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import {
  additionalContact, coverageOption, facilitySoftware, facilityStats, filterKey, filterStats, formDate, formJson, idParams,
  tenantFilter, textFilter,
} from './program';
import { STATE_CODES } from '../states';

const state = z.enum(STATE_CODES, { error: 'state must be a two-letter state or territory code.' });
const siteEmail = (label: string) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(200).pipe(z.email(`${label} must be a valid email address.`));
const url = (label: string) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(500)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a valid URL.` }));
const phone = (label: string) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(40)
    .refine((s) => s.replace(/\D/g, '').length >= 7, `${label} must have at least 7 digits.`);
const fax = z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(40).nullable()).optional();

/** Fields of the Edit facility modal and Add facility page that both accept. */
const facilityEditable = {
  account_name: requiredText('Company name'),
  corporate_group: requiredText('Corporate group'),
  prime_site_id: z.string().trim().max(50).optional().default(''),
  address: requiredText('Address'),
  city: requiredText('City', 100),
  state,
  zip_code: requiredText('Zip code', 20).regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits or ZIP+4.'),
  software: facilitySoftware,
  insurance_program_key: requiredText('Insurance program', 50),
  contact_name: requiredText('Manager name'),
  email: siteEmail('Site email'),
  phone: phone('Phone'),
  fax,
  note: z.string().trim().max(2000).optional(),
  uses_updated_lease_language: formBoolean.optional().default(true),
  lease_section_number: z.string().trim().max(50).optional().default(''),
  lease_section_text: z.string().trim().max(4000).optional().default(''),
  brochure_url: url('Brochure URL'),
  certificate_url: url('Certificate URL'),
  can_tag_removal: formBoolean.optional().default(true),
  initial_letter_send_date: formDate('initial_letter_send_date').optional(),
  reminder_letter_send_date: formDate('reminder_letter_send_date').optional(),
  welcome_letter_send_date: formDate('welcome_letter_send_date').optional(),
  letter_effective_date: formDate('letter_effective_date').optional(),
  additional_contacts: formJson('additional_contacts', z.array(additionalContact, { error: 'additional_contacts must be a list of contacts.' }).max(50)).optional().default([]),
  coverages: formJson('coverages', z.array(coverageOption, { error: 'coverages must be a list of coverage options.' })
    .min(1, 'coverage is required to add a facility').max(100)),
};

export const createFacilityBody = z.object({
  facility_number: requiredText('Facility number', 20).regex(/^[A-Za-z0-9-]+$/, 'Facility number may use letters, digits and - only.'),
  ...facilityEditable,
});

const LETTER_SENT_FIELDS = ['initial_letter_sent_date', 'reminder_letter_sent_date', 'welcome_letter_sent_date'] as const;

/** The Mark Letters Sent variant: the three dates (blank or missing = no date), optionally for one cycle. */
export const lettersSentBody = z.object({
  initial_letter_sent_date: formDate('initial_letter_sent_date'),
  reminder_letter_sent_date: formDate('reminder_letter_sent_date'),
  welcome_letter_sent_date: formDate('welcome_letter_sent_date'),
  cycle_id: z.string().trim().max(64).optional(),
}).strict();

/** The Edit facility variant; facility_number may be sent but cannot change, tenant_count is ignored. */
export const editFacilityBody = z.object({ ...facilityEditable, facility_number: z.string().trim().max(20).optional(), tenant_count: z.unknown().optional() });

/** A body naming any letter-sent date is the Mark Letters Sent variant; any other body is an edit. */
export const isLettersSentBody = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && LETTER_SENT_FIELDS.some((k) => k in v);

/**
 * POST /api/facilities/{id} carries either the edited facility (Edit facility modal) or the three
 * letter-sent dates (Mark Letters Sent modal, optionally naming the cycle the dates belong to). The
 * variant is chosen by the body's keys first, so a bad body is told the problems of the variant it
 * meant (a plain union would report whichever variant zod happened to try last).
 */
export const updateFacilityBody = z.preprocess((v, ctx) => {
  const result = (isLettersSentBody(v) ? lettersSentBody : editFacilityBody).safeParse(v);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const message = issue.code === 'unrecognized_keys'
        ? `Send either the facility's fields or the three letter-sent dates, not both (${issue.keys.join(', ')}).`
        : issue.message;
      ctx.addIssue({ code: 'custom', message, path: issue.path, input: v });
    }
  }
  return v;
}, z.union([lettersSentBody, editFacilityBody]));

export const facilityListQuery = pageQuery.extend({
  filter: filterKey.optional(),
  account_name: textFilter,
  corporate_group: textFilter,
  facility_number: textFilter,
  software: z.preprocess((v) => (v === '' ? undefined : v), facilitySoftware.optional()),
  insurance_program_key: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(50).optional()),
});

export const facilityUserView = z.object({ id: z.string(), username: z.string(), has_changed_password: z.boolean() });

export const facilityView = z.object({
  id: z.string(),
  facility_number: z.string(),
  prime_site_id: z.string(),
  account_name: z.string(),
  corporate_group: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  software: z.string(),
  insurance_program_key: z.string(),
  insurance_program_label: z.string(),
  note: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  fax: z.string().nullable(),
  additional_contacts: z.array(additionalContact),
  confirmed_move_outs_date: z.string().nullable(),
  confirmed_no_move_outs_date: z.string().nullable(),
  can_tag_removal: z.boolean(),
  was_prime: z.boolean(),
  tenant_count: z.number(),
  uses_updated_lease_language: z.boolean(),
  lease_section_number: z.string(),
  lease_section_text: z.string(),
  brochure_url: z.string(),
  certificate_url: z.string(),
  initial_letter_send_date: z.string().nullable(),
  reminder_letter_send_date: z.string().nullable(),
  welcome_letter_send_date: z.string().nullable(),
  letter_effective_date: z.string().nullable(),
  initial_letter_sent_date: z.string().nullable(),
  reminder_letter_sent_date: z.string().nullable(),
  welcome_letter_sent_date: z.string().nullable(),
  coverages: z.array(coverageOption),
  stats: facilityStats,
  user: facilityUserView.nullable(),
});
export type FacilityView = z.infer<typeof facilityView>;

/** CRM account record (spec §3 "External CRM facility record"). */
export const crmFacility = z.object({
  id: z.string(),
  Facility_Number: z.string(),
  Corporate_Group_Number: z.string().nullable(),
  Account_Name: z.string().nullable(),
  Address: z.string().nullable(),
  Address_2: z.string().nullable(),
  City: z.string().nullable(),
  State: z.string().nullable(),
  ZIP_Code: z.string().nullable(),
  Property_Mgr: z.string().nullable(),
  Site_Email: z.string().nullable(),
  Phone: z.string().nullable(),
  Fax: z.string().nullable(),
});
export type CrmFacility = z.infer<typeof crmFacility>;

export const facilitySearchQuery = z.object({
  /** Sent wrapped in % wildcards (partial match); the server strips them. */
  facility_number: z.string().trim().max(50).optional(),
  software: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sitelink', 'storedge', 'sitelink_web', 'sitelink_alp', 'syrasoft', 'easystorage']).optional()),
}).refine((q) => Boolean(q.facility_number?.replace(/%/g, '').trim()) || Boolean(q.software), {
  message: 'facility_number or software is required.', path: ['facility_number'],
});

export const facilitySearchRow = z.object({
  id: z.string(), facility_number: z.string(), account_name: z.string().nullable(), software: z.string(), prime_site_id: z.string(),
});

export const FACILITY_CONTRACTS = {
  'GET /api/facilities': {
    summary: 'Active facilities, 100 per page, with filters and the badge counts of More Filters',
    query: facilityListQuery,
    response: paginated(facilityView).extend({ stats: filterStats }),
  },
  'POST /api/facilities': {
    summary: 'Add a facility and its manager account; answers the generated login',
    body: createFacilityBody,
    response: z.object({ id: z.string(), username: z.string(), password: z.string() }),
  },
  'GET /api/facilities/search': { summary: 'Find facilities by partial facility number and/or software', query: facilitySearchQuery, response: z.array(facilitySearchRow) },
  'GET /api/facilities/from-zoho': {
    summary: 'Look up facility records in the CRM by facility number',
    query: z.object({ facility_number: requiredText('Facility number', 50) }),
    response: z.object({ data: z.array(crmFacility) }),
  },
  'POST /api/facilities/{id}': { summary: 'Edit a facility, or record its letter-sent dates', params: idParams, body: updateFacilityBody, response: z.object({ facility: facilityView }) },
  'DELETE /api/facilities/{id}': { summary: 'Delete a facility without cycles or tenants, and its manager account', params: idParams, response: ok },
  'GET /api/facilities/{id}/check-flagged': { summary: 'How many tenants are tagged for removal', params: idParams, response: z.object({ tenants_flagged: z.number() }) },
  'POST /api/facilities/{id}/confirm-move-outs': { summary: 'Staff confirm the facility\'s move-outs', params: idParams, response: z.object({ facility: facilityView }) },
  'GET /api/facilities/{id}/additional-contacts': { summary: 'Additional contacts', params: idParams, response: z.array(additionalContact) },
  'GET /api/facilities/{id}/coverages': { summary: 'Coverage options', params: idParams, response: z.array(coverageOption) },
  'GET /api/facilities/{id}/tenant-filters': { summary: 'Tenant filter counts', params: idParams, response: z.array(tenantFilter) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
