/**
 * Proof Review (/proof-review, staff; issue 18, docs/decisions.md "Proof Review"): the proofs of
 * insurance tenants uploaded on the response portal that wait for a decision, oldest first, 100 a page;
 * filters Facility Number and Submitted from / to (M/DD/YYYY, typed or picked; days of the program's
 * time zone), reloading 350 ms after typing stops; they and the page live in the address (useListUrl). Per row: View opens the document in a new tab through
 * a 5-minute link; Flags says what the reader flagged on the page (issue 27); Accept (with the facts as
 * read or corrected) or Reject (with a reason) decides it, each dialog showing the page's facts beside
 * what the tenant typed and the flags' reasons; the row leaves the list, a toast says what happened and
 * the home menu's count follows.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { useQueryClient } from '@tanstack/react-query';
import type { ProofReviewRow } from '../../../shared/contracts/proof-reviews';
import { PROOF_FLAG_LABELS } from '../../../shared/proof-reading';
import { importTime } from '../imports/import-history-columns';
import { useToast } from '../shell/toasts';
import { DateField } from '../widgets/DateField';
import { DownloadLink } from '../widgets/DownloadLink';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { dayParam, textParam } from '../widgets/list-url';
import { useListUrl, useSettledDraft } from '../widgets/use-list-url';
import { useServerTable } from '../widgets/use-server-table';
import { ProofDecisionModal } from './ProofDecisionModal';
import type { ProofDecisionKind } from './ProofDecisionModal';
import { PROOF_FILTER_DEBOUNCE_MS, fetchProofReviewPage, openProofDocument, proofFiltersOf, proofReviewListKey, proofReviewsKey } from './proof-review-api';
import { displayDate, proofOwner, tenantName } from './proof-names';
import { TenantNameCell } from '../tenants/TenantPageLink';

const FILTER_DATE_FORMAT = 'M/dd/yyyy';
const PARAMS = { facilityNumber: textParam('facility_number'), from: dayParam('from'), to: dayParam('to') };

type Decide = (proof: ProofReviewRow, kind: ProofDecisionKind) => void;

/** What the reader flagged on the page (issue 27): the reasons are in the Accept and Reject dialogs. */
function FlagsCell({ flags }: { flags: ProofReviewRow['flags'] }) {
  if (flags === null) return <StatusIndicator type="pending">Not read yet</StatusIndicator>;
  if (flags.length === 0) return <StatusIndicator type="success">None</StatusIndicator>;
  return <StatusIndicator type="warning"><span title={flags.map((f) => PROOF_FLAG_LABELS[f]).join('; ')}>{flags.length === 1 ? PROOF_FLAG_LABELS[flags[0]!] : `${flags.length} flags`}</span></StatusIndicator>;
}

function columns(decide: Decide): TableProps.ColumnDefinition<ProofReviewRow>[] {
  return [
    { id: 'tenant', header: 'Tenant', isRowHeader: true, cell: (p) => <TenantNameCell id={p.tenant_id} name={tenantName(p)} />, minWidth: 180 },
    { id: 'unit', header: 'Unit', cell: (p) => p.unit, minWidth: 80 },
    { id: 'facility_number', header: 'Facility Number', cell: (p) => p.facility_number, minWidth: 120 },
    { id: 'insurer', header: 'Insurance Company', cell: (p) => p.insurer, minWidth: 160 },
    { id: 'policy_expiry_date', header: 'Policy Expiry', cell: (p) => displayDate(p.policy_expiry_date), minWidth: 110 },
    { id: 'submitted_at', header: 'Submitted', cell: (p) => importTime(p.submitted_at), minWidth: 160 },
    { id: 'flags', header: 'Flags', cell: (p) => <FlagsCell flags={p.flags} />, minWidth: 150 },
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
  const [deciding, setDeciding] = useState<{ proof: ProofReviewRow; kind: ProofDecisionKind } | null>(null);
  // The form shows what is typed; it reaches the address (and the list) once it settles.
  const url = useListUrl(PARAMS);
  const [typed, setTyped] = useSettledDraft(url.values, url.setValues, PROOF_FILTER_DEBOUNCE_MS);
  const { facilityNumber, from, to } = url.values;
  const table = useServerTable({ queryKey: proofReviewListKey, query: proofFiltersOf(facilityNumber, from, to), fetchPage: fetchProofReviewPage, place: url.place });
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
              <Input type="search" value={typed.facilityNumber} ariaLabel="Proof Facility Number" onChange={({ detail }) => setTyped((t) => ({ ...t, facilityNumber: detail.value }))} />
            </FormField>
            <FormField label="Submitted from">
              <DateField value={typed.from} format={FILTER_DATE_FORMAT} placeholder="M/DD/YYYY" ariaLabel="Submitted from" onChange={(day) => setTyped((t) => ({ ...t, from: day }))} />
            </FormField>
            <FormField label="Submitted to">
              <DateField value={typed.to} format={FILTER_DATE_FORMAT} placeholder="M/DD/YYYY" ariaLabel="Submitted to" onChange={(day) => setTyped((t) => ({ ...t, to: day }))} />
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
