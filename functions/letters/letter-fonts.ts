/**
 * Text measurement for the layout, without pdf-lib in the loop: each face's glyph widths are read once
 * from pdf-lib's standard-font metrics into a table indexed by code point, so the layout measures a
 * string with a few array reads per character. The widths are unkerned, as the PDF shows the text (a `Tj`
 * string applies no kerning); pdf-lib's own widthOfTextAtSize subtracts kerning pairs and would measure
 * 'AVA' narrower than it prints.
 *
 * The standard fonts draw WinAnsi only: pdf-lib throws on any other character, so every string the
 * layout places goes through `toWinAnsi` first.
 */
import type { PDFFont } from 'pdf-lib';
import { loadPdfLib } from './pdf-lib';

export type FontFace = 'regular' | 'bold';

/** pdf-lib's StandardFonts.Helvetica and .HelveticaBold (embedFont takes their names). */
export const FACE_FONTS: Record<FontFace, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
};

export interface LetterMetrics {
  /** The width of `text` (already WinAnsi) in `face` at `size` points. */
  widthOf(text: string, face: FontFace, size: number): number;
  /** `text` with every character the standard fonts cannot draw replaced or dropped. */
  toWinAnsi(text: string): string;
}

/** Glyph widths in 1/1000 em by code point; -1 where WinAnsi has no glyph (WinAnsi's highest is U+2122 ™). */
type WidthTable = Float64Array;

function widthTable(font: PDFFont): WidthTable {
  const codePoints = font.getCharacterSet();
  const table = new Float64Array(Math.max(...codePoints) + 1).fill(-1);
  for (const cp of codePoints) table[cp] = font.widthOfTextAtSize(String.fromCodePoint(cp), 1000);
  return table;
}

const REPLACEMENT = '?';
/** Marks left after NFKD (the accent of ř), zero-width joiners, variation selectors and emoji skin tones carry nothing on paper. */
const INVISIBLE = /^[\p{M}\p{Cf}\u{1F3FB}-\u{1F3FF}]+$/u;
const COMBINING = /\p{M}/gu;
/** Letters that NFKD leaves whole but that have a plain Latin look-alike. */
const LOOK_ALIKES: Record<string, string> = {
  '\u0141': 'L', '\u0142': 'l', '\u0110': 'D', '\u0111': 'd', '\u0126': 'H', '\u0127': 'h', '\u0131': 'i',
  '\u0166': 'T', '\u0167': 't', '\u0132': 'IJ', '\u0133': 'ij', '\u0149': "'n", '\u014A': 'N', '\u014B': 'n',
};

function widthsOf(tables: Record<FontFace, WidthTable>): LetterMetrics {
  const regular = tables.regular;
  const encodable = (cp: number) => cp < regular.length && regular[cp]! >= 0;

  const replace = (ch: string): string => {
    const cp = ch.codePointAt(0)!;
    // Tabs, line breaks and other controls: the layout does its own lines, a control is a space to it.
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) return ' ';
    if (encodable(cp)) return ch;
    if (INVISIBLE.test(ch)) return '';
    if (LOOK_ALIKES[ch]) return LOOK_ALIKES[ch];
    // Dvořák -> Dvorak: the base letter is nearer the name than a question mark.
    const base = ch.normalize('NFKD').replace(COMBINING, '');
    if (base !== '' && [...base].every((c) => encodable(c.codePointAt(0)!))) return base;
    return REPLACEMENT;
  };

  return {
    widthOf(text, face, size) {
      const table = tables[face];
      let units = 0;
      for (let i = 0; i < text.length; i += 1) {
        const w = table[text.charCodeAt(i)];
        units += w !== undefined && w >= 0 ? w : table[63]!;
      }
      return (units * size) / 1000;
    },
    toWinAnsi(text) {
      // Most names and addresses are printable ASCII: checked, not rebuilt.
      let plain = true;
      for (let i = 0; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c < 0x20 || c > 0x7e) {
          plain = false;
          break;
        }
      }
      if (plain) return text;
      let out = '';
      for (const ch of text) out += replace(ch);
      return out;
    },
  };
}

let loaded: Promise<LetterMetrics> | undefined;

/**
 * The metrics of Helvetica and Helvetica-Bold, read once per process: standard-font metrics never
 * change, so a throwaway document's fonts serve every later document.
 */
export function letterMetrics(): Promise<LetterMetrics> {
  loaded ??= (async () => {
    const doc = await (await loadPdfLib()).PDFDocument.create();
    const [regular, bold] = await Promise.all([doc.embedFont(FACE_FONTS.regular), doc.embedFont(FACE_FONTS.bold)]);
    return widthsOf({ regular: widthTable(regular), bold: widthTable(bold) });
  })();
  return loaded;
}
