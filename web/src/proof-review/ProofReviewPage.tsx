/**
 * Proof Review (/proof-review, staff; issue 18, docs/decisions.md "Proof Review"): the proofs of
 * insurance tenants uploaded on the response portal that wait for a decision, oldest first, 100 a page;
 * filters Facility Number and Submitted from / to (M/DD/YYYY, typed or picked; days of the program's
 * time zone), reloading 350 ms after typing stops. Per row: View opens the document in a new tab through
 * a 5-minute link; Accept (confirmed) or Reject (with a reason) decides it, the row leaves the list, a
 * toast says what happened and the home menu's count follows.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useQueryClient } from '@tanstack/react-query';
import type { ProofReviewRow } from '../../../shared/contracts/respond';
import { importTime } from '../imports/import-history-columns';
import { useToast } from '../shell/toasts';
import { DateField } from '../widgets/DateField';
import { DownloadLink } from '../widgets/DownloadLink';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useDebouncedValue } from '../widgets/use-debounced-value';
import { useServerTable } from '../widgets/use-server-table';
import { ProofDecisionModal } from './ProofDecisionModal';
import type { ProofDecisionKind } from './ProofDecisionModal';
import { PROOF_FILTER_DEBOUNCE_MS, fetchProofReviewPage, openProofDocument, proofFiltersOf, proofReviewListKey, proofReviewsKey } from './proof-review-api';
import { displayDate, proofOwner, tenantName } from './proof-names';

const FILTER_DATE_FORMAT = 'M/dd/yyyy';

type Decide = (proof: ProofReviewRow, kind: ProofDecisionKind) => void;

function columns(decide: Decide): TableProps.ColumnDefinition<ProofReviewRow>[] {
  return [
    { id: 'tenant', header: 'Tenant', isRowHeader: true, cell: (p) => tenantName(p), minWidth: 160 },
    { id: 'unit', header: 'Unit', cell: (p) => p.unit, minWidth: 80 },
    { id: 'facility_number', header: 'Facility Number', cell: (p) => p.facility_number, minWidth: 120 },
    { id: 'insurer', header: 'Insurance Company', cell: (p) => p.insurer, minWidth: 160 },
    { id: 'policy_expiry_date', header: 'Policy Expiry', cell: (p) => displayDate(p.policy_expiry_date), minWidth: 110 },
    { id: 'submitted_at', header: 'Submitted', cell: (p) => importTime(p.submitted_at), minWidth: 160 },
    {
      id: 'actions',
      header: 'Review',
      minWidth: 240,
      cell: (p) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <DownloadLink open={() => openProofDocument(p.id)} iconName="external" ariaLabel={`View the proof of ${proofOwner(p)}`}>View</DownloadLink>
          <Button variant="inline-link" ariaLabel={`Accept the proof of ${proofOwner(p)}`} onClick={() => decide(p, 'accept')}>Accept</Button>
          <Button variant="inline-link" ariaLabel={`Reject the proof of ${proofOwner(p)}`} onClick={() => decide(p, 'reject')}>Reject</Button>
        </SpaceBetween>
      ),
    },
  ];
}

export default function ProofReviewPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [facilityNumber, setFacilityNumber] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ proof: ProofReviewRow; kind: ProofDecisionKind } | null>(null);
  // One debounced value for the three filters, compared by content so re-renders do not restart it.
  const typed = JSON.stringify(proofFiltersOf(facilityNumber, from, to));
  const filters = JSON.parse(useDebouncedValue(typed, PROOF_FILTER_DEBOUNCE_MS)) as ReturnType<typeof proofFiltersOf>;
  const table = useServerTable({ queryKey: proofReviewListKey, query: filters, fetchPage: fetchProofReviewPage });
  // The list and the home menu's count.
  const reload = () => void queryClient.invalidateQueries({ queryKey: proofReviewsKey });

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Proofs of insurance that tenants uploaded on the response portal. View each document, then accept it or reject it with a reason the tenant is told.">
          Proof Review
        </Header>
      }
    >
      <ServerTableFrame
        table={table}
        title="Waiting for review"
        description="Oldest first. Accepting gives the tenant the status Provided Proof; rejecting sets it back to no response, and the tenant can upload again."
        refreshLabel="Refresh proofs"
        above={[
          <SpaceBetween key="filters" direction="horizontal" size="s" alignItems="end">
            <FormField label="Facility Number">
              <Input type="search" value={facilityNumber} ariaLabel="Proof Facility Number" onChange={({ detail }) => setFacilityNumber(detail.value)} />
            </FormField>
            <FormField label="Submitted from">
              <DateField value={from} format={FILTER_DATE_FORMAT} placeholder="M/DD/YYYY" ariaLabel="Submitted from" onChange={setFrom} />
            </FormField>
            <FormField label="Submitted to">
              <DateField value={to} format={FILTER_DATE_FORMAT} placeholder="M/DD/YYYY" ariaLabel="Submitted to" onChange={setTo} />
            </FormField>
          </SpaceBetween>,
        ]}
        testId="proof-review-table"
        tableProps={{
          columnDefinitions: columns((proof, kind) => setDeciding({ proof, kind })),
          loadingText: 'Loading proofs',
          ariaLabels: { tableLabel: 'Proofs waiting for review' },
          empty: <TableEmptyState error={table.result.error} empty="No proofs are waiting for review." testId="proof-review-error" />,
        }}
      />
      {deciding && (
        <ProofDecisionModal
          key={`${deciding.proof.id}-${deciding.kind}`}
          proof={deciding.proof}
          kind={deciding.kind}
          onClose={() => setDeciding(null)}
          onRefused={reload}
          onDecided={({ message, warning }) => {
            setDeciding(null);
            toast(message, warning ? 'error' : 'normal');
            reload();
          }}
        />
      )}
    </ContentLayout>
  );
}
