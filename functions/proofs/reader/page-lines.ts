/**
 * A page's text as the facts extraction reads it: lines from top to bottom, each cut into cells where
 * the words stand far apart (a table's columns, a label and its value set apart). The PDF's own text
 * and OCR both give words with their boxes; both become lines the same way here, by where the words
 * stand, not by the order a PDF drew them or the blocks OCR found (OCR often takes a table's columns
 * for separate blocks, which would part each label from its value).
 */

/** A word or run of text and its box, in the page's units with y growing downwards. */
export interface PlacedWord {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** 0..1: OCR's confidence in the word; 1 for a PDF's own text. */
  confidence: number;
}

export interface TextCell {
  text: string;
  left: number;
  right: number;
  /** The lowest confidence of its words. */
  confidence: number;
}

export interface TextLine {
  cells: TextCell[];
  top: number;
  bottom: number;
}

export interface PageText {
  lines: TextLine[];
}

/** Two words on one line further apart than this many times the line's height start a new cell. */
const CELL_GAP = 1.5;

const heightOf = (w: { top: number; bottom: number }) => Math.max(1, w.bottom - w.top);

/** Words whose vertical middles fall inside each other's boxes are on one line. */
function groupIntoLines(words: readonly PlacedWord[]): PlacedWord[][] {
  const sorted = [...words].sort((a, b) => (a.top + a.bottom) / 2 - (b.top + b.bottom) / 2);
  const lines: { words: PlacedWord[]; top: number; bottom: number }[] = [];
  for (const word of sorted) {
    const middle = (word.top + word.bottom) / 2;
    const line = lines.at(-1);
    // The line's band is its first word's box, so a tall word (a heading beside body text) does not swallow the next line.
    if (line && middle >= line.top && middle <= line.bottom) line.words.push(word);
    else lines.push({ words: [word], top: word.top, bottom: word.bottom });
  }
  return lines.map((l) => l.words.sort((a, b) => a.left - b.left));
}

/**
 * Lines and cells from placed words. `joinGap` (times the line's height) says when two runs are one word
 * cut in two (a PDF may draw a word in pieces) rather than two words: closer than that, no space between.
 */
/** A word that is only a table's rule or stray marks as OCR reads them ('|', '_', '—'): not text. */
const RULE_MARKS = /^[|[\]_=~`'".,:;!\-–—]+$/;

export function linesFromWords(words: readonly PlacedWord[], opts: { joinGap?: number } = {}): PageText {
  const joinGap = opts.joinGap ?? -1;
  const lines: TextLine[] = [];
  for (const row of groupIntoLines(words.filter((w) => w.text.trim() !== '' && !RULE_MARKS.test(w.text.trim())))) {
    const height = row.map(heightOf).sort((a, b) => a - b)[Math.floor(row.length / 2)]!;
    const cells: TextCell[] = [];
    let cell: TextCell | null = null;
    for (const word of row) {
      const gap = cell ? word.left - cell.right : Infinity;
      if (cell && gap <= CELL_GAP * height) {
        cell.text += gap < joinGap * height ? word.text.trim() : ` ${word.text.trim()}`;
        cell.right = Math.max(cell.right, word.right);
        cell.confidence = Math.min(cell.confidence, word.confidence);
      } else {
        cell = { text: word.text.trim(), left: word.left, right: word.right, confidence: word.confidence };
        cells.push(cell);
      }
    }
    lines.push({ cells, top: Math.min(...row.map((w) => w.top)), bottom: Math.max(...row.map((w) => w.bottom)) });
  }
  return { lines };
}

/**
 * Plain text as a page: one line a line of text, cells parted by a tab or by three or more spaces, a
 * character one unit wide. For text that comes without positions (and for tests of the extraction).
 */
export function linesFromPlainText(text: string, confidence = 1): PageText {
  const lines: TextLine[] = [];
  text.split(/\r?\n/).forEach((raw, row) => {
    const cells: TextCell[] = [];
    for (const m of raw.replace(/\t/g, '    ').matchAll(/\S+(?: {1,2}\S+)*/g)) {
      cells.push({ text: m[0], left: m.index, right: m.index + m[0].length, confidence });
    }
    if (cells.length) lines.push({ cells, top: row, bottom: row + 1 });
  });
  return { lines };
}

/** A line as one string, its cells parted by ' | ' (for notes, tests and looking at what was read). */
export const lineText = (line: TextLine): string => line.cells.map((c) => c.text).join(' | ');
