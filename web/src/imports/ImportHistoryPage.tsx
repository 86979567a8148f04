/**
 * Import History (/import-history, staff; docs/decisions.md "Import History"): every rent-roll import,
 * newest first, 100 a page, with who ran it, its files, the 'Import Complete' card's counts (or why the
 * file was refused) and its duplicates list and refused-rows report while they are kept (90 days).
 * Filters facility number and software apply on Search and clear on Reset.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IMPORT_SOFTWARE_OPTIONS } from '../../../shared/import-software';
import type { ImportSoftware } from '../../../shared/import-software';
import { IMPORT_REPORT_DAYS } from '../../../shared/resources';
import { useFollow } from '../shell/follow';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useServerTable } from '../widgets/use-server-table';
import { importHistoryColumns } from './import-history-columns';
import { fetchImportHistoryPage, importHistoryKey } from './import-history-api';
import type { ImportHistoryFilters } from './import-history-api';

interface Draft {
  facilityNumber: string;
  software: ImportSoftware | '';
}

const EMPTY: Draft = { facilityNumber: '', software: '' };
const SOFTWARE_OPTIONS = [{ value: '', label: 'All software' }, ...IMPORT_SOFTWARE_OPTIONS];

const filtersOf = (d: Draft): ImportHistoryFilters => ({ facility_number: d.facilityNumber.trim() || undefined, software: d.software || undefined });

export default function ImportHistoryPage() {
  const follow = useFollow();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<ImportHistoryFilters>(filtersOf(EMPTY));
  const table = useServerTable({ queryKey: importHistoryKey, query: filters, fetchPage: fetchImportHistoryPage });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
  };
  const reset = () => {
    setDraft(EMPTY);
    setFilters(filtersOf(EMPTY));
  };

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
          <form key="filters" onSubmit={search} noValidate>
            <SpaceBetween direction="horizontal" size="s" alignItems="end">
              <FormField label="Facility Number">
                <Input type="search" value={draft.facilityNumber} ariaLabel="Facility Number" onChange={({ detail }) => setDraft((d) => ({ ...d, facilityNumber: detail.value }))} />
              </FormField>
              <FormField label="Software">
                <Select
                  selectedOption={SOFTWARE_OPTIONS.find((o) => o.value === draft.software) ?? SOFTWARE_OPTIONS[0]!}
                  options={SOFTWARE_OPTIONS}
                  ariaLabel="Software"
                  onChange={({ detail }) => setDraft((d) => ({ ...d, software: (detail.selectedOption.value ?? '') as Draft['software'] }))}
                />
              </FormField>
              <Button formAction="none" onClick={reset}>Reset</Button>
              <Button variant="primary" formAction="submit">Search</Button>
            </SpaceBetween>
          </form>,
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
