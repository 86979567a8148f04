/**
 * A list's place in the address (web/src/widgets/list-url.ts, issue 24 'Filters live in the address'):
 * what the query string holds reads back as the list's filters, page, sort and cursor; what the list
 * cannot show (page 0, an unknown choice, a sort of no column) reads as the default instead of an error.
 */
import { describe, expect, it } from 'vitest';
import {
  allowedSort, choiceParam, dayParam, flagParam, readCursor, readPage, readSort, readValues, textParam, trailTo, trailsOf, writePage, writeSort, writeValues,
} from '../../web/src/widgets/list-url';

const PARAMS = {
  facilityNumber: textParam('facility_number'),
  status: choiceParam('status', ['all', 'opt_out', 'moved_out'] as const, 'all'),
  tagged: flagParam('tagged_for_removal'),
  from: dayParam('from'),
};

const query = (text: string) => new URLSearchParams(text);

describe('list filters in the query string', () => {
  it('reads each filter from its parameter, and the defaults from an empty address', () => {
    expect(readValues(PARAMS, query('facility_number=1013&status=opt_out&tagged_for_removal=true&from=2026-02-28'))).toEqual({
      facilityNumber: '1013', status: 'opt_out', tagged: true, from: '2026-02-28',
    });
    expect(readValues(PARAMS, query(''))).toEqual({ facilityNumber: '', status: 'all', tagged: false, from: null });
  });

  it('reads what the list cannot show as the default', () => {
    expect(readValues(PARAMS, query('status=everything&tagged_for_removal=yes&from=2026-02-30'))).toEqual({
      facilityNumber: '', status: 'all', tagged: false, from: null,
    });
    expect(readValues(PARAMS, query('from=02/28/2026')).from).toBeNull();
  });

  it('keeps each list of a page under its prefix', () => {
    const shared = query('facility_number=1001&archives.facility_number=2002');
    expect(readValues(PARAMS, shared).facilityNumber).toBe('1001');
    expect(readValues(PARAMS, shared, 'archives.').facilityNumber).toBe('2002');
  });

  it('writes changed filters, leaves defaults out and starts again from page 1', () => {
    const q = query('facility_number=1013&status=opt_out&page=3&cursor=abc.def&sort=-name&tab=retired');
    writeValues(PARAMS, q, '', { status: 'all', tagged: true });
    expect(q.toString()).toBe('facility_number=1013&sort=-name&tab=retired&tagged_for_removal=true');
    writeValues(PARAMS, q, '', { facilityNumber: '' });
    expect(q.toString()).toBe('sort=-name&tab=retired&tagged_for_removal=true');
  });

  it('writes under the prefix and leaves the other lists of the page alone', () => {
    const q = query('facility_number=1001&page=2');
    writeValues(PARAMS, q, 'stats.', { facilityNumber: '1013' });
    expect(q.toString()).toBe('facility_number=1001&page=2&stats.facility_number=1013');
  });
});

describe('page, cursor and sort in the query string', () => {
  it('reads the page as a whole number from 1 to 100000, anything else as page 1', () => {
    expect(readPage(query('page=2'))).toBe(2);
    expect(readPage(query('stats.page=4'), 'stats.')).toBe(4);
    for (const bad of ['page=0', 'page=-1', 'page=2.5', 'page=abc', 'page=', 'page=100001', 'page=1e3', '']) expect(readPage(query(bad)), bad).toBe(1);
  });

  it('reads a cursor only where it looks like one the server answered', () => {
    expect(readCursor(query('cursor=eyJwIjoyfQ.c2lnbmF0dXJl'))).toBe('eyJwIjoyfQ.c2lnbmF0dXJl');
    expect(readCursor(query('cursor=a b'))).toBeUndefined();
    expect(readCursor(query(`cursor=${'a'.repeat(2001)}`))).toBeUndefined();
  });

  it('writes page 1 and its absent cursor as nothing', () => {
    const q = query('page=3&cursor=abc');
    writePage(q, '', 1, 'ignored');
    expect(q.toString()).toBe('');
    writePage(q, '', 2, 'next.one');
    expect(q.toString()).toBe('page=2&cursor=next.one');
  });

  it('reads a sort as field or -field; whether the list sorts so is checked against its columns', () => {
    expect(readSort(query('sort=-unit'))).toEqual({ field: 'unit', descending: true });
    expect(readSort(query('sort=name'))).toEqual({ field: 'name', descending: false });
    expect(readSort(query('sort=--name'))).toBeNull();
    expect(readSort(query('sort=Name;drop'))).toBeNull();
    const fields = ['name', 'unit'];
    expect(allowedSort({ field: 'unit', descending: true }, fields)).toEqual({ field: 'unit', descending: true });
    expect(allowedSort({ field: 'secret', descending: false }, fields)).toBeNull();
    expect(allowedSort({ field: 'secret', descending: false }, fields, { field: 'name', descending: true })).toEqual({ field: 'name', descending: true });
    expect(allowedSort(null, [], { field: 'name', descending: true })).toBeNull();
  });

  it('a new sort starts again from page 1', () => {
    const q = query('sort=name&page=4&cursor=abc');
    writeSort(q, '', { field: 'unit', descending: true });
    expect(q.toString()).toBe('sort=-unit');
  });

  it('keeps the cursors of the pages before the one shown, from page 2', () => {
    expect(trailTo({ 2: 'b', 3: 'c', 4: 'd' }, 4)).toEqual({ 2: 'b', 3: 'c' });
    expect(trailsOf({ listCursors: { 'archives.': { 2: 'b' } } })).toEqual({ 'archives.': { 2: 'b' } });
    expect(trailsOf(null)).toEqual({});
  });
});
