/**
 * How a list's filters, page, sort and cursor are read from and written to the query string (issue 24,
 * 'Filters live in the address'); the pure half of useListUrl (use-list-url.ts), tested on its own.
 *
 * Each filter has its parameter (`textParam('name')`, `choiceParam('status', STATUS_FILTERS, 'all')`, ...).
 * A parameter that is missing, or holds what the list cannot show (an unknown choice, page 0, a sort of
 * no column, a cursor that is not one), reads as the list's default: a hand-edited or old link opens
 * the list, never an error. Defaults are left out of the address, so an unfiltered list is a bare path.
 * Several lists on one page (tabs) keep apart by a prefix: 'archives.facility_number'.
 */
/** A list's sort: a column's sorting field, descending or not (useServerTable's, kept in the address). */
export interface SortState {
  field: string;
  descending: boolean;
}

export interface UrlParam<V> {
  /** The parameter's name in the query string (after the list's prefix). */
  name: string;
  /** The value of what the query string holds (null: nothing); anything not valid is the default. */
  read(raw: string | null): V;
  /** What the query string is to hold, or null to leave the parameter out (the default). */
  write(value: V): string | null;
}

// `UrlParam<never>` would refuse a param's `read`; methods (bivariant) let any UrlParam<V> in.
export type UrlParams = Record<string, UrlParam<unknown>>;
export type ValuesOf<P extends UrlParams> = { [K in keyof P]: P[K] extends UrlParam<infer V> ? V : never };

/** A typed text, as typed (the list trims what it sends); '' is the default. */
export const textParam = (name: string): UrlParam<string> => ({ name, read: (raw) => raw ?? '', write: (value) => value || null });

/** One of `choices`; anything else reads as `fallback`, which is left out of the address. */
export function choiceParam<T extends string>(name: string, choices: readonly T[], fallback: T): UrlParam<T> {
  return {
    name,
    read: (raw) => ((choices as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback),
    write: (value) => (value === fallback ? null : value),
  };
}

/** A switch: 'true' is on, anything else off (the default). */
export const flagParam = (name: string): UrlParam<boolean> => ({ name, read: (raw) => raw === 'true', write: (value) => (value ? 'true' : null) });

/** A day as the wire writes it (YYYY-MM-DD, a real date), or null. */
export const dayParam = (name: string): UrlParam<string | null> => ({ name, read: (raw) => (raw && isWireDay(raw) ? raw : null), write: (value) => value });

function isWireDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

export function readValues<P extends UrlParams>(params: P, query: URLSearchParams, prefix = ''): ValuesOf<P> {
  return Object.fromEntries(Object.entries(params).map(([key, param]) => [key, param.read(query.get(prefix + param.name))])) as ValuesOf<P>;
}

/** Writes the changed values into `query`; the list's page and cursor go with them (new filters start at page 1). */
export function writeValues<P extends UrlParams>(params: P, query: URLSearchParams, prefix: string, patch: Partial<ValuesOf<P>>): void {
  for (const [key, value] of Object.entries(patch)) {
    const param = params[key];
    if (param) setParam(query, prefix + param.name, param.write(value));
  }
  writePage(query, prefix, 1, undefined);
}

function setParam(query: URLSearchParams, name: string, value: string | null): void {
  if (value === null) query.delete(name);
  else query.set(name, value);
}

// ---------- page, cursor and sort ----------

const PAGE = 'page';
const CURSOR = 'cursor';
const SORT = 'sort';
/** The servers' own bounds (shared/contracts: page at most 100000, a cursor at most 2000 characters). */
const MAX_PAGE = 100_000;
const MAX_CURSOR = 2000;

/** The page asked for: a whole number from 1 to 100000; anything else is page 1. */
export function readPage(query: URLSearchParams, prefix = ''): number {
  const raw = query.get(prefix + PAGE) ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The cursor that asks for the page (lists paged by cursor), when it looks like one (base64url and '.'). */
export function readCursor(query: URLSearchParams, prefix = ''): string | undefined {
  const raw = query.get(prefix + CURSOR);
  return raw && raw.length <= MAX_CURSOR && /^[A-Za-z0-9_.-]+$/.test(raw) ? raw : undefined;
}

/** Page 1 and no cursor are left out. */
export function writePage(query: URLSearchParams, prefix: string, page: number, cursor: string | undefined): void {
  setParam(query, prefix + PAGE, page > 1 ? String(page) : null);
  setParam(query, prefix + CURSOR, page > 1 && cursor ? cursor : null);
}

/** 'field' or '-field' (descending); whether the list sorts by that field is the list's to judge. */
export function readSort(query: URLSearchParams, prefix = ''): SortState | null {
  const match = /^(-?)([a-z][a-z0-9_]{0,63})$/.exec(query.get(prefix + SORT) ?? '');
  return match ? { field: match[2]!, descending: match[1] === '-' } : null;
}

/** A new sort starts again from page 1. */
export function writeSort(query: URLSearchParams, prefix: string, sort: SortState | null): void {
  setParam(query, prefix + SORT, sort ? `${sort.descending ? '-' : ''}${sort.field}` : null);
  writePage(query, prefix, 1, undefined);
}

/** The sort if the list sorts by its field, else the list's default (itself checked), else none. */
export function allowedSort(sort: SortState | null, fields: readonly string[], fallback: SortState | null = null): SortState | null {
  if (sort && fields.includes(sort.field)) return sort;
  return fallback && fields.includes(fallback.field) ? fallback : null;
}

// ---------- the cursors of the pages before, kept in the history entry ----------

/**
 * A list paged by cursor can go back only to pages whose cursor it holds. The address carries the
 * cursor of the page shown (enough for a shared link); the cursors of the pages before it live in the
 * history entry's state, which Back and reload keep, so the pager can still step back after them.
 */
export type CursorTrails = Record<string, Record<number, string>>;

export function trailsOf(state: unknown): CursorTrails {
  const trails = (state as { listCursors?: unknown } | null)?.listCursors;
  return trails && typeof trails === 'object' ? (trails as CursorTrails) : {};
}

/** The cursors of pages 2 to `page` - 1 (page 1 needs none; the page's own is in the address). */
export function trailTo(cursors: Readonly<Record<number, string>>, page: number): Record<number, string> {
  return Object.fromEntries(Object.entries(cursors).filter(([n]) => Number(n) > 1 && Number(n) < page));
}
