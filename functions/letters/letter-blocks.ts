/**
 * The letter's body content (letter-copy.ts) turned into blocks of rows for the pager: paragraphs,
 * the bulleted choices, the quoted lease section, the coverage table, links and the signature (with
 * the portal's QR code and its caption beside it). Also the footer every page carries. Shared by the
 * mailed letter and the e-mailed certificate.
 */
import type { DrawOp, TextOp, Tone } from './draw-ops';
import type { Content } from './letter-copy';
import type { FontFace, LetterMetrics } from './letter-fonts';
import { ASCENT, DESCENT, PAGE_MARGINS, PAGE_SIZE } from './letter-geometry';
import { coverageAmount, monthlyPremium, phoneNumber } from './letter-text';
import { qrModules } from './letter-qr';
import type { LetterCoverage, LetterProgram } from './letter-types';
import type { Block, Row } from './page-flow';
import { bold, ellipsized, lineOps, plain, wrapRuns } from './text-flow';
import type { Run } from './text-flow';

export const TYPE = {
  body: { size: 10, leading: 1.35 },
  small: { size: 8, leading: 1.3 },
  heading: { size: 10.5, leading: 1.4 },
  table: { size: 9.5, rowHeight: 15, headerHeight: 17 },
} as const;

/** The text column: between the side margins. */
export const COLUMN = { x: PAGE_MARGINS.left, width: PAGE_SIZE.width - PAGE_MARGINS.left - PAGE_MARGINS.right } as const;

/** Where a line's baseline falls in a row of `height`: the glyph box (ascender to descender) centred in the row. */
export const baselineIn = (top: number, height: number, size: number): number =>
  top - (height - (ASCENT + DESCENT) * size) / 2 - ASCENT * size;

export interface TextStyle {
  size: number;
  leading: number;
  tone: Tone;
}

/** One row per wrapped line of `runs`, in the column from `x`, `width` wide. */
export function textRows(runs: readonly Run[], x: number, width: number, style: TextStyle, metrics: LetterMetrics): Row[] {
  const height = style.size * style.leading;
  return wrapRuns(runs, width, style.size, metrics).map((line) => ({
    height,
    ops: (top) => lineOps(line, x, baselineIn(top, height, style.size), style.size, style.tone),
  }));
}

/** A single line of text in one face, cut with an ellipsis if it would not fit `maxWidth`. */
export function textOp(text: string, face: FontFace, size: number, x: number, y: number, tone: Tone, maxWidth: number, metrics: LetterMetrics): TextOp {
  return { kind: 'text', text: ellipsized(text, face, size, maxWidth, metrics), face, size, x, y, tone };
}

/** The same, right-aligned on `right`. */
export function rightAlignedOp(text: string, face: FontFace, size: number, right: number, y: number, tone: Tone, maxWidth: number, metrics: LetterMetrics): TextOp {
  const shown = ellipsized(text, face, size, maxWidth, metrics);
  return { kind: 'text', text: shown, face, size, x: right - metrics.widthOf(shown, face, size), y, tone };
}

const bodyStyle: TextStyle = { ...TYPE.body, tone: 'ink' };
const BULLET_INDENT = 16;
const QUOTE_INDENT = 14;

function headingRow(text: string, metrics: LetterMetrics): Row[] {
  return textRows([bold(text)], COLUMN.x, COLUMN.width, { ...TYPE.heading, tone: 'accent' }, metrics);
}

/** Shrinks `text` until it fits `maxWidth` (figures are shortened by size, never by an ellipsis), right-aligned on `right`. */
function figureOp(text: string, face: FontFace, size: number, right: number, y: number, maxWidth: number, metrics: LetterMetrics): TextOp {
  let fitted = size;
  while (fitted > 6 && metrics.widthOf(text, face, fitted) > maxWidth) fitted -= 0.5;
  return rightAlignedOp(text, face, fitted, right, y, 'ink', maxWidth, metrics);
}

/** How many groups of rows sit side by side: one for a few options, up to three for many. */
const groupsFor = (options: number) => (options <= 5 ? 1 : options <= 10 ? 2 : 3);

