import { describe, expect, it } from 'vitest';
import { paginate } from '../../functions/runtime/paginate';

const items = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('paginate', () => {
  it('an empty list is one empty page', () => {
    expect(paginate([], 1, 100)).toEqual({
      rows: [],
      pagination: { current_page: 1, last_page: 1, per_page: 100, from: null, to: null, total: 0 },
    });
  });

  it('exactly one full page', () => {
    const { rows, pagination } = paginate(items(100), 1, 100);
    expect(rows).toHaveLength(100);
    expect(pagination).toEqual({ current_page: 1, last_page: 1, per_page: 100, from: 1, to: 100, total: 100 });
  });

  it('one more than a page spills onto page 2', () => {
    const first = paginate(items(101), 1, 100);
    expect(first.pagination).toMatchObject({ last_page: 2, from: 1, to: 100, total: 101 });
    const second = paginate(items(101), 2, 100);
    expect(second.rows).toEqual([101]);
    expect(second.pagination).toEqual({ current_page: 2, last_page: 2, per_page: 100, from: 101, to: 101, total: 101 });
  });

  it('a page past the end is empty but keeps the totals', () => {
    const { rows, pagination } = paginate(items(5), 3, 2);
    expect(rows).toEqual([5]);
    expect(pagination).toMatchObject({ current_page: 3, last_page: 3, from: 5, to: 5 });
    const past = paginate(items(5), 4, 2);
    expect(past.rows).toEqual([]);
    expect(past.pagination).toEqual({ current_page: 4, last_page: 3, per_page: 2, from: null, to: null, total: 5 });
  });

  it('does not change the list it pages', () => {
    const list = items(10);
    paginate(list, 2, 3);
    expect(list).toEqual(items(10));
  });
});
