/**
 * Active facilities (spec §2): 100 rows per page in a 475 px table, show/hide filters, the text filters
 * (sent past 1 character, 500 ms after typing stops), Insurance Program and Software selects, More
 * Filters with the response's badge counts (preset from ?filter=), refresh, export, Confirm move-outs,
 * edit and delete, and the clicked row's details in the split panel. The filters and page live in the
 * address (useListUrl), so Back, reload and a shared link show the list as it was left.
 */
import { useEffect, useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { FacilityView } from '../../../shared/contracts/facilities';
import { FILTER_KEYS } from '../../../shared/program-filters';
import type { FilterKey } from '../../../shared/program-filters';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import { usePageSplitPanel } from '../shell/split-panel';
import { useToast } from '../shell/toasts';
import { MoreFiltersSelect } from '../widgets/MoreFiltersSelect';
import { choiceParam, textParam } from '../widgets/list-url';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { ConfirmModal, ErrorModal } from './dialogs';
import { EditFacilityModal } from './EditFacilityModal';
import { ExportButton } from '../jobs/ExportButton';
import { FILTER_DEBOUNCE_MS, createFacilitiesExport, downloadFacilitiesExport, useConfirmMoveOuts, useDeleteFacility, useFacilityList } from './facilities-api';
import type { FacilityListFilter } from './facilities-api';
import { facilityColumns } from './facility-columns';
import { FACILITY_SOFTWARE_OPTIONS } from './facility-form';
import { FacilityDetailPanel } from './FacilityDetailPanel';
import './facilities.css';
import { ProgramFilterSelect } from '../insurance-programs/ProgramFilterSelect';
import { ServerPagination } from '../widgets/ServerPagination';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { ListTableScroll } from '../widgets/ListTableScroll';
import { RefreshButton } from '../widgets/RefreshButton';

const SOFTWARE_FILTER_OPTIONS = [{ value: '', label: 'Any software' }, ...FACILITY_SOFTWARE_OPTIONS];

/** The list's place in the address; `?filter=` is also how a link opens it on one of the More Filters. */
const PARAMS = {
  facility_number: textParam('facility_number'),
  account_name: textParam('account_name'),
  corporate_group: textParam('corporate_group'),
  programKey: textParam('insurance_program_key'),
  software: choiceParam<string>('software', FACILITY_SOFTWARE_OPTIONS.map((o) => o.value), ''),
  filter: choiceParam<FilterKey>('filter', FILTER_KEYS, 'total'),
};

interface TextFilters {
  facility_number: string;
  account_name: string;
  corporate_group: string;
}

interface Confirming {
  facility: FacilityView;
  flagged: number;
}

export function ActiveFacilitiesTab() {
  const toast = useToast();
  const url = useListUrl(PARAMS);
  const { programKey, software, filter } = url.values;
  const { page, setPage, setValues } = url;
  const [showFilters, setShowFilters] = useState(true);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<FacilityView | null>(null);
  const [deleting, setDeleting] = useState<FacilityView | null>(null);
  const [checkingId, setCheckingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The three boxes show what is typed; it reaches the address (and the list) once it settles.
  const settled: TextFilters = { facility_number: url.values.facility_number, account_name: url.values.account_name, corporate_group: url.values.corporate_group };
  const [text, setText] = useSettledDraft(settled, setValues, FILTER_DEBOUNCE_MS);
  const listFilter: FacilityListFilter = { ...settled, filter, insurance_program_key: programKey, software, page };
  const list = useFacilityList(listFilter);
  const remove = useDeleteFacility();
  const confirmMoveOuts = useConfirmMoveOuts();

  const facilities = list.isError ? [] : list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const selected = facilities.find((f) => f.id === selectedId) ?? null;
  const panel = useMemo(() => (selected ? { element: <FacilityDetailPanel facility={selected} />, onClose: () => setSelectedId(null) } : null), [selected]);
  usePageSplitPanel(panel);

  // Spec §8: a failed list load opens the error modal (the table says 'Error! ...' too).
  useEffect(() => {
    if (list.isError) setFailure(errorText(list.error));
  }, [list.isError, list.error, list.errorUpdatedAt]);

  const changeText = (name: keyof TextFilters, value: string) => setText((t) => ({ ...t, [name]: value }));

  const startConfirm = async (facility: FacilityView) => {
    setCheckingId(facility.id);
    try {
      const { tenants_flagged } = await call('GET /api/facilities/{id}/check-flagged', { params: { id: facility.id } });
      setConfirming({ facility, flagged: tenants_flagged });
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setCheckingId(null);
    }
  };

  const columns = facilityColumns({
    selectedId,
    confirmingId: checkingId ?? (confirmMoveOuts.isPending ? confirming?.facility.id ?? null : null),
    onConfirm: (f) => void startConfirm(f),
    onEdit: setEditing,
    onDelete: setDeleting,
  });

  return (
    <>
      <Container
        header={
          <Header
            variant="h2"
            counter={pagination ? `(${pagination.total})` : undefined}
            description="Click a facility to see its details and actions."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <MoreFiltersSelect
                  value={filter}
                  stats={list.data?.stats}
                  onChange={(key) => setValues({ filter: key })}
                />
                <Button iconName="filter" onClick={() => setShowFilters((v) => !v)}>{showFilters ? 'Hide filters' : 'Show filters'}</Button>
                <ExportButton disabled={facilities.length === 0} create={() => createFacilitiesExport(listFilter)} download={downloadFacilitiesExport} />
                <RefreshButton list={list} ariaLabel="Refresh facilities" />
              </SpaceBetween>
            }
          >
            Active Facilities
          </Header>
        }
        footer={
          <Box float="right">
            <ServerPagination page={page} lastPage={pagination?.last_page} onChange={setPage} />
          </Box>
        }
      >
        <SpaceBetween size="m">
          {showFilters && (
            <Grid gridDefinition={[{ colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 3 } }, { colspan: { default: 6, m: 3 } }, { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 2 } }]}>
              <Input type="search" value={text.facility_number} placeholder="Facility Name" ariaLabel="Facility Name" onChange={({ detail }) => changeText('facility_number', detail.value)} />
              <Input type="search" value={text.account_name} placeholder="Account Name" ariaLabel="Account Name" onChange={({ detail }) => changeText('account_name', detail.value)} />
              <Input type="search" value={text.corporate_group} placeholder="Corporate Group" ariaLabel="Corporate Group" onChange={({ detail }) => changeText('corporate_group', detail.value)} />
              <ProgramFilterSelect
                value={programKey}
                inlineLabelText="Program"
                onChange={(key) => setValues({ programKey: key })}
              />
              <Select
                selectedOption={SOFTWARE_FILTER_OPTIONS.find((o) => o.value === software) ?? SOFTWARE_FILTER_OPTIONS[0]!}
                options={SOFTWARE_FILTER_OPTIONS}
                inlineLabelText="Software"
                ariaLabel="Software"
                onChange={({ detail }) => setValues({ software: detail.selectedOption.value ?? '' })}
              />
            </Grid>
          )}
          <ListTableScroll testId="facilities-table">
            <Table
              variant="embedded"
              stickyHeader
              trackBy="id"
              items={facilities}
              columnDefinitions={columns}
              loading={list.isLoading}
              loadingText="Loading facilities"
              onRowClick={({ detail }) => setSelectedId(detail.item.id === selectedId ? null : detail.item.id)}
              ariaLabels={{ tableLabel: 'Active facilities' }}
              empty={<TableEmptyState error={list.error} empty="No facilities to show." testId="facilities-error" />}
            />
          </ListTableScroll>
        </SpaceBetween>
      </Container>

      {editing && (
        <EditFacilityModal
          key={editing.id}
          facility={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast(`Facility ${editing.facility_number} has been updated!`);
            setEditing(null);
          }}
        />
      )}
      <ConfirmModal
        header="Delete facility"
        question={deleting ? `Are you sure you wish to delete '${deleting.facility_number}'?` : null}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          remove.mutate(gone, {
            onSuccess: () => {
              toast(`Facility ${gone.facility_number} has been deleted!`);
              if (selectedId === gone.id) setSelectedId(null);
            },
            onError: (err) => setFailure(errorText(err)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
      <ConfirmModal
        header="Confirm move-outs"
        question={confirming ? `There are ${confirming.flagged} tenants flagged for this facility. Continue?` : null}
        busy={confirmMoveOuts.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          const { facility } = confirming;
          confirmMoveOuts.mutate(facility, {
            onSuccess: () => toast(`Move-outs of facility ${facility.facility_number} have been confirmed.`),
            onError: (err) => setFailure(errorText(err)),
            onSettled: () => setConfirming(null),
          });
        }}
      />
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
