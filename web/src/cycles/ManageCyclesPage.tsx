/**
 * Manage cycles (/manage-cycles): text filters (400 ms), insurance program, hideable date ranges
 * (immediate), More Filters with the response's badge counts, New Cycle / Reset Filters / Refresh, and
 * the 100-row table whose clicked row shows its details and actions in the split panel.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
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
import { DEFAULT_CYCLE_SORT } from '../../../shared/contracts/cycles';
import type { CycleView } from '../../../shared/contracts/cycles';
import { FILTER_KEYS } from '../../../shared/program-filters';
import type { FilterKey } from '../../../shared/program-filters';
import { keepAbovePagePanel, usePageSplitPanel } from '../shell/split-panel';
import { useToast } from '../shell/toasts';
import { DateField } from '../widgets/DateField';
import { MoreFiltersSelect } from '../widgets/MoreFiltersSelect';
import { useDebouncedValue } from '../widgets/use-debounced-value';
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
type DateFilters = Partial<Record<DateKey, string | null>>;

interface TextFilters {
  facility_number: string;
  account_name: string;
  corporate_group: string;
}
const NO_TEXT: TextFilters = { facility_number: '', account_name: '', corporate_group: '' };

/** Text filters go to the server only past 1 character (spec §5). */
const sentText = (value: string) => (value.trim().length > 1 ? value.trim() : undefined);
const isFilterKey = (value: string | null): value is FilterKey => !!value && (FILTER_KEYS as readonly string[]).includes(value);

export default function ManageCyclesPage() {
  // The query string only preselects; a new one (a dashboard link) starts the page afresh.
  const { search } = useLocation();
  return <CyclesList key={search} />;
}

function CyclesList() {
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const [text, setText] = useState<TextFilters>({ ...NO_TEXT, facility_number: params.get('facility_number') ?? '' });
  const [programKey, setProgramKey] = useState('');
  const [filter, setFilter] = useState<FilterKey>(() => {
    const preset = params.get('filter');
    return isFilterKey(preset) ? preset : 'total';
  });
  const [dates, setDates] = useState<DateFilters>({});
  const [showDates, setShowDates] = useState(false);
  const [page, setPage] = useState(1);
  // Newest letter first unless a column header says otherwise (issue 24: the list had no visible order).
  const [sort, setSort] = useState(DEFAULT_CYCLE_SORT);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CycleView | null>(null);
  const [confirming, setConfirming] = useState<CycleView | null>(null);
  const [markingLetters, setMarkingLetters] = useState<CycleView | null>(null);
  const [importing, setImporting] = useState<string | null>(null);

  // One debounced value for the three boxes, compared by content so re-renders do not restart it.
  const settledText = JSON.parse(useDebouncedValue(JSON.stringify(text), TEXT_DEBOUNCE_MS)) as TextFilters;
  const query: CycleListQuery = {
    filter: filter === 'total' ? undefined : filter,
    facility_number: sentText(settledText.facility_number),
    account_name: sentText(settledText.account_name),
    corporate_group: sentText(settledText.corporate_group),
    insurance_program_key: programKey || undefined,
    ...Object.fromEntries(Object.entries(dates).filter(([, v]) => !!v)),
    sort,
    page,
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

  const changeText = (name: keyof TextFilters, value: string) => {
    setText((t) => ({ ...t, [name]: value }));
    setPage(1);
  };
  const changeDate = (key: DateKey, value: string | null) => {
    setDates((d) => ({ ...d, [key]: value }));
    setPage(1);
  };
  const activeDates = Object.values(dates).filter(Boolean).length;

  const reset = () => {
    setText(NO_TEXT);
    setProgramKey('');
    setFilter('total');
    setDates({});
    setPage(1);
    if (search) void navigate(pathname, { replace: true });
  };

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
            <ServerPagination page={page} lastPage={pagination?.last_page} onChange={setPage} />
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Grid gridDefinition={[{ colspan: 2 }, { colspan: 2 }, { colspan: 2 }, { colspan: 2 }, { colspan: 4 }]}>
            <FormField label="Facility Number">
              <Input type="search" value={text.facility_number} ariaLabel="Facility Number" onChange={({ detail }) => changeText('facility_number', detail.value)} />
            </FormField>
            <FormField label="Account Name">
              <Input type="search" value={text.account_name} ariaLabel="Account Name" onChange={({ detail }) => changeText('account_name', detail.value)} />
            </FormField>
            <FormField label="Corporate Group">
              <Input type="search" value={text.corporate_group} ariaLabel="Corporate Group" onChange={({ detail }) => changeText('corporate_group', detail.value)} />
            </FormField>
            <FormField label="Insurance Program">
              <ProgramFilterSelect
                value={programKey}
                onChange={(key) => {
                  setProgramKey(key);
                  setPage(1);
                }}
              />
            </FormField>
            <FormField label="More Filters">
              <MoreFiltersSelect
                value={filter}
                stats={list.data?.stats}
                onChange={(key) => {
                  setFilter(key);
                  setPage(1);
                }}
              />
            </FormField>
          </Grid>
          {showDates && (
            <ColumnLayout columns={4}>
              {DATE_RANGES.map(([range, label]) => (
                <FormField key={range} label={label}>
                  <SpaceBetween size="xxs">
                    <DateField value={dates[`${range}_start`] ?? null} ariaLabel={`${label} from`} placeholder="From" onChange={(v) => changeDate(`${range}_start`, v)} />
                    <DateField value={dates[`${range}_end`] ?? null} ariaLabel={`${label} to`} placeholder="To" onChange={(v) => changeDate(`${range}_end`, v)} />
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
              sortingColumn={{ sortingField: sort.replace(/^-/, '') }}
              sortingDescending={sort.startsWith('-')}
              onSortingChange={({ detail }) => {
                setSort(`${detail.isDescending ? '-' : ''}${detail.sortingColumn.sortingField ?? ''}`);
                setPage(1);
              }}
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
          facilityNumber={sentText(text.facility_number)}
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
