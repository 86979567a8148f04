/**
 * Declarations text → facts (issue 27): labels in the layouts insurers use, date formats, OCR's slips,
 * what counts as off-premises coverage, and that nothing is filled in without its label.
 */
import { describe, expect, it } from 'vitest';
import { findDates } from '../../functions/proofs/reader/declarations-dates';
import { extractFacts } from '../../functions/proofs/reader/declarations-facts';
import type { ReadingSource } from '../../functions/proofs/reader/declarations-types';
import { linesFromPlainText, linesFromWords } from '../../functions/proofs/reader/page-lines';

/** Plain text as one page; cells parted by three or more spaces. */
const read = (text: string, source: ReadingSource = 'pdf-text', confidence = 1) =>
  extractFacts({ pages: [{ source, ...linesFromPlainText(text, confidence) }] });
const values = (text: string) => Object.fromEntries(Object.entries(read(text).facts).map(([k, f]) => [k, f?.value ?? null]));

describe('dates as declarations print them', () => {
  it('reads US, ISO and written dates in the order they stand', () => {
    expect(findDates('03/15/2026 to 3/15/27').map((d) => d.iso)).toEqual(['2026-03-15', '2027-03-15']);
    expect(findDates('Effective 2026-02-01, expires 2027-02-01').map((d) => d.iso)).toEqual(['2026-02-01', '2027-02-01']);
    expect(findDates('Begins on April 1, 2026 and ends Apr. 1 2027').map((d) => d.iso)).toEqual(['2026-04-01', '2027-04-01']);
    expect(findDates('from 20 January 2026 to 20 Jan 2027').map((d) => d.iso)).toEqual(['2026-01-20', '2027-01-20']);
    expect(findDates('05-01-2026 - 05-01-2027').map((d) => d.iso)).toEqual(['2026-05-01', '2027-05-01']);
  });

  it("mends OCR's letters inside a date, and says so", () => {
    const [d] = findDates('O3/l5/2O26');
    expect(d).toMatchObject({ iso: '2026-03-15', mended: true });
    expect(findDates('03/15/2026')[0]!.mended).toBe(false);
  });

  it('is no date when the day does not exist or there is no digit at all', () => {
    expect(findDates('02/30/2026')).toEqual([]);
    expect(findDates('IS/lO/SOOO')).toEqual([]);
    expect(findDates('Unit 10 x 10, (512) 555-0142')).toEqual([]);
  });
});

describe('facts from a label-and-value page', () => {
  const page = [
    'STATE FARM FIRE AND CASUALTY COMPANY',
    'Renters Policy Declarations',
    'Named Insured: Maria L. Gonzalez',
    'Mailing Address: 2417 Oak Hollow Drive, Apt 3B',
    '                 Austin, TX 78745',
    'Policy Number: 83-BQ-7712-4',
    'Policy Period: 03/15/2026 to 03/15/2027 12:01 A.M. standard time',
    'Coverage C - Personal Property      $30,000',
    'Personal Property Off-Premises      $3,000',
  ].join('\n');

  it('reads every field, the address over its two lines', () => {
    expect(values(page)).toEqual({
      insurer: 'State Farm', policy_number: '83-BQ-7712-4', named_insured: 'Maria L. Gonzalez',
      insured_address: '2417 Oak Hollow Drive, Apt 3B, Austin, TX 78745', period_start: '2026-03-15', period_end: '2027-03-15',
      off_premises: true, off_premises_limit: 3000,
    });
  });

  it('is less sure of what OCR read than of a PDF\'s own text, and follows OCR\'s confidence', () => {
    const pdf = read(page).facts.policy_number!.confidence;
    const ocr = read(page, 'ocr', 0.9).facts.policy_number!.confidence;
    const poorOcr = read(page, 'ocr', 0.5).facts.policy_number!.confidence;
    expect(pdf).toBeGreaterThan(ocr);
    expect(ocr).toBeGreaterThan(poorOcr);
    expect(pdf).toBeLessThanOrEqual(1);
  });
});

