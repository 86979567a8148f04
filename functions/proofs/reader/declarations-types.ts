/**
 * What the declarations-page reader answers (issue 27): the facts it found on a tenant's proof, each
 * with how sure it is, and how it read the document. A fact the reader could not find is null: it
 * never fills one in.
 */
export interface ReadFact<T> {
  value: T;
  /** 0..1: lower for OCR than for a PDF's own text, lower again for a fact found without its label. */
  confidence: number;
}

export interface DeclarationsFacts {
  insurer: ReadFact<string> | null;
  policy_number: ReadFact<string> | null;
  named_insured: ReadFact<string> | null;
  insured_address: ReadFact<string> | null;
  /** yyyy-MM-dd */
  period_start: ReadFact<string> | null;
  /** yyyy-MM-dd */
  period_end: ReadFact<string> | null;
  /** true: the page states off-premises / away-from-home / storage coverage of personal property;
   *  false: the page states it is excluded; null: the page says nothing the reader could find. */
  off_premises: ReadFact<boolean> | null;
  /** Dollars. */
  off_premises_limit: ReadFact<number> | null;
}

export type ReadingSource = 'pdf-text' | 'ocr';

export interface DeclarationsReading {
  facts: DeclarationsFacts;
  source: ReadingSource;
  pages: number;
  /** Integrity of a PDF (null for images): edited after it was produced, with reasons in plain words. */
  pdf_edited: { edited: boolean; reasons: string[] } | null;
  /** Why nothing could be read, when facts are all null ('no text found', 'not a declarations page', ...), and what was left unread. */
  notes: string[];
  millis: number;
}

export type DeclarationsContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

export const FACT_NAMES = [
  'insurer', 'policy_number', 'named_insured', 'insured_address', 'period_start', 'period_end', 'off_premises', 'off_premises_limit',
] as const satisfies readonly (keyof DeclarationsFacts)[];

export const noFacts = (): DeclarationsFacts => ({
  insurer: null, policy_number: null, named_insured: null, insured_address: null,
  period_start: null, period_end: null, off_premises: null, off_premises_limit: null,
});
