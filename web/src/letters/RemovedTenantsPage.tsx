/**
 * Removed Tenants (/removed-tenants, staff; beyond the spec, docs/decisions.md "Letters: removing
 * ineligible tenants safely"): the tenants Remove Ineligible Tenants took in the last 30 days, newest
 * first, with the reason, who removed them and until when they can come back; a facility number filter
 * (in the address with the page, useListUrl);
 * checked rows (at most 300) are restored with their counters, on the tenant's history.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { INELIGIBILITY_LABELS, REMOVED_TENANT_DAYS } from '../../../shared/contracts/ledger-checks';
import type { RemovedTenant } from '../../../shared/contracts/ledger-checks';
import { MAX_BULK_TENANTS } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { FACILITY_NUMBER_PARAM, FacilityFilterForm } from '../widgets/FacilityFilterForm';
import type { FacilityDraft } from '../widgets/FacilityFilterForm';
import { SelectionLimitModal } from '../widgets/SelectionLimitModal';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useListUrl } from '../widgets/use-list-url';
import { useSearchFilters } from '../widgets/use-search-filters';
import { useServerTable } from '../widgets/use-server-table';
import { fetchRemovedTenantsPage, removedTenantsKey, restoreTenants } from './ledger-api';
import type { RemovedTenantFilters } from './ledger-api';
import { batchDate } from './letter-format';
import { useReloadLetters } from './letters-api';
import { NoticeModal } from './NoticeModal';
import type { Notice } from './NoticeModal';

const COLUMNS = [
  { id: 'removed_at', header: 'Removed', cell: (t: RemovedTenant) => batchDate(t.removed_at) },
  { id: 'removed_by', header: 'Removed By', cell: (t: RemovedTenant) => t.removed_by },
  { id: 'facility_number', header: 'Facility', cell: (t: RemovedTenant) => t.facility_number },
  { id: 'unit', header: 'Unit', cell: (t: RemovedTenant) => t.unit },
  { id: 'name', header: 'Name', cell: (t: RemovedTenant) => t.name },
  { id: 'ledger_id', header: 'Ledger', cell: (t: RemovedTenant) => t.ledger_id },
  { id: 'reason', header: 'Reason', cell: (t: RemovedTenant) => INELIGIBILITY_LABELS[t.reason] },
  { id: 'expires_at', header: 'Restorable Until', cell: (t: RemovedTenant) => batchDate(t.expires_at) },
];

const PARAMS = { facilityNumber: FACILITY_NUMBER_PARAM };
const filtersOf = (d: FacilityDraft): RemovedTenantFilters => ({ facility_number: d.facilityNumber.trim() || undefined });

export default function RemovedTenantsPage() {
  const reload = useReloadLetters();
  const url = useListUrl(PARAMS);
  const form = useSearchFilters(url, filtersOf);
  const [restoring, setRestoring] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const table = useServerTable({ queryKey: removedTenantsKey, query: form.filters, fetchPage: fetchRemovedTenantsPage, selectionLimit: MAX_BULK_TENANTS, place: url.place });
  const checked = table.selectedItems;

  const restore = async () => {
    setRestoring(true);
    try {
      const { restored } = await restoreTenants(checked.map((t) => t.id));
      table.clearSelection();
      await reload();
      setNotice({ good: true, message: `${restored} tenant(s) restored.` });
    } catch (err) {
      setNotice({ good: false, message: errorText(err) });
    } finally {
      setRestoring(false);
    }
  };

  return (
    <ContentLayout header={<Header variant="h1" description={`Tenants removed as ineligible can be put back for ${REMOVED_TENANT_DAYS} days.`}>Removed Tenants</Header>}>
      <ServerTableFrame
        table={table}
        title="Removed tenants"
        description="Newest first. Check the tenants to put back in their cycle."
        actions={[
          <Button key="restore" variant="primary" disabled={checked.length === 0} loading={restoring} onClick={() => void restore()}>
            {checked.length === 1 ? 'Restore 1 tenant' : `Restore ${checked.length} tenants`}
          </Button>,
        ]}
        refreshLabel="Refresh removed tenants"
        above={[
          <FacilityFilterForm key="filters" form={form} />,
        ]}
        testId="removed-tenants-table"
        tableProps={{
          columnDefinitions: COLUMNS,
          loadingText: 'Loading removed tenants',
          ariaLabels: {
            tableLabel: 'Removed tenants',
            selectionGroupLabel: 'Tenant selection',
            allItemsSelectionLabel: () => 'Check all tenants on this page',
            itemSelectionLabel: (_, t) => `Check ${t.name}`,
          },
          empty: <TableEmptyState error={table.result.error} empty="No removed tenants to show." testId="removed-tenants-error" />,
        }}
      />
      <SelectionLimitModal table={table} noun="tenants" />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </ContentLayout>
  );
}
