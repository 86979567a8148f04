/**
 * Manage cycles (/manage-cycles): text filters (400 ms), insurance program, hideable date ranges
 * (immediate), More Filters with the response's badge counts, New Cycle / Reset Filters / Refresh, and
 * the 100-row table whose clicked row shows its details and actions in the split panel. Filters, sort
 * and page live in the address (issue 24), so Back, reload and a dashboard link show the list as meant.
 */
import { useEffect, useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { PAGE_SIZE } from '../../../shared/constants';
import { CYCLE_SORTS, DEFAULT_CYCLE_SORT } from '../../../shared/contracts/cycles';
import type { CycleView } from '../../../shared/contracts/cycles';
import { FILTER_KEYS } from '../../../shared/program-filters';
import { keepAbovePagePanel, usePageSplitPanel } from '../shell/split-panel';
import { useToast } from '../shell/toasts';
import { DateField } from '../widgets/DateField';
import { MoreFiltersSelect } from '../widgets/MoreFiltersSelect';
import { allowedSort, choiceParam, dayParam, readSort, textParam } from '../widgets/list-url';
import type { UrlParam } from '../widgets/list-url';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { sortParamOf } from '../widgets/use-server-table';
import { ConfirmMoveOutsModal } from './ConfirmMoveOutsModal';
import { cycleColumns } from './cycle-columns';
import { CycleDetailPanel } from './CycleDetailPanel';
import { CycleFormModal } from './CycleFormModal';
import { useCycleList } from './cycles-api';
import type { CycleListQuery } from './cycles-api';
import { ImportTenantsModal } from '../imports/ImportTenantsModal';
import { MarkLettersSentModal } from './MarkLettersSentModal';
import './cycles.css';
import { ProgramFilterSelect } from '../insurance-programs/ProgramFilterSelect';
import { ServerPagination } from '../widgets/ServerPagination';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { ListTableScroll } from '../widgets/ListTableScroll';
import { RefreshButton } from '../widgets/RefreshButton';

export const TEXT_DEBOUNCE_MS = 400;

const DATE_RANGES = [
  ['initial_letter_date', 'Initial Letter Date'],
  ['lease_effective_date', 'Lease Effective Date'],
  ['reminder_letter_date', 'Reminder Letter Date'],
  ['letter_effective_date', 'Letter Effective Date'],
] as const;
type DateRange = (typeof DATE_RANGES)[number][0];
type DateKey = `${DateRange}_${'start' | 'end'}`;
const DATE_KEYS = DATE_RANGES.flatMap(([range]) => [`${range}_start`, `${range}_end`] as const);

const PARAMS = {
  facility_number: textParam('facility_number'),
  account_name: textParam('account_name'),
  corporate_group: textParam('corporate_group'),
  programKey: textParam('insurance_program_key'),
  filter: choiceParam('filter', FILTER_KEYS, 'total'),
  ...(Object.fromEntries(DATE_KEYS.map((key) => [key, dayParam(key)])) as Record<DateKey, UrlParam<string | null>>),
};
interface TextFilters {
  facility_number: string;
  account_name: string;
  corporate_group: string;
}
// Newest letter first unless a column header says otherwise (issue 24: the list had no visible order).
const DEFAULT_SORT = readSort(new URLSearchParams({ sort: DEFAULT_CYCLE_SORT }));

/** Text filters go to the server only past 1 character (spec §5). */
const sentText = (value: string) => (value.trim().length > 1 ? value.trim() : undefined);

export default function ManageCyclesPage() {
  const toast = useToast();
  const url = useListUrl(PARAMS);
  const { values } = url;
  const text = useMemo<TextFilters>(
    () => ({ facility_number: values.facility_number, account_name: values.account_name, corporate_group: values.corporate_group }),
    [values.facility_number, values.account_name, values.corporate_group],
  );
  // The boxes show what is typed; it reaches the address (and the list) once it settles.
  const [typed, setTyped] = useSettledDraft(text, url.setValues, TEXT_DEBOUNCE_MS);
  const dates = Object.fromEntries(DATE_KEYS.map((key) => [key, values[key]])) as Record<DateKey, string | null>;
  const activeDates = DATE_KEYS.filter((key) => !!values[key]).length;
  const [showDates, setShowDates] = useState(activeDates > 0);
  const sort = allowedSort(url.place.sort, CYCLE_SORTS, DEFAULT_SORT)!;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CycleView | null>(null);
  const [confirming, setConfirming] = useState<CycleView | null>(null);
  const [markingLetters, setMarkingLetters] = useState<CycleView | null>(null);
  const [importing, setImporting] = useState<string | null>(null);

  const query: CycleListQuery = {
    filter: values.filter === 'total' ? undefined : values.filter,
    facility_number: sentText(text.facility_number),
    account_name: sentText(text.account_name),
    corporate_group: sentText(text.corporate_group),
    insurance_program_key: values.programKey || undefined,
    ...Object.fromEntries(Object.entries(dates).filter(([, v]) => !!v)),
    sort: sortParamOf(sort),
    page: url.page,
    per_page: PAGE_SIZE.cycles,
  };
  const list = useCycleList(query);

  const cycles = list.isError ? [] : list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const selected = cycles.find((c) => c.id === selectedId) ?? null;
  const panel = useMemo(
    () =>
      selected
        ? {
            element: <CycleDetailPanel cycle={selected} onEdit={() => setEditing(selected)} onMarkLettersSent={() => setMarkingLetters(selected)} onImport={() => setImporting(selected.id)} />,
            onClose: () => setSelectedId(null),
          }
        : null,
    [selected],
  );
  usePageSplitPanel(panel);
  // The chosen row stays in sight above its details (issue 24: it scrolled behind the panel).
  useEffect(() => (selectedId ? keepAbovePagePanel(() => document.querySelector('[data-selected-cycle="true"]')?.closest('tr')) : undefined), [selectedId]);

  const changeText = (name: keyof TextFilters, value: string) => setTyped((t) => ({ ...t, [name]: value }));
  const reset = () => url.setValues(url.defaults);

  const columns = cycleColumns({ onConfirm: setConfirming, highlightId, selectedId });

  return (
    <ContentLayout
      header={
        <Header variant="h1" actions={<Button variant="primary" iconName="add-plus" onClick={() => setCreating(true)}>New Cycle</Button>}>
          Manage Cycles
        </Header>
      }
    >
      <Container
        header={
          <Header
            variant="h2"
            counter={pagination ? `(${pagination.total})` : undefined}
            description="Click a cycle to see its details and actions."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="calendar" onClick={() => setShowDates((v) => !v)}>
                  {showDates ? 'Hide date filters' : `Show date filters${activeDates ? ` (${activeDates})` : ''}`}
                </Button>
                <Button onClick={reset}>Reset Filters</Button>
                <RefreshButton list={list} text />
              </SpaceBetween>
            }
          >
            Cycles
          </Header>
        }
        footer={
          <Box float="right">
            <ServerPagination page={url.page} lastPage={pagination?.last_page} onChange={url.setPage} />
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Grid gridDefinition={[{ colspan: 2 }, { colspan: 2 }, { colspan: 2 }, { colspan: 2 }, { colspan: 4 }]}>
            <FormField label="Facility Number">
              <Input type="search" value={typed.facility_number} ariaLabel="Facility Number" onChange={({ detail }) => changeText('facility_number', detail.value)} />
            </FormField>
            <FormField label="Account Name">
              <Input type="search" value={typed.account_name} ariaLabel="Account Name" onChange={({ detail }) => changeText('account_name', detail.value)} />
            </FormField>
            <FormField label="Corporate Group">
              <Input type="search" value={typed.corporate_group} ariaLabel="Corporate Group" onChange={({ detail }) => changeText('corporate_group', detail.value)} />
            </FormField>
            <FormField label="Insurance Program">
              <ProgramFilterSelect
                value={values.programKey}
                onChange={(programKey) => url.setValues({ programKey })}
              />
            </FormField>
            <FormField label="More Filters">
              <MoreFiltersSelect
                value={values.filter}
                stats={list.data?.stats}
                onChange={(filter) => url.setValues({ filter })}
              />
            </FormField>
          </Grid>
          {showDates && (
            <ColumnLayout columns={4}>
              {DATE_RANGES.map(([range, label]) => (
                <FormField key={range} label={label}>
                  <SpaceBetween size="xxs">
                    <DateField value={dates[`${range}_start`]} ariaLabel={`${label} from`} placeholder="From" onChange={(v) => url.setValues({ [`${range}_start`]: v })} />
                    <DateField value={dates[`${range}_end`]} ariaLabel={`${label} to`} placeholder="To" onChange={(v) => url.setValues({ [`${range}_end`]: v })} />
                  </SpaceBetween>
                </FormField>
              ))}
            </ColumnLayout>
          )}
          <ListTableScroll testId="cycles-table">
            <Table
              variant="embedded"
              stickyHeader
              trackBy="id"
              items={cycles}
              columnDefinitions={columns}
              wrapLines={false}
              sortingColumn={{ sortingField: sort.field }}
              sortingDescending={sort.descending}
              onSortingChange={({ detail }) => url.place.setSort({ field: detail.sortingColumn.sortingField ?? '', descending: !!detail.isDescending })}
              loading={list.isLoading}
              loadingText="Loading cycles"
              onRowClick={({ detail }) => setSelectedId(detail.item.id === selectedId ? null : detail.item.id)}
              ariaLabels={{ tableLabel: 'Cycles' }}
              empty={<TableEmptyState error={list.error} empty="No cycles to show." testId="cycles-error" />}
            />
          </ListTableScroll>
        </SpaceBetween>
      </Container>
      {creating && (
        <CycleFormModal
          facilityNumber={sentText(values.facility_number)}
          onClose={() => setCreating(false)}
          onSaved={(cycleId) => {
            setCreating(false);
            setHighlightId(cycleId);
            toast('The cycle has been created!');
          }}
        />
      )}
      {editing && (
        <CycleFormModal
          key={editing.id}
          cycle={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast(`Cycle ${editing.label} has been updated!`);
            setEditing(null);
          }}
        />
      )}
      {confirming && <ConfirmMoveOutsModal key={confirming.id} cycle={confirming} onClose={() => setConfirming(null)} onConfirmed={() => setConfirming(null)} />}
      <ImportTenantsModal cycleId={importing} onClose={() => setImporting(null)} />
      {markingLetters && (
        <MarkLettersSentModal
          key={markingLetters.id}
          cycle={markingLetters}
          onClose={() => setMarkingLetters(null)}
          onSaved={() => {
            toast(`Letters sent dates saved for ${markingLetters.facility_number}.`);
            setMarkingLetters(null);
          }}
        />
      )}
    </ContentLayout>
  );
}
