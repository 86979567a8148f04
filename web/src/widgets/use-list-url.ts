/**
 * A list's filters, sort and page kept in the address (issue 24, 'Filters live in the address'), so
 * Back, reload, bookmarks and shared links show the list as it was left. Every list page of the staff
 * app and the manager's audit keep theirs here.
 *
 *   const PARAMS = { facilityNumber: textParam('facility_number'), status: choiceParam('status', STATUS_FILTERS, 'all') };
 *   const url = useListUrl(PARAMS);                      // url.values: { facilityNumber: string, status: StatusFilter }
 *   url.setValues({ status: 'moved_out' });              // the address changes; the list goes back to page 1
 *   const table = useServerTable({ ..., query: filtersOf(url.values), place: url.place });   // page, sort, cursor
 *   <ServerPagination page={url.page} onChange={url.setPage} ... />                         // a list without useServerTable
 *
 * Each change replaces the current history entry instead of adding one: Back leaves the list for the
 * page before it, as the user expects, and typing does not fill the history. A text box with a
 * debounce writes once its value settles (useSettledDraft); a form applied on Search writes on Search
 * (useSearchFilters). What the address holds that the list cannot show is read as the default
 * (web/src/widgets/list-url.ts). Lists sharing a page (tabs) pass a `prefix` each.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readCursor, readPage, readSort, readValues, trailTo, trailsOf, writePage, writeSort, writeValues } from './list-url';
import type { CursorTrails, UrlParam, UrlParams, ValuesOf } from './list-url';
import { useDebouncedValue } from './use-debounced-value';
import type { SortState, TablePlace } from './use-server-table';

export interface ListUrl<V> {
  /** The filters as the address holds them (defaults where it holds nothing valid). */
  values: V;
  /** The values of an address that holds none (the list unfiltered). */
  defaults: V;
  /** Changes some filters; the list goes back to page 1. */
  setValues: (patch: Partial<V>) => void;
  /** The page, for a list paged without useServerTable (ServerPagination). */
  page: number;
  setPage: (page: number) => void;
  /** Page, cursor and sort for useServerTable's `place`. */
  place: TablePlace;
}

type Change = (query: URLSearchParams, trails: CursorTrails) => void;

/**
 * Writes a change into the address, replacing the history entry. Two changes in one moment (a settled
 * text box and a select) both land: the second starts from the first one's result, not the old address.
 */
function useAddressWriter(): (change: Change) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useRef<{ search: string; state: unknown } | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [location]);
  return useCallback(
    (change: Change) => {
      // The user has left for another page (a link followed while a text box was settling; the page
      // stays mounted until the next one has loaded): the write would bring them back, so it is dropped.
      if (window.location.pathname !== location.pathname) return;
      const base = pending.current ?? { search: location.search, state: location.state };
      const query = new URLSearchParams(base.search);
      const trails = { ...trailsOf(base.state) };
      change(query, trails);
      const text = query.toString();
      const search = text ? `?${text}` : '';
      const state = { ...(base.state as object | null), listCursors: trails };
      if (search === base.search && JSON.stringify(trailsOf(base.state)) === JSON.stringify(trails)) return;
      pending.current = { search, state };
      void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state });
    },
    [location, navigate],
  );
}

export function useListUrl<P extends UrlParams>(params: P, { prefix = '' }: { prefix?: string } = {}): ListUrl<ValuesOf<P>> {
  const { search, state } = useLocation();
  const write = useAddressWriter();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const values = useMemo(() => readValues(params, query, prefix), [params, query, prefix]);
  const defaults = useMemo(() => readValues(params, new URLSearchParams()), [params]);
  const page = readPage(query, prefix);
  const cursor = readCursor(query, prefix);
  const sort = useMemo(() => readSort(query, prefix), [query, prefix]);
  const trail = trailsOf(state)[prefix];
  const cursors = useMemo(() => trailTo(trail ?? {}, page), [trail, page]);

  const setValues = useCallback(
    (patch: Partial<ValuesOf<P>>) =>
      write((q, trails) => {
        writeValues(params, q, prefix, patch);
        delete trails[prefix];
      }),
    [write, params, prefix],
  );
  const setPlacePage = useCallback(
    (to: number, known: Readonly<Record<number, string>>) =>
      write((q, trails) => {
        writePage(q, prefix, to, known[to]);
        trails[prefix] = trailTo(known, to);
      }),
    [write, prefix],
  );
  const setSort = useCallback(
    (next: SortState | null) =>
      write((q, trails) => {
        writeSort(q, prefix, next);
        delete trails[prefix];
      }),
    [write, prefix],
  );
  const setPage = useCallback((to: number) => setPlacePage(to, {}), [setPlacePage]);
  const place = useMemo<TablePlace>(
    () => ({ page, cursor, cursors, sort, setPage: setPlacePage, setSort }),
    [page, cursor, cursors, sort, setPlacePage, setSort],
  );
  return { values, defaults, setValues, page, setPage, place };
}

/**
 * One value of the address that is not a list's filter (the open tab): changing it keeps every list's
 * page. Replaces the history entry as the filters do.
 */
export function useUrlValue<V>(param: UrlParam<V>): [V, (value: V) => void] {
  const { search } = useLocation();
  const write = useAddressWriter();
  const raw = new URLSearchParams(search).get(param.name);
  const value = useMemo(() => param.read(raw), [param, raw]);
  const setValue = useCallback(
    (next: V) =>
      write((q) => {
        const text = param.write(next);
        if (text === null) q.delete(param.name);
        else q.set(param.name, text);
      }),
    [write, param],
  );
  return [value, setValue];
}

/**
 * A form's draft of values kept elsewhere (the address): typed freely, and replaced when the values
 * change from outside (a link, Back, Reset), but not when they become what this form itself sent.
 */
export function useFormDraft<V>(value: V): { draft: V; setDraft: Dispatch<SetStateAction<V>>; sent: (sent: V) => void } {
  const text = JSON.stringify(value);
  const [draft, setDraft] = useState(value);
  const [known, setKnown] = useState(text);
  const expected = useRef<string | null>(null);
  if (text !== known) {
    setKnown(text);
    if (text !== expected.current) setDraft(value);
  }
  // Once arrived, what was sent is no longer awaited: a later link bringing the same values is obeyed.
  useEffect(() => {
    expected.current = null;
  }, [known]);
  const sent = useCallback((v: V) => {
    expected.current = JSON.stringify(v);
  }, []);
  return { draft, setDraft, sent };
}

/**
 * The text boxes of a list that reloads as one types: `draft` is what the boxes show, and it goes to
 * `settle` (the address) once it has not changed for `ms`, so a word typed is one entry in the address,
 * not one per key. New values from outside replace the draft.
 */
export function useSettledDraft<V>(value: V, settle: (value: V) => void, ms: number): [V, Dispatch<SetStateAction<V>>] {
  const { draft, setDraft, sent } = useFormDraft(value);
  const current = JSON.stringify(value);
  // One debounced value, compared by content so re-renders do not restart it.
  const settled = useDebouncedValue(JSON.stringify(draft), ms);
  const latest = useRef({ current, settle, sent });
  latest.current = { current, settle, sent };
  useEffect(() => {
    const { current: now, settle: send, sent: mark } = latest.current;
    if (settled === now) return;
    const next = JSON.parse(settled) as V;
    mark(next);
    send(next);
  }, [settled]);
  return [draft, setDraft];
}
