/**
 * Cycle Audit's tenant table (spec §2, §5, §8, §9): the filter select with counts, Export, 100 rows a
 * page in the 475 px box, the incomplete-address warning, checkboxes for bulk Confirm Charge Added, the
 * row's own Confirm Charge Added button, and a row click opening the Edit Tenant modal (unless locked).
 * Only a tenant whose charge can be confirmed can be checked; a refused confirmation (the tenant changed
 * meanwhile) shows the server's message as an error toast and reloads the rows as they now are. The
 * filter, sort and page live in the address (useListUrl).
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { MAX_BULK_TENANTS, TENANT_FILTER_KEYS } from '../../../shared/contracts/tenants';
import type { TenantFilterKey, TenantView } from '../../../shared/contracts/tenants';
import { countOf } from '../../../shared/format';
import { errorText } from '../api/api-error';
import { ConfirmModal } from '../facilities/dialogs';
import { useToast } from '../shell/toasts';
import { SelectionLimitModal } from '../widgets/SelectionLimitModal';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { todayWire } from '../widgets/date-format';
import { choiceParam } from '../widgets/list-url';
import { useListUrl } from '../widgets/use-list-url';
import { EditTenantModal } from './EditTenantModal';
import { TENANT_PAGE_SIZE, useChargeApplied, useFacilityTenantTable } from './manager-audit-api';
import { TenantExportButton } from './TenantExportButton';
import { ALL_TENANTS, TenantFilterSelect } from './TenantFilterSelect';
import { TenantsEmptyState } from './TenantsEmptyState';
import { cycleAuditColumns } from './tenant-columns';
import { canConfirmCharge, fullName, isLocked, listedName } from './tenant-rules';

const incompleteAddressText = (n: number) =>
  `There ${n === 1 ? 'is' : 'are'} ${countOf(n, 'tenant')} with an incomplete address!`;

const PARAMS = { filter: choiceParam<TenantFilterKey>('filter', TENANT_FILTER_KEYS, ALL_TENANTS) };

/** What a Confirm Charge Added prompt is about: one row's tenant, or the checked rows. */
type ChargeRequest = { one: TenantView } | { checked: TenantView[] };

export function CycleTenantsTable({ facilityId, cycleId }: { facilityId: string; cycleId: string }) {
  const toast = useToast();
  const url = useListUrl(PARAMS);
  const { filter } = url.values;
  const [charge, setCharge] = useState<ChargeRequest | null>(null);
  const [editing, setEditing] = useState<TenantView | null>(null);
  const chargeApplied = useChargeApplied();
  const filterKey = filter === ALL_TENANTS ? undefined : filter;
  const table = useFacilityTenantTable({
    facilityId,
    table: 'cycle',
    query: { cycle_id: cycleId, filter: filterKey, per_page: TENANT_PAGE_SIZE },
    selectionLimit: MAX_BULK_TENANTS,
    sortableFields: ['name', 'billing_date', 'charge_apply_date', 'status'],
    place: url.place,
  });
  const incomplete = table.response?.info.incomplete_address ?? 0;
  const checked = table.selectedItems;
  const confirmingId = chargeApplied.isPending && chargeApplied.variables.length === 1 ? chargeApplied.variables[0] ?? null : null;

  const confirmCharge = () => {
    if (!charge) return;
    const tenants = 'one' in charge ? [charge.one] : charge.checked;
    setCharge(null);
    chargeApplied.mutate(tenants.map((t) => t.id), {
      onSuccess: () => {
        if ('checked' in charge) table.clearSelection();
      },
      // Spec §8 only stops the loading state, which told the manager nothing: say why, and show the rows as they are now.
      onError: (err) => {
        toast(errorText(err), 'error');
        void table.result.refetch().then(({ data }) => {
          if (!('checked' in charge)) return;
          // A checked row that can no longer take the action is unchecked; checked rows of other pages stay.
          const fresh = new Map((data?.data ?? []).map((t) => [t.id, t]));
          table.setSelectedItems(charge.checked.flatMap((t) => {
            const now = fresh.get(t.id);
            if (!now) return [t];
            return canConfirmCharge(now, todayWire()) ? [now] : [];
          }));
        });
      },
    });
  };

  const today = todayWire();
  const columns = cycleAuditColumns({ today, onConfirmCharge: (t) => setCharge({ one: t }), confirmingId });

  return (
    // One element: the page's SpaceBetween would space out each modal of a fragment.
    <div>
      <ServerTableFrame
        table={table}
        title="Tenants"
        description="Click a tenant to edit it. Tenants whose welcome letter was sent are locked."
        actions={[
          <TenantFilterSelect key="filter" cycleId={cycleId} value={filter} onChange={(key) => url.setValues({ filter: key as TenantFilterKey })} />,
          <Button
            key="charge"
            disabled={checked.length === 0}
            loading={chargeApplied.isPending && confirmingId === null}
            onClick={() => setCharge({ checked })}
          >
            Confirm Charge Added for Checked ({checked.length})
          </Button>,
          <TenantExportButton key="export" cycleId={cycleId} filter={filterKey} disabled={table.items.length === 0} />,
        ]}
        refreshLabel="Refresh tenants"
        above={incomplete > 0 ? [<Alert key="incomplete" type="warning">{incompleteAddressText(incomplete)}</Alert>] : []}
        testId="cycle-tenants-table"
        tableProps={{
          columnDefinitions: columns,
          loadingText: 'Loading tenants',
          // The checkboxes serve Confirm Charge Added only: a row that cannot take it is not offered it.
          isItemDisabled: (t) => !canConfirmCharge(t, today),
          onRowClick: ({ detail }) => {
            if (!isLocked(detail.item)) setEditing(detail.item);
          },
          ariaLabels: {
            tableLabel: 'Tenants',
            selectionGroupLabel: 'Tenants',
            allItemsSelectionLabel: () => 'Select all tenants on this page',
            itemSelectionLabel: (_, t) => `Select ${listedName(t)}`,
          },
          empty: <TenantsEmptyState error={table.result.error} onRetry={() => void table.result.refetch()} />,
        }}
      />
      <SelectionLimitModal table={table} noun="tenants" />
      <ConfirmModal
        header="Confirm Charge Added"
        question={
          charge === null
            ? null
            : 'one' in charge
              ? `Are you sure you want to mark ${fullName(charge.one)} as setup?`
              : `This will confirm the charge has been added for ${countOf(charge.checked.length, 'tenant')}. Continue?`
        }
        onConfirm={confirmCharge}
        onCancel={() => setCharge(null)}
      />
      {editing && (
        <EditTenantModal
          key={`${editing.id}-${editing.updated_at}`}
          tenant={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            toast(`Tenant record was successfully updated for ${saved.first_name} ${saved.last_name ?? ''}`.trimEnd());
          }}
          onReload={() => {
            void table.result.refetch().then(({ data }) => {
              const fresh = data?.data.find((t) => t.id === editing.id);
              setEditing(fresh && !isLocked(fresh) ? fresh : null);
            });
          }}
        />
      )}
    </div>
  );
}
