/**
 * Master Tenants List (/tenant-list, spec §2 Reading B): the stats card of the chosen facility or cycle
 * (or of the program), the filters, the 100-row list with its checkboxes (at most 300 checked), export,
 * refresh and the bulk actions, the Edit Tenant modal on a row click and the status modal on the pencil.
 * The filters, sort and page live in the address (useListUrl), so Back, reload and a shared link show the
 * list as it was left; links open it with a preset (?facility_number=&cycle_id= from a cycle,
 * &tagged_for_removal=true from Send Letters).
 */
import { useEffect, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { MAX_BULK_TENANTS, STATUS_FILTERS, STATUS_FILTER_LABELS, TENANT_FILTER_KEYS, TENANT_SORTS } from '../../../shared/contracts/tenants';
import type { StatusFilter, TenantFilterKey, TenantView } from '../../../shared/contracts/tenants';
import { countOf, tenantsUpdated } from '../../../shared/format';
import { ConfirmModal } from '../facilities/dialogs';
import { ExportButton } from '../jobs/ExportButton';
import { useToast } from '../shell/toasts';
import { SelectionLimitModal } from '../widgets/SelectionLimitModal';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { choiceParam, flagParam, textParam } from '../widgets/list-url';
import { useDebouncedValue } from '../widgets/use-debounced-value';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { sortParamOf, useServerTable } from '../widgets/use-server-table';
import { BulkEditModal } from './BulkEditModal';
import { BulkFailureAlert, failureOf } from './BulkFailureAlert';
import type { BulkFailure } from './BulkFailureAlert';
import { EditTenantModal } from './EditTenantModal';
import { EditTenantStatusModal } from './EditTenantStatusModal';
import { TenantStatsCard } from './TenantStatsCard';
import { fullName, tenantName } from './tenant-format';
import { tenantListColumns } from './tenant-list-columns';
import {
  createTenantsExport, downloadTenantsExport, fetchTenantPage, tenantListKey, useBulkTenants, useCycleSearch,
} from './tenants-api';
import type { BulkAction, TenantListFilters } from './tenants-api';

/** Spec §9: the tenant filters reload 400 ms after typing stops; the cycles 500 ms after the facility number. */
export const TEXT_DEBOUNCE_MS = 400;
export const CYCLE_DEBOUNCE_MS = 500;
export const NAME_MATCH_HINT = 'Inside a facility or cycle, name and unit match anywhere; across all facilities they match the beginning of the first or last name, in either order, and the whole unit.';

/** Spec §5: text filters go to the server only when longer than 1 character. */
const sentText = (value: string) => (value.trim().length > 1 ? value.trim() : undefined);

/** The list's place in the address; `tagged_for_removal=true` is how Send Letters links to the tenants that block its letters. */
const LIST_PARAMS = {
  facility_number: textParam('facility_number'),
  name: textParam('name'),
  unit: textParam('unit'),
  cycle_id: textParam('cycle_id'),
  filter: choiceParam<TenantFilterKey>('filter', TENANT_FILTER_KEYS, 'all'),
  status: choiceParam<StatusFilter>('status', STATUS_FILTERS, 'all'),
  tagged: flagParam('tagged_for_removal'),
};

interface TextFilters {
  facility_number: string;
  name: string;
  unit: string;
}

type Confirming = 'reset' | 'payment' | 'delete';
// The spec's questions, in the singular for one tenant (issue 24: no '1 tenants').
const CONFIRMS: Record<Confirming, { header: string; question: (n: number) => string; label: string; action: BulkAction }> = {
  reset: { header: 'Reset Tenants', question: (n) => `Are you sure you want to reset ${countOf(n, 'tenant')}?`, label: 'Reset', action: { kind: 'reset' } },
  payment: {
    header: 'Bulk Confirm Payment Received',
    question: (n) => `This will confirm the charge has been added for ${countOf(n, 'tenant')}. Continue?`,
    label: 'Confirm',
    action: { kind: 'field', field: 'payment_confirmed', value: '' },
  },
  delete: {
    header: 'Delete Tenants',
    question: (n) => `The ${countOf(n, 'selected tenant')} will be permanently deleted. This cannot be undone. Continue?`,
    label: 'Delete',
    action: { kind: 'delete' },
  },
};

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({ value, label: STATUS_FILTER_LABELS[value] }));

