/**
 * Text → facts (issue 27): what a declarations page states about the policy, found by its labels
 * ("Policy Number", "Named Insured", "Policy Period ... to ...", "Personal Property Off-Premises", ...)
 * wherever the layout puts the value: after the label in the same cell, in the next cell of its line
 * (a table), or under it (a label above its box). A field with no label is not filled in, with two
 * exceptions that are marked as guesses by a lower confidence: the insurer's name in the page's heading,
 * and an address printed under the named insured. Nothing is made up: no label, no value.
 *
 * Labels are matched with OCR's usual slips allowed (0 for o, 1 or l for i, 5 for s); values are taken as
 * printed, except dates (declarations-dates.ts mends digits) and amounts.
 */
import { findDates } from './declarations-dates';
import { noFacts } from './declarations-types';
import type { DeclarationsFacts, ReadFact, ReadingSource } from './declarations-types';
import { KNOWN_INSURERS } from './known-insurers';
import type { PageText, TextCell, TextLine } from './page-lines';

/** A document's pages, each read from the PDF's text or by OCR. */
export interface DocumentText {
  pages: (PageText & { source: ReadingSource })[];
}

export interface FactsReading {
  facts: DeclarationsFacts;
  notes: string[];
}

/** A line of the document with where it stands. */
interface Line extends TextLine {
  source: ReadingSource;
  page: number;
  /** Its index among all lines of the document. */
  at: number;
}

/** Where a value was found, for its confidence. */
type Found = 'same-cell' | 'next-cell' | 'below' | 'guessed';
const HOW_SURE: Record<Found, number> = { 'same-cell': 1, 'next-cell': 1, below: 0.92, guessed: 0.7 };
/** A PDF's own text is what was printed; OCR's text is its best reading, weighed again by its own confidence. */
const SOURCE_SURE: Record<ReadingSource, number> = { 'pdf-text': 0.97, ocr: 0.9 };

// ---------------------------------------------------------------------------------------------------------------
// Labels, OCR-tolerant

const LOOKALIKES: Record<string, string> = { o: '[o0]', i: '[il1|!]', l: '[il1|]', s: '[s5]', e: '[ec]', c: '[ce]', n: '(?:n|ri)', m: '(?:m|rn)' };

