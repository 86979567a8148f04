/**
 * The tenant response portal (beyond the spec; issue 18, docs/decisions.md "Tenant response portal"):
 * a tenant signs in with the program's access code and the ZIP code of the letter's address, then
 * chooses a coverage plan, uploads proof of their own insurance or opts out where the program allows.
 * Staff review the uploaded proofs (Proof Review). Apart from the other contracts so the portal's page
 * and the respond Lambda carry only these schemas.
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { requiredText } from './form';
import { wireDate } from './program';
import { PROOF_CONTENT_TYPES, PROOF_MAX_BYTES } from '../respond-rules';
import { PROOF_REJECTION_CODES } from '../proof-rejection';

/** The portal's two languages; the letter says where to switch. */
export const RESPOND_LANGUAGES = ['en', 'es'] as const;
export type RespondLanguage = (typeof RESPOND_LANGUAGES)[number];

// The refusal text and the proof file limits live in ../respond-rules (zod-free, for the portal's page).
export { PROOF_CONTENT_TYPES, PROOF_MAX_BYTES, SIGN_IN_REFUSED } from '../respond-rules';
export type { ProofContentType } from '../respond-rules';

const language = z.enum(RESPOND_LANGUAGES, { error: 'language must be en or es.' }).optional().default('en');
/** An address for the confirmation e-mail; empty means none. */
const confirmationEmail = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200).email('Email must be a valid e-mail address.').optional());

export const signInBody = z.object({
  access_code: requiredText('Access code', 40),
  zip_code: requiredText('ZIP code', 10),
});
export const signInResponse = z.object({ token: z.string(), expires_at: z.string() });

/** How a portal session was signed in; the server's only way is the access code with the ZIP code of the letter's address. */
export const SIGN_IN_METHODS = ['access_code_and_zip'] as const;

/**
 * How the tenant signed in, as the server knows it (security issue 23): the way, when, from which
 * address the runtime saw (null for a session older than this record), and the session's reference (the
 * start of the hash of its token, which opens nothing). Each answer and its history entry carry it, so a
 * disputed answer can be traced to one sign-in.
 */
export const respondSignIn = z.object({
  method: z.enum(SIGN_IN_METHODS),
  at: z.string(),
  address: z.string().nullable(),
  session: z.string(),
});
export type RespondSignIn = z.infer<typeof respondSignIn>;

/** Why the tenant can no longer change the answer, or null while it can (docs/decisions.md). */
export const RESPOND_CLOSED_REASONS = ['deadline_passed', 'confirmed', 'set_up', 'moved_out', 'archived'] as const;
export type RespondClosedReason = (typeof RESPOND_CLOSED_REASONS)[number];

/** The tenant's current answer as the portal shows it. */
export const respondAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('coverage'), coverage_id: z.string(), coverage: z.number(), premium: z.number(), effective_date: z.string().nullable() }),
  z.object({ kind: z.literal('proof'), review: z.enum(['waiting', 'accepted', 'rejected']), insurer: z.string(), policy_expiry_date: z.string(), submitted_at: z.string(), reject_reason: z.string().nullable(), reject_reason_code: z.enum(PROOF_REJECTION_CODES).nullable() }),
  z.object({ kind: z.literal('opt_out'), date: z.string() }),
  /** Anything staff set that the portal does not offer (moved out, bad address...): shown, not changeable. */
  z.object({ kind: z.literal('other') }),
]);
export type RespondAnswer = z.infer<typeof respondAnswer>;

/** Everything the portal's one page shows: the tenant's letter facts, the choices and the current answer. */
export const respondView = z.object({
  tenant: z.object({ first_name: z.string(), last_name: z.string().nullable(), units: z.array(z.string()), email: z.string() }),
  facility: z.object({ name: z.string(), city: z.string(), state: z.string() }),
  /** The last day to answer (yyyy-MM-dd), the cycle's response deadline; null when the cycle has none. */
  deadline: z.string().nullable(),
  coverages: z.array(z.object({ id: z.string(), coverage: z.number(), premium: z.number() })),
  /** The date a plan chosen today would start (yyyy-MM-dd): the cycle's letter effective date, or today once it has passed. */
  coverage_effective_date: z.string(),
  /** The program's opt-out wording where the facility's insurance program allows opting out; null where it does not. */
  opt_out: z.object({ wording: z.string() }).nullable(),
  answer: respondAnswer,
  /** Null while the tenant may answer or change the answer. */
  closed: z.enum(RESPOND_CLOSED_REASONS).nullable(),
  /** The program's name and phone, for 'questions? call us'. */
  program: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
});
export type RespondView = z.infer<typeof respondView>;

export const chooseCoverageBody = z.object({
  coverage_id: requiredText('Coverage', 60),
  email: confirmationEmail,
  language,
});
export const optOutBody = z.object({
  /** The tenant ticked the box under the program's wording. */
  confirm: z.literal(true, { error: 'Confirm that you have read the opt-out statement.' }),
  email: confirmationEmail,
  language,
});
export const proofUploadBody = z.object({
  content_type: z.enum(PROOF_CONTENT_TYPES, { error: 'The file must be a PDF, JPEG or PNG.' }),
  size: z.number({ error: 'size is required.' }).int().min(1, 'The file is empty.').max(PROOF_MAX_BYTES, 'The file must be at most 10 MB.'),
});
export const proofUploadResponse = z.object({ upload_id: z.string(), url: z.string(), fields: z.record(z.string(), z.string()) });
export const submitProofBody = z.object({
  upload_id: requiredText('upload_id', 64),
  insurer: requiredText('Insurance company', 120),
  policy_expiry_date: wireDate,
  email: confirmationEmail,
  language,
});

/**
 * What became of the confirmation e-mail asked for with an answer: handed to SES, refused by it, not
 * sent because the session or the tenant's day has mailed its share (security issue 23), or none asked.
 */
export const CONFIRMATION_EMAIL_OUTCOMES = ['sent', 'failed', 'limit_reached', 'not_asked'] as const;
export type ConfirmationEmailOutcome = (typeof CONFIRMATION_EMAIL_OUTCOMES)[number];

/**
 * Every answer call answers the page again, as GET /api/respond/letter would, with how the session was
 * signed in (as the answer's history entry records it) and the confirmation's outcome.
 */
export const answerResponse = respondView.extend({ sign_in: respondSignIn, confirmation_email: z.enum(CONFIRMATION_EMAIL_OUTCOMES) });
export type RespondAnswered = z.infer<typeof answerResponse>;
const viewResponse = answerResponse;

export const RESPOND_CONTRACTS = {
  'POST /api/respond/sign-in': { summary: 'Tenant sign-in with the access code and ZIP code (public)', body: signInBody, response: signInResponse },
  'POST /api/respond/sign-out': { summary: 'End the tenant session', response: z.object({ success: z.literal(true) }) },
  'GET /api/respond/letter': { summary: 'The tenant\'s letter, choices and current answer', response: respondView },
  'POST /api/respond/coverage': { summary: 'The tenant chooses a coverage plan', body: chooseCoverageBody, response: viewResponse },
  'POST /api/respond/opt-out': { summary: 'The tenant opts out where the program allows', body: optOutBody, response: viewResponse },
  'POST /api/respond/proof-upload': { summary: 'A presigned POST for one proof file', body: proofUploadBody, response: proofUploadResponse },
  'POST /api/respond/proof': { summary: 'The tenant submits the uploaded proof for review', body: submitProofBody, response: viewResponse },
} satisfies Partial<Record<RouteKey, RouteContract>>;
