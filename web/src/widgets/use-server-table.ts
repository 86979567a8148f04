/**
 * One hook for every server-paged list (tenant lists, Master Audit, Cycle Audit, the Tag modal, ...),
 * the way Cloudscape's demos build each list page from one table hook.
 *
 * It owns what the page would otherwise repeat: the page number, the cursor of each page reached (for
 * lists whose pagination says `exact: false`), the sorting and the checked rows. It asks TanStack
 * Query for `[...queryKey, query, sort, page, cursor]` with `fetchPage`, keeps the current rows on
 * screen while the next page loads, and hands back props to spread on Cloudscape's `Table` and
 * `Pagination`.
 *
 *   const table = useServerTable({
 *     queryKey: ['tenants', 'list'],
 *     query: settledFilters,                       // a change goes back to page 1 and clears the checks
 *     fetchPage: ({ query, page, cursor, sort }) => call('GET /api/tenants', { query: { ...query, page, cursor, sort } }),
 *     selectionLimit: MAX_BULK_TENANTS,            // omit for a table without checkboxes
 *     sortableFields: ['name', 'unit'],            // omit to allow no sorting
 *   });
 *   <Table {...table.tableProps} columnDefinitions={columns} />   // columns sort by `sortingField`
 *   <Pagination {...table.paginationProps} />                      // or <ServerTablePagination table={table} />
 *   <SelectionLimitModal table={table} noun="tenants" />           // the alert past selectionLimit
 *
 * Paging: with `pagination.exact` true (or absent) the pager shows `last_page` pages and any page is
 * asked by its number. With `exact: false` the list moves forward by `next_cursor`: the cursor answered
 * with page n is kept for page n + 1 (so going back re-asks a known cursor), the pager is open-ended
 * (`openEnd`) until a page answers no `next_cursor`, and shows the pages reached so far.
 *
 * Sorting: a column sorts when its `sortingField` is in `sortableFields`; `fetchPage` gets
 * `sort` as 'field' or '-field' (descending). A sort no longer allowed (say the scope changed) is
 * dropped. Changing the sort goes back to page 1 and keeps the checks.
 *
 * In the address: with `place` (useListUrl's, web/src/widgets/use-list-url.ts) the page, its cursor and
 * the sort are the query string's, so Back, reload and a shared link show the list as it was left. A page
 * of the address the list no longer has (past the last page, or a cursor the server refuses) goes back
 * to the last page or page 1 instead of an error; a sort of no column is the default sort.
 *
 * Selection: checked rows stay checked across pages (matched by `trackBy`, default 'id'). A change
 * that would check more than `selectionLimit` rows is refused and `refusedSelection` says how many
 * were asked for (render <SelectionLimitModal>). After a bulk change call `clearSelection()`.
 *
 * The API is shared by several pages: extend it, do not change what is here.
 */
import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaginationProps } from '@cloudscape-design/components/pagination';
import type { TableProps } from '@cloudscape-design/components/table';
import { allowedSort } from './list-url';
import type { SortState } from './list-url';

/** The pager every list answers; `exact` and `next_cursor` only where a list pages by cursor. */
export interface ServerPager {
  current_page: number;
  last_page: number;
  total: number;
  per_page?: number;
  from?: number | null;
  to?: number | null;
  exact?: boolean;
  next_cursor?: string | null;
}

export interface ServerPage<T> {
  data: T[];
  pagination: ServerPager;
}

// Declared with the address's reading of it (list-url.ts), which this hook uses: one way between the two.
export type { SortState } from './list-url';

/** What `fetchPage` is asked for: the filters, the page, its cursor when one is known, the sort. */
export interface PageRequest<Q> {
  query: Q;
  page: number;
  cursor: string | undefined;
  /** 'field' or '-field'; undefined for the server's own order. */
  sort: string | undefined;
}

/**
 * Where a list keeps its page, sort and cursor when they are not the table's own: the address
 * (useListUrl's `place`). Its setters write there; the table reads them back on the next render.
 */
export interface TablePlace {
  page: number;
  /** The cursor that asks for `page`, for a list paged by cursor (none on page 1). */
  cursor: string | undefined;
  /** The cursors known of the pages before `page`, so the pager can step back to them. */
  cursors: Readonly<Record<number, string>>;
  /** The sort asked for (checked against `sortableFields` by the table), or null for the default. */
  sort: SortState | null;
  /** Goes to `page`; `cursors` holds the cursor of every page known so far. */
  setPage: (page: number, cursors: Readonly<Record<number, string>>) => void;
  /** A new sort starts again from page 1. */
  setSort: (sort: SortState | null) => void;
}

