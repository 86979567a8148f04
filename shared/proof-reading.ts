/**
 * What the proof reader found on a tenant's declarations page (issue 27, docs/decisions.md "Reading
 * proofs"), as Proof Review shows it: each fact with the reader's confidence (null: not found on the
 * page, never guessed), and the integrity flags, each with its reason in plain words. Flags inform
 * staff; nothing is accepted or rejected by them.
 */
import * as z from 'zod';

const fact = <T extends z.ZodType>(value: T) => z.object({ value, confidence: z.number() }).nullable();

export const declarationsFacts = z.object({
  insurer: fact(z.string()),
  policy_number: fact(z.string()),
  named_insured: fact(z.string()),
  insured_address: fact(z.string()),
  /** yyyy-MM-dd */
  period_start: fact(z.string()),
  period_end: fact(z.string()),
  /** true: the page states personal property is covered away from home (off premises, storage); false: excluded. */
  off_premises: fact(z.boolean()),
  /** Dollars. */
  off_premises_limit: fact(z.number()),
});
export type DeclarationsFactsView = z.infer<typeof declarationsFacts>;

export const PROOF_FLAG_CODES = [
  'name_mismatch', 'ends_before_coverage', 'ends_soon', 'typed_expiry_differs', 'typed_insurer_differs',
  'same_policy_number', 'same_file', 'no_off_premises', 'limit_below_minimum', 'pdf_edited',
] as const;
export type ProofFlagCode = (typeof PROOF_FLAG_CODES)[number];

/** Short names of the flags for the list's column and the review's headings. */
export const PROOF_FLAG_LABELS: Record<ProofFlagCode, string> = {
  name_mismatch: 'Name does not match',
  ends_before_coverage: 'Ends before coverage starts',
  ends_soon: 'Ends within 30 days',
  typed_expiry_differs: 'Expiry differs from what was typed',
  typed_insurer_differs: 'Insurer differs from what was typed',
  same_policy_number: 'Policy number on another tenant\'s proof',
  same_file: 'Same file as another tenant\'s proof',
  no_off_premises: 'No coverage away from home',
  limit_below_minimum: 'Limit below the program minimum',
  pdf_edited: 'PDF edited after it was made',
};

/** Another tenant's proof a flag points at (same policy number, same file). */
export const otherProof = z.object({
  proof_id: z.string(),
  tenant_id: z.string(),
  facility_number: z.string(),
  unit: z.string(),
  name: z.string(),
  review: z.string(),
});
export type OtherProof = z.infer<typeof otherProof>;

export const proofFlag = z.object({
  code: z.enum(PROOF_FLAG_CODES),
  reason: z.string(),
  others: z.array(otherProof).optional(),
});
export type ProofFlag = z.infer<typeof proofFlag>;

export const proofReading = z.object({
  /** read: at least one fact was found; unreadable: none was (no text, not a declarations page: the notes say). */
  status: z.enum(['read', 'unreadable']),
  read_at: z.string(),
  source: z.enum(['pdf-text', 'ocr']).nullable(),
  pages: z.number(),
  facts: declarationsFacts,
  flags: z.array(proofFlag),
  /** Why facts are missing, in plain words ('No text found on the page.'). */
  notes: z.array(z.string()),
});
export type ProofReadingView = z.infer<typeof proofReading>;
