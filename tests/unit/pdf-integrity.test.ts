/**
 * Whether a proof's PDF was changed after it was made (issue 27): incremental updates, dates, an editor's
 * name, each with its reason in plain words; and what is not an edit (a signature, a linearized file,
 * a PDF library's or print driver's name).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { judgePdfIntegrity, parsePdfDate } from '../../functions/proofs/reader/document-integrity';
import { readPdfText } from '../../functions/proofs/reader/pdf-text';
import { appendRevision, editFirstPage } from '../fixtures/declarations/edited-pdf';

const MADE = new Date('2026-02-10T15:04:05Z');

async function insurerPdf(opts: { creator?: string; producer?: string; modified?: Date } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  page.drawText('Policy Period: 03/15/2026 to 03/15/2027', { x: 54, y: 700, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
  doc.setCreator(opts.creator ?? 'Guidewire PolicyCenter 10.2');
  doc.setProducer(opts.producer ?? 'iText 7.2.5');
  doc.setCreationDate(MADE);
  doc.setModificationDate(opts.modified ?? MADE);
  return doc.save({ useObjectStreams: false });
}

async function judge(bytes: Uint8Array) {
  return judgePdfIntegrity(bytes, (await readPdfText(bytes, 1)).info);
}

describe('PDF dates', () => {
  it('reads PDF and XMP dates with their time zones', () => {
    expect(parsePdfDate("D:20260315093000-05'00'")?.toISOString()).toBe('2026-03-15T14:30:00.000Z');
    expect(parsePdfDate('D:20260315093000Z')?.toISOString()).toBe('2026-03-15T09:30:00.000Z');
    expect(parsePdfDate('D:2026')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parsePdfDate('2026-03-15T09:30:00+01:00')?.toISOString()).toBe('2026-03-15T08:30:00.000Z');
    expect(parsePdfDate('yesterday')).toBeNull();
    expect(parsePdfDate(null)).toBeNull();
  });
});

describe('a PDF as its maker wrote it', () => {
  it('is not edited', async () => {
    expect(await judge(await insurerPdf())).toEqual({ edited: false, reasons: [] });
  });

  it('is not edited when its modification date is within minutes of its creation', async () => {
    expect((await judge(await insurerPdf({ modified: new Date(MADE.getTime() + 4 * 60_000) }))).edited).toBe(false);
  });

  it('is not edited when a print driver or PDF library produced it', async () => {
    expect((await judge(await insurerPdf({ creator: 'Microsoft Word', producer: 'Acrobat Distiller 23.0 (Windows)' }))).edited).toBe(false);
    expect((await judge(await insurerPdf({ creator: 'Adobe Acrobat Pro 24', producer: 'Adobe Acrobat Pro 24' }))).edited).toBe(false);
  });
});

describe('a PDF changed afterwards', () => {
  it('is edited when a later revision is appended, and the reader reads the changed page', async () => {
    const edited = await editFirstPage(await insurerPdf(), {
      from: 'Policy Period: 03/15/2026 to 03/15/2027', to: 'Policy Period: 03/15/2026 to 09/15/2027', producer: 'Sejda PDF Desktop 7.6.4', saved: new Date('2026-04-02T18:30:00Z'),
    });
    const text = await readPdfText(edited, 1);
    expect(text.pages[0]!.words.map((w) => w.text).join(' ')).toContain('09/15/2027');
    const judged = judgePdfIntegrity(edited, text.info);
    expect(judged.edited).toBe(true);
    expect(judged.reasons).toHaveLength(3);
    expect(judged.reasons[0]).toMatch(/saved again after it was made: a later revision is added/);
    expect(judged.reasons[1]).toBe('It was modified on 2026-04-02, after it was created on 2026-02-10.');
    expect(judged.reasons[2]).toMatch(/last saved by Sejda .*made by "Guidewire PolicyCenter 10.2"/);
  });

  it('is edited when only its dates say it was saved again', async () => {
    const judged = await judge(await insurerPdf({ modified: new Date('2026-02-10T16:30:00Z') }));
    expect(judged).toEqual({ edited: true, reasons: ['It was modified on 2026-02-10 16:30 UTC, after it was created on 2026-02-10 15:04 UTC.'] });
  });

  it('is edited when an editor produced it and another program created it', async () => {
    const judged = await judge(await insurerPdf({ producer: 'Adobe Acrobat Pro (64-bit) 24.1.20643' }));
    expect(judged.edited).toBe(true);
    expect(judged.reasons).toEqual(['It was last saved by Adobe Acrobat (a PDF editor: "Adobe Acrobat Pro (64-bit) 24.1.20643"), though it was made by "Guidewire PolicyCenter 10.2".']);
  });

  it('counts each later revision', async () => {
    const once = appendRevision(await insurerPdf(), [{ number: 90, body: '<< /Note (one) >>' }]);
    const twice = appendRevision(once, [{ number: 91, body: '<< /Note (two) >>' }]);
    expect((await judge(twice)).reasons[0]).toMatch(/2 later revisions are added/);
  });
});

describe('what is not an edit', () => {
  it('a digital signature appended as a revision', async () => {
    const signed = appendRevision(await insurerPdf(), [
      { number: 90, body: '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 1200 5000 300] /Contents <3082> >>' },
    ]);
    expect(await judge(signed)).toEqual({ edited: false, reasons: [] });
  });

  it("a linearized file's first-page section", () => {
    // A linearized file: its first-page section ends in a %%EOF before the main one.
    const text = '%PDF-1.7\n1 0 obj\n<< /Linearized 1 /L 5000 >>\nendobj\nxref\n0 1\n0000000000 65535 f\r\ntrailer\n<< /Size 2 >>\nstartxref\n0\n%%EOF\n'
      + '2 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 3\n0000000000 65535 f\r\ntrailer\n<< /Size 3 /Root 2 0 R >>\nstartxref\n60\n%%EOF\n';
    const info = { creator: null, producer: null, creationDate: null, modDate: null, xmp: null };
    expect(judgePdfIntegrity(new TextEncoder().encode(text), info)).toEqual({ edited: false, reasons: [] });
    const updated = `${text}3 0 obj\n<< /Note (changed) >>\nendobj\nxref\n3 1\n0000000200 00000 n\r\ntrailer\n<< /Size 4 /Prev 60 >>\nstartxref\n300\n%%EOF\n`;
    expect(judgePdfIntegrity(new TextEncoder().encode(updated), info).edited).toBe(true);
  });

  it('reads XMP dates and tools when the information dictionary has none', () => {
    const xmp = '<x:xmpmeta><rdf:Description xmp:CreateDate="2026-02-10T10:00:00Z" xmp:ModifyDate="2026-03-01T10:00:00Z" xmp:CreatorTool="Duck Creek Policy"><pdf:Producer>PDFescape Online</pdf:Producer></rdf:Description></x:xmpmeta>';
    const judged = judgePdfIntegrity(new TextEncoder().encode('%PDF-1.7\n%%EOF\n'), { creator: null, producer: null, creationDate: null, modDate: null, xmp });
    expect(judged.reasons).toEqual([
      'It was modified on 2026-03-01, after it was created on 2026-02-10.',
      'It was last saved by PDFescape (a PDF editor: "PDFescape Online"), though it was made by "Duck Creek Policy".',
    ]);
  });
});
