/**
 * Pages from a column of blocks: each block is a stack of rows (lines of a paragraph, rows of a table)
 * placed top-down between a page's top and bottom; a block that fits a page is never split, one that
 * does not breaks between rows (a table repeats its column headings on the next page). The letter's
 * fixed parts (address windows, footer) are drawn by the caller around the flowed body.
 */
import type { DrawOp, PageOps } from './draw-ops';

/** A strip of the page of a known height; `ops` draws it with its top edge at `top`. */
export interface Row {
  height: number;
  ops(top: number): DrawOp[];
}

export interface Block {
  rows: Row[];
  /** Space above the block, dropped at the top of a page. */
  gapBefore: number;
  /** Drawn first on every further page the block continues on (a table's column headings). */
  repeat?: Row;
  /** The first rows that go to the next page together when they do not fit (a heading and the first rows under it). */
  keepFirst?: number;
  /** Never starts a page alone: the block before it goes along (the signature takes the closing lines with it). */
  keepWithPrevious?: boolean;
}

export interface PageFrame {
  /** Where the body starts on the first page and on the pages after it. */
  firstTop: number;
  nextTop: number;
  /** No row goes below this. */
  bottom: number;
}

const heightOf = (rows: readonly Row[]) => rows.reduce((sum, r) => sum + r.height, 0);

/** The body's operations page by page; a letter whose body fits one page gives one page. */
export function flowBlocks(blocks: readonly Block[], frame: PageFrame): PageOps[] {
  const pages: PageOps[] = [[]];
  let y = frame.firstTop;
  let atTop = true;
  const newPage = () => {
    pages.push([]);
    y = frame.nextTop;
    atTop = true;
  };
  const place = (row: Row) => {
    pages[pages.length - 1]!.push(...row.ops(y));
    y -= row.height;
    atTop = false;
  };

  blocks.forEach((block, b) => {
    // The block and those that keep with it, as they would stand on a fresh page.
    let total = heightOf(block.rows);
    for (let next = b + 1; blocks[next]?.keepWithPrevious; next += 1) total += blocks[next]!.gapBefore + heightOf(blocks[next]!.rows);
    const gap = atTop ? 0 : block.gapBefore;
    const wholeFitsAPage = total <= frame.nextTop - frame.bottom;
    const together = wholeFitsAPage ? total : heightOf(block.rows.slice(0, block.keepFirst ?? 1));
    if (!atTop && y - gap - together < frame.bottom) newPage();
    else y -= gap;
    block.rows.forEach((row, i) => {
      if (!atTop && y - row.height < frame.bottom) {
        newPage();
        if (block.repeat && i > 0) place(block.repeat);
      }
      place(row);
    });
  });
  return pages;
}