/** Coverage options side by side in groups, each group filled top to bottom before the next. */
function coverageRows(coverages: readonly LetterCoverage[], metrics: LetterMetrics): { header: Row; rows: Row[] } {
  const groups = groupsFor(coverages.length);
  const gutter = 18;
  const groupWidth = groups === 1 ? 288 : (COLUMN.width - (groups - 1) * gutter) / groups;
  const perGroup = Math.ceil(coverages.length / groups);
  const { size, rowHeight, headerHeight } = TYPE.table;
  const pad = 8;
  // Amounts right-aligned under 'Coverage', premiums under 'Monthly premium': figures line up by their last digit.
  const split = 0.4 * groupWidth;
  const groupX = (g: number) => COLUMN.x + g * (groupWidth + gutter);
  const amountRight = (gx: number) => gx + split;
  const premiumRight = (gx: number) => gx + groupWidth - pad;
  const amountWidth = split - pad;
  const premiumWidth = groupWidth - split - 2 * pad;

  const header: Row = {
    height: headerHeight,
    ops: (top) => {
      const ops: DrawOp[] = [];
      const y = baselineIn(top, headerHeight, 8.5);
      for (let g = 0; g < groups && g * perGroup < coverages.length; g += 1) {
        const gx = groupX(g);
        ops.push({ kind: 'rect', x: gx, y: top - headerHeight, width: groupWidth, height: headerHeight, fill: 'shade' });
        ops.push({ kind: 'line', x1: gx, y1: top - headerHeight, x2: gx + groupWidth, y2: top - headerHeight, thickness: 0.75, tone: 'accent' });
        ops.push(rightAlignedOp('Coverage', 'bold', 8.5, amountRight(gx), y, 'muted', amountWidth, metrics));
        ops.push(rightAlignedOp('Monthly premium', 'bold', 8.5, premiumRight(gx), y, 'muted', premiumWidth, metrics));
      }
      return ops;
    },
  };

  const rows: Row[] = [];
  for (let r = 0; r < perGroup; r += 1) {
    rows.push({
      height: rowHeight,
      ops: (top) => {
        const ops: DrawOp[] = [];
        const y = baselineIn(top, rowHeight, size);
        for (let g = 0; g < groups; g += 1) {
          const option = coverages[g * perGroup + r];
          if (!option) continue;
          const gx = groupX(g);
          if (r % 2 === 1) ops.push({ kind: 'rect', x: gx, y: top - rowHeight, width: groupWidth, height: rowHeight, fill: 'shade' });
          ops.push(figureOp(coverageAmount(option.coverage), 'bold', size, amountRight(gx), y, amountWidth, metrics));
          ops.push(figureOp(monthlyPremium(option.premium), 'regular', size, premiumRight(gx), y, premiumWidth, metrics));
        }
        return ops;
      },
    });
  }
  return { header, rows };
}

/**
 * The coverage table under its heading. Many options go in two or three groups side by side; a table
 * longer than a page is cut into page-sized tables, each filled top to bottom, so it reads in order.
 */
function coverageBlocks(content: Extract<Content, { kind: 'coverages' }>, pageHeight: number, metrics: LetterMetrics): Block[] {
  const heading = headingRow(content.heading, metrics);
  if (content.coverages.length === 0) {
    return [{ rows: [...heading, ...textRows([plain(content.empty)], COLUMN.x, COLUMN.width, bodyStyle, metrics)], gapBefore: 14, keepFirst: 2 }];
  }
  const headingHeight = heading.reduce((sum, r) => sum + r.height, 0);
  const perPage = 3 * Math.max(1, Math.floor((pageHeight - headingHeight - TYPE.table.headerHeight - 4) / TYPE.table.rowHeight));
  const blocks: Block[] = [];
  for (let start = 0; start < content.coverages.length; start += perPage) {
    const { header, rows } = coverageRows(content.coverages.slice(start, start + perPage), metrics);
    const lead = start === 0 ? [...heading, spacer(4)] : [];
    blocks.push({ rows: [...lead, header, ...rows], gapBefore: start === 0 ? 14 : 0, repeat: header, keepFirst: lead.length + 2 });
  }
  return blocks;
}

const spacer = (height: number): Row => ({ height, ops: () => [] });

