/**
 * Names as people type them (issue 24): 'Omar Garcia', 'garcia om', 'GARCÍA, omar' and 'omar garc' all
 * mean Omar García. A name is compared as its words: accents and case folded, apostrophes dropped
 * ("O'Brien" is 'obrien'), any other mark between letters (a comma, a hyphen, spaces) a word break.
 *
 * Inside a facility or a cycle the list filters in memory and every typed word may be anywhere in the
 * name, in any order (`nameHasWords`). Program-wide an index answers by its key, so the name is
 * written in two readings (docs/decisions.md "Name search in any order"):
 *   tname   its last name first: 'garcia omar' (a business, without a last name: its name as written)
 *   tname2  its first name first: 'omar garcia' (a business of two or more words: from its second word,
 *           'landscaping acme'), absent when it would repeat the first reading
 * and a search is the typed words, in the order typed, as the start of either reading (`namePrefixOf`):
 * the words typed before the last are whole words, the last may be cut short.
 */

/** Letters NFKD leaves whole, spelled as people type them on an English keyboard. */
const UNDECOMPOSED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case without accents: 'García' → 'garcia', 'Łukasz' → 'lukasz'. */
export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[ßæœøłđðþı]/g, (c) => UNDECOMPOSED[c] ?? c);
}

/** The folded words of a name or of what was typed: "O'Brien-Smith, Ann" → ['obrien', 'smith', 'ann']. */
export function nameWords(text: string | null | undefined): string[] {
  return foldName(text ?? '').replace(/['’‘ʼ`]/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export interface NameReadings {
  /** The last name's words then the first name's (a business: its words). */
  byLast: string;
  /** The first name's words then the last name's (a business: from its second word); null when it adds nothing. */
  other: string | null;
}

export function nameReadingsOf(t: { first_name: string; last_name: string | null }): NameReadings {
  const first = nameWords(t.first_name);
  const last = nameWords(t.last_name);
  const byLast = [...last, ...first].join(' ');
  const other = last.length ? [...first, ...last].join(' ') : [...first.slice(1), ...first.slice(0, 1)].join(' ');
  return { byLast, other: other && other !== byLast ? other : null };
}

/** The name indexes partition by the first two characters of a reading (so a search needs 2 letters). */
export const namePartition = (reading: string): string => reading.slice(0, 2).padEnd(2, '_');

/**
 * The name index keys of a tenant (tenant-record.ts tenantItem). The sort key ends with the id, after a
 * '#' that sorts before every letter and the space, so 'smith ann#…' comes before 'smith anna#…'.
 */
export function nameIndexKeys(t: { id: string; first_name: string; last_name: string | null }): Record<string, string> {
  const { byLast, other } = nameReadingsOf(t);
  const keys: Record<string, string> = { tnamepk: namePartition(byLast), tnamesk: `${byLast}#${t.id}` };
  if (other) Object.assign(keys, { tname2pk: namePartition(other), tname2sk: `${other}#${t.id}` });
  return keys;
}

/** What a program-wide search looks for at the start of a reading: the typed words joined; null when shorter than 2 letters. */
export function namePrefixOf(typed: string): string | null {
  const prefix = nameWords(typed).join(' ');
  return prefix.length >= 2 ? prefix : null;
}

/** Inside a facility or cycle: every typed word (`nameWords` of what was typed) somewhere in the name, in any order ('arc om' finds Omar García). */
export function nameHasWords(t: { first_name: string; last_name: string | null }, typed: readonly string[]): boolean {
  return textHasWords(`${t.first_name} ${t.last_name ?? ''}`, typed);
}

/**
 * The same test over a name held in one string, its parts in any order and any separator between them
 * (the slim index's sort name, 'garcía#omar': a typed word holds no break, so it never spans two parts).
 */
export function textHasWords(text: string, typed: readonly string[]): boolean {
  const name = nameWords(text).join(' ');
  return typed.every((word) => name.includes(word));
}
