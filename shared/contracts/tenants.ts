/**
 * Tenants (spec tenants-letters-users §2 master tenant list, edit modals, manager audit views; §3 Tenant;
 * §4 states; §5 rules; §7 'Tenants (staff)' and 'Tenants (manager)'). Decisions on what the calls do
 * beyond the spec (Reset, bulk fields, the 300 cap, paging at program scale) are in docs/decisions.md
 * "Tenants".
 */
import * as z from 'zod';
import { formBoolean, formInt, requiredText, sortParam } from './form';
import { cursorPagination } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { formDate, idParams, textFilter } from './program';
import { queuedExport } from './export-file';
import { respondSignIn } from './respond';
import { STATES } from '../states';

/** Spec §9: at most 300 tenants per selection or bulk action. */
export const MAX_BULK_TENANTS = 300;

/** Statuses a tenant can be given by staff (spec §2 Edit tenant status modal), with their labels. */
export const TENANT_STATUSES = ['provide_proof', 'opt_out', 'moved_out', 'bad_address', 'no_response'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
export const TENANT_STATUS_LABELS: Record<TenantStatus, string> = {
  provide_proof: 'Provided Proof', opt_out: 'Opted Out', moved_out: 'Moved Out', bad_address: 'Bad Address', no_response: 'No Response',
};

/** The status filter of the master list (spec §2 Reading B), with its labels. */
export const STATUS_FILTERS = ['all', 'move_out', 'bad_address', 'any_coverage', 'provide_proof', 'opt_out', 'non_responder'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All Tenants', move_out: 'Moved out', bad_address: 'Bad Address', any_coverage: 'Selected Coverage',
  provide_proof: 'Provided Proof', opt_out: 'Opted Out', non_responder: 'No Response',
};

/** The server's filter keys (tenant-filters: key, label, count): the status groups plus two flags. */
export const TENANT_FILTER_KEYS = [...STATUS_FILTERS, 'requires_setup', 'tagged_for_removal'] as const;
export type TenantFilterKey = (typeof TENANT_FILTER_KEYS)[number];

/** Manager coverage choices besides the cycle's plans (spec §2 Manager Edit Tenant modal). */
export const MANAGER_KEYWORD_CHOICES = ['provide_proof', 'opt_out', 'moved_out', 'bad_address'] as const;

/** Columns a list may sort on; a leading '-' sorts descending. */
export const TENANT_SORTS = ['name', 'unit', 'facility_number', 'status', 'move_in_date', 'billing_date', 'charge_apply_date'] as const;
export type TenantSort = (typeof TENANT_SORTS)[number];
const tenantSort = sortParam(TENANT_SORTS);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A page of a list at program scale is reached by its number or, faster, by the cursor the previous
 * page answered (docs/decisions.md "Tenants: paging at program scale").
 */
const listPaging = {
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(100_000, 'page must be at most 100000.')).optional(),
  cursor: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
};