export interface ServerTableOptions<T, Q, R extends ServerPage<T>> {
  /** The TanStack key the list lives under; invalidating it (or a prefix of it) reloads the table. */
  queryKey: readonly unknown[];
  /** The filters as sent (already debounced); compared by content. */
  query: Q;
  /** (`& { data: T[] }` only lets TypeScript infer the row type from the answer.) */
  fetchPage: (request: PageRequest<Q>) => Promise<R & { data: T[] }>;
  enabled?: boolean;
  /** Row identity for selection and React keys; default 'id'. */
  trackBy?: Extract<keyof T, string>;
  /** Checkboxes on, with at most this many rows checked. Omit for no checkboxes. */
  selectionLimit?: number;
  /** Column `sortingField`s the server sorts by here; others are shown unsortable. */
  sortableFields?: readonly string[];
  /** The sort before the user chooses one (and where the address's sort is of no column). */
  initialSort?: SortState | null;
  /** Page, cursor and sort kept in the address (useListUrl's `place`) instead of the table. */
  place?: TablePlace;
}

export type ServerTableProps<T> = Pick<
  TableProps<T>,
  'items' | 'trackBy' | 'loading' | 'selectionType' | 'selectedItems' | 'onSelectionChange' | 'sortingColumn' | 'sortingDescending' | 'onSortingChange' | 'sortingDisabled'
>;

export interface ServerTable<T, R extends ServerPage<T>> {
  /** The query itself: isFetching, error, refetch, errorUpdatedAt. */
  result: UseQueryResult<R>;
  /** The last answer (kept while the next page loads); undefined before the first or after an error. */
  response: R | undefined;
  /** The rows of the page; none when the load failed. */
  items: T[];
  pagination: ServerPager | undefined;
  page: number;
  setPage: (page: number) => void;
  sort: SortState | null;
  setSort: (sort: SortState | null) => void;
  /** True when `sortableFields` allows the field. */
  canSortBy: (field: string) => boolean;
  selectedItems: T[];
  /** Replaces the checked rows; false (and `refusedSelection` set) when over the limit. */
  setSelectedItems: (items: T[]) => boolean;
  clearSelection: () => void;
  selectionLimit: number | undefined;
  /** How many rows a refused selection asked for; null when nothing was refused. */
  refusedSelection: number | null;
  dismissRefusal: () => void;
  /** Spread on Cloudscape's Table (add columnDefinitions, header, empty, ...). */
  tableProps: ServerTableProps<T>;
  /** Spread on Cloudscape's Pagination. */
  paginationProps: PaginationProps;
}

interface PagingState<T> {
  /** The filters and sort this paging belongs to; a different one starts again from page 1. */
  key: string;
  page: number;
  /** cursors[n] asks for page n (page 1 needs none). */
  cursors: Record<number, string>;
  /** Highest page reached, for an open-ended pager. */
  reached: number;
  /** The last page, once a cursor-paged list answered no next cursor. */
  endPage: number | null;
  selected: T[];
  /** The query key this selection belongs to (the sort does not clear it). */
  selectionKey: string;
}

const NO_FIELDS: readonly string[] = [];

/** The place's page with its cursor, and the cursors of the pages before it. */
const cursorsOf = (place: TablePlace): Record<number, string> => ({ ...place.cursors, ...(place.page > 1 && place.cursor ? { [place.page]: place.cursor } : {}) });

export const sortParamOf = (sort: SortState | null): string | undefined => (sort ? `${sort.descending ? '-' : ''}${sort.field}` : undefined);

const PAGER_LABELS: PaginationProps.Labels = {
  nextPageLabel: 'Next page',
  previousPageLabel: 'Previous page',
  pageLabel: (n) => `Page ${n}`,
};

