/**
 * The 'Setup Tenants' tab (spec §2 'Insurance Policy Management', §4 'Policy setup', §5, §8): a software,
 * then one of its facilities; the Unit, Tenant Name and error filters (applied on Search, disabled until
 * a facility is chosen); the facility's tenants to set up, 100 a page, with checkboxes (at most 300,
 * the header's tri-state select-all) and '{total} total tenants'; Export Tenants and Check Charges; and
 * 'Setup N tenants', which opens the chosen software's setup modal. When a setup modal closes the checks
 * clear and the tenants reload. Choosing none clears the table. The software, the facility, the applied
 * filters and the page live in the address (useListUrl), so the other tab, Back and a shared link keep them.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ERROR_FILTERS, ERROR_FILTER_LABELS, MAX_SETUP_TENANTS, SETUP_SOFTWARE, SETUP_SOFTWARE_LABELS } from '../../../shared/contracts/policy-setup';
import type { ErrorFilter, PolicySetupTenant, SetupSoftware } from '../../../shared/contracts/policy-setup';
import { ApiError, errorText } from '../api/api-error';
import { ErrorModal } from '../facilities/dialogs';
import { ExportButton } from '../jobs/ExportButton';
import { useToast } from '../shell/toasts';
import { tenantName } from '../tenants/tenant-format';
import { SelectionLimitModal } from '../widgets/SelectionLimitModal';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useServerTable } from '../widgets/use-server-table';
import type { TablePlace } from '../widgets/use-server-table';
import { useSearchFilters } from '../widgets/use-search-filters';
import type { SearchFilters } from '../widgets/use-search-filters';
import { choiceParam, textParam } from '../widgets/list-url';
import type { ValuesOf } from '../widgets/list-url';
import { useListUrl } from '../widgets/use-list-url';
import { CheckChargesModal } from './CheckChargesModal';
import { createSetupExport, downloadSetupExport, fetchSetupPage, setupListKey, useReloadAfterSetup } from './policy-setup-api';
import type { SetupListQuery } from './policy-setup-api';
import { SetupFacilitySelect } from './SetupFacilitySelect';
import type { SetupFacility } from './SetupFacilitySelect';
import { SETUP_COLUMNS } from './setup-columns';
import { SiteLinkSetupModal } from './SiteLinkSetupModal';
import { StorEdgeSetupModal } from './StorEdgeSetupModal';

const CHOICE_PARAMS = {
  software: choiceParam<SetupSoftware | ''>('software', SETUP_SOFTWARE, ''),
  facilityId: textParam('facility_id'),
  facilityNumber: textParam('facility_number'),
};
const FILTER_PARAMS = { unit: textParam('unit'), name: textParam('name'), errorFilter: choiceParam<ErrorFilter>('errors', ERROR_FILTERS, 'all') };
type SetupDraft = ValuesOf<typeof FILTER_PARAMS>;
type SetupFilters = Pick<SetupListQuery, 'unit' | 'name' | 'error_filter'>;
/** Spec §5: the insurance list's filters are sent when not empty. */
const setupFiltersOf = (d: SetupDraft): SetupFilters => ({ unit: d.unit.trim() || undefined, name: d.name.trim() || undefined, error_filter: d.errorFilter });

/** The software, the facility and the filters, as the address holds them. */
interface SetupChoice {
  software: SetupSoftware | null;
  setSoftware: (software: SetupSoftware | null) => void;
  facility: SetupFacility | null;
  setFacility: (facility: SetupFacility | null) => void;
  form: SearchFilters<SetupDraft, SetupFilters>;
  place: TablePlace;
}

function useSetupChoice(): SetupChoice {
  const chosen = useListUrl(CHOICE_PARAMS);
  const filters = useListUrl(FILTER_PARAMS);
  const form = useSearchFilters(filters, setupFiltersOf);
  const { facilityId, facilityNumber } = chosen.values;
  const software = chosen.values.software || null;
  return {
    software,
    // Spec §4: a software choice resets the facility to none and reloads the facility list.
    setSoftware: (next) => chosen.setValues({ software: next ?? '', facilityId: '', facilityNumber: '' }),
    facility: software && facilityId && facilityNumber ? { id: facilityId, facility_number: facilityNumber } : null,
    setFacility: (next) => chosen.setValues({ facilityId: next?.id ?? '', facilityNumber: next?.facility_number ?? '' }),
    form,
    place: chosen.place,
  };
}

const SOFTWARE_OPTIONS = SETUP_SOFTWARE.map((value) => ({ value, label: SETUP_SOFTWARE_LABELS[value] }));
const ERROR_OPTIONS = ERROR_FILTERS.map((value) => ({ value, label: ERROR_FILTER_LABELS[value] }));
const UNEXPECTED_ERROR = 'Unexpected error!';
/** Spec §8: the policy export's failure is the message, or 'Unexpected error!' when the server sent none. */
const exportFailure = (err: unknown) => (err instanceof ApiError ? err.error || UNEXPECTED_ERROR : errorText(err));
const setupLabel = (n: number) => `Setup ${n.toLocaleString()} ${n === 1 ? 'tenant' : 'tenants'}`;