function bulletBlock(items: readonly Run[][], metrics: LetterMetrics): Block[] {
  return items.map((runs, i) => {
    const rows = textRows(runs, COLUMN.x + BULLET_INDENT, COLUMN.width - BULLET_INDENT, bodyStyle, metrics);
    const first = rows[0]!;
    rows[0] = {
      height: first.height,
      ops: (top) => [
        ...first.ops(top),
        { kind: 'text', text: '\u2022', face: 'bold', size: TYPE.body.size, x: COLUMN.x + 4, y: baselineIn(top, first.height, TYPE.body.size), tone: 'accent' },
      ],
    };
    return { rows, gapBefore: i === 0 ? 6 : 4 };
  });
}

/** The lease section: indented, smaller, with a rule down its left side (drawn row by row so it follows a page break). */
function quoteBlock(runs: readonly Run[], metrics: LetterMetrics): Block {
  const style: TextStyle = { size: 9.5, leading: 1.4, tone: 'ink' };
  const rows = textRows(runs, COLUMN.x + QUOTE_INDENT, COLUMN.width - QUOTE_INDENT, style, metrics).map((row): Row => ({
    height: row.height,
    ops: (top) => [{ kind: 'rect', x: COLUMN.x + 2, y: top - row.height, width: 2, height: row.height, fill: 'accent' }, ...row.ops(top)],
  }));
  return { rows, gapBefore: 10 };
}

function linkBlock(links: readonly { label: string; url: string }[], metrics: LetterMetrics): Block {
  const rows = links.flatMap((link) => textRows([bold(`${link.label}: `), plain(link.url)], COLUMN.x, COLUMN.width, bodyStyle, metrics));
  return { rows, gapBefore: 10 };
}

const rowsHeight = (rows: readonly Row[]) => rows.reduce((sum, r) => sum + r.height, 0);

/** Rows stacked into one row, so a group of them moves as one. */
export function stacked(rows: readonly Row[]): Row {
  return {
    height: rowsHeight(rows),
    ops: (top) => {
      let y = top;
      return rows.flatMap((row) => {
        const ops = row.ops(y);
        y -= row.height;
        return ops;
      });
    },
  };
}

/**
 * The QR code's side: 50 points (0.69 in, 17.6 mm), so a 33-module code (a 60-character address with
 * a code, error correction M) has modules of 0.54 mm, which phone cameras read from a page held at
 * reading distance. Beside the signature (~47 points tall) it costs the letter 3.5 points of height: an
 * audit letter with six coverage options and the updated lease clause still fits one page.
 */
const QR_SIDE = 50;
/** Between the signature, the caption and the code: more than the code's quiet zone of 4 modules (~6.5 points). */
const PANEL_GAP = 14;
/** The caption's largest and smallest size: it shrinks so that its last line, an address, is never broken. */
const CAPTION_SIZE = { max: 8.5, min: 6 } as const;

/** The caption's size: the largest at which every unbreakable last line fits the width. */
function captionSize(lines: readonly Run[][], width: number, metrics: LetterMetrics): number {
  const address = lines.at(-1) ?? [];
  const at1pt = address.reduce((sum, r) => sum + metrics.widthOf(metrics.toWinAnsi(r.text), r.face, 1), 0);
  const fitting = at1pt > 0 ? Math.floor((width / at1pt) * 2) / 2 : CAPTION_SIZE.max;
  return Math.max(CAPTION_SIZE.min, Math.min(CAPTION_SIZE.max, fitting));
}

