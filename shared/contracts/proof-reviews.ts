/**
 * Proof Review (issue 18; docs/decisions.md "Proof Review", issue 27 "Reading proofs"): staff list the
 * proofs tenants uploaded on the portal, open one with what was read from its page and its flags, and
 * decide it. Apart from the portal's contracts (respond.ts), so the portal's Lambda does not carry them.
 */
import * as z from 'zod';
import { cursorPagination } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { formInt } from './form';
import { wireDate } from './program';
import { PROOF_CONTENT_TYPES } from '../respond-rules';
import { PROOF_REJECTION_CODES } from '../proof-rejection';
import { PROOF_FLAG_CODES, proofReading } from '../proof-reading';

export const PROOF_REVIEW_PAGE_SIZE = 100;

export const proofReviewQuery = z.object({
  facility_number: z.string().trim().max(20).optional(),
  /** Submitted on or after / on or before (yyyy-MM-dd, program time zone). */
  from: wireDate.optional(),
  to: wireDate.optional(),
  /** The page asked for; beyond page 1 with its cursor, or by number alone when the list is not filtered (its total is known). */
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(10_000, 'page must be at most 10000.')).optional(),
  cursor: z.string().trim().max(2000).optional(),
});

export const proofReviewRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  facility_number: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  unit: z.string(),
  insurer: z.string(),
  policy_expiry_date: z.string(),
  content_type: z.enum(PROOF_CONTENT_TYPES),
  size: z.number(),
  submitted_at: z.string(),
  /** The flags raised when the page was read (issue 27); null until the reader has read it. */
  flags: z.array(z.enum(PROOF_FLAG_CODES)).nullable(),
});
export type ProofReviewRow = z.infer<typeof proofReviewRow>;

export const proofReviewIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * One proof as Proof Review's review panel shows it (issue 27): the row, what the reader found on the page
 * and its flags (the flags naming other tenants' proofs as of now), and the tenant as the program lists it
 * today (null once the tenant left the program).
 */
export const proofReviewDetail = proofReviewRow.extend({
  review: z.string(),
  reading: proofReading.nullable(),
  tenant: z.object({
    first_name: z.string(), last_name: z.string().nullable(), address: z.string(), city: z.string(), state: z.string(), zip_code: z.string(),
  }).nullable(),
});
export type ProofReviewDetail = z.infer<typeof proofReviewDetail>;

/**
 * Accepting, with the facts staff confirm (as read from the page, or corrected): the expiry becomes the
 * tenant's proof expiry. Every field is optional: without them the tenant's typed expiry and insurer stand.
 */
export const acceptProofBody = z.object({
  policy_expiry_date: wireDate.optional(),
  insurer: z.string().trim().max(100, 'Insurer must be at most 100 characters.').optional(),
  policy_number: z.string().trim().max(60, 'Policy number must be at most 60 characters.').optional(),
});
/** A common reason (said in the tenant's language), the reviewer's own words (shown as written), or both. */
export const rejectProofBody = z.object({
  reason_code: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PROOF_REJECTION_CODES, { error: 'Choose one of the listed reasons.' }).optional()),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters.').optional(),
}).refine((b) => b.reason_code || b.reason, { message: 'Choose a reason or write one.', path: ['reason'] });
/**
 * Whether the tenant was told: 'sent', 'no_address' (the tenant gave none: the portal shows the reason
 * at the next sign-in), or 'failed' (SES refused it; the decision stands and staff see it in the toast).
 */
/** suppressed: the tenant's address is flagged for returned e-mail (a bounce or complaint), so no e-mail was sent. */
export const rejectProofResponse = z.object({ success: z.literal(true), email: z.enum(['sent', 'no_address', 'failed', 'suppressed']) });

export const PROOF_REVIEW_CONTRACTS = {
  'GET /api/proof-reviews': {
    summary: 'Uploaded proofs waiting for review, oldest first',
    query: proofReviewQuery,
    response: z.object({ data: z.array(proofReviewRow), pagination: cursorPagination }),
  },
  'GET /api/proof-reviews/count': { summary: 'How many proofs wait for review (the home menu badge)', response: z.object({ waiting: z.number() }) },
  'GET /api/proof-reviews/{id}/document': {
    summary: 'A short-lived link to view the proof document',
    params: proofReviewIdParams,
    response: z.object({ url: z.string(), content_type: z.enum(PROOF_CONTENT_TYPES) }),
  },
  'GET /api/proof-reviews/{id}': { summary: 'A proof with what was read from its page and its flags', params: proofReviewIdParams, response: proofReviewDetail },
  'POST /api/proof-reviews/{id}/accept': {
    summary: 'Accept a proof, with the facts as read or corrected: the tenant has Provided Proof until the policy ends (the expiry confirmed)',
    params: proofReviewIdParams, body: acceptProofBody, response: z.object({ success: z.literal(true) }),
  },
  'POST /api/proof-reviews/{id}/reject': {
    summary: 'Reject a proof with a reason: the tenant is back to no response and is told by e-mail when it has an address',
    params: proofReviewIdParams, body: rejectProofBody, response: rejectProofResponse,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
