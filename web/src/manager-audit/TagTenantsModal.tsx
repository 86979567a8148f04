/**
 * Tag Tenants for Removal (spec §2, §5, §9): the cycle's tenants 50 to a page in a 400 px table, a name
 * filter sent as full_name on Search, Refresh, and Save (POST /api/managers/tag-tenants) for the checked
 * tenants. Tenants already tagged show so and cannot be checked again. A failure shows in the footer.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import Table from '@cloudscape-design/components/table';
import { MAX_BULK_TENANTS } from '../../../shared/contracts/tenants';
import type { TenantView } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { SelectionLimitModal } from '../widgets/SelectionLimitModal';
import { ServerTablePagination } from '../widgets/ServerTablePagination';
import { TAG_PAGE_SIZE, useFacilityTenantTable, useTagTenants } from './manager-audit-api';
import { TenantsEmptyState } from './TenantsEmptyState';
import { listedName } from './tenant-rules';
import { TruncatedText } from '../widgets/TruncatedText';
import './manager-audit.css';
import { RefreshButton } from '../widgets/RefreshButton';

interface Props {
  facilityId: string;
  cycleId: string;
  onClose: () => void;
  onSaved: (tagged: number) => void;
}

export function TagTenantsModal({ facilityId, cycleId, onClose, onSaved }: Props) {
  const [typed, setTyped] = useState('');
  const [fullName, setFullName] = useState('');
  const tag = useTagTenants();
  const table = useFacilityTenantTable({
    facilityId,
    table: 'tag',
    query: { cycle_id: cycleId, full_name: fullName || undefined, per_page: TAG_PAGE_SIZE },
    selectionLimit: MAX_BULK_TENANTS,
    sortableFields: ['name', 'unit'],
  });
  const checked = table.selectedItems.length;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFullName(typed.trim());
  };
  const reset = () => {
    setTyped('');
    setFullName('');
  };
  const save = () =>
    tag.mutate({ cycleId, ids: table.selectedItems.map((t) => t.id) }, { onSuccess: () => onSaved(checked) });

  return (
    <Modal
      visible
      size="large"
      onDismiss={() => !tag.isPending && onClose()}
      closeAriaLabel="Close"
      header="Tag Tenants for Removal"
      footer={
        <SpaceBetween size="xs">
          {tag.error && <StatusIndicator type="error" data-testid="tag-error">{errorText(tag.error)}</StatusIndicator>}
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Box variant="span" color="text-body-secondary">{checked === 1 ? '1 tenant checked' : `${checked} tenants checked`}</Box>
              <Button variant="link" disabled={tag.isPending} onClick={onClose}>Cancel</Button>
              <Button variant="primary" loading={tag.isPending} disabled={table.result.isFetching || checked === 0} onClick={save}>Save</Button>
            </SpaceBetween>
          </Box>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">Please select any tenants who have moved out.</Box>
        <form onSubmit={search}>
          <SpaceBetween direction="horizontal" size="xs">
            <div style={{ minWidth: 320 }}>
              <Input type="search" value={typed} placeholder="Filter by First, Last, or Full Name" ariaLabel="Filter by First, Last, or Full Name" onChange={({ detail }) => setTyped(detail.value)} />
            </div>
            <Button formAction="none" onClick={reset}>Reset</Button>
            <Button variant="primary" formAction="submit">Search</Button>
            <RefreshButton list={table.result} text />
          </SpaceBetween>
        </form>
        <div className="tag-table-scroll" data-testid="tag-table">
          <Table
            {...table.tableProps}
            variant="embedded"
            stickyHeader
            isItemDisabled={(t) => t.tagged_for_removal}
            loadingText="Loading tenants"
            ariaLabels={{
              tableLabel: 'Tenants to tag',
              selectionGroupLabel: 'Tenants',
              allItemsSelectionLabel: () => 'Select all tenants on this page',
              itemSelectionLabel: (_, t) => `Select ${listedName(t)}`,
            }}
            columnDefinitions={[
              { id: 'unit', header: 'Unit', cell: (t: TenantView) => t.unit, sortingField: 'unit', minWidth: 90 },
              {
                id: 'name',
                header: 'Name',
                sortingField: 'name',
                cell: (t: TenantView) => (
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <TruncatedText text={listedName(t)} maxWidth={240} />
                    {t.tagged_for_removal && <Badge color="severity-medium">Tagged</Badge>}
                  </SpaceBetween>
                ),
              },
            ]}
            empty={<TenantsEmptyState error={table.result.error} onRetry={() => void table.result.refetch()} />}
          />
        </div>
        <Box float="right">
          <ServerTablePagination table={table} />
        </Box>
      </SpaceBetween>
      <SelectionLimitModal table={table} noun="tenants" />
    </Modal>
  );
}
