/**
 * The cell rules of the rent-roll reader, one value at a time: what exceljs hands over (rich text,
 * formula results, hyperlinks, error cells), dates as Excel serials (both date systems) or text in the
 * forms facility software prints, and the loose comparison of headers.
 */
import { describe, expect, it } from 'vitest';
import { cellDate, cellText, headerKey, plainValue, serialDate, textDate } from '../../../functions/imports/cell-values';

describe('plainValue and cellText', () => {
  it('reads rich text, formula results and hyperlinks as the text the cell shows', () => {
    expect(plainValue({ richText: [{ font: { bold: true }, text: 'Acme ' }, { text: 'Landscaping' }] })).toBe('Acme Landscaping');
    expect(plainValue({ formula: 'A1&B1', result: 'A101' })).toBe('A101');
    expect(plainValue({ sharedFormula: 'A2', result: 40101 })).toBe(40101);
    expect(plainValue({ text: 'ana@mail.example', hyperlink: 'mailto:ana@mail.example' })).toBe('ana@mail.example');
    expect(plainValue({ text: { richText: [{ text: 'linked' }] }, hyperlink: 'https://x.example' })).toBe('linked');
  });

  it('shows nothing for error cells and formulas never calculated', () => {
    expect(plainValue({ error: '#N/A' })).toBeNull();
    expect(plainValue({ formula: 'A1' })).toBeNull();
    expect(cellText({ error: '#REF!' })).toBe('');
    expect(cellText(undefined)).toBe('');
  });

  it('tidies text: trims, and reads runs of spaces, tabs, line breaks and no-break spaces as one space', () => {
    expect(cellText('  Mary  Ann\u00a0 Smith \n')).toBe('Mary Ann Smith');
    expect(cellText('12\tOak Street\r\nApt 4')).toBe('12 Oak Street Apt 4');
    expect(cellText('A101')).toBe('A101');
  });

  it('writes numbers as typed, booleans as Excel shows them, dates as YYYY-MM-DD', () => {
    expect(cellText(40101)).toBe('40101');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(new Date('2024-02-29T00:00:00Z'))).toBe('2024-02-29');
  });
});

describe('dates', () => {
  it('reads Excel serial numbers of the 1900 date system, time of day dropped', () => {
    expect(serialDate(45413, false)).toBe('2024-05-01');
    expect(serialDate(45413.75, false)).toBe('2024-05-01');
    expect(serialDate(1, false)).toBe('1900-01-01');
    expect(serialDate(59, false)).toBe('1900-02-28');
    expect(serialDate(61, false)).toBe('1900-03-01');
    expect(serialDate(2_958_465, false)).toBe('9999-12-31');
  });

  it('reads serials of the 1904 date system', () => {
    expect(serialDate(0, true)).toBe('1904-01-01');
    expect(serialDate(43951, true)).toBe('2024-05-01');
  });

  it('refuses serials outside what Excel can show', () => {
    expect(serialDate(0, false)).toBeUndefined();
    expect(serialDate(-3, false)).toBeUndefined();
    expect(serialDate(2_958_466, false)).toBeUndefined();
    expect(serialDate(Number.NaN, false)).toBeUndefined();
  });

  it('reads text as M/D/YYYY, MM/DD/YY and YYYY-MM-DD, with or without a time', () => {
    expect(textDate('5/1/2024')).toBe('2024-05-01');
    expect(textDate('05/01/24')).toBe('2024-05-01');
    expect(textDate('12-31-1999')).toBe('1999-12-31');
    expect(textDate('2024-05-01')).toBe('2024-05-01');
    expect(textDate('2024-5-1')).toBe('2024-05-01');
    expect(textDate('2024-05-01T00:00:00')).toBe('2024-05-01');
    expect(textDate('2024-05-01T13:45:10.250Z')).toBe('2024-05-01');
    expect(textDate('2024-05-01 08:30')).toBe('2024-05-01');
    expect(textDate('5/1/2024 12:00:00 AM')).toBe('2024-05-01');
    expect(textDate('5/1/2024 9:14 pm')).toBe('2024-05-01');
  });

  it('reads two-digit years as Excel does: 00-29 are 20xx, 30-99 are 19xx', () => {
    expect(textDate('1/2/29')).toBe('2029-01-02');
    expect(textDate('1/2/30')).toBe('1930-01-02');
    expect(textDate('1/2/99')).toBe('1999-01-02');
  });

  it('refuses text that is no calendar day', () => {
    for (const text of ['13/45/2020', '2/30/2024', '2023-02-29', '0/1/2024', '5/1', 'May 1, 2024', '20240501', 'soon', '1/1/1899']) {
      expect(textDate(text), text).toBeUndefined();
    }
    expect(textDate('2/29/2024')).toBe('2024-02-29');
  });

  it('a date cell: empty is null, a date is YYYY-MM-DD, anything else undefined', () => {
    expect(cellDate(null, false)).toBeNull();
    expect(cellDate('   ', false)).toBeNull();
    expect(cellDate(45413, false)).toBe('2024-05-01');
    expect(cellDate(new Date('2024-05-01T00:00:00Z'), false)).toBe('2024-05-01');
    expect(cellDate({ formula: 'TODAY()', result: 45413 }, false)).toBe('2024-05-01');
    expect(cellDate(' 5/1/2024 ', false)).toBe('2024-05-01');
    expect(cellDate('13/45/2020', false)).toBeUndefined();
    expect(cellDate(true, false)).toBeUndefined();
    expect(cellDate(new Date(Number.NaN), false)).toBeUndefined();
  });
});

describe('headerKey', () => {
  it('compares headers without case, spaces, punctuation or a plural (s)', () => {
    const same = ['Unit', 'unit', 'UNIT', 'Unit #', 'Unit:', 'Unit(s)', ' Unit. '];
    expect(new Set(same.map(headerKey))).toEqual(new Set(['unit']));
    expect(headerKey('Move-In Date')).toBe(headerKey('Move In Date'));
    expect(headerKey('Zip/Postal')).toBe('zippostal');
    expect(headerKey('Tenant ID')).not.toBe(headerKey('Tenant'));
  });
});
