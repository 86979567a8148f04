/**
 * How a letter writes its facts: dates spelled out, dollars, phone numbers, names and postal lines.
 * Pure string work shared by the letter, the certificate and the mail-merge workbook.
 */
import type { LetterFacility, LetterRecipient } from './letter-types';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The parts of a YYYY-MM-DD date, or null when it is not a date of the calendar. */
function dateParts(iso: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(iso.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** '2026-11-23' -> 'November 23, 2026'; text that is no date is shown as given. */
export function longDate(iso: string): string {
  const d = dateParts(iso);
  return d ? `${MONTHS[d.month - 1]} ${d.day}, ${d.year}` : iso.trim();
}

/** '2026-11-23' -> '11/23/2026' (the mail-merge column); text that is no date is kept as given. */
export function slashDate(iso: string): string {
  const d = dateParts(iso);
  return d ? `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}` : iso.trim();
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A coverage amount: '$2,000', with cents only when it has some ('$2,500.50'). */
export function coverageAmount(dollars: number): string {
  return Number.isInteger(dollars) ? WHOLE_DOLLARS.format(dollars) : CENTS.format(dollars);
}

/** The account box's respond-by when the cycle sets no deadline (and the mail merge's). */
export const RESPOND_WITHIN_30_DAYS = 'Within 30 days';

/** A premium in dollars and cents: '$12.00' (the mail-merge column). */
export const premiumAmount = (dollars: number): string => CENTS.format(dollars);

/** A monthly premium: '$12.00 per month'. */
export function monthlyPremium(dollars: number): string {
  return `${premiumAmount(dollars)} per month`;
}

/** A plan as one line: '$2,000 for $12.00 per month' (the account box, the mail merge's options). */
export const planSummary = (plan: { coverage: number; premium: number }): string => `${coverageAmount(plan.coverage)} for ${monthlyPremium(plan.premium)}`;

/** '5551234567' or '1-555-123-4567' -> '(555) 123-4567'; anything else (extensions, abroad) as given. */
export function phoneNumber(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || /[^\d\s().+-]/.test(phone)) return phone.trim();
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The tenant's name as addressed: first and last, or the business name alone (last_name null). */
export function fullName(r: Pick<LetterRecipient, 'first_name' | 'last_name'>): string {
  return squash(`${r.first_name} ${r.last_name ?? ''}`);
}

/** 'Dear Jane Doe,' or, for a business, 'Dear Acme Moving LLC,'. */
export function greeting(r: Pick<LetterRecipient, 'first_name' | 'last_name'>): string {
  const name = fullName(r);
  return name === '' ? 'Dear Tenant,' : `Dear ${name},`;
}

/** 'Springfield, IL 62701' (the postal last line); parts that are missing are left out with their punctuation. */
export function cityLine(place: { city: string; state: string; zip_code: string }): string {
  const city = squash(place.city);
  const stateZip = squash(`${place.state} ${place.zip_code}`);
  return city && stateZip ? `${city}, ${stateZip}` : city || stateZip;
}

const US_NAMES = new Set(['', 'US', 'USA', 'U.S.', 'U.S.A.', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** A domestic letter prints no country line (USPS addressing); a blank country is domestic. */
export const isUnitedStates = (country: string): boolean => US_NAMES.has(squash(country).toUpperCase());

/** The recipient's postal block, line by line. */
export function recipientLines(r: LetterRecipient): string[] {
  const lines = [fullName(r), squash(r.address), cityLine(r)];
  if (!isUnitedStates(r.country)) lines.push(squash(r.country));
  return lines.filter((line) => line !== '');
}

/** The facility as tenants know it: its account name, or its number when it has none. */
export function facilityName(f: Pick<LetterFacility, 'account_name' | 'facility_number'>): string {
  return squash(f.account_name) || `Facility ${squash(f.facility_number)}`;
}
