/**
 * Letter Batches (/letter-batches, spec tenants-letters-users §2 'Letter batches', §7, §9): the batches
 * written, newest first, 50 a page; filters facility number and letter type applied by Search and
 * cleared by Reset (kept in the address with the page, useListUrl); each row's PDF (Download) and mail-merge workbook (Mail Merge).
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { LETTER_TYPE_LABELS, MAILED_LETTER_TYPES } from '../../../shared/contracts/letters';
import type { MailedLetterType } from '../../../shared/contracts/letters';
import { POPUP_HINT } from '../facilities/popup-hint';
import { useToast } from '../shell/toasts';
import { FACILITY_NUMBER_PARAM, FacilityFilterForm } from '../widgets/FacilityFilterForm';
import { choiceParam } from '../widgets/list-url';
import type { ValuesOf } from '../widgets/list-url';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useListUrl } from '../widgets/use-list-url';
import { useSearchFilters } from '../widgets/use-search-filters';
import { useServerTable } from '../widgets/use-server-table';
import { letterBatchColumns } from './letter-batch-columns';
import { fetchLetterBatchesPage, letterBatchesKey } from './letters-api';
import type { LetterBatchFilters } from './letters-api';

const PARAMS = { facilityNumber: FACILITY_NUMBER_PARAM, letterType: choiceParam<MailedLetterType | ''>('letter_type', MAILED_LETTER_TYPES, '') };
type Draft = ValuesOf<typeof PARAMS>;
const TYPE_OPTIONS = [{ value: '', label: 'All letter types' }, ...MAILED_LETTER_TYPES.map((t) => ({ value: t, label: LETTER_TYPE_LABELS[t] }))];

const filtersOf = (d: Draft): LetterBatchFilters => ({ facility_number: d.facilityNumber.trim() || undefined, letter_type: d.letterType || undefined });

export default function LetterBatchesPage() {
  const toast = useToast();
  const url = useListUrl(PARAMS);
  const form = useSearchFilters(url, filtersOf);
  const table = useServerTable({ queryKey: letterBatchesKey, query: form.filters, fetchPage: fetchLetterBatchesPage, place: url.place });

  return (
    <ContentLayout header={<Header variant="h1">Letter Batches</Header>}>
      <ServerTableFrame
        table={table}
        title="Letter batches"
        description="Newest first. Download opens the letters' PDF, Mail Merge the workbook of their addresses."
        refreshLabel="Refresh letter batches"
        above={[
          <FacilityFilterForm key="filters" form={form} select={{ field: 'letterType', label: 'Letter Type', options: TYPE_OPTIONS }} />,
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
