/**
 * The layout phase of a mailed letter: letter data in, draw operations per page out (no pdf-lib). The
 * first page puts the program's return address and the tenant's postal address in the envelope windows
 * (letter-geometry.ts), the date, the account box (unit, access code, the dates that apply) and the
 * facility's contact in the column on the right, hidden by the envelope; the body flows below the
 * top third of the sheet, over as many pages as it needs (the common letter takes one). Every page has
 * the program's contact in its footer; a letter of several pages numbers them, and its later pages
 * name the tenant and unit at the top.
 */
import type { DrawOp, PageOps } from './draw-ops';
import { COLUMN, contentBlocks, FOOTER_TOP, footerOps, rightAlignedOp, textOp, textRows, TYPE } from './letter-blocks';
import { letterCopy } from './letter-copy';
import type { LetterCopy, SummaryItem } from './letter-copy';
import type { LetterMetrics } from './letter-fonts';
import { ASCENT, DESCENT, ENVELOPE_WINDOWS, PAGE_MARGINS, PAGE_SIZE } from './letter-geometry';
import { cityLine, facilityName, fullName, longDate, phoneNumber, recipientLines } from './letter-text';
import type { LetterPage, LetterProgram } from './letter-types';
import { flowBlocks } from './page-flow';
import type { Block } from './page-flow';
import { bold, fitInBox, plain, wrapRuns } from './text-flow';

const TOP = PAGE_SIZE.height - PAGE_MARGINS.top;
const RIGHT = COLUMN.x + COLUMN.width;
/** The right-hand column beside the windows: clear of the recipient window (which ends at 4.625 in). */
const SIDE = { x: 4.75 * 72, width: RIGHT - 4.75 * 72 };
/** The body starts below the address area, a little above the first fold (3 2/3 in), as window letters do. */
const BODY_TOP = PAGE_SIZE.height - 3.375 * 72;

function windowOps(letter: LetterPage, program: LetterProgram, metrics: LetterMetrics): DrawOp[] {
  const sender = [[bold(program.name)], ...program.return_address.filter((l) => l.trim() !== '').map((l) => [plain(l)])];
  return [
    ...fitInBox(sender, ENVELOPE_WINDOWS.return, { maxSize: 9.5, minSize: 6, leading: 1.2, tone: 'ink' }, metrics),
    ...fitInBox(recipientLines(letter.recipient).map((l) => [plain(l)]), ENVELOPE_WINDOWS.recipient, { maxSize: 10.5, minSize: 6, leading: 1.2, tone: 'ink' }, metrics),
  ];
}

/** The account box: a shaded panel of label / value rows under a small heading. Returns its operations and its bottom. */
function summaryOps(items: readonly SummaryItem[], top: number, metrics: LetterMetrics): { ops: DrawOp[]; bottom: number } {
  const pad = 9;
  const labelWidth = 90;
  const size = 9;
  const lineHeight = 12;
  const valueX = SIDE.x + pad + labelWidth;
  const valueWidth = SIDE.width - 2 * pad - labelWidth;
  const ops: DrawOp[] = [];
  let y = top - pad - ASCENT * 8;
  ops.push(textOp('YOUR ACCOUNT', 'bold', 8, SIDE.x + pad, y, 'accent', SIDE.width - 2 * pad, metrics));
  y -= 6 + lineHeight;
  for (const item of items) {
    const lines = wrapRuns([item.strong ? bold(item.value) : plain(item.value)], valueWidth, size, metrics);
    ops.push(textOp(item.label, 'regular', size, SIDE.x + pad, y, 'muted', labelWidth - 6, metrics));
    for (const [i, line] of lines.entries()) {
      for (const s of line.segments) ops.push({ kind: 'text', text: s.text, face: s.face, size, x: valueX + s.dx, y: y - i * lineHeight, tone: 'ink' });
    }
    y -= Math.max(1, lines.length) * lineHeight;
  }
  const bottom = y + lineHeight - DESCENT * size - pad;
  ops.unshift({ kind: 'rect', x: SIDE.x, y: bottom, width: SIDE.width, height: top - bottom, fill: 'shade' });
  return { ops, bottom };
}

