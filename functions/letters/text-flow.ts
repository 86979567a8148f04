/**
 * Lines of text: words wrapped to a width (a word wider than the line, such as a long web address, is
 * broken after a '/', '-', '.', '?', '&' or '=' where it can be, between any two letters where it cannot),
 * bold and regular runs mixed within a paragraph, and blocks shrunk until they fit a box (the envelope
 * windows). Works on measured widths only; placing lines on a page is the caller's.
 */
import { ASCENT, DESCENT } from './letter-geometry';
import type { Box } from './letter-geometry';
import type { FontFace, LetterMetrics } from './letter-fonts';
import type { TextOp, Tone } from './draw-ops';

/** A stretch of text in one face. */
export interface Run {
  text: string;
  face: FontFace;
}

export const plain = (text: string): Run => ({ text, face: 'regular' });
export const bold = (text: string): Run => ({ text, face: 'bold' });

/** Part of a laid-out line in one face, `dx` from the line's start. */
export interface Segment {
  text: string;
  face: FontFace;
  dx: number;
}

export interface Line {
  segments: Segment[];
  width: number;
}

/** A word: what lies between spaces, possibly in both faces ('7F3K9Q.' with the code bold and the stop not). */
interface Word {
  pieces: Piece[];
  width: number;
  /** A space separates it from the word before. */
  spaced: boolean;
}

interface Piece extends Run {
  width: number;
}

const BREAK_AFTER = new Set(['/', '-', '.', '?', '&', '=', '_']);
const SPACE_OR_WORD = / +|[^ ]+/g;

function wordsOf(runs: readonly Run[], size: number, metrics: LetterMetrics): Word[] {
  const words: Word[] = [];
  let current: Word | null = null;
  let spaced = false;
  for (const run of runs) {
    const text = metrics.toWinAnsi(run.text);
    for (const [chunk] of text.matchAll(SPACE_OR_WORD)) {
      if (chunk.startsWith(' ')) {
        spaced = words.length > 0;
        current = null;
        continue;
      }
      const piece = { text: chunk, face: run.face, width: metrics.widthOf(chunk, run.face, size) };
      if (current && !spaced) {
        current.pieces.push(piece);
        current.width += piece.width;
      } else {
        current = { pieces: [piece], width: piece.width, spaced };
        words.push(current);
        spaced = false;
      }
    }
  }
  return words;
}

/** Characters of one face run together into pieces: 'a' + 'b' in regular is one piece 'ab'. */
function joinedPieces(chars: readonly Piece[]): Piece[] {
  const pieces: Piece[] = [];
  for (const c of chars) {
    const last = pieces[pieces.length - 1];
    if (last && last.face === c.face) {
      last.text += c.text;
      last.width += c.width;
    } else {
      pieces.push({ ...c });
    }
  }
  return pieces;
}

function wordOf(chars: readonly Piece[], spaced: boolean): Word {
  const pieces = joinedPieces(chars);
  return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0), spaced };
}

/** A word too wide for the line, cut into parts that each fit. */
function brokenWord(word: Word, maxWidth: number, size: number, metrics: LetterMetrics): Word[] {
  const chars: Piece[] = word.pieces.flatMap((p) => [...p.text].map((text) => ({ text, face: p.face, width: metrics.widthOf(text, p.face, size) })));
  const parts: Word[] = [];
  let start = 0;
  let width = 0;
  let lastBreak = -1;
  for (let i = 0; i < chars.length; i += 1) {
    if (width + chars[i]!.width > maxWidth && i > start) {
      const cut = lastBreak > start ? lastBreak : i;
      parts.push(wordOf(chars.slice(start, cut), parts.length === 0 && word.spaced));
      start = cut;
      width = chars.slice(start, i).reduce((sum, c) => sum + c.width, 0);
      lastBreak = -1;
    }
    width += chars[i]!.width;
    if (BREAK_AFTER.has(chars[i]!.text)) lastBreak = i + 1;
  }
  parts.push(wordOf(chars.slice(start), parts.length === 0 && word.spaced));
  return parts;
}