/** A label as a pattern: letters allow OCR's lookalikes, a space any run of spaces, a dot or a dash, or none. */
function label(words: string): string {
  return words
    .split(/\s+/)
    .map((w) => [...w].map((ch) => LOOKALIKES[ch] ?? ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(''))
    .join('[\\s.\\-_]*');
}

const labelRe = (...alternatives: string[]) => new RegExp(`(?<![a-z0-9])(?:${alternatives.map(label).join('|')})(?![a-z])`, 'i');

const POLICY_NUMBER = labelRe('policy number', 'policy no.', 'policy no', 'policy num', 'policy #', 'policy id', 'policy nbr', 'pol no', 'pol. no.');
const NAMED_INSURED = new RegExp(`(?<![a-z0-9])(?:${[
  label('named insured(s)'), label('named insureds'), label('named insured'), label('name of insured'), label('insured name'), label('insured\'s name'),
  label('policyholder(s)'), label('policyholders'), label('policyholder'), label('policy holder'), `${label('insured')}(?!\\s*(?:${label('location')}|${label('address')}|${label('premises')}|${label('property')}|${label('by')}))`,
].join('|')})(?![a-z])`, 'i');
const RESIDENCE_ADDRESS = labelRe(
  'insured location', 'insured property', 'insured address', 'insured premises', 'residence premises', 'location of residence premises',
  'location of premises', 'property location', 'property address', 'rental address', 'risk address', 'residence address', 'described location',
  'rental unit address', 'location address', 'premises address',
);
/** Not 'address' alone: a receipt's 'Facility Address' is not the insured's. */
const MAILING_ADDRESS = labelRe('mailing address', 'address of named insured', 'insured mailing address');
const PERIOD = labelRe('policy period', 'policy term', 'coverage period', 'term of policy', 'period of insurance', 'period of coverage', 'policy dates', 'term');
const PERIOD_START = labelRe('policy effective date', 'effective date', 'effective', 'start date', 'coverage begins', 'inception date', 'policy begins', 'begins');
const PERIOD_END = labelRe('policy expiration date', 'expiration date', 'expiration', 'expires', 'expiry date', 'end date', 'coverage ends', 'policy ends', 'ends');
const INSURER = labelRe('insurer', 'insurance company', 'company', 'underwritten by', 'insured by', 'issuing company', 'carrier', 'writing company');

/**
 * Every label, to end a value where the next label starts (several labels on one line). Not the insurer's:
 * 'Insurance Company' ends a company's name rather than starting anything.
 */
const ANY_LABEL = new RegExp([POLICY_NUMBER, NAMED_INSURED, RESIDENCE_ADDRESS, MAILING_ADDRESS, PERIOD, PERIOD_START, PERIOD_END]
  .map((r) => r.source).join('|'), 'gi');

/** The text left of a label's match: what is on the label's cell after it, up to the next label, without its colon or dash. */
function restAfter(text: string, matchEnd: number): string {
  const rest = text.slice(matchEnd);
  ANY_LABEL.lastIndex = 0;
  let cut = rest.length;
  for (let m = ANY_LABEL.exec(rest); m; m = ANY_LABEL.exec(rest)) {
    // A label inside the value only ends it after something was said ("Policy Period: Policy term 12 months" is still the value).
    if (m.index > 0 && rest.slice(0, m.index).trim().replace(/^[:#\-–.\s]+/, '') !== '') { cut = m.index; break; }
    if (m[0].length === 0) ANY_LABEL.lastIndex += 1;
  }
  return rest.slice(0, cut).replace(/^[\s:#\-–.]+/, '').trim();
}

interface Candidate { text: string; cells: TextCell[]; found: Found }

/** A value's text without the table rules OCR reads into it ('| Samuel O. Brooks |') and with single spaces. */
const clean = (text: string) => text.replace(/^[\s|[\]_]+|[\s|[\]_]+$/g, '').replace(/\s+/g, ' ');

function overlaps(a: TextCell, b: TextCell): boolean {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0;
}

/** What may stand between a label and the next one without being a value ('Named Insured and Mailing Address'). */
const CONNECTOR = /^(?:and|&|or|\/)$/i;

/**
 * The values a label may have, in the order to try them: after it in its cell; when nothing follows it
 * there, the next cell on its line, then the cells under it (up to `below` lines down, on the same page).
 * A label with a value of its own beside it ('Residence Premises: Same as mailing address') is not given
 * its neighbours' text instead.
 */
function* valuesOf(lines: readonly Line[], re: RegExp, below = 3): Generator<Candidate & { line: Line; cellAt: number }> {
  for (const line of lines) {
    for (const [cellAt, cell] of line.cells.entries()) {
      const m = re.exec(cell.text);
      if (!m) continue;
      const rest = clean(restAfter(cell.text, m.index + m[0].length));
      if (rest && !CONNECTOR.test(rest)) {
        yield { text: rest, cells: [cell], found: 'same-cell', line, cellAt };
        continue;
      }
      const next = line.cells[cellAt + 1];
      if (next) yield { text: clean(next.text), cells: [next], found: 'next-cell', line, cellAt: cellAt + 1 };
      for (const under of lines.slice(line.at + 1, line.at + 1 + below)) {
        if (under.page !== line.page) break;
        const cellUnder = under.cells.find((c) => overlaps(c, cell));
        if (cellUnder) yield { text: clean(cellUnder.text), cells: [cellUnder], found: 'below', line: under, cellAt: under.cells.indexOf(cellUnder) };
      }
    }
  }
}

/** A fact read from `line` (its source: the PDF's text or OCR), made of `cells` (OCR's confidence in them), found as `found`. */
function fact<T>(value: T, line: Line, cells: readonly TextCell[], found: Found, extra = 1): ReadFact<T> {
  const quality = cells.length ? Math.min(...cells.map((c) => c.confidence)) : 1;
  return { value, confidence: Math.round(SOURCE_SURE[line.source] * quality * HOW_SURE[found] * extra * 100) / 100 };
}

// ---------------------------------------------------------------------------------------------------------------
// Fields

/** A token a policy number is made of: letters in capitals, digits, dashes and slashes. */
const CODE_TOKEN = /^[A-Z0-9][A-Z0-9\-/]*$/;

/**
 * A policy number: the first run of code tokens holding at least three digits, its tokens joined by single
 * spaces ('HO 4471-2290'); a token of capitals alone joins only when short (a prefix such as HO), so a
 * word printed after the number in capitals ('EFFECTIVE') is not taken for part of it.
 */
function policyNumberIn(text: string): string | null {
  const tokens = text.split(/\s+/).map((t) => t.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '')).filter(Boolean);
  for (let i = 0; i < tokens.length; i += 1) {
    const run: string[] = [];
    for (const t of tokens.slice(i)) {
      if (!CODE_TOKEN.test(t) || (!/[0-9]/.test(t) && t.length > 3)) break;
      run.push(t);
    }
    const value = run.join(' ');
    if ((value.match(/[0-9]/g) ?? []).length >= 3 && value.length >= 5 && value.length <= 30) return value;
  }
  return null;
}

const WORDS_NOT_NAMES = /\b(policy|number|period|date|coverage|premium|address|location|insurance|company|agent|page|declarations?|limit|deductible|renters?|homeowners?|effective|expiration)\b/i;

/** A person's or people's name: two to eight words of letters, no digits, no label words. */
function nameIn(text: string): string | null {
  // A cell ending in a colon is a label ('Underwritten by:'), as is any cell holding one.
  if (/:\s*$/.test(text)) return null;
  const t = text.replace(/\s+/g, ' ').replace(/^[\s,;:.-]+|[\s,;:-]+$/g, '').trim();
  ANY_LABEL.lastIndex = 0;
  if (/[0-9@$%#]/.test(t) || WORDS_NOT_NAMES.test(t) || ANY_LABEL.test(t)) return null;
  const words = t.split(' ');
  if (words.length < 2 || words.length > 8 || !words.every((w) => /^[A-Za-z][A-Za-z.'’-]*,?$|^&$|^and$/i.test(w))) return null;
  return t;
}

const CITY_STATE_ZIP = /^[A-Za-z][A-Za-z .'-]*,?\s+[A-Z]{2}\.?,?\s+\d{5}(?:-\d{4})?$/;
const STREET = /^(?:\d+[A-Za-z]?(?:-\d+)?\s+\S.*|P\.?\s?O\.?\s+Box\s+\d+.*)$/i;

/** A street line (with the city, state and ZIP on it, or on the line under it). */
function addressFrom(lines: readonly Line[], candidate: Candidate & { line: Line; cellAt: number }): { text: string; cells: TextCell[] } | null {
  const street = candidate.text.replace(/\s+/g, ' ').trim();
  if (!STREET.test(street)) return null;
  if (/\b[A-Z]{2}\.?,?\s+\d{5}(?:-\d{4})?\s*$/.test(street)) return { text: street, cells: candidate.cells };
  const cell = candidate.cells[0]!;
  // The city line: the next line's cell under the street's, or the next cell on the street's own line.
  const sameLineNext = candidate.line.cells[candidate.cellAt + 1];
  const under = lines[candidate.line.at + 1];
  const cityCell = [under?.page === candidate.line.page ? under.cells.find((c) => overlaps(c, cell)) : undefined, sameLineNext]
    .find((c) => c && CITY_STATE_ZIP.test(clean(c.text)));
  if (!cityCell) return null;
  return { text: `${street.replace(/,\s*$/, '')}, ${clean(cityCell.text)}`, cells: [cell, cityCell] };
}

function readPolicyNumber(lines: readonly Line[]): ReadFact<string> | null {
  for (const c of valuesOf(lines, POLICY_NUMBER)) {
    const value = policyNumberIn(c.text);
    if (value) return fact(value, c.line, c.cells, c.found);
  }
  return null;
}

function readNamedInsured(lines: readonly Line[]): { fact: ReadFact<string>; line: Line; cell: TextCell } | null {
  for (const c of valuesOf(lines, NAMED_INSURED)) {
    const value = nameIn(c.text);
    if (value) return { fact: fact(value, c.line, c.cells, c.found), line: c.line, cell: c.cells[0]! };
  }
  return null;
}

function readAddress(lines: readonly Line[], insured: { line: Line; cell: TextCell } | null): ReadFact<string> | null {
  for (const re of [RESIDENCE_ADDRESS, MAILING_ADDRESS]) {
    for (const c of valuesOf(lines, re)) {
      const address = addressFrom(lines, c);
      if (address) return fact(address.text, c.line, address.cells, c.found);
    }
  }
  // No address label: the street and city printed under the named insured (the usual name-and-address block).
  if (insured) {
    for (const under of lines.slice(insured.line.at + 1, insured.line.at + 3)) {
      const cellAt = under.cells.findIndex((c) => overlaps(c, insured.cell));
      if (cellAt < 0) continue;
      const address = addressFrom(lines, { text: clean(under.cells[cellAt]!.text), cells: [under.cells[cellAt]!], found: 'guessed', line: under, cellAt });
      if (address) return fact(address.text, under, address.cells, 'guessed');
    }
  }
  return null;
}

interface Period { start: ReadFact<string> | null; end: ReadFact<string> | null; notes: string[] }

function readPeriod(lines: readonly Line[]): Period {
  const notes: string[] = [];
  // One label, both dates ("Policy Period: 03/15/2026 to 03/15/2027"); the dates may run on into the next cell or line.
  for (const c of valuesOf(lines, PERIOD)) {
    let dates = findDates(c.text);
    let cells = c.cells;
    if (dates.length === 1) {
      const next = c.line.cells[c.cellAt + 1] ?? lines[c.line.at + 1]?.cells[0];
      if (next) { dates = [...dates, ...findDates(next.text)]; cells = [...cells, next]; }
    }
    if (dates.length >= 2) {
      const [start, end] = [dates[0]!, dates[1]!];
      const mended = start.mended || end.mended ? 0.85 : 1;
      if (end.iso <= start.iso) notes.push(`the policy period printed ends (${end.iso}) before it starts (${start.iso})`);
      const sure = end.iso > start.iso ? mended : 0.5 * mended;
      return { start: fact(start.iso, c.line, cells, c.found, sure), end: fact(end.iso, c.line, cells, c.found, sure), notes };
    }
  }
  // Separate labels.
  const one = (re: RegExp): ReadFact<string> | null => {
    for (const c of valuesOf(lines, re)) {
      const date = findDates(c.text)[0];
      if (date) return fact(date.iso, c.line, c.cells, c.found, date.mended ? 0.85 : 1);
    }
    return null;
  };
  const start = one(PERIOD_START);
  const end = one(PERIOD_END);
  if (start && end && end.value <= start.value) {
    notes.push(`the expiration date printed (${end.value}) is not after the effective date (${start.value})`);
    start.confidence = Math.round(start.confidence * 50) / 100;
    end.confidence = Math.round(end.confidence * 50) / 100;
  }
  return { start, end, notes };
}

/** A known insurer's alias in a text, as whole words, OCR's lookalikes allowed. */
const INSURER_PATTERNS = KNOWN_INSURERS.map((insurer) => ({
  name: insurer.name,
  re: new RegExp(`(?<![a-z0-9])(?:${insurer.aliases.map(label).join('|')})(?![a-z])`, 'i'),
}));
const knownInsurerIn = (text: string) => INSURER_PATTERNS.find((p) => p.re.test(text))?.name ?? null;

/** A company's name as a heading prints it: words ending in Insurance Company, Mutual, Casualty Company... */
const COMPANY_NAME = /^([A-Z][A-Za-z&'.-]*(?:\s+(?:of|and|&|[A-Z][A-Za-z&'.-]*))*\s+(?:Insurance(?:\s+Company)?|Mutual(?:\s+Insurance)?(?:\s+Company)?|Casualty(?:\s+Company)?|Indemnity(?:\s+Company)?|Assurance(?:\s+Company)?|Underwriters))(?:,?\s+Inc\.?)?$/i;

function readInsurer(lines: readonly Line[]): ReadFact<string> | null {
  // Named by a label ("Underwritten by", "Insurer:"): the known name in the value, or the company name as printed.
  for (const c of valuesOf(lines, INSURER, 1)) {
    const known = knownInsurerIn(c.text);
    if (known) return fact(known, c.line, c.cells, c.found);
    const printed = c.text.replace(/\s+/g, ' ').trim().match(COMPANY_NAME)?.[1];
    if (printed) return fact(printed, c.line, c.cells, c.found, 0.9);
  }
  // The page's heading: the top lines of the first page.
  const firstPage = lines.filter((l) => l.page === lines[0]?.page);
  const heading = firstPage.slice(0, Math.max(6, Math.ceil(firstPage.length * 0.2)));
  for (const line of heading) {
    for (const cell of line.cells) {
      const known = knownInsurerIn(cell.text);
      if (known) return fact(known, line, [cell], 'same-cell', 0.95);
    }
  }
  for (const line of heading) {
    for (const cell of line.cells) {
      const printed = cell.text.replace(/\s+/g, ' ').trim().match(COMPANY_NAME)?.[1];
      if (printed) return fact(printed, line, [cell], 'guessed');
    }
  }
  // Anywhere else: a known insurer named in the text (a footer's "Lemonade Insurance Company"), less sure.
  for (const line of lines) {
    for (const cell of line.cells) {
      const known = knownInsurerIn(cell.text);
      if (known) return fact(known, line, [cell], 'guessed');
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Personal property away from home

const AWAY_FROM_HOME = new RegExp(`(?<![a-z0-9])(?:${[
  `${label('off')}[\\s\\-–]*${label('premises')}?`,
  `${label('off')}[\\s\\-–]*${label('prem')}\\b`,
  `${label('away from')}\\s+(?:${label('the')}\\s+|${label('your')}\\s+|${label('insured')}'?s?\\s+)?(?:${label('residence')}\\s+)?(?:${label('premises')}|${label('home')}|${label('residence')})`,
  `${label('self')}[\\s\\-–]*${label('storage')}`,
  `${label('storage')}\\s+(?:${label('unit')}|${label('units')}|${label('facility')}|${label('facilities')}|${label('locker')})`,
  `${label('in storage')}`,
  `${label('anywhere in the world')}`,
  `${label('worldwide')}`,
].join('|')})`, 'i');

const EXCLUDED = /\b(?:not\s+covered|excluded|exclusion|not\s+included|no\s+coverage|does\s+not\s+(?:cover|apply|include)|is\s+not\s+(?:covered|insured)|not\s+insured|declined|none|n\/a)\b/i;
/** A table cell saying no: 'No', '$0', '-'. */
const NO_CELL = /^\s*(?:no|\$?\s*0(?:\.00)?|[-–—]+)\s*$/i;
const INSURANCE_WORDS = /\b(?:property|coverage|covered|limit|insur\w*|excluded|exclusion|belongings|contents)\b/i;
const INCLUDED = /\b(?:included|covered|yes|applies|up\s+to)\b/i;
/** $2,500 / $ 2,500.00 / S2,500 (OCR's S for $). */
const AMOUNT = /(?:\$|(?<![A-Za-z])S)\s?(\d{1,3}(?:[,.]\d{3})+|\d+)(?:\.\d{2})?(?!\d)/g;
const PERCENT_OF_C = new RegExp(`(\\d{1,3})\\s?%\\s*${label('of')}\\s*(?:${label('coverage')}|${label('cov')}\\.?)\\s*[cC](?![a-z])`, 'i');
const COVERAGE_C = new RegExp(`(?:${label('coverage')}|${label('cov')}\\.?)\\s*[cC](?![a-z])|${label('personal property')}`, 'i');

const dollars = (text: string): number[] =>
  [...text.matchAll(AMOUNT)].map((m) => Number(m[1]!.replace(/[,.]/g, ''))).filter((n) => n > 0);

/** The amount of Coverage C (personal property), for a limit printed as a share of it. */
function coverageCAmount(lines: readonly Line[]): { amount: number; cells: TextCell[] } | null {
  for (const line of lines) {
    const text = line.cells.map((c) => c.text).join('   ');
    if (!COVERAGE_C.test(text) || AWAY_FROM_HOME.test(text) || PERCENT_OF_C.test(text) || /deductible/i.test(text)) continue;
    const amount = dollars(text)[0];
    if (amount) return { amount, cells: line.cells };
  }
  return null;
}

interface AwayStatement { line: Line; covered: boolean; limit: number | null; limitFrom: 'printed' | 'share' | null; cells: TextCell[]; storage: boolean }

/** What a line says about property away from home, if anything (its cells after the term: a table's row). */
function statementIn(line: Line, lines: readonly Line[]): AwayStatement | null {
  const termAt = line.cells.findIndex((c) => AWAY_FROM_HOME.test(c.text));
  if (termAt < 0) return null;
  const termCell = line.cells[termAt]!;
  const term = termCell.text.match(AWAY_FROM_HOME)!;
  // What is said: the term's cell after the term, and the cells right of it.
  const said = [termCell.text.slice(term.index! + term[0].length), ...line.cells.slice(termAt + 1).map((c) => c.text)].join('   ');
  const whole = [termCell.text, ...line.cells.slice(termAt + 1).map((c) => c.text)].join('   ');
  const storage = /storage/i.test(term[0]);
  // 'Storage unit rent $95.00' on a facility's receipt says nothing about insurance: storage needs coverage words by it.
  if (storage && !INSURANCE_WORDS.test(whole)) return null;
  const amounts = dollars(said);
  const share = said.match(PERCENT_OF_C);
  const excluded = EXCLUDED.test(whole) || line.cells.slice(termAt + 1).some((c) => NO_CELL.test(c.text));
  if (excluded && amounts.length === 0) return { line, covered: false, limit: null, limitFrom: null, cells: line.cells.slice(termAt), storage };
  if (amounts.length) return { line, covered: true, limit: amounts[0]!, limitFrom: 'printed', cells: line.cells.slice(termAt), storage };
  if (share) {
    const c = coverageCAmount(lines);
    const limit = c ? Math.round((Number(share[1]) / 100) * c.amount) : null;
    return { line, covered: true, limit, limitFrom: limit === null ? null : 'share', cells: [...line.cells.slice(termAt), ...(c?.cells ?? [])], storage };
  }
  if (INCLUDED.test(whole)) return { line, covered: true, limit: null, limitFrom: null, cells: line.cells.slice(termAt), storage };
  return null;
}

function readAwayFromHome(lines: readonly Line[]): { covered: ReadFact<boolean> | null; limit: ReadFact<number> | null; notes: string[] } {
  const statements = lines.map((l) => statementIn(l, lines)).filter((s): s is AwayStatement => s !== null);
  if (statements.length === 0) return { covered: null, limit: null, notes: [] };
  const notes: string[] = [];
  // Storage is what this program asks about: a page that covers property away from home but excludes storage units does not cover it there.
  const storageExcluded = statements.find((s) => s.storage && !s.covered);
  const coveredOnes = statements.filter((s) => s.covered);
  if (storageExcluded) {
    if (coveredOnes.length) notes.push('the page covers property away from home but excludes property in storage');
    return { covered: fact(false, storageExcluded.line, storageExcluded.cells, 'same-cell', coveredOnes.length ? 0.8 : 1), limit: null, notes };
  }
  const excluded = statements.find((s) => !s.covered);
  const covered = coveredOnes.find((s) => s.limit !== null) ?? coveredOnes[0];
  if (!covered) return { covered: fact(false, excluded!.line, excluded!.cells, 'same-cell'), limit: null, notes };
  if (excluded) notes.push('the page both covers and excludes property away from home; read as covered');
  const limit = covered.limit === null ? null
    : fact(covered.limit, covered.line, covered.cells, covered.limitFrom === 'share' ? 'guessed' : 'same-cell');
  if (covered.limitFrom === 'share') notes.push('the off-premises limit is printed as a share of Coverage C; the dollars are that share of its amount');
  return { covered: fact(true, covered.line, covered.cells, 'same-cell', excluded ? 0.8 : 1), limit, notes };
}

// ---------------------------------------------------------------------------------------------------------------

const DECLARATIONS_WORDS = /\b(declarations?|policy|insured|coverage|premium|deductible|liability)\b/i;

export function extractFacts(doc: DocumentText): FactsReading {
  const lines: Line[] = [];
  doc.pages.forEach((page, p) => {
    for (const line of page.lines) lines.push({ ...line, source: page.source, page: p, at: lines.length });
  });
  if (lines.length === 0) return { facts: noFacts(), notes: ['no text found'] };
  const insured = readNamedInsured(lines);
  const period = readPeriod(lines);
  const away = readAwayFromHome(lines);
  const facts: DeclarationsFacts = {
    insurer: readInsurer(lines),
    policy_number: readPolicyNumber(lines),
    named_insured: insured?.fact ?? null,
    insured_address: readAddress(lines, insured),
    period_start: period.start,
    period_end: period.end,
    off_premises: away.covered,
    off_premises_limit: away.limit,
  };
  const notes = [...period.notes, ...away.notes];
  if (Object.values(facts).every((f) => f === null)) {
    const text = lines.map((l) => l.cells.map((c) => c.text).join(' ')).join(' ');
    notes.push(DECLARATIONS_WORDS.test(text) ? 'no declarations facts found on the page' : 'not a declarations page');
  }
  return { facts, notes };
}
