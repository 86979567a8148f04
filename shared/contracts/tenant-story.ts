/**
 * One tenant's whole story and the staff app's tenant search (issue 24, "One tenant's whole story";
 * docs/decisions.md under that name). Staff only: a tenant page shows the access code, every letter
 * (whose PDF prints other tenants' codes) and the proofs' documents.
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { MAILED_LETTER_TYPES } from './letters';
import { requiredText } from './form';
import { idParams } from './program';
import { PROOF_CONTENT_TYPES } from '../respond-rules';
import { emailSuppression } from './email-suppression';
import { historyEntry, tenantView } from './tenants';

/**
 * A letter the tenant was sent. `batch_id` null: a letter sent before batches recorded their letters
 * under each tenant; only its type and date are known (from the tenant's letter-sent dates).
 */
export const tenantLetter = z.object({
  batch_id: z.string().nullable(),
  letter_type: z.enum(MAILED_LETTER_TYPES),
  /** mail: printed in the batch PDF; email: the welcome certificate e-mailed instead. */
  delivery: z.enum(['mail', 'email']),
  /** The date the letter is dated (YYYY-MM-DD); an e-mailed certificate's, the day it went. */
  letter_date: z.string().nullable(),
  /** When the batch was made (ISO). */
  save_time: z.string().nullable(),
  /** The batch PDF (GET /api/facilities/download-letters/{file_name}) and the tenant's first page in it. */
  file_name: z.string().nullable(),
  page: z.number().nullable(),
  /** The facility number or state the batch was made for (the file's download name). */
  scope: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type TenantLetter = z.infer<typeof tenantLetter>;

/** A proof the tenant uploaded on the portal and what staff decided (its document: GET /api/proof-reviews/{id}/document). */
export const tenantProof = z.object({
  id: z.string(),
  insurer: z.string(),
  policy_expiry_date: z.string(),
  content_type: z.enum(PROOF_CONTENT_TYPES),
  submitted_at: z.string(),
  review: z.enum(['waiting', 'accepted', 'rejected', 'replaced', 'withdrawn']),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type TenantProof = z.infer<typeof tenantProof>;

export const tenantStory = z.object({
  tenant: tenantView,
  facility: z.object({ id: z.string(), facility_number: z.string(), account_name: z.string(), state: z.string() }),
  cycle: z.object({ id: z.string(), label: z.string(), letter_effective_date: z.string().nullable(), archived_at: z.string().nullable() }).nullable(),
  /** Newest first. */
  letters: z.array(tenantLetter),
  proofs: z.array(tenantProof),
  history: z.array(historyEntry),
  /** Returned e-mail of the tenant's address (a bounce, a complaint, transient bounces counted); null: none came back. */
  email_suppression: emailSuppression.nullable(),
});
export type TenantStory = z.infer<typeof tenantStory>;

/** What a search hit matched: a name (any part, program-wide), a unit, an insur ledger id, an access code or an e-mail address. */
export const TENANT_SEARCH_MATCHES = ['access_code', 'insur_ledger_id', 'unit', 'email', 'name'] as const;

export const tenantSearchHit = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  unit: z.string(),
  facility_number: z.string(),
  cycle_label: z.string(),
  matched: z.enum(TENANT_SEARCH_MATCHES),
});
export type TenantSearchHit = z.infer<typeof tenantSearchHit>;

/** At most this many hits: the search finds a tenant, it is not a list (more: narrow it, or use the Master Tenants List). */
export const TENANT_SEARCH_LIMIT = 10;

export const TENANT_STORY_CONTRACTS = {
  'GET /api/tenants/{id}/story': {
    summary: 'A tenant page: the record, every letter, the portal proofs and their review, and the history in one read',
    params: idParams,
    response: tenantStory,
  },
  'POST /api/tenants/{id}/email-suppression/clear': {
    summary: 'Clear the returned-e-mail flag of the tenant\'s address (after correcting it): e-mail goes to it again; every tenant with it gets a history entry',
    params: idParams,
    response: z.object({ success: z.literal(true), email_suppression: emailSuppression }),
  },
  'GET /api/tenants/search': {
    summary: 'Find a tenant program-wide by access code, insur ledger id, unit or name (at most 10 hits)',
    query: z.object({ q: requiredText('Search', 100) }),
    response: z.object({ data: z.array(tenantSearchHit), more: z.boolean() }),
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
