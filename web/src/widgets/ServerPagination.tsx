import { useEffect } from 'react';
import Pagination from '@cloudscape-design/components/pagination';

/**
 * The pager of a server-paged list: the server's `last_page` decides how many pages there are (at
 * least one, so an empty list still shows page 1), and choosing a page asks the server for it. A page
 * past the last (an old link, rows gone since) moves to the last one.
 */
export function ServerPagination({ page, lastPage, onChange }: { page: number; lastPage: number | undefined; onChange: (page: number) => void }) {
  const last = Math.max(1, lastPage ?? 1);
  const beyond = lastPage !== undefined && page > last;
  useEffect(() => {
    if (beyond) onChange(last);
  }, [beyond, last, onChange]);
  return (
    <Pagination
      currentPageIndex={page}
      pagesCount={last}
      onChange={({ detail }) => onChange(detail.currentPageIndex)}
      ariaLabels={{ nextPageLabel: 'Next page', previousPageLabel: 'Previous page', pageLabel: (n) => `Page ${n}` }}
    />
  );
}