export default function TenantListPage() {
  const toast = useToast();
  const url = useListUrl(LIST_PARAMS);
  const { cycle_id: cycleId, filter, status, tagged } = url.values;
  const { setValues } = url;
  const [editing, setEditing] = useState<TenantView | null>(null);
  const [editingStatus, setEditingStatus] = useState<TenantView | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [bulkEditing, setBulkEditing] = useState(false);
  const [failure, setFailure] = useState<BulkFailure | null>(null);

  // The three boxes show what is typed; it reaches the address (and the list) once it settles.
  const settled: TextFilters = { facility_number: url.values.facility_number, name: url.values.name, unit: url.values.unit };
  const [text, setText] = useSettledDraft(settled, setValues, TEXT_DEBOUNCE_MS);
  const cycleFacility = sentText(useDebouncedValue(text.facility_number, CYCLE_DEBOUNCE_MS));
  const cycles = useCycleSearch(cycleFacility);

  const filters: TenantListFilters = {
    facility_number: sentText(settled.facility_number),
    cycle_id: cycleId || undefined,
    filter: filter === 'all' ? undefined : filter,
    name: sentText(settled.name),
    unit: sentText(settled.unit),
    status: status === 'all' ? undefined : status,
    tagged_for_removal: tagged ? true : undefined,
  };
  // Across the whole program the server sorts by name only (its own order).
  const programWide = !filters.facility_number && !filters.cycle_id;
  const sortableFields = programWide ? [] : TENANT_SORTS;
  const table = useServerTable({
    queryKey: tenantListKey,
    query: filters,
    fetchPage: fetchTenantPage,
    selectionLimit: MAX_BULK_TENANTS,
    sortableFields,
    place: url.place,
  });
  const bulk = useBulkTenants();
  const { result, response, selectedItems } = table;
  const checked = selectedItems.length;

  // Spec §8: a failed load of the staff list is the toast 'Error loading tenants'.
  useEffect(() => {
    if (result.isError) toast('Error loading tenants', 'error');
  }, [result.isError, result.errorUpdatedAt, toast]);

  const changeText = (name: keyof TextFilters, value: string) => {
    setText((t) => ({ ...t, [name]: value }));
    // The chosen cycle belongs to the facility number it was found by.
    if (name === 'facility_number' && cycleId) setValues({ cycle_id: '' });
  };

  const runBulk = (action: BulkAction, done: () => void) => {
    const chosen = selectedItems;
    setFailure(null);
    bulk.mutate(
      { action, ids: chosen.map((t) => t.id) },
      {
        onSuccess: (answer) => {
          toast(answer.message || tenantsUpdated(chosen.length));
          table.clearSelection();
          done();
        },
        onError: (err) => {
          if (action.kind === 'field' && action.field !== 'payment_confirmed' && err instanceof Error && 'field' in err && err.field === 'value') return;
          setFailure(failureOf(err, chosen));
          done();
        },
      },
    );
  };

  const cycleOptions = [
    { value: '', label: 'All cycles' },
    ...(cycles.data ?? []).map((c) => ({ value: c.id, label: `${c.label} (${c.tenant_count} tenants)` })),
  ];
  const chosenCycle = cycleOptions.find((o) => o.value === cycleId)
    ?? { value: cycleId, label: table.items.find((t) => t.cycle_id === cycleId)?.cycle_label ?? 'Chosen cycle' };
  const filterOptions = (response?.filters ?? []).map((f) => ({ value: f.key, label: f.label, labelTag: f.count.toLocaleString() }));
  const chosenFilter = filterOptions.find((o) => o.value === filter) ?? { value: filter, label: filter === 'all' ? 'All Tenants' : filter };

  const info = response?.info;
  const scopeText = !info ? '' : info.scope === 'program' ? 'All facilities' : info.scope === 'cycle' ? 'The chosen cycle' : 'The chosen facility';
  const needsSelection = checked === 0 ? 'Check at least one tenant.' : undefined;

  return (
    <ContentLayout header={<Header variant="h1">Master Tenants List</Header>}>
      <SpaceBetween size="l">
        {failure && <BulkFailureAlert failure={failure} onDismiss={() => setFailure(null)} />}
        <TenantStatsCard stats={info?.stats} scope={scopeText} />
        <ServerTableFrame
          table={table}
          title="Tenants"
          description={checked > 0 ? `${checked} of at most ${MAX_BULK_TENANTS} tenants checked.` : 'Click a tenant to edit it; the pencil changes its status.'}
          actions={[
            <ExportButton
              key="export"
              disabled={table.items.length === 0}
              create={() => createTenantsExport({ ...filters, sort: sortParamOf(table.sort) })}
              download={downloadTenantsExport}
            />,
            <ButtonDropdown
              key="actions"
              loading={bulk.isPending}
              disabled={checked === 0}
              disabledReason={needsSelection}
              onItemClick={({ detail }) => {
                if (detail.id === 'edit') {
                  bulk.reset();
                  setBulkEditing(true);
                } else {
                  setConfirming(detail.id as Confirming);
                }
              }}
              items={[
                { id: 'reset', text: 'Reset Tenants' },
                { id: 'payment', text: 'Bulk Confirm Payment Received' },
                { id: 'edit', text: 'Bulk Edit' },
                { id: 'delete', text: 'Delete' },
                ]}
              >
                Actions
              </ButtonDropdown>,
          ]}
          refreshLabel="Refresh tenants"
          above={[
            <Grid
              key="filters"
              gridDefinition={[
                { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 3 } }, { colspan: { default: 6, m: 3 } },
                { colspan: { default: 6, m: 4 } }, { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 3 } },
                { colspan: { default: 12, m: 4 } },
                ]}
              >
                <FormField label="Facility Number">
                  <Input type="search" value={text.facility_number} ariaLabel="Facility Number" onChange={({ detail }) => changeText('facility_number', detail.value)} />
                </FormField>
                <FormField label="Cycle">
                  <Select
                    selectedOption={chosenCycle}
                    options={cycleOptions}
                    ariaLabel="Cycle"
                    disabled={!cycleFacility && !cycleId}
                    statusType={cycles.isFetching ? 'loading' : cycles.isError ? 'error' : 'finished'}
                    loadingText="Loading cycles"
                    errorText="The cycles could not be loaded."
                    placeholder="Type a facility number first"
                    onChange={({ detail }) => setValues({ cycle_id: detail.selectedOption.value ?? '' })}
                  />
                </FormField>
                <FormField label="Filter">
                  <Select
                    selectedOption={chosenFilter}
                    options={filterOptions}
                    triggerVariant="option"
                    ariaLabel="Filter"
                    onChange={({ detail }) => setValues({ filter: (detail.selectedOption.value ?? 'all') as TenantFilterKey })}
                  />
                </FormField>
                <FormField label="Tenant Name" description={NAME_MATCH_HINT}>
                  <Input type="search" value={text.name} ariaLabel="Tenant Name" onChange={({ detail }) => changeText('name', detail.value)} />
                </FormField>
                <FormField label="Unit">
                  <Input type="search" value={text.unit} ariaLabel="Unit" onChange={({ detail }) => changeText('unit', detail.value)} />
                </FormField>
                <FormField label="Status">
                  <Select
                    selectedOption={STATUS_OPTIONS.find((o) => o.value === status) ?? STATUS_OPTIONS[0]!}
                    options={STATUS_OPTIONS}
                    ariaLabel="Status"
                    onChange={({ detail }) => setValues({ status: (detail.selectedOption.value ?? 'all') as StatusFilter })}
                  />
                </FormField>
                <FormField label="Tagged">
                  <Toggle checked={tagged} onChange={({ detail }) => setValues({ tagged: detail.checked })}>Show Tenants Tagged for Removal</Toggle>
                </FormField>
              </Grid>,
              ...(info && info.incomplete_address > 0
                ? [<Alert key="incomplete" type="warning" data-testid="incomplete-address">There are {info.incomplete_address} tenants with an incomplete address!</Alert>]
                : []),
          ]}
          testId="tenants-table"
          tableProps={{
            columnDefinitions: tenantListColumns({ onEditStatus: setEditingStatus, sortableFields }),
            loadingText: 'Loading tenants',
            onRowClick: ({ detail }) => setEditing(detail.item),
            ariaLabels: {
              tableLabel: 'Tenants',
              selectionGroupLabel: 'Tenant selection',
              allItemsSelectionLabel: () => 'Check all tenants on this page',
              itemSelectionLabel: (_, t) => `Check ${tenantName(t)}`,
            },
            empty: <TableEmptyState error={result.error} empty="No tenants to show." testId="tenants-error" />,
          }}
        />
      </SpaceBetween>

      <SelectionLimitModal table={table} noun="tenants" />
      {confirming && (
        <ConfirmModal
          header={CONFIRMS[confirming].header}
          question={CONFIRMS[confirming].question(checked)}
          confirmLabel={CONFIRMS[confirming].label}
          busy={bulk.isPending}
          onCancel={() => {
            if (!bulk.isPending) setConfirming(null);
          }}
          onConfirm={() => runBulk(CONFIRMS[confirming].action, () => setConfirming(null))}
        />
      )}
      {bulkEditing && (
        <BulkEditModal
          count={checked}
          busy={bulk.isPending}
          error={bulk.error}
          onClose={() => setBulkEditing(false)}
          onSubmit={(field, value) => runBulk({ kind: 'field', field, value }, () => setBulkEditing(false))}
        />
      )}
      {editing && (
        <EditTenantModal
          key={editing.id}
          tenant={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            table.clearSelection();
            toast(`Tenant record was successfully updated for ${fullName(saved)}`);
          }}
        />
      )}
      {editingStatus && (
        <EditTenantStatusModal
          key={editingStatus.id}
          tenant={editingStatus}
          onClose={() => setEditingStatus(null)}
          onSaved={() => {
            setEditingStatus(null);
            table.clearSelection();
          }}
        />
      )}
    </ContentLayout>
  );
}