describe('facts from tables and boxes', () => {
  it('takes a value from the next cell of a table row, the period over two rows', () => {
    expect(values([
      'Allstate Insurance Company',
      'Policy number      804 126 937',
      'Named insured      Jordan T. Whitaker',
      'Insured location   88 Riverside Terrace, Unit 12',
      '                   Sacramento, CA 95814',
      'Policy period      Begins on April 1, 2026 at 12:01 a.m.',
      '                   Ends on April 1, 2027 at 12:01 a.m.',
      'Coverage                                    Limits of liability     Deductible',
      'Property away from the residence premises   $2,500                  $500',
    ].join('\n'))).toMatchObject({
      insurer: 'Allstate', policy_number: '804 126 937', named_insured: 'Jordan T. Whitaker',
      insured_address: '88 Riverside Terrace, Unit 12, Sacramento, CA 95814', period_start: '2026-04-01', period_end: '2027-04-01',
      off_premises: true, off_premises_limit: 2500,
    });
  });

  it('takes a value from under its label, and a value under a table header', () => {
    expect(values([
      'Lemonade',
      'POLICYHOLDER          POLICY #',
      'Aisha Rahman          LP8842197',
      'EFFECTIVE             EXPIRES',
      'Jan 20, 2026          Jan 20, 2027',
    ].join('\n'))).toMatchObject({ insurer: 'Lemonade', named_insured: 'Aisha Rahman', policy_number: 'LP8842197', period_start: '2026-01-20', period_end: '2027-01-20' });
    expect(values([
      'Policy Number      Policy Period',
      'HO-55821-07        07/01/2026 to 07/01/2027',
    ].join('\n'))).toMatchObject({ policy_number: 'HO-55821-07', period_start: '2026-07-01', period_end: '2027-07-01' });
  });

  it('reads a name-and-address block under one label, not the writing company beside it', () => {
    expect(values([
      'Named Insured and Mailing Address      Underwritten by:',
      'DeShawn K. Ellis                       Liberty Insurance Corporation',
      '61 Harbor View Road                    175 Berkeley Street',
      'Portland, ME 04101                     Boston, MA 02116',
    ].join('\n'))).toMatchObject({
      insurer: 'Liberty Mutual', named_insured: 'DeShawn K. Ellis', insured_address: '61 Harbor View Road, Portland, ME 04101',
    });
  });

  it('reads cells that come as placed words (the same code OCR and PDF text go through)', () => {
    const word = (text: string, left: number, top: number) => ({ text, left, right: left + text.length * 6, top, bottom: top + 10, confidence: 0.9 });
    const page = linesFromWords([word('Policy', 50, 100), word('Number', 90, 101), word('41-X88-2031-07', 300, 99), word('|', 240, 100)]);
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]!.cells.map((c) => c.text)).toEqual(['Policy Number', '41-X88-2031-07']);
    expect(extractFacts({ pages: [{ source: 'ocr', ...page }] }).facts.policy_number?.value).toBe('41-X88-2031-07');
  });
});

describe('OCR slips in labels and values', () => {
  it("finds labels with OCR's lookalikes and mends the dates", () => {
    const reading = read([
      'Po1icy Nurnber: 602819447-633-1',
      'Narned lnsured: Robert J. Kowalski',
      'Po1icy Peri0d: O6/1O/2026 to 06/10/2O27',
    ].join('\n'), 'ocr', 0.85);
    expect(Object.fromEntries(Object.entries(reading.facts).map(([k, f]) => [k, f?.value ?? null]))).toMatchObject({
      policy_number: '602819447-633-1', named_insured: 'Robert J. Kowalski', period_start: '2026-06-10', period_end: '2027-06-10',
    });
    // A mended date is less sure than one read clean.
    expect(reading.facts.period_start!.confidence).toBeLessThan(reading.facts.policy_number!.confidence);
  });
});

