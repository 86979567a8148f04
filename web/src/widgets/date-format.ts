/**
 * The few date patterns the spec names (dd MMM yyyy, MM/dd/yyyy, yyyy-MM-dd, M/dd/yyyy), formatted and
 * parsed strictly from calendar parts: no time zone can shift a wire date (YYYY-MM-DD) by a day.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TOKENS = /yyyy|MMM|MM|M|dd|d/g;

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
}

function partsOfWire(wire: string): Parts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wire);
  if (!m) return null;
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(parts) ? parts : null;
}

function isRealDate({ year, month, day }: Parts): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const wireOf = ({ year, month, day }: Parts): string => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** A wire date (YYYY-MM-DD) shown in `pattern`; anything unreadable comes back unchanged. */
export function formatWireDate(wire: string, pattern: string): string {
  const parts = partsOfWire(wire);
  if (!parts) return wire;
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'yyyy': return pad(parts.year, 4);
      case 'MMM': return MONTHS[parts.month - 1] ?? '';
      case 'MM': return pad(parts.month);
      case 'M': return String(parts.month);
      case 'dd': return pad(parts.day);
      default: return String(parts.day);
    }
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Text typed in `pattern` as a wire date, or null when it is not a real date in that pattern. */
export function parseDisplayDate(text: string, pattern: string): string | null {
  const order: string[] = [];
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(TOKENS)) {
    source += escape(pattern.slice(last, match.index));
    const token = match[0];
    order.push(token);
    source += token === 'yyyy' ? '(\\d{4})' : token === 'MMM' ? '([A-Za-z]{3})' : '(\\d{1,2})';
    last = match.index + token.length;
  }
  source += escape(pattern.slice(last));
  const m = new RegExp(`^${source}$`).exec(text.trim());
  if (!m) return null;
  const parts: Parts = { year: 0, month: 0, day: 0 };
  order.forEach((token, i) => {
    const value = m[i + 1] ?? '';
    if (token === 'yyyy') parts.year = Number(value);
    else if (token === 'MMM') parts.month = MONTHS.findIndex((name) => name.toLowerCase() === value.toLowerCase()) + 1;
    else if (token.startsWith('M')) parts.month = Number(value);
    else parts.day = Number(value);
  });
  return isRealDate(parts) ? wireOf(parts) : null;
}

/** Today in the viewer's calendar, as a wire date. */
export function todayWire(now = new Date()): string {
  return wireOf({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** Whole days from wire date `a` to wire date `b` (b - a); null when either is unreadable. */
export function daysBetween(a: string, b: string): number | null {
  const pa = partsOfWire(a);
  const pb = partsOfWire(b);
  if (!pa || !pb) return null;
  return (Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000;
}

/** Wire date plus `days` (negative to go back). */
export function addDays(wire: string, days: number): string | null {
  const p = partsOfWire(wire);
  if (!p) return null;
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return wireOf({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}
