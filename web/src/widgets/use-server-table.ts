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
 * Selection: checked rows stay checked across pages (matched by `trackBy`, default 'id'). A change
 * that would check more than `selectionLimit` rows is refused and `refusedSelection` says how many
 * were asked for (render <SelectionLimitModal>). After a bulk change call `clearSelection()`.
 *
 * The API is shared by several pages: extend it, do not change what is here.
 */
import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaginationProps } from '@cloudscape-design/components/pagination';
import type { TableProps } from '@cloudscape-design/components/table';

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

export interface SortState {
  field: string;
  descending: boolean;
}

/** What `fetchPage` is asked for: the filters, the page, its cursor when one is known, the sort. */
export interface PageRequest<Q> {
  query: Q;
  page: number;
  cursor: string | undefined;
  /** 'field' or '-field'; undefined for the server's own order. */
  sort: string | undefined;
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
  initialSort?: SortState | null;
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

export const sortParamOf = (sort: SortState | null): string | undefined => (sort ? `${sort.descending ? '-' : ''}${sort.field}` : undefined);

const PAGER_LABELS: PaginationProps.Labels = {
  nextPageLabel: 'Next page',
  previousPageLabel: 'Previous page',
  pageLabel: (n) => `Page ${n}`,
};

export function useServerTable<T, Q, R extends ServerPage<T>>(options: ServerTableOptions<T, Q, R>): ServerTable<T, R> {
  const { queryKey, query, fetchPage, enabled = true, selectionLimit, sortableFields = NO_FIELDS } = options;
  const trackBy = (options.trackBy ?? 'id') as Extract<keyof T, string>;
  const [requestedSort, setRequestedSort] = useState<SortState | null>(options.initialSort ?? null);
  const sort = requestedSort && sortableFields.includes(requestedSort.field) ? requestedSort : null;
  const sortParam = sortParamOf(sort);
  const queryText = JSON.stringify(query ?? null);
  const key = `${queryText}|${sortParam ?? ''}`;

  const fresh = (selected: T[]): PagingState<T> => ({ key, page: 1, cursors: {}, reached: 1, endPage: null, selected, selectionKey: queryText });
  const [state, setState] = useState<PagingState<T>>(() => fresh([]));
  const [refusedSelection, setRefused] = useState<number | null>(null);

  // New filters or sort: back to page 1 (set during render, so no request goes out for the old page).
  let paging = state;
  if (state.key !== key) {
    paging = fresh(state.selectionKey === queryText ? state.selected : []);
    setState(paging);
  }

  const cursor = paging.page > 1 ? paging.cursors[paging.page] : undefined;
  const result = useQuery({
    queryKey: [...queryKey, query, sortParam ?? null, paging.page, cursor ?? null],
    queryFn: () => fetchPage({ query, page: paging.page, cursor, sort: sortParam }),
    enabled,
    placeholderData: keepPreviousData,
  });

  const response = result.isError ? undefined : result.data;
  const pagination = response?.pagination;
  const exact = pagination?.exact ?? true;

  // Learn from the page that answered (not a placeholder of the previous one): its next cursor, the end.
  if (response && !result.isPlaceholderData && state.key === key && pagination) {
    const answered = paging.page;
    const next = pagination.next_cursor ?? null;
    let update: Partial<PagingState<T>> | null = null;
    if (!exact) {
      if (next && paging.cursors[answered + 1] !== next) update = { cursors: { ...paging.cursors, [answered + 1]: next } };
      if (!next && paging.endPage !== answered) update = { ...update, endPage: answered };
      if (next && paging.endPage !== null && paging.endPage <= answered) update = { ...update, endPage: null };
    } else if (answered > 1 && pagination.last_page >= 1 && answered > pagination.last_page) {
      // Rows went away (deleted, filtered out) and this page no longer exists: show the last one.
      update = { page: pagination.last_page };
    }
    if (update) {
      paging = { ...paging, ...update };
      setState(paging);
    }
  }

  const setPage = useCallback((page: number) => {
    setState((s) => {
      if (page < 1 || page === s.page) return s;
      // A cursor-paged list can only go where it holds a cursor (page 1 needs none).
      if (!exact && page > 1 && s.cursors[page] === undefined) return s;
      return { ...s, page, reached: Math.max(s.reached, page) };
    });
  }, [exact]);

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
    : Math.max(paging.reached, paging.page, ...Object.keys(paging.cursors).map(Number));
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
      if (field && sortableFields.includes(field)) setRequestedSort({ field, descending: detail.isDescending ?? false });
    },
  };

  const paginationProps: PaginationProps = {
    currentPageIndex: paging.page,
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
    page: paging.page,
    setPage,
    sort,
    setSort: setRequestedSort,
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
