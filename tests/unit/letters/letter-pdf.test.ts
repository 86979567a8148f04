import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ENVELOPE_WINDOWS, PAGE_SIZE, renderLetterBatch, renderWelcomeCertificate } from '../../../functions/letters/letter-pdf';
import type { LetterPage } from '../../../functions/letters/letter-pdf';
import { MARGIN_BOX, expectCleanPages, expectInside, glyphBox, isInside } from './layout-checks';
import { defaultPlanOf } from '../../../functions/letters/letter-content';
import { BUSINESS, FACILITY, LEASE_FACILITY, PROGRAM, RECIPIENT, letter, letterBatch, manyCoverages } from './letter-fixtures';
import { documentText, drawnQr, drawnQrBox, pageText, readPdf } from './pdf-reader';
import { formatAccessCode } from '../../../shared/access-code';
import { qrModules } from '../../../functions/letters/letter-qr';
import type { PlacedText, ReadPdf } from './pdf-reader';

const render = async (...letters: LetterPage[]): Promise<ReadPdf> => readPdf(await renderLetterBatch(letters, PROGRAM));

/** The address area of the first page: left of the account column, above the body. */
const addressArea = (items: readonly PlacedText[]) => items.filter((i) => i.x < 4.75 * 72 && i.y > PAGE_SIZE.height - 3.3 * 72);
const textIn = (items: readonly PlacedText[], box: typeof ENVELOPE_WINDOWS.recipient) => pageText(items.filter((i) => isInside(i, box)));

