/**
 * The Archives tab of /list-facilities (spec §2 'Archives tab'; docs/decisions.md "Archives (web)"): every
 * archive export on record, newest first, 100 a page by the list's cursor; filters Facility Number and
 * Letter Effective Date (yyyy-MM-dd, typeable or picked), trimmed, empty ones dropped, reloading 350 ms
 * after typing stops; refresh; percent complete floored; a Download link per row. The filters and page
 * live in the address under 'archives.' (useListUrl), apart from the other tabs'.
 */
import Badge from '@cloudscape-design/components/badge';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ArchiveView } from '../../../shared/contracts/archives';
import { importTime } from '../imports/import-history-columns';
import { DateField } from '../widgets/DateField';
import { DownloadLink } from '../widgets/DownloadLink';
import { NullableDate } from '../widgets/NullableDate';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { TruncatedText } from '../widgets/TruncatedText';
import { dayParam, textParam } from '../widgets/list-url';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { useServerTable } from '../widgets/use-server-table';
import { ARCHIVE_FILTER_DEBOUNCE_MS, archiveFiltersOf, archivesKey, fetchArchivesPage, openArchiveExport } from './archives-api';

/** Spec §9: the Archives tab's Letter Effective Date filter is typed as yyyy-MM-dd. */
export const ARCHIVE_FILTER_DATE_FORMAT = 'yyyy-MM-dd';

const PARAMS = { facilityNumber: textParam('facility_number'), letterEffectiveDate: dayParam('letter_effective_date') };

const scopeOf = (a: ArchiveView) => (a.scope === 'cycle' ? `Cycle ${a.cycle_label || 'Unnamed'}` : 'Facility');

const COLUMNS: TableProps.ColumnDefinition<ArchiveView>[] = [
  {
    id: 'facility_number',
    header: 'Facility Number',
    isRowHeader: true,
    minWidth: 140,
    cell: (a) => (
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <span>{a.facility_number}</span>
        {a.retired && <Badge color="grey">Retired</Badge>}
      </SpaceBetween>
    ),
  },
  { id: 'prime_site_id', header: 'Prime Site ID', cell: (a) => a.prime_site_id || '--', minWidth: 110 },
  { id: 'letter_effective_date', header: 'Letter Effective Date', cell: (a) => <NullableDate value={a.letter_effective_date} />, minWidth: 130 },
  { id: 'percent_complete', header: 'Percent Complete', cell: (a) => `${Math.floor(a.percent_complete)}%`, minWidth: 110 },
  { id: 'scope', header: 'Archived', cell: (a) => <TruncatedText text={scopeOf(a)} maxWidth={180} />, minWidth: 120 },
  { id: 'tenant_count', header: 'Tenants', cell: (a) => a.tenant_count.toLocaleString(), minWidth: 90 },
  { id: 'archived_at', header: 'Archived On', cell: (a) => importTime(a.archived_at), minWidth: 160 },
  { id: 'archived_by', header: 'Archived By', cell: (a) => a.archived_by, minWidth: 110 },
  {
    id: 'download',
    header: 'Export',
    minWidth: 120,
    cell: (a) => (
      <DownloadLink open={() => openArchiveExport(a.export_filename)} ariaLabel={`Download ${a.export_filename}`}>Download</DownloadLink>
    ),
  },
];

export default function ArchivesTab() {
  // The form shows what is typed; it reaches the address (and the list) once it settles.
  const url = useListUrl(PARAMS, { prefix: 'archives.' });
  const [typed, setTyped] = useSettledDraft(url.values, url.setValues, ARCHIVE_FILTER_DEBOUNCE_MS);
  const { facilityNumber, letterEffectiveDate } = url.values;
  const table = useServerTable({ queryKey: archivesKey, query: archiveFiltersOf(facilityNumber, letterEffectiveDate), fetchPage: fetchArchivesPage, place: url.place });

  return (
    <ServerTableFrame
      table={table}
      title="Archives"
      description="Newest first. Each archive's export holds every tenant it backed up, with their history."
      refreshLabel="Refresh archives"
      above={[
        <SpaceBetween key="filters" direction="horizontal" size="s" alignItems="end">
          <FormField label="Facility Number">
            <Input type="search" value={typed.facilityNumber} ariaLabel="Archive Facility Number" onChange={({ detail }) => setTyped((t) => ({ ...t, facilityNumber: detail.value }))} />
          </FormField>
          <FormField label="Letter Effective Date">
            <DateField value={typed.letterEffectiveDate} format={ARCHIVE_FILTER_DATE_FORMAT} ariaLabel="Archive Letter Effective Date" onChange={(day) => setTyped((t) => ({ ...t, letterEffectiveDate: day }))} />
          </FormField>
        </SpaceBetween>,
      ]}
      testId="archives-table"
      tableProps={{
        columnDefinitions: COLUMNS,
        loadingText: 'Loading archives',
        ariaLabels: { tableLabel: 'Archives' },
        empty: <TableEmptyState error={table.result.error} empty="No exports to show." testId="archives-error" />,
      }}
    />
  );
}
