/**
 * Dates as declarations pages print them (03/15/2026, 3/15/26, 2026-03-15, March 15, 2026, Mar. 15 2026,
 * 15 March 2026, 03-15-2026), found in a run of text in the order they stand, as yyyy-MM-dd. OCR's usual
 * slips inside a number (O for 0, l or I for 1, S for 5, B for 8) are mended only where they stand
 * between digits and date separators, never in words. A date that does not exist (02/30) is no date.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

/** What OCR prints for a digit inside a number. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', i: '1', '|': '1', '!': '1', S: '5', s: '5', B: '8', Z: '2', z: '2' };
const DIGITISH = '[0-9OoDQlIi|!SsBZz]';

export interface FoundDate {
  iso: string;
  /** Where it starts in the text given. */
  index: number;
  /** Its characters were mended (OCR slips) to read as a date. */
  mended: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  if (fullYear < 1990 || fullYear > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(fullYear, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${fullYear}-${pad(month)}-${pad(day)}`;
}

const mend = (s: string) => [...s].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');

interface DatePattern {
  re: RegExp;
  read: (m: RegExpExecArray) => { y: number; mo: number; d: number } | null;
  /** The groups that are numbers (a month's name is not). */
  numbers: number[];
}

const PATTERNS: DatePattern[] = [
  // ISO first: 2026-03-15 would otherwise read as nothing useful under the US pattern.
  { re: new RegExp(`(?<![0-9])(${DIGITISH}{4})-(${DIGITISH}{1,2})-(${DIGITISH}{1,2})(?![0-9])`, 'g'), numbers: [1, 2, 3],
    read: (m) => ({ y: Number(mend(m[1]!)), mo: Number(mend(m[2]!)), d: Number(mend(m[3]!)) }) },
  // US order: month, day, year.
  { re: new RegExp(`(?<![0-9A-Za-z])(${DIGITISH}{1,2}) ?[/.-] ?(${DIGITISH}{1,2}) ?[/.-] ?(${DIGITISH}{4}|${DIGITISH}{2})(?![0-9A-Za-z])`, 'g'), numbers: [1, 2, 3],
    read: (m) => ({ y: Number(mend(m[3]!)), mo: Number(mend(m[1]!)), d: Number(mend(m[2]!)) }) },
  { re: new RegExp(`\\b${MONTH_WORD}\\s+(${DIGITISH}{1,2})(?:st|nd|rd|th)?,?\\s+(${DIGITISH}{4})(?![0-9])`, 'gi'), numbers: [2, 3],
    read: (m) => ({ y: Number(mend(m[3]!)), mo: MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1, d: Number(mend(m[2]!)) }) },
  { re: new RegExp(`(?<![0-9])(${DIGITISH}{1,2})\\s+${MONTH_WORD},?\\s+(${DIGITISH}{4})(?![0-9])`, 'gi'), numbers: [1, 3],
    read: (m) => ({ y: Number(mend(m[3]!)), mo: MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1, d: Number(mend(m[1]!)) }) },
];

/** A run of lookalikes is a number only when it holds at least one real digit (keeps 'Is/IS/lO' words out). */
const holdsDigits = (m: RegExpExecArray, groups: number[]) => groups.every((g) => /[0-9]/.test(m[g] ?? ''));

export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const taken: [number, number][] = [];
  for (const pattern of PATTERNS) {
    pattern.re.lastIndex = 0;
    for (let m = pattern.re.exec(text); m; m = pattern.re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      if (!holdsDigits(m, pattern.numbers)) continue;
      const parts = pattern.read(m);
      const iso = parts && isoOf(parts.y, parts.mo, parts.d);
      if (!iso) continue;
      taken.push([start, end]);
      found.push({ iso, index: start, mended: pattern.numbers.some((g) => /[^0-9]/.test(m![g]!)) });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
