import { describe, expect, it } from 'vitest';
import { formBoolean, formInt, optionalText, pageQuery, requiredText } from '../../shared/contracts/form';

describe('formBoolean', () => {
  it.each(['true', 'TRUE', ' True ', '1', 'on', 'ON', 'yes', 'Yes'])('%j is true', (v) => {
    expect(formBoolean.parse(v)).toBe(true);
  });

  it.each(['false', 'FALSE', '0', 'off', 'no', '', '  '])('%j is false', (v) => {
    expect(formBoolean.parse(v)).toBe(false);
  });

  it('JSON booleans pass through', () => {
    expect(formBoolean.parse(true)).toBe(true);
    expect(formBoolean.parse(false)).toBe(false);
  });

  it.each(['maybe', 'truthy', '2', 'null'])('%j is refused', (v) => {
    expect(formBoolean.safeParse(v).success).toBe(false);
  });

  it.each([1, 0, null, {}])('non-boolean JSON value %j is refused', (v) => {
    expect(formBoolean.safeParse(v).success).toBe(false);
  });
});

describe('formInt', () => {
  it.each([['5', 5], [' 7 ', 7], ['0', 0], ['-3', -3], [12, 12]] as const)('%j is %d', (v, n) => {
    expect(formInt.parse(v)).toBe(n);
  });

  it.each(['', '  ', 'abc', '1.5', '2x', 'NaN', 'Infinity', 1.5, null, true])('%j is refused', (v) => {
    expect(formInt.safeParse(v).success).toBe(false);
  });
});

describe('text helpers', () => {
  it('requiredText trims, and blank counts as missing with a message naming the field', () => {
    const schema = requiredText('username', 5);
    expect(schema.parse('  bob ')).toBe('bob');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('username is required.');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('username is required.');
    expect(schema.safeParse('toolong').error?.issues[0]?.message).toBe('username must be at most 5 characters.');
  });

  it('optionalText trims and allows absence', () => {
    expect(optionalText(10).parse(undefined)).toBeUndefined();
    expect(optionalText(10).parse(' a ')).toBe('a');
    expect(optionalText(3).safeParse('abcd').success).toBe(false);
  });
});

describe('pageQuery', () => {
  it('accepts form spellings and bounds', () => {
    expect(pageQuery.parse({ page: '2', per_page: '100' })).toEqual({ page: 2, per_page: 100 });
    expect(pageQuery.parse({})).toEqual({});
    expect(pageQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('page must be 1 or more.');
    expect(pageQuery.safeParse({ per_page: '101' }).error?.issues[0]?.message).toBe('per_page must be at most 100.');
  });
});
