import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { TableProps } from '@cloudscape-design/components/table';
import { ListTableScroll } from './ListTableScroll';
import { RefreshButton } from './RefreshButton';
import { ServerTablePagination } from './ServerTablePagination';
import type { ServerPage, ServerPager, ServerTable, ServerTableProps } from './use-server-table';

/** '(1,234)', or '(1,234+)' while a list paged by cursor has more pages than it has counted. */
export function listCounter(pagination: ServerPager | undefined): string | undefined {
  if (!pagination) return undefined;
  return `(${pagination.total.toLocaleString()}${pagination.exact === false && pagination.next_cursor ? '+' : ''})`;
}

interface ServerTableFrameProps<T, R extends ServerPage<T>> {
  table: ServerTable<T, R>;
  /** The container's title ('Tenants'), counted by the list's total. */
  title: string;
  description?: ReactNode;
  /**
   * The list's own actions, each with a key; the refresh button comes after them. A list, not a fragment:
   * SpaceBetween spaces each child, and with React 19 it takes a fragment for one child (its react-is is 18).
   */
  actions?: ReactNode[];
  refreshLabel: string;
  /** Filters and alerts between the header and the table, each with a key (a list, as `actions`). */
  above?: ReactNode[];
  testId: string;
  /** What is particular to this list's Table: its columns, labels, empty state, row click. */
  tableProps: Omit<TableProps<T>, keyof ServerTableProps<T> | 'variant' | 'stickyHeader'>;
}

/**
 * The frame of every server-paged list page (Master Tenants List, Master Audit, a cycle's audit): a
 * container whose header counts the list and carries its actions and refresh button, the pager in its
 * footer, the filters above, and the table of useServerTable in the 475 px scroll box.
 */
export function ServerTableFrame<T, R extends ServerPage<T>>({ table, title, description, actions, refreshLabel, above, testId, tableProps }: ServerTableFrameProps<T, R>) {
  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={listCounter(table.pagination)}
          description={description}
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              {actions}
              <RefreshButton list={table.result} ariaLabel={refreshLabel} />
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
      footer={
        <Box float="right">
          <ServerTablePagination table={table} />
        </Box>
      }
    >
      <SpaceBetween size="m">
        {above}
        <ListTableScroll testId={testId}>
          <Table {...table.tableProps} {...tableProps} variant="embedded" stickyHeader />
        </ListTableScroll>
      </SpaceBetween>
    </Container>
  );
}