export const tenantListQuery = z.object({
  ...listPaging,
  filter: z.preprocess(blankToUndefined, z.enum(TENANT_FILTER_KEYS, { error: `filter must be one of ${TENANT_FILTER_KEYS.join(', ')}.` }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(STATUS_FILTERS, { error: `status must be one of ${STATUS_FILTERS.join(', ')}.` }).optional()),
  cycle_id: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  facility_number: textFilter,
  name: textFilter,
  unit: textFilter,
  policy_number: textFilter,
  tagged_for_removal: formBoolean.optional(),
  sort: tenantSort,
});
export type TenantListQuery = z.output<typeof tenantListQuery>;

export const tenantUnit = z.object({ identifier: z.string() });

/** A tenant as every list and modal shows it (spec §3 Tenant). Dates are YYYY-MM-DD, times ISO. */
export const tenantView = z.object({
  id: z.string(),
  facility_id: z.string(),
  facility_number: z.string(),
  software: z.string(),
  cycle_id: z.string(),
  cycle_label: z.string(),
  cycle_is_active: z.boolean(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
  unit: z.string(),
  units: z.array(tenantUnit),
  move_in_date: z.string().nullable(),
  billing_date: z.string().nullable(),
  billing_anniversary: z.number(),
  charge_apply_date: z.string().nullable(),
  charge_applied_date: z.string().nullable(),
  charge_confirmed_date: z.string().nullable(),
  payment_confirmed_date: z.string().nullable(),
  setup_insurance_date: z.string().nullable(),
  /** True when the setup was done through the facility software's API (the 'API' badge). */
  setup_via_api: z.boolean(),
  api_confirmed: z.boolean(),
  insurance_effective_date: z.string().nullable(),
  original_insurance_effective_date: z.string().nullable(),
  status: z.string().nullable(),
  tenant_made_selection: z.boolean(),
  coverage_id: z.string().nullable(),
  tagged_for_removal: z.boolean(),
  note: z.string(),
  note_created: z.string().nullable(),
  monitor_note: z.string(),
  welcome_letter_sent_date: z.string().nullable(),
  welcome_certificate_emailed_date: z.string().nullable(),
  initial_letter_sent_date: z.string().nullable(),
  reminder_letter_sent_date: z.string().nullable(),
  ledger_id: z.string(),
  insur_ledger_id: z.string(),
  /** Staff only (security issue 23: with the ZIP code it is the portal's sign-in); absent in every manager's answer. */
  access_code: z.string().optional(),
  policy_number: z.string(),
  /** The last failure to set the tenant up in its facility software (docs/decisions.md 'Policy setup'). */
  policy_errors_date_logged: z.string().nullable(),
  policy_errors_error_message: z.string().nullable(),
  provided_proof_date: z.string().nullable(),
  /** The day the tenant's accepted proof of insurance ends (issue 27; null without one): reminded 30 and 7 days before, no response on it. */
  proof_expiry_date: z.string().nullable(),
  opt_out_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  bad_address_date: z.string().nullable(),
  incomplete_address: z.boolean(),
  /** The version to send back with an edit (two people editing one tenant get 409, never a silent overwrite). */
  updated_at: z.string(),
});
export type TenantView = z.infer<typeof tenantView>;

/** The stats card of the master list (spec §2 Reading B): counts and floored percentages of Total Active. */
export const tenantStatsCard = z.object({
  charge_applied: z.number(), charge_applied_percentage: z.number(),
  opted_out: z.number(), opted_out_percentage: z.number(),
  provided_proof: z.number(), provided_proof_percentage: z.number(),
  selected_coverage: z.number(), selected_coverage_percentage: z.number(),
  potential_for_coverage: z.number(), potential_for_coverage_percentage: z.number(),
  total_active: z.number(), total_active_percentage: z.number(),
});
export type TenantStatsCard = z.infer<typeof tenantStatsCard>;

export const tenantFilterCount = z.object({ key: z.string(), label: z.string(), count: z.number() });

/**
 * The pager of a tenant list. Inside a facility or a cycle, total and last_page are exact and any
 * page may be asked for. Program-wide name and unit searches do not count their matches: `exact` is
 * false, `total` counts what is known so far and `next_cursor` says whether a next page exists.
 */
export const tenantPagination = cursorPagination;

export const tenantListInfo = z.object({
  incomplete_address: z.number(),
  /** program (no facility or cycle chosen), facility or cycle. */
  scope: z.enum(['program', 'facility', 'cycle']),
  /** How the name and unit filters match in this scope: 'contains' inside a facility or cycle, 'prefix' program-wide. */
  text_match: z.enum(['contains', 'prefix']),
  stats: tenantStatsCard,
});

export const tenantListResponse = z.object({
  data: z.array(tenantView),
  pagination: tenantPagination,
  filters: z.array(tenantFilterCount),
  info: tenantListInfo,
});

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (spec §7); stored as the date. A blank clears it. */
export const tenantDate = (label: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v), formDate(label));

const optionalText = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`).optional();
const stateCode = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.union([z.literal(''), z.enum(STATES.map(([code]) => code) as [string, ...string[]])], { error: 'State must be a two-letter US state code.' }));
const zipCode = z.string().trim().regex(/^(\d{5}(-\d{4})?)?$/, 'Zip code must be 5 digits (or ZIP+4).');
const emailField = z.string().trim().max(200).refine((s) => s === '' || z.email().safeParse(s).success, 'Email must be a valid email address.');
/** Units travel comma-separated (spec §7). */
const unitsField = z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((u) => u.trim()).filter(Boolean) : v),
  z.array(z.string().max(30, 'Each unit must be at most 30 characters.')).max(50, 'A tenant has at most 50 units.'));
/** The version the editor read (tenantView.updated_at); required so a concurrent edit answers 409. */
const version = requiredText('updated_at', 40);

/** Staff Edit Tenant (spec §2, §3): every tenant field, the note, tag/untag and charge confirmation. */
export const staffTenantBody = z.object({
  updated_at: version,
  first_name: requiredText('First name', 100).optional(),
  last_name: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(100, 'Last name must be at most 100 characters.').nullable()).optional(),
  email: emailField.optional(),
  address: optionalText('Address', 200),
  city: optionalText('City', 100),
  state: stateCode.optional(),
  zip_code: zipCode.optional(),
  country: optionalText('Country', 60),
  unit: requiredText('Unit', 30).optional(),
  units: unitsField.optional(),
  move_in_date: tenantDate('Move-in date').optional(),
  billing_date: tenantDate('Billing date').optional(),
  charge_apply_date: tenantDate('Charge apply date').optional(),
  insurance_effective_date: tenantDate('Insurance effective date').optional(),
  payment_confirmed_date: tenantDate('Payment confirmed date').optional(),
  ledger_id: optionalText('Ledger id', 50),
  insur_ledger_id: optionalText('Insur ledger id', 50),
  /** The program's own (docs/decisions.md "Access codes are the program's own"): shown, never edited. */
  access_code: z.unknown().refine(() => false, { error: "The access code is the program's own and cannot be edited." }).optional()
    .describe("Not editable: the program gives each tenant its own code. Sending it answers 422."),
  policy_number: optionalText('Policy number', 50),
  note: optionalText('Note', 2000),
  monitor_note: optionalText('Monitor note', 2000),
  tagged_for_removal: formBoolean.optional(),
  /** Spec §7: sent only when true. */
  untag: formBoolean.optional(),
  charge_applied: formBoolean.optional(),
});

export const tenantStatusBody = z.object({
  status: z.enum(TENANT_STATUSES, { error: `status must be one of ${TENANT_STATUSES.join(', ')}.` }),
  updated_at: version.optional(),
});

/** Comma-separated tenant ids (spec §7), 1 to 300 of them, no repeats. */
export const tenantIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.string().min(1).max(64), { error: 'ids is required.' })
    .min(1, 'Select at least one tenant.')
    .max(MAX_BULK_TENANTS, `At most ${MAX_BULK_TENANTS} tenants can be changed at once.`)
    .refine((ids) => new Set(ids).size === ids.length, 'ids names a tenant twice.'),
);

/** Bulk edit fields (docs/decisions.md "Tenants: bulk actions"). */
export const BULK_FIELDS = ['first_name', 'last_name', 'move_in_date', 'country', 'payment_confirmed'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

export const bulkTenantsBody = z.object({
  field: z.enum(BULK_FIELDS, { error: `field must be one of ${BULK_FIELDS.join(', ')}.` }),
  ids: tenantIds,
  value: z.string().trim().max(100, 'value must be at most 100 characters.').optional().default(''),
});

/** What a bulk action answers; a refused action answers 409/422 with `refused_ids` and changes nothing. */
export const bulkResult = z.object({ updated: z.number(), message: z.string() });

export const historyEntry = z.object({
  at: z.string(),
  action: z.string(),
  by: z.object({ user_id: z.string(), username: z.string() }),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** An answer the tenant gave on the response portal: how that session was signed in (the address is staff's only). */
  sign_in: respondSignIn.optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** The manager tenant list (Master Audit, Cycle Audit, Tag modal). */
export const facilityTenantsQuery = z.object({
  ...listPaging,
  cycle_id: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  filter: z.preprocess(blankToUndefined, z.enum(TENANT_FILTER_KEYS, { error: `filter must be one of ${TENANT_FILTER_KEYS.join(', ')}.` }).optional()),
  full_name: textFilter,
  sort: tenantSort,
  per_page: formInt.pipe(z.number().min(1).max(100, 'per_page must be at most 100.')).optional(),
});

export const facilityTenantsResponse = z.object({
  data: z.array(tenantView),
  pagination: tenantPagination,
  info: z.object({ incomplete_address: z.number() }),
});

/** Manager Edit Tenant (spec §2): the coverage choice, the address when incomplete, the charge, the date, the note. */
export const managerTenantBody = z.object({
  id: requiredText('id', 64),
  updated_at: version,
  /** A coverage option id of the cycle, or provide_proof, opt_out, moved_out, bad_address. */
  coverage: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  address: optionalText('Address', 200),
  city: optionalText('City', 100),
  state: stateCode.optional(),
  zip_code: zipCode.optional(),
  charge_applied: formBoolean.optional(),
  insurance_effective_date: tenantDate('Insurance Effective Date').optional(),
  note: optionalText('Note', 2000),
});

const cycleIdBody = z.object({ cycle_id: requiredText('cycle_id', 64) });

export const TENANT_CONTRACTS = {
  'GET /api/tenants': { summary: 'The master tenant list with its stats card, filters and incomplete-address count', query: tenantListQuery, response: tenantListResponse },
  'POST /api/tenants/{id}': { summary: 'Edit a tenant (staff)', params: idParams, body: staffTenantBody, response: z.object({ tenant: tenantView }) },
  'POST /api/tenants/{id}/status': { summary: 'Change a tenant\'s status (staff)', params: idParams, body: tenantStatusBody, response: z.object({ tenant: tenantView }) },
  'GET /api/tenants/{id}/history': { summary: 'Every recorded change of a tenant, newest first', params: idParams, response: z.array(historyEntry) },
  'POST /api/tenants/bulk': { summary: 'Set one field of up to 300 tenants (all or none)', body: bulkTenantsBody, response: bulkResult },
  'DELETE /api/tenants/bulk': { summary: 'Delete up to 300 tenants for good (all or none)', query: z.object({ ids: tenantIds }), response: bulkResult },
  'POST /api/tenants/reset': { summary: 'Reset up to 300 tenants to no response (all or none)', body: z.object({ ids: tenantIds }), response: bulkResult },
} satisfies Partial<Record<RouteKey, RouteContract>>;

export const MANAGER_TENANT_CONTRACTS = {
  'GET /api/facilities/{id}/tenants': { summary: 'A facility\'s tenants, of one cycle or all its cycles', params: idParams, query: facilityTenantsQuery, response: facilityTenantsResponse },
  'POST /api/managers/update-tenant': { summary: 'Edit a tenant of the manager\'s facility', body: managerTenantBody, response: z.object({ tenant: tenantView }) },
  'POST /api/managers/confirm-move-outs': { summary: 'Confirm that no tenant moved out (turns tagging off)', body: cycleIdBody, response: z.object({ success: z.literal(true), message: z.string() }) },
  'POST /api/managers/confirm-tagging-complete': { summary: 'Complete tagging move-outs (turns tagging off for good)', body: cycleIdBody, response: z.object({ success: z.literal(true), message: z.string() }) },
  'POST /api/managers/tag-tenants': { summary: 'Tag tenants of a cycle as moved out', body: cycleIdBody.extend({ ids: tenantIds }), response: bulkResult },
  'POST /api/managers/bulk-charge-applied': { summary: 'Confirm the insurance charge was added for checked tenants', body: z.object({ ids: tenantIds }), response: bulkResult },
} satisfies Partial<Record<RouteKey, RouteContract>>;

/** The export calls of the tenant lists: a job writing the workbook (same filters as the list). */
export const TENANT_EXPORT_CONTRACTS = {
  'GET /api/exports/monitor-tenants': { summary: 'Queue the master tenant list (same filters) as a workbook', query: tenantListQuery.omit({ page: true, cursor: true }), response: queuedExport },
  'GET /api/exports/manager-tenants': {
    summary: 'Queue a cycle\'s tenants (the manager\'s filter) as the workbook tenant_list.xlsx',
    query: z.object({ cycle_id: requiredText('cycle_id', 64), filter: facilityTenantsQuery.shape.filter }),
    response: queuedExport,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;

/** The Tenant Accounts tab (spec §2 Reading A; GET /api/users?tenants=true). */
export const tenantAccountQuery = z.object({
  facility_number: textFilter,
  tenant_name: textFilter,
  insur_ledger_id: textFilter,
  unit: textFilter,
  page: listPaging.page,
  cursor: listPaging.cursor,
});
export const tenantAccount = z.object({
  id: z.string(), facility_number: z.string(), first_name: z.string(), last_name: z.string().nullable(),
  insur_ledger_id: z.string(), unit: z.string(), access_code: z.string(),
});
export type TenantAccount = z.infer<typeof tenantAccount>;
export const tenantAccountsResponse = z.object({ data: z.array(tenantAccount), pagination: tenantPagination });