function SetupFiltersForm({ choice }: { choice: SetupChoice }) {
  const { software, setSoftware, facility, setFacility, form } = choice;
  const { draft, setDraft } = form;
  const noFacility = facility === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.search();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Grid
        gridDefinition={[
          { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 2 } },
          { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 2 } },
        ]}
      >
        <FormField label="Software">
          <Select
            selectedOption={SOFTWARE_OPTIONS.find((o) => o.value === software) ?? null}
            options={SOFTWARE_OPTIONS}
            placeholder="Choose a software"
            ariaLabel="Software"
            onChange={({ detail }) => setSoftware((detail.selectedOption.value ?? null) as SetupSoftware | null)}
          />
        </FormField>
        <FormField label="Facility">
          <SetupFacilitySelect key={software ?? 'none'} software={software} facility={facility} onChange={setFacility} />
        </FormField>
        <FormField label="Unit">
          <Input type="search" value={draft.unit} ariaLabel="Unit" disabled={noFacility} onChange={({ detail }) => setDraft((d) => ({ ...d, unit: detail.value }))} />
        </FormField>
        <FormField label="Tenant Name">
          <Input type="search" value={draft.name} ariaLabel="Tenant Name" disabled={noFacility} onChange={({ detail }) => setDraft((d) => ({ ...d, name: detail.value }))} />
        </FormField>
        <FormField label="Errors">
          <Select
            selectedOption={ERROR_OPTIONS.find((o) => o.value === draft.errorFilter) ?? ERROR_OPTIONS[0]!}
            options={ERROR_OPTIONS}
            ariaLabel="Errors"
            disabled={noFacility}
            onChange={({ detail }) => setDraft((d) => ({ ...d, errorFilter: (detail.selectedOption.value ?? 'all') as ErrorFilter }))}
          />
        </FormField>
        <FormField label={<span aria-hidden="true">&nbsp;</span>}>
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" onClick={form.reset}>Reset</Button>
            <Button variant="primary" formAction="submit">Search</Button>
          </SpaceBetween>
        </FormField>
      </Grid>
    </form>
  );
}

export function SetupTenantsTab() {
  const choice = useSetupChoice();
  const { software, facility } = choice;
  return (
    <SpaceBetween size="l">
      <Container>
        <SetupFiltersForm choice={choice} />
      </Container>
      {/* A new software or facility is a new list: keyed, so none shows an empty table, not the last rows. */}
      <SetupTenantsList key={`${software ?? ''}|${facility?.id ?? ''}`} choice={choice} />
    </SpaceBetween>
  );
}

function SetupTenantsList({ choice }: { choice: SetupChoice }) {
  const toast = useToast();
  const reload = useReloadAfterSetup();
  const { software, facility, form, place } = choice;
  const [setupOf, setSetupOf] = useState<{ software: SetupSoftware; tenants: PolicySetupTenant[] } | null>(null);
  const [checkingCharges, setCheckingCharges] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const query: SetupListQuery | null = software && facility ? { software, facility_number: facility.facility_number, ...form.filters, error_filter: form.filters.error_filter ?? 'all' } : null;
  const table = useServerTable({
    queryKey: setupListKey,
    query: query ?? ({} as SetupListQuery),
    fetchPage: fetchSetupPage,
    enabled: query !== null,
    selectionLimit: MAX_SETUP_TENANTS,
    place,
  });
  const { result, pagination, selectedItems } = table;
  const checked = selectedItems.length;

  // Spec §8: a failed load of a staff tenant list is the toast 'Error loading tenants'.
  useEffect(() => {
    if (result.isError) toast('Error loading tenants', 'error');
  }, [result.isError, result.errorUpdatedAt, toast]);

  const noFacility = 'Choose a facility first.';
  const actions = [
    ...(checked > 0 && software
      ? [<Button key="setup" variant="primary" onClick={() => setSetupOf({ software, tenants: [...selectedItems] })}>{setupLabel(checked)}</Button>]
      : []),
    <ExportButton
      key="export"
      label="Export Tenants"
      disabled={query === null}
      create={() => createSetupExport(query!)}
      download={downloadSetupExport}
      failure={(err) => setExportError(exportFailure(err))}
    />,
    <Button key="charges" disabled={facility === null} disabledReason={facility ? undefined : noFacility} onClick={() => setCheckingCharges(true)}>Check Charges</Button>,
  ];

  const closeSetup = () => {
    setSetupOf(null);
    table.clearSelection();
    void reload();
  };

  return (
    <>
      <ServerTableFrame
        table={table}
        title="Tenants"
        description={
          query === null
            ? 'Choose a software and one of its facilities to list the tenants to set up.'
            : `${(pagination?.total ?? 0).toLocaleString()} total tenants${checked > 0 ? `, ${checked.toLocaleString()} checked (at most ${MAX_SETUP_TENANTS})` : ''}`
        }
        actions={actions}
        refreshLabel="Refresh tenants"
        testId="setup-tenants-table"
        tableProps={{
          columnDefinitions: SETUP_COLUMNS,
          loadingText: 'Loading tenants',
          ariaLabels: {
            tableLabel: 'Tenants to set up',
            selectionGroupLabel: 'Tenant selection',
            allItemsSelectionLabel: () => 'Check all tenants on this page',
            itemSelectionLabel: (_, t) => `Check ${tenantName(t)}`,
          },
          empty: query ? (
            <TableEmptyState error={result.error} empty="No tenants to show." testId="setup-tenants-error" />
          ) : (
            <Box textAlign="center" color="inherit">No tenants to show.</Box>
          ),
        }}
      />
      <SelectionLimitModal table={table} noun="tenants" />
      {setupOf?.software === 'sitelink' && <SiteLinkSetupModal tenants={setupOf.tenants} onClose={closeSetup} />}
      {setupOf?.software === 'storedge' && <StorEdgeSetupModal tenants={setupOf.tenants} onClose={closeSetup} />}
      {checkingCharges && facility && <CheckChargesModal facility={facility} onClose={() => setCheckingCharges(false)} />}
      <ErrorModal message={exportError} onClose={() => setExportError(null)} />
    </>
  );
}