describe('renderLetterBatch', () => {
  it('gives one page for a normal letter and one page per letter for a batch, in order', async () => {
    expect((await render(letter('initial'))).pageCount).toBe(1);
    const batch = letterBatch(6);
    const pdf = await render(...batch);
    expect(pdf.pageCount).toBe(6);
    pdf.pages.forEach((items, i) => expect(pageText(items)).toContain(formatAccessCode(batch[i]!.recipient.access_code)));
    expectCleanPages(pdf);
  });

  it('prints every fact of an audit letter', async () => {
    const text = documentText(await render(letter('initial')));
    for (const fact of [
      'Jane Doe', '742 Evergreen Terrace Apt 3', 'Tempe, AZ 85281', // recipient
      'Storage Protection Program Office', 'PO Box 4120', 'Scottsdale, AZ 85261', // return address
      'November 23, 2026', 'Dear Jane Doe,', 'Proof of insurance required',
      'B-117', 'K7PX-3M9Q', // unit and access code, grouped for reading
      'Sunrise Self Storage - Mesa', '1450 W Southern Ave', 'Mesa, AZ 85202', 'Maria Lopez, (480) 555-0199', 'manager@sunrisestorage.example',
      'December 23, 2026', 'January 1, 2027', 'December 14, 2026', // deadline, effective date, reminder date
      '$2,000', '$12.00 per month', '$3,000', '$16.00 per month', '$5,000', '$24.00 per month',
      'https://www.storageprotection.example/brochure/sunrise-mesa.pdf', 'https://www.storageprotection.example/certificate/sample',
      '(800) 555-0142', 'tenants@storageprotection.example', 'https://www.storageprotection.example/respond',
    ]) expect(text).toContain(fact);
    // The signature, then the program's one name, under each other (the QR panel stands beside them).
    const items = (await render(letter('initial'))).pages[0]!;
    const lowest = (t: string) => items.filter((i) => i.text === t).sort((a, b) => a.y - b.y)[0]!;
    const [closing, signer, name] = ['Sincerely,', 'Dana Whitfield, Program Manager', 'Storage Protection Program Office'].map(lowest);
    expect([signer!.x, name!.x]).toEqual([closing!.x, closing!.x]);
    expect(closing!.y > signer!.y && signer!.y > name!.y).toBe(true);
    expect(text).not.toContain('Page 1 of');
    expect(text).not.toContain('United States');
  });

  it('sends the tenant to the response portal: its address with the code, the Spanish page, and a QR code of both', async () => {
    for (const type of ['initial', 'reminder', 'welcome'] as const) {
      const bytes = await renderLetterBatch([letter(type)], PROGRAM);
      const text = documentText(await readPdf(bytes));
      // (Text read back puts a space between runs of another face: 'K7PX-3M9Q , or'.)
      expect(text).toContain(type === 'welcome'
        ? 'visit https://www.storageprotection.example/respond and enter your access code K7PX-3M9Q .'
        : 'Respond online at https://www.storageprotection.example/respond with your access code K7PX-3M9Q , or call us at (800) 555-0142 .');
      expect(text).toContain('En espa\u00f1ol: https://www.storageprotection.example/respond?lang=es');
      expect(text).toContain('Scan to open the page with your code filled in.');
      // The code drawn is the address with the code in its fragment, module for module.
      const modules = qrModules('https://www.storageprotection.example/respond#code=K7PX-3M9Q');
      expect(await drawnQr(bytes, 0)).toEqual(modules);
      // At least 0.5 mm a module, inside the margins, and no text within its quiet zone (4 modules all round).
      const box = (await drawnQrBox(bytes, 0))!;
      const module = box.width / modules.length;
      expect(module * (25.4 / 72)).toBeGreaterThanOrEqual(0.5);
      const quiet = { x: box.x - 4 * module, y: box.y - 4 * module, width: box.width + 8 * module, height: box.height + 8 * module };
      const m = MARGIN_BOX;
      expect(box.x >= m.x && box.y >= m.y && box.x + box.width <= m.x + m.width + 0.01 && box.y + box.height <= m.y + m.height).toBe(true);
      const near = (await readPdf(bytes)).pages[0]!.filter((i) => {
        const g = glyphBox(i);
        return g.x < quiet.x + quiet.width && quiet.x < g.x + g.width && g.y < quiet.y + quiet.height && quiet.y < g.y + g.height;
      });
      expect(near.map((i) => i.text)).toEqual([]);
    }
  });

  it('prints no code and no QR code for a tenant without a program code: it says to call', async () => {
    const bytes = await renderLetterBatch([letter('initial', { recipient: { ...RECIPIENT, access_code: '' } })], PROGRAM);
    const text = documentText(await readPdf(bytes));
    expect(text).toContain('To respond, call us at (800) 555-0142 .');
    expect(text).not.toContain('Access code');
    expect(text).not.toContain('access code');
    expect(await drawnQr(bytes, 0)).toBeNull();
    expectCleanPages(await readPdf(bytes));
  });

  it('says when to answer when no deadline is set, and what happens without an answer', async () => {
    const text = documentText(await render(letter('initial', { dates: { ...letter('initial').dates, update_responses_deadline_date: null } })));
    expect(text).toContain('within 30 days');
    expect(text).toContain('of the date of this letter');
    expect(text).toContain('If we do not receive a response, $2,000 of coverage through the facility\u2019s tenant insurance plan will be added to your account, '
      + 'and its premium of $12.00 per month to your rent, beginning January 1, 2027 .');
  });

  it('names the default plan (the smallest coverage offered), its premium and the date it is added, in audit and reminder letters', async () => {
    const coverages = [{ coverage: 5000, premium: 24 }, { coverage: 3000, premium: 18 }, { coverage: 3000, premium: 16 }];
    for (const type of ['initial', 'reminder'] as const) {
      const page = letter(type, { coverages, default_plan: defaultPlanOf(coverages) });
      const text = documentText(await render(page));
      expect(text).toContain('$3,000 of coverage through the facility\u2019s tenant insurance plan will be added to your account, and its premium of $16.00 per month');
      expect(text).toContain('beginning January 1, 2027');
    }
    expect(defaultPlanOf([])).toBeNull();
  });

  it('writes a reminder as a second notice with the date of the first', async () => {
    const text = documentText(await render(letter('reminder', { dates: { ...letter('reminder').dates, audit_letter_date: '2026-10-05', letter_date: '2026-11-02' } })));
    expect(text).toContain('Second notice');
    expect(text).toContain('October 5, 2026');
    expect(text).toContain('November 2, 2026');
    expect(text).toContain('December 23, 2026');
    expect(text).toContain('K7PX-3M9Q');
  });

  it('welcomes an enrolled tenant with its own plan and its own effective date, not the facility\u2019s other options or the cycle\u2019s date', async () => {
    const text = documentText(await render(letter('welcome', { enrollment: { plan: { coverage: 3000, premium: 16 }, insurance_effective_date: '2026-12-05' } })));
    expect(text).toContain('Welcome to the tenant insurance program at Sunrise Self Storage - Mesa');
    expect(text).toContain('Your plan covers up to $3,000 for a premium of $16.00 per month');
    expect(text).toContain('Your coverage is effective December 5, 2026');
    expect(text).not.toContain('January 1, 2027'); // the cycle's letter effective date
    expect(text).not.toContain('$5,000'); // another option of the facility
    expect(text).not.toContain('$2,000');
    expect(text).toContain('https://www.storageprotection.example/certificate/sample');
    expect(text).not.toContain('Respond by');
  });

  it('does not invent an effective date for a welcome tenant that has none', async () => {
    const text = documentText(await render(letter('welcome', { enrollment: { plan: { coverage: 3000, premium: 16 }, insurance_effective_date: null } })));
    expect(text).toContain('Your coverage starts on the day the facility adds it to your account.');
    expect(text).not.toContain('January 1, 2027');
    expect(text).not.toContain('Coverage effective');
  });

  it('asks the tenant to accept the updated clause when the facility needs updated lease language', async () => {
    const text = documentText(await render(letter('initial', { facility: LEASE_FACILITY })));
    expect(text).toContain('has updated the insurance clause of its rental agreement (Section 14). Your response to this letter confirms that you accept the updated clause, which reads:');
    expect(text).toContain('full value');
    expect(text).not.toContain('Section 14 of your lease:');
    const noText = documentText(await render(letter('reminder', { facility: { ...LEASE_FACILITY, lease_section_text: '' } })));
    expect(noText).toContain('confirms that you accept the updated clause; the facility can give you a copy of it.');
  });

  it('cites the lease as the current terms when it is already up to date, and nothing when no clause is known', async () => {
    const current = documentText(await render(letter('initial')));
    expect(current).toContain('Section 14 of your lease: \u201cTenant shall');
    expect(current).not.toContain('updated');
    const sectionOnly = documentText(await render(letter('reminder', { facility: { ...FACILITY, lease_section_text: '' } })));
    expect(sectionOnly).toContain('This requirement is in Section 14 of your lease.');
    const nothing = documentText(await render(letter('initial', { facility: { ...FACILITY, lease_section_text: '', lease_section_number: '' } })));
    expect(nothing).not.toContain('lease:');
    expect(nothing).not.toContain('Section');
    // The welcome letter confirms the plan; it does not argue the lease.
    expect(documentText(await render(letter('welcome', { facility: LEASE_FACILITY })))).not.toContain('full value');
  });

  it('leaves out links that are not set and names a facility without an account name by its number', async () => {
    const text = documentText(await render(letter('initial', { facility: { ...FACILITY, account_name: ' ', brochure_url: '', certificate_url: '' } })));
    expect(text).not.toContain('Program brochure');
    expect(text).not.toContain('certificate of insurance:');
    expect(text).toContain('Facility 1001');
  });

  it('greets a business by its name alone and prints a foreign country', async () => {
    const text = documentText(await render(letter('initial', { recipient: { ...RECIPIENT, first_name: 'Acme Moving LLC', last_name: null, country: 'Canada' } })));
    expect(text).toContain('Dear Acme Moving LLC,');
    expect(text).toContain('Canada');
  });

  it('puts the return address and the tenant address inside the envelope windows, and nothing else there', async () => {
    const items = (await render(letter('initial'))).pages[0]!;
    const area = addressArea(items);
    expectInside(area.filter((i) => i.y > ENVELOPE_WINDOWS.recipient.y + ENVELOPE_WINDOWS.recipient.height), ENVELOPE_WINDOWS.return, 'return block');
    expectInside(area.filter((i) => i.y <= ENVELOPE_WINDOWS.recipient.y + ENVELOPE_WINDOWS.recipient.height), ENVELOPE_WINDOWS.recipient, 'recipient block');
    expect(textIn(items, ENVELOPE_WINDOWS.return)).toBe('Storage Protection Program Office PO Box 4120 Scottsdale, AZ 85261');
    expect(textIn(items, ENVELOPE_WINDOWS.recipient)).toBe('Jane Doe 742 Evergreen Terrace Apt 3 Tempe, AZ 85281');
  });

  it('shrinks or wraps a 70-character business name and a long address to stay inside the window', async () => {
    expect(BUSINESS.first_name.length).toBeGreaterThanOrEqual(70);
    const items = (await render(letter('initial', { recipient: { ...BUSINESS, country: 'United Kingdom of Great Britain and Northern Ireland' } }))).pages[0]!;
    const area = addressArea(items).filter((i) => i.y <= ENVELOPE_WINDOWS.recipient.y + ENVELOPE_WINDOWS.recipient.height);
    expectInside(area, ENVELOPE_WINDOWS.recipient, 'recipient block');
    const shown = textIn(items, ENVELOPE_WINDOWS.recipient);
    for (const word of `${BUSINESS.first_name} ${BUSINESS.address} Scottsdale, AZ 85281 United Kingdom`.split(' ')) expect(shown).toContain(word);
  });

  it('keeps an over-long return address inside its window', async () => {
    const program = { ...PROGRAM, name: 'The Very Long Named National Self Storage Tenant Protection Program Office of North America', return_address: ['Suite 1200, 18250 North Pima Road West, Building 7', 'Scottsdale, AZ 85261-4120', 'Attn: Tenant Correspondence', 'United States of America'] };
    const items = (await readPdf(await renderLetterBatch([letter('initial')], program))).pages[0]!;
    expectInside(addressArea(items).filter((i) => i.y > ENVELOPE_WINDOWS.recipient.y + ENVELOPE_WINDOWS.recipient.height), ENVELOPE_WINDOWS.return, 'return block');
    expect(textIn(items, ENVELOPE_WINDOWS.return)).toContain('Attn:');
  });

  it('fits 6 coverage options and the updated lease clause on one page', async () => {
    const pdf = await render(letter('initial', { facility: LEASE_FACILITY, coverages: manyCoverages(6) }));
    expect(pdf.pageCount).toBe(1);
    expectCleanPages(pdf);
    expect(documentText(pdf)).toContain('$6,000');
  });

  it('carries 30 coverage options over numbered pages without overflowing them', async () => {
    const coverages = manyCoverages(30);
    const pdf = await render(letter('reminder', { facility: LEASE_FACILITY, coverages }), letter('initial'));
    expect(pdf.pageCount).toBeLessThanOrEqual(3);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
    expectCleanPages(pdf);
    const letterPages = pdf.pages.slice(0, pdf.pageCount - 1);
    const text = letterPages.map(pageText).join(' ');
    for (const option of coverages) expect(text).toContain(`$${option.coverage.toLocaleString('en-US')}`);
    expect(text).toContain('$138.50 per month');
    if (letterPages.length > 1) {
      letterPages.forEach((items, i) => expect(pageText(items)).toContain(`Page ${i + 1} of ${letterPages.length}`));
      expect(pageText(letterPages[1]!)).toContain('Jane Doe');
    }
    // The next letter starts on its own page and has no page numbers.
    expect(pageText(pdf.pages[pdf.pageCount - 1]!)).toContain('Proof of insurance required');
    expect(pageText(pdf.pages[pdf.pageCount - 1]!)).not.toContain('Page ');
  });


  it('draws characters outside WinAnsi as look-alikes or question marks instead of failing', async () => {
    const recipient = { ...RECIPIENT, first_name: 'Zoë 😀 Łukasz', last_name: 'Dvořák 北京\u200d', address: '12 Rue de l\u2019Église\tApt\n4' };
    const pdf = await render(letter('initial', { recipient, facility: { ...FACILITY, account_name: 'Storage ✓ Plus' } }));
    const text = documentText(pdf);
    expect(text).toContain('Zoë ? Lukasz Dvorák ??'); // ř has no WinAnsi glyph, á has
    expect(text).toContain('12 Rue de l\u2019Église Apt 4');
    expect(text).toContain('Storage ? Plus');
    expectCleanPages(pdf);
  });

  it('wraps a word longer than a line', async () => {
    const url = `https://www.storageprotection.example/${'very-long-path-segment/'.repeat(8)}brochure.pdf`;
    const pdf = await render(letter('initial', { facility: { ...FACILITY, brochure_url: url, lease_section_text: 'x'.repeat(400), uses_updated_lease_language: true } }));
    expectCleanPages(pdf);
    expect(documentText(pdf).replace(/ /g, '')).toContain(url);
  });

  it('keeps every kind of letter inside the margins without overlapping text', async () => {
    expectCleanPages(await render(...letterBatch(9), letter('initial', { recipient: BUSINESS, facility: LEASE_FACILITY })));
  });

  it('embeds each font once per document and stays small', async () => {
    const bytes = await renderLetterBatch(letterBatch(30), PROGRAM);
    expect(bytes.byteLength / 30).toBeLessThan(25_000);
    const doc = await PDFDocument.load(bytes);
    const fonts = doc.context.enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'));
    expect(fonts.map((f) => f.get(PDFName.of('BaseFont'))?.toString()).sort()).toEqual(['/Helvetica', '/Helvetica-Bold']);
  });

  it('refuses an empty batch', async () => {
    await expect(renderLetterBatch([], PROGRAM)).rejects.toThrow(/at least one letter/);
  });
});

describe('renderWelcomeCertificate', () => {
  it('is one page naming the tenant, the unit, the tenant\u2019s own plan and own effective date, and the links', async () => {
    const pdf = await readPdf(await renderWelcomeCertificate(letter('welcome', { enrollment: { plan: { coverage: 3000, premium: 16 }, insurance_effective_date: '2026-12-05' } }), PROGRAM));
    expect(pdf.pageCount).toBe(1);
    expectCleanPages(pdf);
    const text = documentText(pdf);
    for (const fact of ['Certificate of Insurance', 'Jane Doe', '742 Evergreen Terrace Apt 3', 'Sunrise Self Storage - Mesa', 'Unit B-117',
      '$3,000', '$16.00 per month', 'December 5, 2026', 'https://www.storageprotection.example/respond with your access code K7PX-3M9Q',
      'https://www.storageprotection.example/certificate/sample']) {
      expect(text).toContain(fact);
    }
    for (const other of ['January 1, 2027', '$2,000', '$5,000']) expect(text).not.toContain(other);
  });
});
