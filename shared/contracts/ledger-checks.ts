/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (spec tenants-letters-users §2 Send Letters, §7
 * 'Letters', §8) over the whole scope the letters would use, and the removed tenants staff can restore
 * for 30 days. What the calls do beyond the spec is in docs/decisions.md "Letters: ineligible tenants
 * and status sync" and "Letters: removing ineligible tenants safely".
 */
import * as z from 'zod';
import { cursorPagination, pagination } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { STATE_CODES } from '../states';
import { formBoolean, formInt } from './form';
import { idParams } from './program';
import { tenantIds } from './tenants';

/** Why the facility software's ledger makes a tenant ineligible for an audit letter. */
export const INELIGIBILITY_REASONS = ['not_found', 'moved_out', 'insured'] as const;
export type Ineligibility = (typeof INELIGIBILITY_REASONS)[number];
export const INELIGIBILITY_LABELS: Record<Ineligibility, string> = {
  not_found: 'Ledger unknown to the software', moved_out: 'Moved out', insured: 'Insured outside the program',
};

/**
 * One removal may take at most this share of the tenants checked (and always up to REMOVAL_CAP_FLOOR
 * tenants) unless the request carries allow_over_cap: an id mix-up shows as nearly every ledger
 * unknown, while a true removal is the move-outs and the insured (docs/decisions.md).
 */
export const REMOVAL_CAP_SHARE = 0.4;
export const REMOVAL_CAP_FLOOR = 10;
/** The most tenants one removal may take when the cap is respected. */
export const removalLimit = (checked: number): number => Math.max(REMOVAL_CAP_FLOOR, Math.floor(checked * REMOVAL_CAP_SHARE));
/** Removed tenants can be restored for this long; then DynamoDB's TTL drops the kept copy. */
export const REMOVED_TENANT_DAYS = 30;
/** A preview older than this is not removed from: the facility software is asked again. */
export const PREVIEW_VALID_MINUTES = 60;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, `must be at most ${max} characters.`).optional());

/**
 * The scope both checks cover, as the Send Letters page chose it: a facility (with the software the page
 * believes it runs, as the spec sends it) and optionally one of its cycles, or a state.
 */
export const ledgerScopeBody = z.object({
  facility_number: text(20),
  software: text(30),
  cycle_id: text(64),
  state: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z.enum(STATE_CODES, { error: 'state must be a two-letter state or territory code.' }).optional()),
  /** The spec's list of the table's ledgers: no longer read (the whole scope is checked), so refused rather than ignored. */
  ledger_ids: z.unknown().optional(),
}).superRefine((b, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (b.ledger_ids !== undefined) {
    issue('ledger_ids', 'ledger_ids is no longer read: every tenant of the facility\'s open cycles (or of cycle_id, or of the state) is checked. Send facility_number and software, or state.');
  }
  if (b.state !== undefined) {
    if (b.facility_number !== undefined) issue('state', 'Send either facility_number or state, not both.');
    if (b.cycle_id !== undefined) issue('cycle_id', 'cycle_id is not used in state mode: a state\'s tenants are those of its facilities\' open cycles.');
    return;
  }
  if (b.facility_number === undefined) issue('facility_number', 'facility_number is required.');
  else if (b.software === undefined) issue('software', 'software is required.');
});
export type LedgerScopeBody = z.output<typeof ledgerScopeBody>;

/** Both checks answer the job doing them at once (poll GET /api/jobs/{id}). */
export const queuedLedgerCheck = z.object({ job_id: z.string() });

/** A facility of a state the check left out: its software has no API. */
const notChecked = z.object({ facility_number: z.string(), software: z.string() });

/** The sync job's result. */
export const syncResult = z.object({
  scope: z.string(), checked: z.number(), tenants_updated: z.number(), not_checked: z.array(notChecked),
});
export type SyncResult = z.infer<typeof syncResult>;

/** The Remove Ineligible Tenants preview job's result: what a confirmed removal would take. */
export const ineligiblePreview = z.object({
  preview_id: z.string(),
  /** 'facility 1001', 'cycle Spring 2026 of facility 1001', 'state TX'. */
  scope: z.string(),
  checked: z.number(),
  removable: z.number(),
  by_reason: z.record(z.enum(INELIGIBILITY_REASONS), z.number()),
  /** The most a removal may take without allow_over_cap, and whether this one is over it. */
  limit: z.number(),
  over_cap: z.boolean(),
  not_checked: z.array(notChecked),
  created_at: z.string(),
});
export type IneligiblePreview = z.infer<typeof ineligiblePreview>;

/** One tenant a removal would take (preview) or took (removed tenants), with the reason. */
const ineligibleTenant = z.object({
  id: z.string(),
  facility_number: z.string(),
  unit: z.string(),
  name: z.string(),
  ledger_id: z.string(),
  reason: z.enum(INELIGIBILITY_REASONS),
});
export type IneligibleTenant = z.infer<typeof ineligibleTenant>;

const pageNumber = formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(100_000, 'page must be at most 100000.')).optional();

export const previewPageResponse = z.object({ summary: ineligiblePreview, data: z.array(ineligibleTenant), pagination });

export const confirmRemovalBody = z.object({
  /** Set only by the confirmation's separate override: remove more than the cap allows. */
  allow_over_cap: z.preprocess(blankToUndefined, formBoolean.optional()),
});

/** The removal job's result, in the spec's answer shape. */
export const removalResult = z.object({ success: z.boolean(), error_message: z.string().nullable(), tenants_removed: z.number() });

export const removedTenantsQuery = z.object({
  facility_number: text(20),
  cursor: z.string().trim().max(500).optional(),
  page: pageNumber,
});
export const removedTenant = ineligibleTenant.extend({
  removed_at: z.string(),
  removed_by: z.string(),
  /** When the kept copy expires and the tenant can no longer be restored (ISO). */
  expires_at: z.string(),
});
export type RemovedTenant = z.infer<typeof removedTenant>;
export const removedTenantsResponse = z.object({
  data: z.array(removedTenant),
  pagination: cursorPagination,
});

export const restoreBody = z.object({ ids: tenantIds });
export const restoreResponse = z.object({ restored: z.number() });

export const LEDGER_CONTRACTS = {
  'POST /api/tenants/remove-uneligible-ledgers': {
    summary: 'Ask the facility software about every tenant of the scope and preview which would be removed, and why (a job)', body: ledgerScopeBody, response: queuedLedgerCheck,
  },
  'GET /api/tenants/ineligible-previews/{id}': { summary: 'A removal preview: its counts and the tenants it would remove (100 a page)', params: idParams, query: z.object({ page: pageNumber }), response: previewPageResponse },
  'POST /api/tenants/ineligible-previews/{id}/remove': {
    summary: 'Remove exactly the tenants of a preview, recoverably for 30 days (a job); over the cap only with allow_over_cap', params: idParams, body: confirmRemovalBody, response: queuedLedgerCheck,
  },
  'POST /api/tenants/sync-ledger-statuses': { summary: 'Update every tenant of the scope from the facility software\'s ledgers (a job)', body: ledgerScopeBody, response: queuedLedgerCheck },
  'GET /api/removed-tenants': { summary: 'Tenants removed as ineligible in the last 30 days, newest first (100 a page)', query: removedTenantsQuery, response: removedTenantsResponse },
  'POST /api/removed-tenants/restore': { summary: 'Put removed tenants back, with their counters', body: restoreBody, response: restoreResponse },
} satisfies Partial<Record<RouteKey, RouteContract>>;