describe('personal property away from home', () => {
  it('is covered with a printed limit', () => {
    expect(values('Personal Property Off-Premises    $2,000')).toMatchObject({ off_premises: true, off_premises_limit: 2000 });
    expect(values('Belongings away from home    $3,000')).toMatchObject({ off_premises: true, off_premises_limit: 3000 });
  });

  it('is covered with a limit worked out from a share of Coverage C, less sure', () => {
    const r = read(['Coverage C - Personal Property      $40,000', 'Personal property away from the residence premises: limited to 10% of Coverage C.'].join('\n'));
    expect(r.facts.off_premises?.value).toBe(true);
    expect(r.facts.off_premises_limit?.value).toBe(4000);
    expect(r.facts.off_premises_limit!.confidence).toBeLessThan(r.facts.off_premises!.confidence);
    expect(r.notes.join(' ')).toMatch(/share of Coverage C/);
  });

  it('is covered without a limit when the page says so but prints none', () => {
    expect(values('Personal property is covered anywhere in the world')).toMatchObject({ off_premises: true, off_premises_limit: null });
  });

  it('is not covered when storage is excluded, even beside an off-premises limit', () => {
    const r = read(['Personal Property Off-Premises      $2,000', 'Property in self-storage facilities      Not covered'].join('\n'));
    expect(r.facts.off_premises?.value).toBe(false);
    expect(r.facts.off_premises_limit).toBeNull();
    expect(r.notes.join(' ')).toMatch(/excludes property in storage/);
    expect(values('Off-Premises Coverage    Excluded')).toMatchObject({ off_premises: false, off_premises_limit: null });
    expect(values('Personal Property Off-Premises    $0')).toMatchObject({ off_premises: false });
  });

  it('is unknown when the page says nothing about it, and a storage rent line says nothing', () => {
    expect(values('Coverage C - Personal Property      $30,000')).toMatchObject({ off_premises: null, off_premises_limit: null });
    expect(values('Storage unit rent      $95.00')).toMatchObject({ off_premises: null, off_premises_limit: null });
  });
});

describe('insurers', () => {
  it('names a known insurer by its usual name, and an unknown one as its heading prints it, less sure', () => {
    expect(read('Liberty Mutual Insurance\nRenters Policy').facts.insurer?.value).toBe('Liberty Mutual');
    const unknown = read('PINECREST MUTUAL INSURANCE COMPANY\nTenant Homeowners Policy (HO-4) Declarations\nPolicy No.: PMI-HO4-0058231').facts.insurer!;
    expect(unknown.value).toBe('PINECREST MUTUAL INSURANCE COMPANY');
    expect(unknown.confidence).toBeLessThan(read('Lemonade\nRenters').facts.insurer!.confidence);
    expect(read('Insurer: Hawkeye Farm Mutual Insurance Company\nPolicy Number: 12-3456').facts.insurer?.value).toBe('Hawkeye Farm Mutual Insurance Company');
  });
});

describe('never invents', () => {
  it('leaves every field empty without its label, and says the page is no declarations page', () => {
    const r = read([
      'Lakeside Self Storage',
      'Facility Address: 4500 Commerce Parkway, Austin, TX 78744',
      'RENT RECEIPT',
      'Tenant:          Maria L. Gonzalez',
      'Account:         A-220417',
      'Payment date:    03/02/2026',
      'Paid through:    04/30/2026',
      'Storage unit rent                 $95.00',
    ].join('\n'));
    expect(Object.values(r.facts).every((f) => f === null)).toBe(true);
    expect(r.notes).toEqual(['not a declarations page']);
  });

  it('does not take a label\'s neighbour for its value when the value is of the wrong kind', () => {
    expect(values('Policy Number: see page 2\nNamed Insured: 2417 Oak Hollow Drive')).toMatchObject({ policy_number: null, named_insured: null });
  });

  it('says so when there is no text at all', () => {
    expect(read('   \n  ').notes).toEqual(['no text found']);
  });

  it('keeps a period that ends before it starts, with a note and half the confidence', () => {
    const r = read('Policy Period: 03/15/2027 to 03/15/2026');
    expect(r.facts.period_start?.value).toBe('2027-03-15');
    expect(r.facts.period_start!.confidence).toBeLessThan(0.5);
    expect(r.notes.join(' ')).toMatch(/ends .* before it starts/);
  });
});
