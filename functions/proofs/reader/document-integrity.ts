/**
 * Was the PDF changed after the program that made it wrote it? Three signs, each a reason in plain words
 * for the staff member who reviews the proof (the reader does not judge the tenant, it says what the
 * file shows):
 *
 *  - incremental updates: a PDF saved again by an editor usually keeps its first version and appends the
 *    changes after it, each update ending in its own %%EOF. A linearized ("fast web view") file has two
 *    sections from the start, and a digital signature is appended the same way: neither counts as an edit.
 *  - dates: the document's ModDate (or XMP ModifyDate) later than its CreationDate by more than ten
 *    minutes. A declarations page is made and finished by the insurer's system in one go; a later date
 *    says someone saved it again, days later typically.
 *  - an editor's name: the Producer (the program that last wrote the file) names a PDF editor while the
 *    Creator names another program, so a page made by one program was saved by an editor.
 */
import type { PdfInfo } from './pdf-text';

export interface PdfIntegrity { edited: boolean; reasons: string[] }

/** Programs whose purpose is editing existing PDFs. Print drivers and PDF libraries are not on it (they make PDFs). */
const PDF_EDITORS: readonly { name: string; re: RegExp }[] = [
  { name: 'Adobe Acrobat', re: /\bAcrobat\b(?!\s*(?:Distiller|PDFMaker|Web Capture))/i },
  { name: 'Foxit PDF Editor', re: /\bFoxit\s+(?:PhantomPDF|PDF\s+Editor)/i },
  { name: 'Nitro PDF', re: /\bNitro\s*(?:PDF|Pro)/i },
  { name: 'PDF-XChange Editor', re: /PDF-XChange\s+Editor/i },
  { name: 'PDFelement', re: /PDFelement|Wondershare/i },
  { name: 'Sejda', re: /\bSejda\b/i },
  { name: 'Smallpdf', re: /\bSmallpdf\b/i },
  { name: 'iLovePDF', re: /\biLovePDF\b/i },
  { name: 'PDFescape', re: /\bPDFescape\b/i },
  { name: 'DocHub', re: /\bDocHub\b/i },
  { name: 'pdfFiller', re: /\bpdfFiller\b/i },
  { name: 'Soda PDF', re: /\bSoda\s*PDF\b/i },
  { name: 'Xodo', re: /\bXodo\b/i },
  { name: 'PDF Candy', re: /\bPDF\s*Candy\b/i },
  { name: 'PDF Expert', re: /\bPDF\s*Expert\b/i },
  { name: 'PDFpen', re: /\bPDFpen\b/i },
  { name: 'Inkscape', re: /\bInkscape\b/i },
  { name: 'Canva', re: /\bCanva\b/i },
];

/** A later date than this past the creation date is a later save. */
const SAVED_AGAIN_AFTER_MS = 10 * 60_000;

/** A PDF date (D:20260315093000-05'00') or an XMP one (2026-03-15T09:30:00-05:00) as a Date; null when it is neither. */
export function parsePdfDate(text: string | null): Date | null {
  if (!text) return null;
  const pdf = text.match(/^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/);
  const xmp = text.match(/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(?:([Zz+-])(\d{2})?:?(\d{2})?)?/);
  const m = xmp ?? pdf;
  if (!m) return null;
  const [y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m.slice(1).map((v) => v ?? undefined);
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(utc)) return null;
  const offset = (Number(oh) * 60 + Number(om)) * 60_000;
  return new Date(sign === '+' ? utc - offset : sign === '-' ? utc + offset : utc);
}

const xmpValue = (xmp: string | null, name: string): string | null => {
  if (!xmp) return null;
  const element = xmp.match(new RegExp(`<${name}>([^<]*)</${name}>`));
  const attribute = xmp.match(new RegExp(`${name}="([^"]*)"`));
  return (element?.[1] ?? attribute?.[1] ?? '').trim() || null;
};

const day = (d: Date) => d.toISOString().slice(0, 10);
const moment = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** The sections of the file after its first version, each ending in %%EOF (a linearized file's first section skipped). */
function laterRevisions(text: string): { edits: number; signatures: number } {
  const ends: number[] = [];
  for (let at = text.indexOf('%%EOF'); at >= 0; at = text.indexOf('%%EOF', at + 5)) ends.push(at + 5);
  const linearized = /\/Linearized\b/.test(text.slice(0, 2048));
  const firstVersionEnds = linearized ? 1 : 0;
  let edits = 0;
  let signatures = 0;
  for (let i = firstVersionEnds + 1; i < ends.length; i += 1) {
    const section = text.slice(ends[i - 1], ends[i]);
    if (!/\bobj\b|\bxref\b|\/Type\s*\/XRef/.test(section)) continue;
    if (/\/ByteRange\s*\[/.test(section) && /\/Type\s*\/Sig\b|\/Sig\b/.test(section)) signatures += 1;
    else edits += 1;
  }
  return { edits, signatures };
}

export function judgePdfIntegrity(bytes: Uint8Array, info: PdfInfo): PdfIntegrity {
  const reasons: string[] = [];
  const revisions = laterRevisions(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  if (revisions.edits > 0) {
    reasons.push(`The file was saved again after it was made: ${revisions.edits === 1 ? 'a later revision is' : `${revisions.edits} later revisions are`} added to the end of it (incremental update${revisions.edits === 1 ? '' : 's'}), which is how PDF editors save changes.`);
  }

  const created = parsePdfDate(info.creationDate) ?? parsePdfDate(xmpValue(info.xmp, 'xmp:CreateDate'));
  const modified = parsePdfDate(info.modDate) ?? parsePdfDate(xmpValue(info.xmp, 'xmp:ModifyDate'));
  if (created && modified && modified.getTime() - created.getTime() > SAVED_AGAIN_AFTER_MS) {
    reasons.push(`It was modified on ${day(modified) === day(created) ? moment(modified) : day(modified)}, after it was created on ${day(modified) === day(created) ? moment(created) : day(created)}.`);
  }

  const producer = info.producer ?? xmpValue(info.xmp, 'pdf:Producer');
  const creator = info.creator ?? xmpValue(info.xmp, 'xmp:CreatorTool');
  const editor = producer ? PDF_EDITORS.find((e) => e.re.test(producer)) : undefined;
  if (editor && !(creator && editor.re.test(creator))) {
    reasons.push(`It was last saved by ${editor.name} (a PDF editor: "${producer}")${creator ? `, though it was made by "${creator}"` : ''}.`);
  }
  return { edited: reasons.length > 0, reasons };
}
