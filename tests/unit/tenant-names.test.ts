/**
 * Names as people type them (issue 24, functions/tenants/tenant-names.ts): the folded words of a name,
 * its two index readings and keys, what a program-wide search looks for at their start, and the
 * any-order matching of a facility's or cycle's list.
 */
import { describe, expect, it } from 'vitest';
import { foldName, nameHasWords, nameIndexKeys, namePartition, namePrefixOf, nameReadingsOf, nameWords } from '../../functions/tenants/tenant-names';

const OMAR = { first_name: 'Omar', last_name: 'García' };

/** Program-wide: the typed words are the start of one of the name's readings (what the two indexes answer by key). */
function foundProgramWide(t: { first_name: string; last_name: string | null }, typed: string): boolean {
  const prefix = namePrefixOf(typed);
  const { byLast, other } = nameReadingsOf(t);
  return prefix !== null && [byLast, other].some((reading) => reading !== null && reading.startsWith(prefix));
}

describe('the words of a name', () => {
  it('folds case and accents, letters NFKD keeps whole included', () => {
    expect(foldName('GARCÍA Núñez')).toBe('garcia nunez');
    expect(foldName('Łukasz Øster Straße Æsir')).toBe('lukasz oster strasse aesir');
    expect(foldName('Zoë Ångström')).toBe('zoe angstrom');
  });

  it('breaks at commas, hyphens and spaces, and drops apostrophes', () => {
    expect(nameWords("  O'Brien-Smith,  Ann ")).toEqual(['obrien', 'smith', 'ann']);
    expect(nameWords('O’Brien')).toEqual(['obrien']);
    expect(nameWords('GARCÍA, omar')).toEqual(['garcia', 'omar']);
    expect(nameWords(', - ')).toEqual([]);
    expect(nameWords(null)).toEqual([]);
  });
});

describe('the readings and index keys of a name', () => {
  it('reads a person last name first and first name first', () => {
    expect(nameReadingsOf(OMAR)).toEqual({ byLast: 'garcia omar', other: 'omar garcia' });
    expect(nameReadingsOf({ first_name: 'Mary Ann', last_name: 'de la Cruz' })).toEqual({ byLast: 'de la cruz mary ann', other: 'mary ann de la cruz' });
  });

  it('reads a business by its name, and from its second word when it has one', () => {
    expect(nameReadingsOf({ first_name: 'Acme Landscaping', last_name: null })).toEqual({ byLast: 'acme landscaping', other: 'landscaping acme' });
    expect(nameReadingsOf({ first_name: 'Acme', last_name: '  ' })).toEqual({ byLast: 'acme', other: null });
  });

  it('leaves out a second reading that repeats the first', () => {
    expect(nameReadingsOf({ first_name: 'Lee', last_name: 'Lee' })).toEqual({ byLast: 'lee lee', other: null });
  });

  it('keys both indexes by the reading, partitioned by its first two letters, the id last', () => {
    expect(nameIndexKeys({ id: 't9', ...OMAR })).toEqual({ tnamepk: 'ga', tnamesk: 'garcia omar#t9', tname2pk: 'om', tname2sk: 'omar garcia#t9' });
    expect(nameIndexKeys({ id: 't9', first_name: 'Acme', last_name: null })).toEqual({ tnamepk: 'ac', tnamesk: 'acme#t9' });
    expect(namePartition('j')).toBe('j_');
    expect(namePartition('j smith')).toBe('j ');
  });

  it('sorts a shorter name before a longer one that starts with it', () => {
    const ann = nameIndexKeys({ id: 'zz', first_name: 'Ann', last_name: 'Smith' }).tnamesk!;
    const anna = nameIndexKeys({ id: 'aa', first_name: 'Anna', last_name: 'Smith' }).tnamesk!;
    expect(Buffer.compare(Buffer.from(ann), Buffer.from(anna))).toBe(-1);
  });
});

describe('a search across the program', () => {
  it('finds a name typed in either order, in part, in any case, with or without accents and commas', () => {
    for (const typed of ['Omar Garcia', 'garcia om', 'GARCÍA, omar', 'omar garc', 'Garcia, Omar', 'garc', 'om', 'OMAR']) {
      expect(foundProgramWide(OMAR, typed), typed).toBe(true);
    }
  });

  it('needs the words before the last whole, and 2 letters', () => {
    for (const typed of ['arcia', 'garc om', 'omar garcia x', 'o', ', ']) expect(foundProgramWide(OMAR, typed), typed).toBe(false);
    expect(namePrefixOf('o')).toBeNull();
    expect(namePrefixOf(' - ')).toBeNull();
    expect(namePrefixOf('Smith,  Jo')).toBe('smith jo');
  });

  it("finds a business by any of its first two words, a hyphenated last name by its first part, an apostrophe's name without it", () => {
    const business = { first_name: 'Acme Landscaping', last_name: null };
    expect(['acme', 'landscaping', 'landscaping acme', 'acme land'].every((typed) => foundProgramWide(business, typed))).toBe(true);
    expect(foundProgramWide({ first_name: 'Ann', last_name: 'Smith-Jones' }, 'smith-jones ann')).toBe(true);
    expect(foundProgramWide({ first_name: 'Ann', last_name: "O'Brien" }, 'obrien')).toBe(true);
    expect(foundProgramWide({ first_name: 'Ann', last_name: "O'Brien" }, "o'brien, ann")).toBe(true);
  });
});

describe('a search inside a facility or cycle', () => {
  it('finds every typed word anywhere in the name, in any order', () => {
    const has = (typed: string) => nameHasWords(OMAR, nameWords(typed));
    for (const typed of ['Omar Garcia', 'garcia om', 'GARCÍA, omar', 'omar garc', 'arc', 'arc ma', 'Garcia, Omar']) expect(has(typed), typed).toBe(true);
    for (const typed of ['omar smith', 'garciaomar', 'x']) expect(has(typed), typed).toBe(false);
    expect(nameHasWords({ first_name: 'Acme Landscaping', last_name: null }, nameWords('scap acm'))).toBe(true);
  });
});
