import Pagination from '@cloudscape-design/components/pagination';
import type { ServerPage, ServerTable } from './use-server-table';

/** The pager of a useServerTable list: numbered when the list is exact, open-ended when it pages by cursor. */
export function ServerTablePagination<T, R extends ServerPage<T>>({ table }: { table: ServerTable<T, R> }) {
  return <Pagination {...table.paginationProps} />;
}
