/** The bench's reading of a request's DynamoDB commands as the round trips it waited for (tests/bench/recorded-operations.ts). */
import { describe, expect, it } from 'vitest';
import { medianPath, pathOf } from '../bench/recorded-operations';

describe('pathOf', () => {
  it('joins commands in flight together and chains the ones that waited for them', () => {
    expect(pathOf([
      { name: 'GetItem', start: 0, end: 8 },
      { name: 'TransactWriteItems', start: 9, end: 30 },
      { name: 'GetItem', start: 31, end: 40 },
      { name: 'GetItem', start: 32, end: 44 },
      { name: 'BatchGetItem', start: 45, end: 50.4 },
    ])).toBe('GetItem 8 → TransactWriteItems 21 → GetItem+GetItem 13 → BatchGetItem 5');
  });

  it('orders by start, whatever order the commands ended in', () => {
    expect(pathOf([{ name: 'Query', start: 5, end: 9 }, { name: 'GetItem', start: 0, end: 20 }])).toBe('GetItem+Query 20');
  });
});

describe('medianPath', () => {
  it('describes the request of the median time', () => {
    const perRequest = [[{ name: 'A', start: 0, end: 1 }], [{ name: 'B', start: 0, end: 2 }], [{ name: 'C', start: 0, end: 3 }]];
    expect(medianPath([30, 10, 20], perRequest)).toBe('20 ms: C 3');
  });

  it('says nothing when the samples and requests do not pair up', () => {
    expect(medianPath([], [])).toBe('');
    expect(medianPath([1, 2], [[]])).toBe('');
  });
});
