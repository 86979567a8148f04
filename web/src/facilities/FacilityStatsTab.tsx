/**
 * Facility stats (spec §2 'Stats tab'): 100 rows per page, filters Facility Number, Prime ID and
 * Facility Name (trimmed, empty ones dropped, 500 ms after typing stops), export and refresh, the 'P'
 * marker, tooltips on long names, floored percentages, and the clicked row's details in the split
 * panel, whose Archive Facility opens the archive wizard (web/src/archives, loaded when first opened);
 * the table reloads when it closes. Above it, the find-a-facility card picks one facility and shows its
 * 'Your Facility' pane. The filters and page live in the address under 'stats.' (useListUrl).
 */
import { Suspense, lazy, useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import SplitPanel from '@cloudscape-design/components/split-panel';
import Table from '@cloudscape-design/components/table';
import type { TableProps } from '@cloudscape-design/components/table';
import type { FacilityStatsRow } from '../../../shared/contracts/facility-stats';
import { errorText } from '../api/api-error';
import { usePageSplitPanel } from '../shell/split-panel';
import { TruncatedText } from '../widgets/TruncatedText';
import { textParam } from '../widgets/list-url';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { ErrorModal } from './dialogs';
import { ExportButton } from '../jobs/ExportButton';
import { FILTER_DEBOUNCE_MS, createFacilityStatsExport, downloadFacilityStatsExport, useFacilityByNumber, useFacilityStats } from './facilities-api';
import { FacilityStatsPane } from './FacilityStatsPane';
import { FindFacilityCard } from './FindFacilityCard';
import { PrimeMarker } from './RetiredFacilitiesTab';
import { ServerPagination } from '../widgets/ServerPagination';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { ListTableScroll } from '../widgets/ListTableScroll';
import { RefreshButton } from '../widgets/RefreshButton';

const ArchiveWizard = lazy(() => import('../archives/ArchiveWizard'));

const PARAMS = { facility_number: textParam('facility_number'), prime_site_id: textParam('prime_site_id'), account_name: textParam('account_name') };
type TextFilters = Record<keyof typeof PARAMS, string>;

type PercentKey =
  | 'selected_coverage_percentage' | 'confirmed_payment_percentage' | 'provided_proof_percentage' | 'opted_out_percentage'
  | 'moved_out_percentage' | 'bad_address_percentage' | 'percent_complete';

const percent = (value: number) => `${Math.floor(value)}%`;
const percentColumn = (id: PercentKey, header: string): TableProps.ColumnDefinition<FacilityStatsRow> => ({ id, header, cell: (r) => percent(r[id]), minWidth: 110 });

const PANEL_STRINGS = {
  closeButtonAriaLabel: 'Close facility stats',
  openButtonAriaLabel: 'Open facility stats',
  preferencesTitle: 'Panel preferences',
  preferencesPositionLabel: 'Panel position',
  preferencesPositionDescription: 'Choose the default panel position.',
  preferencesPositionSide: 'Side',
  preferencesPositionBottom: 'Bottom',
  preferencesConfirm: 'Confirm',
  preferencesCancel: 'Cancel',
  resizeHandleAriaLabel: 'Resize facility stats',
};

function StatsDetailPanel({ row: r, onArchive }: { row: FacilityStatsRow; onArchive: (row: FacilityStatsRow) => void }) {
  const counted = (n: number, p: number) => `${n} (${percent(p)})`;
  return (
    <SplitPanel header={`Stats of ${r.facility_number}${r.account_name ? ` — ${r.account_name}` : ''}`} closeBehavior="hide" hidePreferencesButton i18nStrings={PANEL_STRINGS}>
      <SpaceBetween size="l">
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="folder" onClick={() => onArchive(r)}>Archive Facility</Button>
        </SpaceBetween>
        <ColumnLayout columns={3} variant="text-grid">
          <KeyValuePairs
            items={[{
              type: 'group', title: 'Tenants', items: [
                { label: 'Prime Site ID', value: r.prime_site_id || '--' },
                { label: 'Total Uploaded', value: r.upload_count },
                { label: 'Total In Program', value: r.tenant_count },
                { label: 'All Tenants', value: r.total_all },
                { label: 'Require Setup', value: r.requires_setup },
              ],
            }]}
          />
          <KeyValuePairs
            items={[{
              type: 'group', title: 'Letters', items: [
                { label: 'Audit Letters Sent', value: r.audit_letters_sent },
                { label: 'Reminder Letters Sent', value: r.reminder_letters_sent },
                { label: 'Welcome Letters Sent', value: r.welcome_letters_sent },
                { label: 'Percent Complete', value: percent(r.percent_complete) },
              ],
            }]}
          />
          <KeyValuePairs
            items={[{
              type: 'group', title: 'Results', items: [
                { label: 'Selected Coverage', value: counted(r.selected_coverage, r.selected_coverage_percentage) },
                { label: 'Confirmed Payment', value: counted(r.confirmed_payment, r.confirmed_payment_percentage) },
                { label: 'Charge Applied', value: counted(r.charge_applied, r.charge_applied_percentage) },
                { label: 'Provided Proof', value: counted(r.provided_proof, r.provided_proof_percentage) },
                { label: 'Opted Out', value: counted(r.opted_out, r.opted_out_percentage) },
                { label: 'Moved Out', value: counted(r.moved_out, r.moved_out_percentage) },
                { label: 'Bad Address', value: counted(r.bad_address, r.bad_address_percentage) },
                { label: 'Non-Responders', value: counted(r.non_responder, r.non_responder_percentage) },
              ],
            }]}
          />
        </ColumnLayout>
      </SpaceBetween>
    </SplitPanel>
  );
}

export function FacilityStatsTab() {
  const url = useListUrl(PARAMS, { prefix: 'stats.' });
  const { page, setPage } = url;
  // The three boxes show what is typed; it reaches the address (and the list) once it settles.
  const [text, setText] = useSettledDraft(url.values, url.setValues, FILTER_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<FacilityStatsRow | null>(null);

  const list = useFacilityStats({ ...url.values, page });
  const chosen = useFacilityByNumber(found);
  const rows = list.isError ? [] : list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const panel = useMemo(() => (selected ? { element: <StatsDetailPanel row={selected} onArchive={setArchiving} />, onClose: () => setSelectedId(null) } : null), [selected]);
  usePageSplitPanel(panel);

  const changeText = (name: keyof TextFilters, value: string) => setText((t) => ({ ...t, [name]: value }));

  const columns: TableProps.ColumnDefinition<FacilityStatsRow>[] = [
    {
      id: 'facility_number',
      header: 'Facility Number',
      isRowHeader: true,
      minWidth: 150,
      cell: (r) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <span data-selected-facility={r.id === selectedId ? 'true' : undefined}>{r.facility_number}</span>
          <PrimeMarker wasPrime={r.was_prime} />
        </SpaceBetween>
      ),
    },
    { id: 'prime_site_id', header: 'Prime ID', cell: (r) => r.prime_site_id || '--', minWidth: 100 },
    { id: 'account_name', header: 'Facility Name', cell: (r) => <TruncatedText text={r.account_name} />, minWidth: 200 },
    { id: 'tenant_count', header: 'Tenants', cell: (r) => r.tenant_count, minWidth: 90 },
    percentColumn('selected_coverage_percentage', 'Selected Coverage'),
    percentColumn('confirmed_payment_percentage', 'Confirmed Payment'),
    percentColumn('provided_proof_percentage', 'Provided Proof'),
    percentColumn('opted_out_percentage', 'Opted Out'),
    percentColumn('moved_out_percentage', 'Moved Out'),
    percentColumn('bad_address_percentage', 'Bad Address'),
    percentColumn('percent_complete', 'Complete'),
  ];

  return (
    <SpaceBetween size="l">
      <Grid gridDefinition={[{ colspan: { default: 12, m: 4 } }, { colspan: { default: 12, m: 8 } }]}>
        <FindFacilityCard
          onSelect={(f) => {
            setFound(f?.facility_number ?? null);
            if (f) changeText('facility_number', f.facility_number);
          }}
          onError={(err) => setFailure(errorText(err))}
        />
        {chosen.data ? (
          <FacilityStatsPane facility={chosen.data} />
        ) : (
          <Container>
            <Box color="text-body-secondary">
              {found && chosen.isLoading ? 'Loading facility...' : found && chosen.isError ? `Error! ${errorText(chosen.error)}` : 'Find a facility to see its figures here.'}
            </Box>
          </Container>
        )}
      </Grid>
      <Container
        header={
          <Header
            variant="h2"
            counter={pagination ? `(${pagination.total})` : undefined}
            description="Click a facility to see all of its figures."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <ExportButton disabled={rows.length === 0} create={createFacilityStatsExport} download={downloadFacilityStatsExport} />
                <RefreshButton list={list} ariaLabel="Refresh facility stats" />
              </SpaceBetween>
            }
          >
            Facility Stats
          </Header>
        }
        footer={
          <Box float="right">
            <ServerPagination page={page} lastPage={pagination?.last_page} onChange={setPage} />
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Grid gridDefinition={[{ colspan: { default: 12, m: 3 } }, { colspan: { default: 12, m: 3 } }, { colspan: { default: 12, m: 6 } }]}>
            <Input type="search" value={text.facility_number} placeholder="Facility Number" ariaLabel="Stats Facility Number" onChange={({ detail }) => changeText('facility_number', detail.value)} />
            <Input type="search" value={text.prime_site_id} placeholder="Prime ID" ariaLabel="Prime ID" onChange={({ detail }) => changeText('prime_site_id', detail.value)} />
            <Input type="search" value={text.account_name} placeholder="Facility Name" ariaLabel="Stats Facility Name" onChange={({ detail }) => changeText('account_name', detail.value)} />
          </Grid>
          <ListTableScroll>
            <Table
              variant="embedded"
              stickyHeader
              trackBy="id"
              items={rows}
              columnDefinitions={columns}
              loading={list.isLoading}
              loadingText="Loading facility stats"
              onRowClick={({ detail }) => setSelectedId(detail.item.id === selectedId ? null : detail.item.id)}
              ariaLabels={{ tableLabel: 'Facility stats' }}
              empty={<TableEmptyState error={list.error} empty="No stats to show." />}
            />
          </ListTableScroll>
        </SpaceBetween>
      </Container>
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
      {archiving && (
        <Suspense fallback={null}>
          <ArchiveWizard
            facility={archiving}
            onClose={() => {
              setArchiving(null);
              // Spec §2: the table reloads when the archive dialog closes.
              void list.refetch();
            }}
          />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
