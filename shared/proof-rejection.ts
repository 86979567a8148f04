/**
 * The common reasons staff reject an uploaded proof, as choices (issue 24: a reason typed in English
 * showed inside the Spanish portal). The server keeps the code; the portal says it in the tenant's
 * language (web/src/respond/i18n.ts holds the Spanish), and the e-mail and staff's screens in English.
 * Staff may add words of their own beside a choice, or write the whole reason when none fits: those are
 * shown as written.
 */
export const PROOF_REJECTION_REASONS = {
  unreadable: 'The document cannot be read. Please send a clear copy of the whole page.',
  not_declarations: 'The document is not an insurance policy or its declarations page.',
  expired: 'The policy has expired or expires too soon.',
  other_name: 'The policy is not in your name.',
  other_address: 'The policy does not cover the address of your storage unit.',
  no_storage_coverage: 'The policy does not cover belongings kept in a storage unit.',
  coverage_too_low: 'The coverage amount is below what the facility requires.',
} as const;

export type ProofRejectionCode = keyof typeof PROOF_REJECTION_REASONS;
export const PROOF_REJECTION_CODES = Object.keys(PROOF_REJECTION_REASONS) as [ProofRejectionCode, ...ProofRejectionCode[]];

/** The reason in English: the chosen one, then the reviewer's own words. */
export function rejectionText(code: ProofRejectionCode | null, note: string | null): string {
  return [code ? PROOF_REJECTION_REASONS[code] : null, note?.trim() || null].filter(Boolean).join(' ');
}
