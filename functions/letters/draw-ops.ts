/**
 * The boundary between laying a letter out and drawing it: the layout turns data into a list of these
 * per page (positions in PDF points, bottom-left origin), and the draw phase (letter-draw.ts) replays
 * them into pdf-lib without looking at any letter data. Colours are named tones so the palette lives in
 * one place.
 */
import type { FontFace } from './letter-fonts';

export type Tone = 'ink' | 'muted' | 'accent' | 'rule' | 'shade';

export interface TextOp {
  kind: 'text';
  /** Already WinAnsi (LetterMetrics.toWinAnsi). */
  text: string;
  face: FontFace;
  size: number;
  /** The start of the baseline. */
  x: number;
  y: number;
  tone: Tone;
}

export interface LineOp {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  thickness: number;
  tone: Tone;
}

export interface RectOp {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  fill: Tone;
}

/**
 * A QR code: `modules` row by row from the top (true: dark), each `module` points square, its bottom-left
 * corner at x, y. Drawn as filled rectangles on the white paper: the layout keeps the quiet zone (4
 * modules all round) clear of anything else.
 */
export interface QrOp {
  kind: 'qr';
  x: number;
  y: number;
  module: number;
  modules: readonly (readonly boolean[])[];
  tone: Tone;
}

export type DrawOp = TextOp | LineOp | RectOp | QrOp;

/** One printed page: what is drawn on it. */
export type PageOps = DrawOp[];
