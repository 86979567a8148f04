/**
 * The History tab of the manager Edit Tenant modal: every recorded change of the tenant
 * (GET /api/tenants/{id}/history), newest first — when, what, who, and each field from → to.
 */
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { HistoryEntry } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { useTenantHistory } from './manager-audit-api';

const shownValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const shownTime = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
};

const newestFirst = (entries: readonly HistoryEntry[]) => [...entries].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));

export function TenantHistory({ tenantId }: { tenantId: string }) {
  const history = useTenantHistory(tenantId, true);
  if (history.isError) return <StatusIndicator type="error">Error! {errorText(history.error)}</StatusIndicator>;
  return (
    <Table
      variant="embedded"
      trackBy={(e) => `${e.at}-${e.action}`}
      loading={history.isLoading}
      loadingText="Loading history"
      items={newestFirst(history.data ?? [])}
      wrapLines
      ariaLabels={{ tableLabel: 'Tenant history' }}
      empty={<Box textAlign="center" color="inherit">No changes recorded.</Box>}
      columnDefinitions={[
        { id: 'at', header: 'When', cell: (e) => shownTime(e.at), minWidth: 140 },
        { id: 'action', header: 'Action', cell: (e) => e.action, minWidth: 120 },
        { id: 'by', header: 'Who', cell: (e) => e.by.username, minWidth: 110 },
        {
          id: 'changes',
          header: 'Changes',
          cell: (e) => (
            <SpaceBetween size="xxs">
              {e.changes.map((c) => (
                <span key={c.field}>
                  <b>{c.field}</b>: {shownValue(c.from)} → {shownValue(c.to)}
                </span>
              ))}
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}
