/**
 * The letter renderer: one PDF per letter batch, the letters in the order given, each starting on a new
 * page; and the one-page certificate e-mailed to tenants who have an e-mail address instead of a
 * mailed welcome letter. Rendering is two phases: the layout (letter-layout.ts, certificate-layout.ts)
 * turns data into draw operations, the draw phase (letter-draw.ts) replays them into pdf-lib; the
 * benchmark (tests/bench/letter-render.ts) holds the whole against replaying precomputed operations.
 */
import { LETTER_TYPE_LABELS } from '../../shared/contracts/letters';
import { layoutCertificate } from './certificate-layout';
import { drawPages, newLetterDocument } from './letter-draw';
import { letterMetrics } from './letter-fonts';
import { layoutLetter } from './letter-layout';
import type { LetterPage, LetterProgram } from './letter-types';

export { ENVELOPE_WINDOWS, PAGE_MARGINS, PAGE_SIZE } from './letter-geometry';
export type { Box } from './letter-geometry';
export type {
  LetterCoverage, LetterDates, LetterEnrollment, LetterFacility, LetterPage, LetterProgram, LetterRecipient, MailedLetterType,
} from './letter-types';

function batchTitle(letters: readonly LetterPage[]): string {
  const types = new Set(letters.map((l) => l.type));
  return types.size === 1 ? `${LETTER_TYPE_LABELS[letters[0]!.type]} letters` : 'Letters';
}

/** One PDF holding every letter of the batch. A batch has at least one letter: a PDF of no pages is no document. */
export async function renderLetterBatch(letters: readonly LetterPage[], program: LetterProgram): Promise<Uint8Array> {
  return (await renderLetterBatchPages(letters, program)).pdf;
}

/**
 * The batch's PDF and, for each letter in the order given, the page it starts on (1-based): a tenant's
 * page of the batch, which its tenant page links to (`#page=N`; docs/decisions.md "One tenant's whole story").
 */
export async function renderLetterBatchPages(letters: readonly LetterPage[], program: LetterProgram): Promise<{ pdf: Uint8Array; firstPages: number[] }> {
  if (letters.length === 0) throw new RangeError('A letter batch needs at least one letter.');
  const metrics = await letterMetrics();
  const document = await newLetterDocument({ title: batchTitle(letters), author: program.name });
  const firstPages: number[] = [];
  // Laid out and drawn a letter at a time: the batch never holds every letter's operations at once.
  for (const letter of letters) {
    firstPages.push(document.doc.getPageCount() + 1);
    drawPages(document, layoutLetter(letter, program, metrics));
  }
  return { pdf: await document.doc.save(), firstPages };
}

/** The certificate of insurance for a welcome letter's tenant, as e-mailed. */
export async function renderWelcomeCertificate(letter: LetterPage, program: LetterProgram): Promise<Uint8Array> {
  const metrics = await letterMetrics();
  const document = await newLetterDocument({ title: 'Certificate of insurance', author: program.name });
  drawPages(document, layoutCertificate(letter, program, metrics));
  return document.doc.save();
}