function lineOf(words: readonly Word[], spaceWidth: number): Line {
  const segments: Segment[] = [];
  let x = 0;
  words.forEach((word, i) => {
    const gap = i > 0 && word.spaced ? spaceWidth : 0;
    word.pieces.forEach((piece, p) => {
      const space = p === 0 && gap > 0;
      const last = segments[segments.length - 1];
      if (last && last.face === piece.face) last.text += (space ? ' ' : '') + piece.text;
      else segments.push({ text: piece.text, face: piece.face, dx: x + (space ? gap : 0) });
      x += (space ? gap : 0) + piece.width;
    });
  });
  return { segments, width: x };
}

/** `runs` wrapped into lines no wider than `maxWidth` at `size` points. An empty text gives no line. */
export function wrapRuns(runs: readonly Run[], maxWidth: number, size: number, metrics: LetterMetrics): Line[] {
  // Helvetica's space is 278 units in both faces, so a gap measures the same whichever face it falls in.
  const spaceWidth = metrics.widthOf(' ', 'regular', size);
  const lines: Line[] = [];
  let pending: Word[] = [];
  let width = 0;
  for (const word of wordsOf(runs, size, metrics)) {
    const parts = word.width > maxWidth ? brokenWord(word, maxWidth, size, metrics) : [word];
    for (const part of parts) {
      const gap = pending.length > 0 && part.spaced ? spaceWidth : 0;
      if (pending.length > 0 && (width + gap + part.width > maxWidth || part !== parts[0])) {
        lines.push(lineOf(pending, spaceWidth));
        pending = [];
        width = 0;
      }
      width += (pending.length > 0 && part.spaced ? spaceWidth : 0) + part.width;
      pending.push(part);
    }
  }
  if (pending.length > 0) lines.push(lineOf(pending, spaceWidth));
  return lines;
}

/** The text operations of one line whose baseline starts at (x, y). */
export function lineOps(line: Line, x: number, y: number, size: number, tone: Tone): TextOp[] {
  return line.segments.map((s) => ({ kind: 'text', text: s.text, face: s.face, size, x: x + s.dx, y, tone }));
}

/** `text` cut to fit `maxWidth`, ending in an ellipsis when cut. */
export function ellipsized(text: string, face: FontFace, size: number, maxWidth: number, metrics: LetterMetrics): string {
  const clean = metrics.toWinAnsi(text);
  if (metrics.widthOf(clean, face, size) <= maxWidth) return clean;
  const chars = [...clean];
  while (chars.length > 0 && metrics.widthOf(`${chars.join('')}\u2026`, face, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}\u2026`;
}

export interface FitOptions {
  maxSize: number;
  minSize: number;
  /** Baseline-to-baseline distance as a multiple of the size. */
  leading: number;
  tone: Tone;
}

/** The height a block of `lines` lines takes at `size`: from the first line's ascender to the last one's descender. */
export const blockHeight = (lines: number, size: number, leading: number): number =>
  lines === 0 ? 0 : (ASCENT + DESCENT) * size + (lines - 1) * size * leading;

/**
 * Logical lines (each wrapped as needed) drawn from the top of `box`, at the largest size from
 * `maxSize` down to `minSize` (half-point steps) at which every line fits the box. When even the
 * smallest size cannot hold them all, each logical line keeps one line (ellipsized) and the lines that
 * still do not fit are left off, so nothing ever crosses the box's edges.
 */
export function fitInBox(logical: readonly Run[][], box: Box, options: FitOptions, metrics: LetterMetrics): TextOp[] {
  const { maxSize, minSize, leading, tone } = options;
  for (let size = maxSize; size >= minSize; size -= 0.5) {
    const lines = logical.flatMap((runs) => wrapRuns(runs, box.width, size, metrics));
    if (blockHeight(lines.length, size, leading) <= box.height) return placeLines(lines, box, size, leading, tone);
  }
  const size = minSize;
  const fitting = Math.max(0, Math.floor((box.height - (ASCENT + DESCENT) * size) / (size * leading)) + 1);
  const lines = logical.slice(0, fitting).map((runs): Line => {
    const face = runs[0]?.face ?? 'regular';
    const text = ellipsized(runs.map((r) => r.text).join(''), face, size, box.width, metrics);
    return { segments: [{ text, face, dx: 0 }], width: metrics.widthOf(text, face, size) };
  });
  return placeLines(lines, box, size, leading, tone);
}

function placeLines(lines: readonly Line[], box: Box, size: number, leading: number, tone: Tone): TextOp[] {
  const top = box.y + box.height - ASCENT * size;
  return lines.flatMap((line, i) => lineOps(line, box.x, top - i * size * leading, size, tone));
}
