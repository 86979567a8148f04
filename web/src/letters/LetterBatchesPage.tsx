/**
 * Letter Batches (/letter-batches, spec tenants-letters-users §2 'Letter batches', §7, §9): the batches
 * written, newest first, 50 a page; filters facility number and letter type applied by Search and
 * cleared by Reset; each row's PDF (Download) and mail-merge workbook (Mail Merge).
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
import { LETTER_TYPE_LABELS, MAILED_LETTER_TYPES } from '../../../shared/contracts/letters';
import type { MailedLetterType } from '../../../shared/contracts/letters';
import { POPUP_HINT } from '../facilities/popup-hint';
import { useToast } from '../shell/toasts';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useServerTable } from '../widgets/use-server-table';
import { letterBatchColumns } from './letter-batch-columns';
import { fetchLetterBatchesPage, letterBatchesKey } from './letters-api';
import type { LetterBatchFilters } from './letters-api';

interface Draft {
  facilityNumber: string;
  letterType: MailedLetterType | '';
}

const EMPTY: Draft = { facilityNumber: '', letterType: '' };
const TYPE_OPTIONS = [{ value: '', label: 'All letter types' }, ...MAILED_LETTER_TYPES.map((t) => ({ value: t, label: LETTER_TYPE_LABELS[t] }))];

const filtersOf = (d: Draft): LetterBatchFilters => ({ facility_number: d.facilityNumber.trim() || undefined, letter_type: d.letterType || undefined });

export default function LetterBatchesPage() {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<LetterBatchFilters>(filtersOf(EMPTY));
  const table = useServerTable({ queryKey: letterBatchesKey, query: filters, fetchPage: fetchLetterBatchesPage });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
  };
  const reset = () => {
    setDraft(EMPTY);
    setFilters(filtersOf(EMPTY));
  };

  return (
    <ContentLayout header={<Header variant="h1">Letter Batches</Header>}>
      <ServerTableFrame
        table={table}
        title="Letter batches"
        description="Newest first. Download opens the letters' PDF, Mail Merge the workbook of their addresses."
        refreshLabel="Refresh letter batches"
        above={[
          <form key="filters" onSubmit={search} noValidate>
            <SpaceBetween direction="horizontal" size="s" alignItems="end">
              <FormField label="Facility Number">
                <Input type="search" value={draft.facilityNumber} ariaLabel="Facility Number" onChange={({ detail }) => setDraft((d) => ({ ...d, facilityNumber: detail.value }))} />
              </FormField>
              <FormField label="Letter Type">
                <Select
                  selectedOption={TYPE_OPTIONS.find((o) => o.value === draft.letterType) ?? TYPE_OPTIONS[0]!}
                  options={TYPE_OPTIONS}
                  ariaLabel="Letter Type"
                  onChange={({ detail }) => setDraft((d) => ({ ...d, letterType: (detail.selectedOption.value ?? '') as Draft['letterType'] }))}
                />
              </FormField>
              <Button formAction="none" onClick={reset}>Reset</Button>
              <Button variant="primary" formAction="submit">Search</Button>
            </SpaceBetween>
          </form>,
        ]}
        testId="letter-batches-table"
        tableProps={{
          columnDefinitions: letterBatchColumns({ onOpened: () => toast(POPUP_HINT) }),
          loadingText: 'Loading letter batches',
          ariaLabels: { tableLabel: 'Letter batches' },
          empty: <TableEmptyState error={table.result.error} empty="No letter batches to show." testId="letter-batches-error" />,
        }}
      />
    </ContentLayout>
  );
}