/** The facility's name, address and contact, for questions about the rental agreement. */
function facilityOps(letter: LetterPage, top: number, metrics: LetterMetrics): { ops: DrawOp[]; bottom: number } {
  const f = letter.facility;
  const style = { size: 9, leading: 1.35, tone: 'ink' as const };
  const contact = [f.contact_name.trim(), f.phone.trim() ? phoneNumber(f.phone) : ''].filter(Boolean).join(', ');
  const rows = [
    ...textRows([bold('YOUR FACILITY')], SIDE.x + 9, SIDE.width - 9, { size: 8, leading: 1.6, tone: 'accent' }, metrics),
    ...textRows([bold(facilityName(f))], SIDE.x + 9, SIDE.width - 9, style, metrics),
    ...[f.address.trim(), cityLine(f), contact, f.email.trim()].filter(Boolean)
      .flatMap((line) => textRows([plain(line)], SIDE.x + 9, SIDE.width - 9, { ...style, tone: 'muted' }, metrics)),
  ];
  const ops: DrawOp[] = [];
  let y = top;
  for (const row of rows) {
    ops.push(...row.ops(y));
    y -= row.height;
  }
  return { ops, bottom: y };
}

/** The first page's fixed parts and where its body may start. */
function firstPageHead(letter: LetterPage, program: LetterProgram, copy: LetterCopy, metrics: LetterMetrics): { ops: DrawOp[]; bodyTop: number } {
  const dateY = TOP - ASCENT * TYPE.body.size;
  const date = rightAlignedOp(longDate(letter.dates.letter_date), 'regular', TYPE.body.size, RIGHT, dateY, 'ink', SIDE.width, metrics);
  const summary = summaryOps(copy.summary, dateY - DESCENT * TYPE.body.size - 10, metrics);
  const facility = facilityOps(letter, summary.bottom - 10, metrics);
  return {
    ops: [...windowOps(letter, program, metrics), date, ...summary.ops, ...facility.ops],
    bodyTop: Math.min(BODY_TOP, facility.bottom - 18),
  };
}

/** Later pages: the tenant, unit and date at the top, so a loose page finds its letter. */
const CONTINUATION_RULE = TOP - 14;
function continuationOps(letter: LetterPage, metrics: LetterMetrics): DrawOp[] {
  const { size } = TYPE.small;
  const y = TOP - ASCENT * size;
  const date = longDate(letter.dates.letter_date);
  const dateWidth = metrics.widthOf(metrics.toWinAnsi(date), 'regular', size);
  return [
    textOp(`${fullName(letter.recipient)}  \u00b7  Unit ${letter.recipient.unit.trim()}`, 'regular', size, COLUMN.x, y, 'muted', COLUMN.width - dateWidth - 18, metrics),
    rightAlignedOp(date, 'regular', size, RIGHT, y, 'muted', COLUMN.width, metrics),
    { kind: 'line', x1: COLUMN.x, y1: CONTINUATION_RULE, x2: RIGHT, y2: CONTINUATION_RULE, thickness: 0.5, tone: 'rule' },
  ];
}

function bodyBlocks(copy: LetterCopy, pageHeight: number, metrics: LetterMetrics): Block[] {
  const subject = textRows([bold(copy.subject)], COLUMN.x, COLUMN.width, { size: 11.5, leading: 1.35, tone: 'accent' }, metrics);
  const greeting = textRows([plain(copy.greeting)], COLUMN.x, COLUMN.width, { ...TYPE.body, tone: 'ink' }, metrics);
  return [
    { rows: subject, gapBefore: 0 },
    { rows: greeting, gapBefore: 12 },
    ...copy.body.flatMap((content) => contentBlocks(content, pageHeight, metrics)),
  ];
}

/** The pages of one letter, each a list of draw operations. */
export function layoutLetter(letter: LetterPage, program: LetterProgram, metrics: LetterMetrics): PageOps[] {
  const copy = letterCopy(letter, program);
  const head = firstPageHead(letter, program, copy, metrics);
  const frame = { firstTop: head.bodyTop, nextTop: CONTINUATION_RULE - 16, bottom: FOOTER_TOP };
  const pages = flowBlocks(bodyBlocks(copy, frame.nextTop - frame.bottom, metrics), frame);
  return pages.map((body, i) => [
    ...(i === 0 ? head.ops : continuationOps(letter, metrics)),
    ...body,
    ...footerOps(program, i + 1, pages.length, metrics),
  ]);
}

/** The pages of a batch: each letter's pages in turn, in the order given. */
export function layoutLetterBatch(letters: readonly LetterPage[], program: LetterProgram, metrics: LetterMetrics): PageOps[] {
  return letters.flatMap((letter) => layoutLetter(letter, program, metrics));
}
