/** Geometry checks on text read back from a PDF: inside a box, inside the margins, not overlapping. */
import { expect } from 'vitest';
import { ASCENT, DESCENT } from '../../../functions/letters/letter-geometry';
import { PAGE_MARGINS, PAGE_SIZE } from '../../../functions/letters/letter-pdf';
import type { Box } from '../../../functions/letters/letter-pdf';
import type { PlacedText, ReadPdf } from './pdf-reader';

/** Rounding in the PDF's numbers (pdf-lib writes up to 3 decimals). */
const SLACK = 0.01;

/** The box a text item's glyphs can occupy: its width, from the descender to the ascender. */
export function glyphBox(item: PlacedText): Box {
  return { x: item.x, y: item.y - DESCENT * item.size, width: item.width, height: (ASCENT + DESCENT) * item.size };
}

export function isInside(item: PlacedText, box: Box): boolean {
  const g = glyphBox(item);
  return g.x >= box.x - SLACK && g.y >= box.y - SLACK && g.x + g.width <= box.x + box.width + SLACK && g.y + g.height <= box.y + box.height + SLACK;
}

export const MARGIN_BOX: Box = {
  x: PAGE_MARGINS.left,
  y: PAGE_MARGINS.bottom,
  width: PAGE_SIZE.width - PAGE_MARGINS.left - PAGE_MARGINS.right,
  height: PAGE_SIZE.height - PAGE_MARGINS.top - PAGE_MARGINS.bottom,
};

export function expectInside(items: readonly PlacedText[], box: Box, what: string): void {
  const outside = items.filter((item) => !isInside(item, box)).map((item) => ({ text: item.text, ...glyphBox(item) }));
  expect(outside, `${what}: text outside ${JSON.stringify(box)}`).toEqual([]);
}

function overlap(a: PlacedText, b: PlacedText): boolean {
  const p = glyphBox(a);
  const q = glyphBox(b);
  return p.x + SLACK < q.x + q.width && q.x + SLACK < p.x + p.width && p.y + SLACK < q.y + q.height && q.y + SLACK < p.y + p.height;
}

/** Every page: all text inside the margins, and no two text items drawn over each other. */
export function expectCleanPages(pdf: ReadPdf): void {
  pdf.pages.forEach((items, i) => {
    expectInside(items, MARGIN_BOX, `page ${i + 1}`);
    const clashes: string[] = [];
    for (let a = 0; a < items.length; a += 1) {
      for (let b = a + 1; b < items.length; b += 1) if (overlap(items[a]!, items[b]!)) clashes.push(`'${items[a]!.text}' / '${items[b]!.text}'`);
    }
    expect(clashes, `page ${i + 1}: overlapping text`).toEqual([]);
  });
}
