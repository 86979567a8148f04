/**
 * Display formats the spec fixes (section 9): phone numbers and M/DD/YYYY dates. Pure, so web and
 * functions (letters, exports) show the same text.
 */

/** A count and its noun, in the singular for one: '1 tenant', '18 tenants', '1,200 tenants'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** The spec's bulk-edit toast '{n} tenants successfully updated!', in the singular for one (issue 24). */
export const tenantsUpdated = (n: number): string => `${countOf(n, 'tenant')} successfully updated!`;

/** 10 digits as (xxx) xxx-xxxx, 11 digits as x-xxx-xxx-xxxx; anything else is shown as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11) return `${digits[0]}-${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  return phone;
}

/** M/DD/YYYY in the viewer's local calendar, e.g. 3/07/2026. */
export function formatDisplayDate(date: Date): string {
  return `${date.getMonth() + 1}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;
}

/** M/DD/YYYY of a calendar date (YYYY-MM-DD, read as written, no time zone): 2026-03-07 -> 3/07/2026. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${Number(month)}/${day}/${year}`;
}

/**
 * The calendar date (YYYY-MM-DD) at the instant `at` in an IANA time zone: a letter made at 8 pm in
 * Chicago is dated that day, where UTC is already on the next one.
 */
export function calendarDateIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** How far the zone's wall clock is ahead of UTC at the instant `at`, in milliseconds. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The instant (ISO, UTC) a calendar date (YYYY-MM-DD) begins in an IANA time zone, calendarDateIn's
 * inverse: a list filtered to 'submitted on 2026-11-03' in Chicago starts at 2026-11-03T06:00:00.000Z.
 * The offset is read twice so a day whose offset differs from the day before (daylight saving) is right;
 * where the clock jumps over midnight (America/Santiago) the day begins at the first hour it has.
 */
export function startOfDayIn(timeZone: string, date: string): string {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const first = midnight - zoneOffsetMs(timeZone, midnight);
  const second = midnight - zoneOffsetMs(timeZone, first);
  const start = calendarDateIn(timeZone, new Date(second)) === date ? second : first;
  return new Date(start).toISOString();
}