/** 'Sincerely,', the signer (Program Settings' signature) and, under it, the program's name; beside it, the QR panel. */
function signatureBlock(content: Extract<Content, { kind: 'signature' }>, metrics: LetterMetrics): Block {
  const { closing, signer, organization, respondOnline } = content;
  const lines: Run[][] = [[plain(closing)], [bold(signer)], ...(organization && organization !== signer ? [[plain(organization)]] : [])];
  const signatureRows = (width: number) => [
    ...textRows(lines[0]!, COLUMN.x, width, bodyStyle, metrics),
    spacer(6),
    ...lines.slice(1).flatMap((runs) => textRows(runs, COLUMN.x, width, bodyStyle, metrics)),
  ];
  if (!respondOnline) return { rows: signatureRows(COLUMN.width), gapBefore: 14, keepWithPrevious: true };

  // The signature as wide as its longest line, at most half the column; the caption just left of the code, as its label.
  const widthOf = (runs: readonly Run[], size: number) => runs.reduce((sum, r) => sum + metrics.widthOf(metrics.toWinAnsi(r.text), r.face, size), 0);
  const signatureWidth = Math.min(Math.ceil(Math.max(...lines.map((runs) => widthOf(runs, TYPE.body.size)))) + 1, COLUMN.width / 2);
  const qrX = COLUMN.x + COLUMN.width - QR_SIDE;
  const room = qrX - PANEL_GAP - (COLUMN.x + signatureWidth + PANEL_GAP);
  const size = captionSize(respondOnline.lines, room, metrics);
  const captionWidth = Math.min(room, Math.ceil(Math.max(...respondOnline.lines.map((runs) => widthOf(runs, size)))) + 1);
  const captionX = qrX - PANEL_GAP - captionWidth;
  const caption = stacked(respondOnline.lines.flatMap((runs) => textRows(runs, captionX, captionWidth, { size, leading: 1.3, tone: 'muted' }, metrics)));
  const signed = stacked(signatureRows(signatureWidth));
  const modules = qrModules(respondOnline.qr);
  const row: Row = {
    height: Math.max(signed.height, caption.height, QR_SIDE),
    ops: (top) => [
      ...signed.ops(top), ...caption.ops(top),
      { kind: 'qr', x: qrX, y: top - QR_SIDE, module: QR_SIDE / modules.length, modules, tone: 'ink' },
    ],
  };
  return { rows: [row], gapBefore: 14, keepWithPrevious: true };
}

/** The blocks of one piece of content; `pageHeight` is the body height of a full page (for tables longer than one). */
export function contentBlocks(content: Content, pageHeight: number, metrics: LetterMetrics): Block[] {
  switch (content.kind) {
    case 'paragraph': return [{ rows: textRows(content.runs, COLUMN.x, COLUMN.width, bodyStyle, metrics), gapBefore: 8 }];
    case 'bullets': return bulletBlock(content.items, metrics);
    case 'quote': return [quoteBlock(content.runs, metrics)];
    case 'coverages': return coverageBlocks(content, pageHeight, metrics);
    case 'links': return [linkBlock(content.links, metrics)];
    case 'signature': return [signatureBlock(content, metrics)];
  }
}

/** The footer's rule sits here; body text stays above FOOTER_TOP. */
const FOOTER_RULE = PAGE_MARGINS.bottom + 14;
export const FOOTER_TOP = FOOTER_RULE + 10;

/** 'Program · phone · e-mail · website' on the left, 'Page 1 of 2' on the right when the letter has more than one page. */
export function footerOps(program: LetterProgram, page: number, pages: number, metrics: LetterMetrics): DrawOp[] {
  const { size } = TYPE.small;
  const y = PAGE_MARGINS.bottom + DESCENT * size;
  const right = COLUMN.x + COLUMN.width;
  const ops: DrawOp[] = [{ kind: 'line', x1: COLUMN.x, y1: FOOTER_RULE, x2: right, y2: FOOTER_RULE, thickness: 0.5, tone: 'rule' }];
  let room = COLUMN.width;
  if (pages > 1) {
    const label = `Page ${page} of ${pages}`;
    ops.push(rightAlignedOp(label, 'regular', size, right, y, 'muted', COLUMN.width, metrics));
    room -= metrics.widthOf(label, 'regular', size) + 18;
  }
  // The program's name is also in the return address: the first part to go when the line is too long.
  const contact = [program.name, program.phone.trim() ? phoneNumber(program.phone) : '', program.email, program.website];
  const parts = contact.map((part) => metrics.toWinAnsi(part.trim())).filter(Boolean);
  const joined = (list: readonly string[]) => list.join('  \u00b7  ');
  const line = metrics.widthOf(joined(parts), 'regular', size) <= room ? joined(parts) : joined(parts.slice(1));
  if (line) ops.push(textOp(line, 'regular', size, COLUMN.x, y, 'muted', room, metrics));
  return ops;
}