export function useServerTable<T, Q, R extends ServerPage<T>>(options: ServerTableOptions<T, Q, R>): ServerTable<T, R> {
  const { queryKey, query, fetchPage, enabled = true, selectionLimit, sortableFields = NO_FIELDS, place } = options;
  const trackBy = (options.trackBy ?? 'id') as Extract<keyof T, string>;
  const initialSort = options.initialSort ?? null;
  const [ownSort, setOwnSort] = useState<SortState | null>(initialSort);
  const sort = allowedSort(place ? place.sort : ownSort, sortableFields, initialSort);
  const setSort = place ? place.setSort : setOwnSort;
  const sortParam = sortParamOf(sort);
  const queryText = JSON.stringify(query ?? null);
  const key = `${queryText}|${sortParam ?? ''}`;

  // With a place, its page and cursors are where the paging starts (Back, reload, a shared link).
  const fresh = (selected: T[]): PagingState<T> => ({
    key, page: 1, cursors: place ? cursorsOf(place) : {}, reached: place?.page ?? 1, endPage: null, selected, selectionKey: queryText,
  });
  const [state, setState] = useState<PagingState<T>>(() => fresh([]));
  const [refusedSelection, setRefused] = useState<number | null>(null);

  // New filters or sort: back to page 1 (set during render, so no request goes out for the old page).
  let paging = state;
  if (state.key !== key) {
    paging = fresh(state.selectionKey === queryText ? state.selected : []);
    setState(paging);
  }

  const page = place ? place.page : paging.page;
  const cursors = place ? { ...paging.cursors, ...cursorsOf(place) } : paging.cursors;
  const cursor = page > 1 ? cursors[page] : undefined;
  const result = useQuery({
    queryKey: [...queryKey, query, sortParam ?? null, page, cursor ?? null],
    queryFn: async () => {
      try {
        return await fetchPage({ query, page, cursor, sort: sortParam });
      } catch (err) {
        // A page of the address the list cannot start (an old cursor, or none): the server says start again from page 1.
        if (place && page > 1 && err instanceof ApiError && err.status === 422 && err.field === 'cursor') {
          return fetchPage({ query, page: 1, cursor: undefined, sort: sortParam });
        }
        throw err;
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });

  const response = result.isError ? undefined : result.data;
  const pagination = response?.pagination;
  const exact = pagination?.exact ?? true;

  // Learn from the page that answered (not a placeholder of the previous one): its next cursor, the end.
  let movePlace: number | null = null;
  if (response && !result.isPlaceholderData && state.key === key && pagination) {
    const answered = page;
    const next = pagination.next_cursor ?? null;
    let update: Partial<PagingState<T>> | null = null;
    if (place && pagination.current_page !== answered) {
      // The answer is of another page (page 1, after a refused cursor): the address follows it.
      movePlace = pagination.current_page;
    } else if (!exact) {
      if (next && paging.cursors[answered + 1] !== next) update = { cursors: { ...paging.cursors, [answered + 1]: next } };
      if (!next && paging.endPage !== answered) update = { ...update, endPage: answered };
      if (next && paging.endPage !== null && paging.endPage <= answered) update = { ...update, endPage: null };
    } else if (answered > 1 && pagination.last_page >= 1 && answered > pagination.last_page) {
      // Rows went away (deleted, filtered out) and this page no longer exists: show the last one.
      if (place) movePlace = pagination.last_page;
      else update = { page: pagination.last_page };
    }
    if (update) {
      paging = { ...paging, ...update };
      setState(paging);
    }
  }
  // The address is the router's: it is written after the render, not during it.
  const setPlacePage = place?.setPage;
  useEffect(() => {
    if (movePlace !== null && setPlacePage) setPlacePage(movePlace, {});
  }, [movePlace, setPlacePage]);

  const setPage = (to: number) => {
    if (to < 1 || to === page) return;
    // A cursor-paged list can only go where it holds a cursor (page 1 needs none).
    if (!exact && to > 1 && cursors[to] === undefined) return;
    if (place) place.setPage(to, cursors);
    setState((s) => ({ ...s, page: to, reached: Math.max(s.reached, to) }));
  };

  const setSelectedItems = useCallback((items: T[]) => {
    if (selectionLimit !== undefined && items.length > selectionLimit) {
      setRefused(items.length);
      return false;
    }
    setState((s) => ({ ...s, selected: items }));
    return true;
  }, [selectionLimit]);
  const clearSelection = useCallback(() => setState((s) => ({ ...s, selected: [] })), []);
  const dismissRefusal = useCallback(() => setRefused(null), []);
  const canSortBy = useCallback((field: string) => sortableFields.includes(field), [sortableFields]);

  const items = response?.data ?? [];
  const selectable = selectionLimit !== undefined;

  // Open-ended: every page reached or whose cursor is known (the one after the page on screen, once it answered).
  const pagesCount = exact
    ? Math.max(1, pagination?.last_page ?? 1)
    : Math.max(paging.reached, page, ...Object.keys(cursors).map(Number));
  const openEnd = !exact && paging.endPage === null;

  const tableProps: ServerTableProps<T> = {
    items,
    trackBy,
    loading: result.isLoading,
    ...(selectable
      ? {
          selectionType: 'multi' as const,
          selectedItems: paging.selected,
          onSelectionChange: ({ detail }: { detail: TableProps.SelectionChangeDetail<T> }) => void setSelectedItems(detail.selectedItems),
        }
      : {}),
    sortingColumn: sort ? { sortingField: sort.field } : undefined,
    sortingDescending: sort?.descending ?? false,
    onSortingChange: ({ detail }) => {
      const field = detail.sortingColumn.sortingField;
      if (field && sortableFields.includes(field)) setSort({ field, descending: detail.isDescending ?? false });
    },
  };

  const paginationProps: PaginationProps = {
    currentPageIndex: page,
    pagesCount,
    openEnd,
    // An open-ended pager cannot move on until the page on screen has told where the next one starts.
    disabled: result.isLoading || (!exact && result.isPlaceholderData),
    onChange: ({ detail }) => setPage(detail.currentPageIndex),
    ariaLabels: PAGER_LABELS,
  };

  return {
    result,
    response,
    items,
    pagination,
    page,
    setPage,
    sort,
    setSort,
    canSortBy,
    selectedItems: paging.selected,
    setSelectedItems,
    clearSelection,
    selectionLimit,
    refusedSelection,
    dismissRefusal,
    tableProps,
    paginationProps,
  };
}
