/**
 * Import History (/import-history, staff; docs/decisions.md "Import History"): every rent-roll import,
 * newest first, 100 a page, with who ran it, its files, the 'Import Complete' card's counts (or why the
 * file was refused) and its duplicates list and refused-rows report while they are kept (90 days).
 * Filters facility number and software apply on Search and clear on Reset; they and the page live in the
 * address (useListUrl).
 */
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { IMPORT_SOFTWARE_KEYS, IMPORT_SOFTWARE_OPTIONS } from '../../../shared/import-software';
import type { ImportSoftware } from '../../../shared/import-software';
import { IMPORT_REPORT_DAYS } from '../../../shared/resources';
import { useFollow } from '../shell/follow';
import { FACILITY_NUMBER_PARAM, FacilityFilterForm } from '../widgets/FacilityFilterForm';
import { choiceParam } from '../widgets/list-url';
import type { ValuesOf } from '../widgets/list-url';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useListUrl } from '../widgets/use-list-url';
import { useSearchFilters } from '../widgets/use-search-filters';
import { useServerTable } from '../widgets/use-server-table';
import { importHistoryColumns } from './import-history-columns';
import { fetchImportHistoryPage, importHistoryKey } from './import-history-api';
import type { ImportHistoryFilters } from './import-history-api';

const PARAMS = { facilityNumber: FACILITY_NUMBER_PARAM, software: choiceParam<ImportSoftware | ''>('software', IMPORT_SOFTWARE_KEYS, '') };
type Draft = ValuesOf<typeof PARAMS>;
const SOFTWARE_OPTIONS = [{ value: '', label: 'All software' }, ...IMPORT_SOFTWARE_OPTIONS];

const filtersOf = (d: Draft): ImportHistoryFilters => ({ facility_number: d.facilityNumber.trim() || undefined, software: d.software || undefined });

export default function ImportHistoryPage() {
  const follow = useFollow();
  const url = useListUrl(PARAMS);
  const form = useSearchFilters(url, filtersOf);
  const table = useServerTable({ queryKey: importHistoryKey, query: form.filters, fetchPage: fetchImportHistoryPage, place: url.place });

  return (
    <ContentLayout
      header={
        <Header variant="h1" actions={<Button iconName="upload" href="/upload-tenants" onFollow={follow}>Upload Tenants</Button>}>
          Import History
        </Header>
      }
    >
      <ServerTableFrame
        table={table}
        title="Imports"
        description={`Newest first. Each import's duplicates list and refused rows can be downloaded for ${IMPORT_REPORT_DAYS} days.`}
        refreshLabel="Refresh imports"
        above={[
          <FacilityFilterForm key="filters" form={form} select={{ field: 'software', label: 'Software', options: SOFTWARE_OPTIONS }} />,
        ]}
        testId="import-history-table"
        tableProps={{
          columnDefinitions: importHistoryColumns(),
          loadingText: 'Loading imports',
          ariaLabels: { tableLabel: 'Imports' },
          empty: <TableEmptyState error={table.result.error} empty="No imports to show." testId="import-history-error" />,
        }}
      />
    </ContentLayout>
  );
}
