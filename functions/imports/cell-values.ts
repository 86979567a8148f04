/**
 * What a rent-roll cell says, whatever exceljs made of it and whatever the facility software wrote:
 * text (rich text, formula results and hyperlinks read as the text they show), dates (Excel serial
 * numbers, JS dates, or text as M/D/YYYY, MM/DD/YY or YYYY-MM-DD with or without a time) and header
 * names compared loosely. Pure functions of one value, so each rule is tested on its own.
 */

/** A cell's value once formulas, rich text and hyperlinks are read as what the cell shows. */
export type PlainValue = string | number | boolean | Date | null;

interface RichText { richText: { text?: string }[] }

/** exceljs's cell value → what the cell shows. Error cells (#N/A) and formulas never calculated show nothing. */
export function plainValue(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value !== 'object') return null;
  if ('richText' in value && Array.isArray((value as RichText).richText)) return (value as RichText).richText.map((run) => run.text ?? '').join('');
  // A formula's cached result; a hyperlink's text (itself plain or rich text).
  if ('result' in value) return plainValue((value as { result: unknown }).result);
  if ('text' in value) return plainValue((value as { text: unknown }).text);
  return null;
}

/** Runs of spaces, tabs, line breaks and no-break spaces read as one space; the ends are trimmed. */
const tidy = (text: string): string => (/[\s\u00a0]{2}|[\t\r\n\u00a0]/.test(text) ? text.replace(/[\s\u00a0]+/g, ' ') : text).trim();

/** A Date exceljs made from a serial number stands for that day at UTC midnight. */
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The text of a cell, tidied; numbers as written without a thousands separator, dates as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  const plain = plainValue(value);
  if (plain === null) return '';
  if (typeof plain === 'string') return tidy(plain);
  if (typeof plain === 'number') return String(plain);
  if (typeof plain === 'boolean') return plain ? 'TRUE' : 'FALSE';
  return Number.isNaN(plain.getTime()) ? '' : isoDay(plain);
}

const DAY_MS = 86_400_000;
/** The last day Excel can show (9999-12-31). */
const LAST_SERIAL = 2_958_465;

/**
 * The day an Excel serial number stands for. The 1900 date system counts 1900-01-01 as day 1 and keeps
 * Lotus's phantom 1900-02-29 (day 60), so days from 61 on count from 1899-12-30; the 1904 system counts
 * from 1904-01-01 as day 0. The fraction is the time of day, which a tenant's dates do not keep.
 */
export function serialDate(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < (date1904 ? 0 : 1) || serial > LAST_SERIAL) return undefined;
  const day = Math.floor(serial);
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : day < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  return isoDay(new Date(epoch + day * DAY_MS));
}

const TIME = String.raw`(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`);
const US_DATE = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})${TIME}$`);

/** Excel's own reading of a two-digit year: 00-29 are 2000-2029, 30-99 are 1930-1999. */
const fullYear = (year: string): number => (year.length === 4 ? Number(year) : Number(year) + (Number(year) < 30 ? 2000 : 1900));

function calendarDay(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2/30 over to March; a day that rolled over is not a day of that month.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return isoDay(date);
}

/** A date written as text, as YYYY-MM-DD; undefined when it is not one. */
export function textDate(text: string): string | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = US_DATE.exec(text);
  if (us) return calendarDay(fullYear(us[3]!), Number(us[1]), Number(us[2]));
  return undefined;
}

/**
 * A date cell as YYYY-MM-DD: null when the cell is empty, undefined when it holds something that is
 * not a date (the row is then refused with the text it holds).
 */
export function cellDate(value: unknown, date1904: boolean): string | null | undefined {
  const plain = plainValue(value);
  if (plain === null) return null;
  if (typeof plain === 'number') return serialDate(plain, date1904);
  if (plain instanceof Date) return Number.isNaN(plain.getTime()) ? undefined : isoDay(plain);
  if (typeof plain === 'boolean') return undefined;
  const text = tidy(plain);
  return text === '' ? null : textDate(text);
}

/**
 * How a header is compared: case, spaces and punctuation ('#', ':', '.', '-', '/') do not count, nor a
 * plural '(s)', so 'Unit #', 'unit', 'Unit(s):' and 'UNIT' are one header, and 'Move-In Date' is 'Move In Date'.
 */
export const headerKey = (text: string): string => text.toLowerCase().replace(/\(s\)/g, '').replace(/[^a-z0-9]/g, '');
