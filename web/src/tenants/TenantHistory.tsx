/**
 * A tenant's recorded changes, newest first: when, what happened, by whom, and each field 'from → to',
 * in people's words (history-text.ts). The History tab of the staff and manager Edit Tenant modals
 * (TenantHistory, which reads the history) and the tenant page (TenantHistoryTable, given its entries).
 */
import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { HistoryEntry } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { actionText, actorText, changeText, timeText } from './history-text';
import { useTenantHistory } from './tenants-api';

interface TableProps {
  entries: readonly HistoryEntry[];
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown above the table on the tenant page; the modals' tab needs none. */
  header?: ReactNode;
  /** The table's name for assistive technology, and what it says with no entries. */
  label?: string;
  emptyText?: string;
}

export function TenantHistoryTable({ entries, loading = false, error, onRetry, header, label = 'Tenant history', emptyText = 'No changes recorded.' }: TableProps) {
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Table<HistoryEntry>
      variant={header ? 'container' : 'embedded'}
      header={header}
      items={sorted}
      loading={loading}
      loadingText="Loading history"
      wrapLines
      ariaLabels={{ tableLabel: label }}
      columnDefinitions={[
        { id: 'at', header: 'Date', cell: (e) => timeText(e.at), minWidth: 150 },
        { id: 'action', header: 'Action', cell: (e) => actionText(e.action), minWidth: 160 },
        { id: 'by', header: 'By', cell: actorText, minWidth: 120 },
        {
          id: 'changes',
          header: 'Changes',
          cell: (e) => (
            <SpaceBetween size="xxxs">
              {e.changes.map((c) => <span key={c.field}>{changeText(c)}</span>)}
            </SpaceBetween>
          ),
        },
      ]}
      empty={
        error ? (
          <Box textAlign="center" color="text-status-error">
            {errorText(error)} {onRetry && <Button variant="inline-link" onClick={onRetry}>Retry</Button>}
          </Box>
        ) : (
          <Box textAlign="center" color="inherit">{emptyText}</Box>
        )
      }
    />
  );
}

export function TenantHistory({ tenantId }: { tenantId: string }) {
  const history = useTenantHistory(tenantId, true);
  return (
    <TenantHistoryTable
      entries={history.data ?? []}
      loading={history.isLoading}
      error={history.isError ? history.error : undefined}
      onRetry={() => void history.refetch()}
    />
  );
}
