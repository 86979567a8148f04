/**
 * Insurance Policy Management (spec tenants-letters-users §2 'Insurance Policy Management', 'Setup
 * modals', 'Check Charges modal', 'Ledger report modal', §4 'Policy setup', §7 'Import and policy
 * setup', §9): the tenants to set up in SiteLink or StorEdge, the two setup flows, the charge check and
 * the ledger reports. Which tenants are listed and when a tenant counts as set up are in
 * docs/decisions.md "Policy setup".
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import { paginated } from './contract';
import type { RouteKey } from '../routes';
import { queuedExport } from './export-file';
import { pageQuery } from './form';
import { idParams } from './program';

/** The two facility software families with an API (spec §9: the software filter is 'sitelink%' or storedge). */
export const SETUP_SOFTWARE = ['sitelink', 'storedge'] as const;
export type SetupSoftware = (typeof SETUP_SOFTWARE)[number];
export const SETUP_SOFTWARE_LABELS: Record<SetupSoftware, string> = { sitelink: 'SiteLink', storedge: 'StorEdge' };

/** Spec §4: the error filter values. */
export const ERROR_FILTERS = ['all', 'no_errors', 'errors'] as const;
export type ErrorFilter = (typeof ERROR_FILTERS)[number];
export const ERROR_FILTER_LABELS: Record<ErrorFilter, string> = { all: 'Show All', no_errors: 'Non-Errors', errors: 'Errors' };

/** Spec §9: StorEdge tenants go in batches of 5; SiteLink one a call. */
export const STOREDGE_SETUP_BATCH_SIZE = 5;
/** Spec §9: SiteLink setup waits 250 ms before the first call and skips the rest after 3 consecutive errors. */
export const SITELINK_SETUP_START_DELAY_MS = 250;
export const SITELINK_SETUP_MAX_CONSECUTIVE_ERRORS = 3;
/** Spec §9: a list window of 5 tenants either side of the current one when there are more than 10. */
export const SITELINK_SETUP_WINDOW = 5;
/** Spec §9: the charge check starts 150 ms after its modal opens. */
export const CHECK_CHARGES_START_DELAY_MS = 150;
/** One setup call at most this many tenants (the spec's selection limit). */
export const MAX_SETUP_TENANTS = 300;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const filterText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, `must be at most ${max} characters.`).optional());

/** GET /api/tenants/for-policy-setup and its export: a facility of the chosen software, filtered (spec §7). */
export const policySetupQuery = pageQuery.extend({
  software: z.enum(SETUP_SOFTWARE, { error: `software must be one of ${SETUP_SOFTWARE.join(', ')}.` }),
  facility_number: z.string({ error: 'facility_number is required.' }).trim().min(1, 'facility_number is required.').max(20),
  unit: filterText(50),
  name: filterText(100),
  error_filter: z.preprocess(blankToUndefined, z.enum(ERROR_FILTERS, { error: `error_filter must be one of ${ERROR_FILTERS.join(', ')}.` }).optional().default('all')),
});
export type PolicySetupQuery = z.output<typeof policySetupQuery>;

/** One row of the Setup Tenants table (spec §3 'In the policy setup list'). */
export const policySetupTenant = z.object({
  id: z.string(),
  cycle_id: z.string(),
  facility_number: z.string(),
  unit: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  ledger_id: z.string(),
  coverage_id: z.string().nullable(),
  coverage_premium: z.number().nullable(),
  coverage_coverage: z.number().nullable(),
  tagged_for_removal: z.boolean(),
  policy_errors_date_logged: z.string().nullable(),
  policy_errors_error_message: z.string().nullable(),
  updated_at: z.string(),
});
export type PolicySetupTenant = z.infer<typeof policySetupTenant>;

/** GET /api/tenants/set-up-policies ('List Setup Tenants' tab): tenants already set up, by facility number, unit, name or policy number. */
export const setUpTenantsQuery = pageQuery.extend({
  facility_number: filterText(20),
  unit: filterText(50),
  name: filterText(100),
  policy_number: filterText(100),
});
export const setUpTenant = z.object({
  id: z.string(),
  facility_number: z.string(),
  unit: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  policy_number: z.string(),
  setup_insurance_date: z.string().nullable(),
  setup_via_api: z.boolean(),
});
export type SetUpTenant = z.infer<typeof setUpTenant>;

/** POST /api/tenants/setup-policy (SiteLink, one tenant a call). */
export const setupPolicyBody = z.object({ tenant_id: z.string({ error: 'tenant_id is required.' }).trim().min(1, 'tenant_id is required.').max(64) });
/**
 * The tenant was set up (or already carried this coverage in the software), or the software refused it:
 * a refusal is stored on the tenant as its last error and answered 200 with success false, so the modal
 * lists it; a tenant the program refuses (no plan, tagged, already set up, not SiteLink) is a 4xx.
 */
