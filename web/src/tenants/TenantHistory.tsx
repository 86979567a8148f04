/** A tenant's recorded changes, newest first: when, what, by whom, and each field 'from → to' (the History tab of the staff and manager Edit Tenant modals). */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { HistoryEntry } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { useTenantHistory } from './tenants-api';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' && 'identifier' in v ? String(v.identifier) : shown(v))).join(', ') || '(blank)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const actionLabel = (action: string) => action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function when(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toLocaleString();
}

export function TenantHistory({ tenantId }: { tenantId: string }) {
  const history = useTenantHistory(tenantId, true);
  const entries = [...(history.data ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Table<HistoryEntry>
      variant="embedded"
      items={entries}
      loading={history.isLoading}
      loadingText="Loading history"
      wrapLines
      ariaLabels={{ tableLabel: 'Tenant history' }}
      columnDefinitions={[
        { id: 'at', header: 'Date', cell: (e) => when(e.at), minWidth: 170 },
        { id: 'action', header: 'Action', cell: (e) => actionLabel(e.action), minWidth: 120 },
        { id: 'by', header: 'By', cell: (e) => e.by.username, minWidth: 100 },
        {
          id: 'changes',
          header: 'Changes',
          cell: (e) => (
            <SpaceBetween size="xxxs">
              {e.changes.map((c) => (
                <span key={c.field}>
                  <b>{c.field}</b>: {shown(c.from)} → {shown(c.to)}
                </span>
              ))}
            </SpaceBetween>
          ),
        },
      ]}
      empty={
        history.isError ? (
          <Box textAlign="center" color="text-status-error">
            {errorText(history.error)} <Button variant="inline-link" onClick={() => void history.refetch()}>Retry</Button>
          </Box>
        ) : (
          <Box textAlign="center" color="inherit">No changes recorded.</Box>
        )
      }
    />
  );
}
