/**
 * The tenant portal's rules that its web page needs as values (the refusal text, the proof file
 * limits), apart from the zod contracts in contracts/respond.ts, which re-exports them: the portal's
 * page imports only types from the contracts, so zod stays out of its bundle (docs/decisions.md
 * "Tenant response portal: its own page").
 */

/**
 * The one answer of every failed sign-in (unknown code, wrong ZIP, locked code or address, tenant gone),
 * in the same time, so a guess learns nothing (docs/decisions.md "Tenant response portal: guessing").
 */
export const SIGN_IN_REFUSED = 'The access code and ZIP code do not match our records. Check both against your letter and try again.';

/** Proof files: the declarations page as PDF, JPEG or PNG, at most 10 MB; the type is checked by content. */
export const PROOF_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
