/**
 * Where things sit on a letter page, in PDF points (1/72 in) with the origin at the bottom-left corner
 * of a US Letter sheet, as pdf-lib draws.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const INCH = 72;

export const PAGE_SIZE = { width: 8.5 * INCH, height: 11 * INCH } as const;

/**
 * Text stays inside these margins: 0.75 in at the sides (the letter body's margin), 0.5 in at the top
 * and bottom, where only the return address and the footer sit (every office printer reaches that far).
 */
export const PAGE_MARGINS = { top: 0.5 * INCH, right: 0.75 * INCH, bottom: 0.5 * INCH, left: 0.75 * INCH } as const;

/** A box given as distances from the page's top-left corner, in inches, turned into PDF points. */
function fromTopLeft(left: number, top: number, width: number, height: number): Box {
  return { x: left * INCH, y: PAGE_SIZE.height - (top + height) * INCH, width: width * INCH, height: height * INCH };
}

/**
 * The address areas of a letter tri-folded into a standard #10 double-window envelope (4 1/8 x 9 1/2 in),
 * as distances from the letter's top-left corner. Text inside them shows through the windows however the
 * letter settles in the envelope.
 *
 * recipient: the standard #10 address window is 4 1/2 x 1 1/8 in, 7/8 in from the envelope's left edge and
 *   1/2 in from its bottom (envelope makers' die-line specification; the placement QuickBooks and Word mail
 *   merge templates assume). The folded letter's top panel is 3 2/3 in tall, so seated on the envelope's
 *   bottom fold its top edge is 4 1/8 - 3 2/3 = 0.458 in below the envelope's top and the window spans
 *   2.042-3.167 in down the letter; across, an 8 1/2 in letter in a 9 1/2 in envelope puts the window's left
 *   edge between 0.375 in (centred) and 0.875 in (pushed left). Keeping USPS's 1/8 in clear of the
 *   window's edges gives 0.875 in from the left, 2.125 in from the top, 3.75 x 0.875 in.
 * return: the double-window envelope's top window takes the return address; the area that stays visible
 *   through it is 0.5-4.0 in across and 0.5-1.29 in down the letter (a print-and-mail service's safe
 *   area for #10 double-window envelopes). The block starts at 0.875 in, in line with the recipient's
 *   address, and keeps 0.75 in of height: 3.125 x 0.75 in, 0.5 in from the top.
 */
export const ENVELOPE_WINDOWS = {
  return: fromTopLeft(0.875, 0.5, 3.125, 0.75),
  recipient: fromTopLeft(0.875, 2.125, 3.75, 0.875),
} as const satisfies Record<'return' | 'recipient', Box>;

/** Helvetica's ascender and descender (Adobe's AFM), in 1/1000 of the font size: the glyph box of a line. */
export const ASCENT = 0.718;
export const DESCENT = 0.207;
