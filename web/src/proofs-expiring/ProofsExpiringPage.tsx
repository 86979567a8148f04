/**
 * Proofs expiring (/proofs-expiring, staff; issue 27, docs/decisions.md "Proofs expiring (issue 27)"):
 * the tenants whose accepted proof of insurance ends today or within the next days (30 unless chosen),
 * soonest first, 100 a page. Filters Facility Number (reloading 350 ms after typing stops), Insurance
 * Program and the window, all in the address (useListUrl). The header counts the whole filtered window
 * (ending today, within 7 days, in all); Export writes the same list as a workbook.
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ProofExpiringRow, ProofsExpiringPage as ProofsExpiringAnswer } from '../../../shared/contracts/proofs-expiring';
import { ProgramFilterSelect } from '../insurance-programs/ProgramFilterSelect';
import { ExportButton } from '../jobs/ExportButton';
import { displayDate, tenantName } from '../proof-review/proof-names';
import { TenantNameCell } from '../tenants/TenantPageLink';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { choiceParam, textParam } from '../widgets/list-url';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { useServerTable } from '../widgets/use-server-table';
import {
  DEFAULT_WINDOW, EXPIRING_FILTER_DEBOUNCE_MS, WINDOW_CHOICES, createProofsExpiringExport, downloadProofsExpiringExport, expiringFiltersOf,
  fetchProofsExpiringPage, proofsExpiringKey, windowLabel,
} from './proofs-expiring-api';
import type { WindowChoice } from './proofs-expiring-api';

const PARAMS = {
  facilityNumber: textParam('facility_number'),
  programKey: textParam('insurance_program_key'),
  within: choiceParam('within_days', WINDOW_CHOICES, DEFAULT_WINDOW),
};

const WINDOW_OPTIONS = WINDOW_CHOICES.map((value) => ({ value, label: windowLabel(value) }));

/** 'Today', 'Tomorrow', '12 days'. */
const daysLeftText = (days: number): string => (days <= 0 ? 'Today' : days === 1 ? 'Tomorrow' : `${days} days`);

const COLUMNS: TableProps.ColumnDefinition<ProofExpiringRow>[] = [
  { id: 'tenant', header: 'Tenant', isRowHeader: true, cell: (r) => <TenantNameCell id={r.tenant_id} name={tenantName(r)} />, minWidth: 180 },
  { id: 'unit', header: 'Unit', cell: (r) => r.unit, minWidth: 80 },
  { id: 'facility', header: 'Facility', cell: (r) => (r.account_name ? `${r.facility_number} ${r.account_name}` : r.facility_number), minWidth: 160 },
  { id: 'program', header: 'Program', cell: (r) => r.insurance_program_label || '-', minWidth: 100 },
  { id: 'insurer', header: 'Insurer', cell: (r) => r.insurer ?? '-', minWidth: 140 },
  { id: 'proof_expiry_date', header: 'Proof Expiry', cell: (r) => displayDate(r.proof_expiry_date), minWidth: 110 },
  { id: 'days_left', header: 'Days Left', cell: (r) => daysLeftText(r.days_left), minWidth: 90 },
  { id: 'email', header: 'E-mail', cell: (r) => r.email || '-', minWidth: 180 },
];

/** What the empty list says, for the window shown. */
const emptyText = (within: WindowChoice): string =>
  within === '0' ? 'No accepted proofs end today.' : `No accepted proofs end within the next ${within} days.`;

function WindowCounts({ answer }: { answer: ProofsExpiringAnswer | undefined }) {
  const shown = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString());
  const span = answer?.window;
  return (
    <div data-testid="proofs-expiring-counts">
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Ending today', value: shown(answer?.counts.ends_today) },
          { label: 'Within 7 days', value: shown(answer?.counts.within_7_days) },
          {
            label: !span ? 'In the window' : span.days === 0 ? 'In all, today' : `In all, through ${displayDate(span.to)}`,
            value: shown(answer?.counts.total),
          },
        ]}
      />
    </div>
  );
}

export default function ProofsExpiringPage() {
  // The form shows what is typed or chosen; it reaches the address (and the list) once it settles.
  const url = useListUrl(PARAMS);
  const [typed, setTyped] = useSettledDraft(url.values, url.setValues, EXPIRING_FILTER_DEBOUNCE_MS);
  const { facilityNumber, programKey, within } = url.values;
  const query = expiringFiltersOf(facilityNumber, programKey, within);
  const table = useServerTable({ queryKey: proofsExpiringKey, query, fetchPage: fetchProofsExpiringPage, trackBy: 'tenant_id', place: url.place });

  return (
    <ContentLayout
      header={
        <SpaceBetween size="m">
          <Header variant="h1" description="Tenants whose accepted proof of insurance ends soon, soonest first. On the day it ends, the tenant goes back to no response.">
            Proofs expiring
          </Header>
          <WindowCounts answer={table.response} />
        </SpaceBetween>
      }
    >
      <ServerTableFrame
        table={table}
        title="Proofs ending"
        description="By the day the proof ends, then facility and tenant name."
        refreshLabel="Refresh proofs expiring"
        actions={[
          <ExportButton
            key="export"
            disabled={!table.pagination || table.pagination.total === 0}
            create={() => createProofsExpiringExport(query)}
            download={downloadProofsExpiringExport}
          />,
        ]}
        above={[
          <SpaceBetween key="filters" direction="horizontal" size="s" alignItems="end">
            <FormField label="Facility Number">
              <Input
                type="search"
                value={typed.facilityNumber}
                ariaLabel="Expiring Facility Number"
                onChange={({ detail }) => setTyped((t) => ({ ...t, facilityNumber: detail.value }))}
              />
            </FormField>
            <FormField label="Insurance Program">
              <ProgramFilterSelect value={typed.programKey} onChange={(key) => setTyped((t) => ({ ...t, programKey: key }))} />
            </FormField>
            <FormField label="Ends">
              <Select
                selectedOption={WINDOW_OPTIONS.find((o) => o.value === typed.within) ?? WINDOW_OPTIONS[0]!}
                options={WINDOW_OPTIONS}
                ariaLabel="Ends"
                onChange={({ detail }) => setTyped((t) => ({ ...t, within: (detail.selectedOption.value ?? DEFAULT_WINDOW) as WindowChoice }))}
              />
            </FormField>
          </SpaceBetween>,
        ]}
        testId="proofs-expiring-table"
        tableProps={{
          columnDefinitions: COLUMNS,
          loadingText: 'Loading proofs expiring',
          ariaLabels: { tableLabel: 'Proofs expiring' },
          empty: <TableEmptyState error={table.result.error} empty={emptyText(within)} testId="proofs-expiring-error" />,
        }}
      />
    </ContentLayout>
  );
}
