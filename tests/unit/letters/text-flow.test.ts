import { beforeAll, describe, expect, it } from 'vitest';
import type { TextOp } from '../../../functions/letters/draw-ops';
import { letterMetrics } from '../../../functions/letters/letter-fonts';
import type { LetterMetrics } from '../../../functions/letters/letter-fonts';
import { ASCENT, DESCENT } from '../../../functions/letters/letter-geometry';
import { bold, fitInBox, plain, wrapRuns } from '../../../functions/letters/text-flow';

let metrics: LetterMetrics;
beforeAll(async () => {
  metrics = await letterMetrics();
});

const lineText = (line: { segments: { text: string }[] }) => line.segments.map((s) => s.text).join(' ').replace(/ +/g, ' ');

describe('wrapRuns', () => {
  it('wraps at spaces and keeps every line within the width', () => {
    const text = 'Your rental agreement requires you to insure the property you keep in your storage unit at all times.';
    const lines = wrapRuns([plain(text)], 150, 10, metrics);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(150);
    expect(lines.map(lineText).join(' ')).toBe(text);
  });

  it('places bold and regular runs side by side, with a stop after a bold word kept on its line', () => {
    const [line, ...rest] = wrapRuns([plain('Access code '), bold('K7M4Q9'), plain('.')], 500, 10, metrics);
    expect(rest).toEqual([]);
    expect(line!.segments.map((s) => [s.text, s.face])).toEqual([['Access code', 'regular'], ['K7M4Q9', 'bold'], ['.', 'regular']]);
    const [, code, stop] = line!.segments;
    expect(code!.dx).toBeCloseTo(metrics.widthOf('Access code ', 'regular', 10), 6);
    expect(stop!.dx).toBeCloseTo(code!.dx + metrics.widthOf('K7M4Q9', 'bold', 10), 6);
    expect(line!.width).toBeCloseTo(stop!.dx + metrics.widthOf('.', 'regular', 10), 6);
  });

  it('breaks a word wider than the line after a slash, dot or hyphen where it can', () => {
    const url = 'https://www.storageprotection.example/brochures/sunrise-self-storage/mesa.pdf';
    const lines = wrapRuns([plain(url)], 120, 10, metrics);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(120);
    expect(lines.map((l) => l.segments[0]!.text).join('')).toBe(url);
    for (const line of lines.slice(0, -1)) expect(line.segments[0]!.text).toMatch(/[/.-]$/);
    const unbreakable = wrapRuns([plain('x'.repeat(200))], 100, 10, metrics);
    for (const line of unbreakable) expect(line.width).toBeLessThanOrEqual(100);
  });

  it('gives no line for empty text', () => {
    expect(wrapRuns([plain('   ')], 100, 10, metrics)).toEqual([]);
  });
});

describe('toWinAnsi', () => {
  it('keeps WinAnsi text and replaces the rest', () => {
    expect(metrics.toWinAnsi('Café “Müller” – €5')).toBe('Café “Müller” – €5');
    expect(metrics.toWinAnsi('Dvořák Łódź')).toBe('Dvorák Lódz');
    expect(metrics.toWinAnsi('A😀B 北京 👍🏽')).toBe('A?B ?? ?');
    expect(metrics.toWinAnsi('a\tb\nc')).toBe('a b c');
  });
});

describe('fitInBox', () => {
  const box = { x: 63, y: 576, width: 270, height: 63 };
  const inside = (op: TextOp) => op.x >= box.x && op.x + metrics.widthOf(op.text, op.face, op.size) <= box.x + box.width + 1e-9
    && op.y - DESCENT * op.size >= box.y - 1e-9 && op.y + ASCENT * op.size <= box.y + box.height + 1e-9;

  it('draws short lines at the largest size', () => {
    const ops = fitInBox([[plain('Jane Doe')], [plain('1 Main St')]], box, { maxSize: 10.5, minSize: 6, leading: 1.2, tone: 'ink' }, metrics);
    expect(ops.map((o) => o.size)).toEqual([10.5, 10.5]);
    expect(ops.every(inside)).toBe(true);
  });

  it('shrinks long lines until they fit, and cuts them only when even the smallest size cannot hold them', () => {
    const long = 'Southwestern Regional Commercial Moving, Packing and Logistics Co. LLC';
    const shrunk = fitInBox([[plain(long)], [plain(long)], [plain(long)], [plain('Scottsdale, AZ 85261')]], box, { maxSize: 10.5, minSize: 6, leading: 1.2, tone: 'ink' }, metrics);
    expect(shrunk[0]!.size).toBeLessThan(10.5);
    expect(shrunk.every(inside)).toBe(true);
    const many = Array.from({ length: 20 }, () => [plain(long)]);
    const cut = fitInBox(many, box, { maxSize: 10.5, minSize: 6, leading: 1.2, tone: 'ink' }, metrics);
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.every(inside)).toBe(true);
  });
});