export const setupPolicyResult = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), tenant_id: z.string(), policy_number: z.string(), setup_insurance_date: z.string() }),
  z.object({ success: z.literal(false), tenant_id: z.string(), error_message: z.string() }),
]);
export type SetupPolicyResult = z.infer<typeof setupPolicyResult>;

/** POST /api/tenants/setup-policies (StorEdge): the whole selection of one cycle as one job, worked 5 ledgers a batch in order. */
export const setupPoliciesBody = z.object({
  cycle_id: z.string({ error: 'cycle_id is required.' }).trim().min(1, 'cycle_id is required.').max(64),
  ledger_ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().min(1).max(64), { error: 'ledger_ids is required.' })
      .min(1, 'Select at least one tenant.')
      .max(MAX_SETUP_TENANTS, `At most ${MAX_SETUP_TENANTS} tenants can be set up at once.`)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'ledger_ids names a ledger twice.'),
  ),
});

/** Spec §4: each batch is idle (Waiting), loading (Setting up N tenants), complete or error. */
export const SETUP_BATCH_STATES = ['waiting', 'loading', 'complete', 'error'] as const;
export const setupBatch = z.object({
  ledger_ids: z.array(z.string()),
  state: z.enum(SETUP_BATCH_STATES),
  /** The batch's failure as staff read it (state error). */
  error: z.string().nullable(),
});
export type SetupBatch = z.infer<typeof setupBatch>;
/** What the setup job shows while it runs and keeps when done: GET /api/jobs/{id} answers it as `state`. */
export const setupBatchesState = z.object({ batches: z.array(setupBatch) });
export type SetupBatchesState = z.infer<typeof setupBatchesState>;
export const queuedSetup = z.object({ job_id: z.string(), batches: z.array(setupBatch) });

/** Spec §3 'Charge-check result row'. */
export const confirmedCharge = z.object({
  id: z.string(),
  unit: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  insurance_effective_date: z.string().nullable(),
  original_insurance_effective_date: z.string().nullable(),
});
export type ConfirmedCharge = z.infer<typeof confirmedCharge>;
/** GET /api/facilities/{id}/check-charges answers the job doing it; the job's result is `{confirmed_count, confirmed}`. */
export const queuedChargeCheck = z.object({ job_id: z.string() });
/**
 * The tenants confirmed, by unit: all of them, unless so many that the job's record could not hold them
 * (DynamoDB's 400 KB item: about 1,500 rows), when the first ones are listed; confirmed_count counts them all.
 */
export const chargeCheckResult = z.object({ confirmed_count: z.number().int().min(0), confirmed: z.array(confirmedCharge) });

/** The ledger reports (spec §7): a facility number; the report is a job writing an .xlsx (download through /api/exports/download). */
export const ledgerReportQuery = z.object({
  facility_number: z.string({ error: 'facility_number is required.' }).trim().min(1, 'facility_number is required.').max(20),
});

export const POLICY_SETUP_CONTRACTS = {
  'GET /api/tenants/for-policy-setup': { summary: 'Tenants of a facility to set up in SiteLink or StorEdge, 100 a page', query: policySetupQuery, response: paginated(policySetupTenant) },
  'GET /api/tenants/export-policy-setup': { summary: 'Queue the setup list (same filters) as a workbook job', query: policySetupQuery.omit({ page: true, per_page: true }), response: queuedExport },
  'GET /api/tenants/set-up-policies': { summary: 'Tenants already set up (List Setup Tenants), 100 a page', query: setUpTenantsQuery, response: paginated(setUpTenant) },
  'POST /api/tenants/setup-policy': { summary: 'Set up one tenant\'s coverage in SiteLink', body: setupPolicyBody, response: setupPolicyResult },
  'POST /api/tenants/setup-policies': { summary: 'Set up tenants of a cycle in StorEdge as a job, 5 ledgers a batch', body: setupPoliciesBody, response: queuedSetup },
  'GET /api/facilities/{id}/check-charges': { summary: 'Confirm the insurance charges the facility software shows (a job)', params: idParams, response: queuedChargeCheck },
  'GET /api/exports/sitelink-rent-roll-report': { summary: 'Queue a SiteLink rent roll report of a facility', query: ledgerReportQuery, response: queuedExport },
  'GET /api/exports/storedge-ledger-report': { summary: 'Queue a StorEdge ledger report of a facility', query: ledgerReportQuery, response: queuedExport },
} satisfies Partial<Record<RouteKey, RouteContract>>;
