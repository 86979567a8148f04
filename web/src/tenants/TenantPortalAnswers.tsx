/**
 * The tenant page's portal part: what the tenant answered on the response portal (from its history:
 * the plan, the opt-out, the proof, and how that session was signed in) and the proofs it uploaded with
 * staff's review, each document viewable through its short-lived link (as on Proof Review).
 */
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { TenantProof } from '../../../shared/contracts/tenant-story';
import type { HistoryEntry } from '../../../shared/contracts/tenants';
import { openProofDocument } from '../proof-review/proof-review-api';
import { DownloadLink } from '../widgets/DownloadLink';
import { actionText, actorText, dayText, timeText, valueText } from './history-text';

const REVIEW: Record<TenantProof['review'], [StatusIndicatorProps.Type, string]> = {
  waiting: ['pending', 'Waiting for review'],
  accepted: ['success', 'Accepted'],
  rejected: ['error', 'Rejected'],
  replaced: ['stopped', 'Replaced by a later answer'],
  withdrawn: ['stopped', 'Withdrawn'],
};

/** 'Chose a plan on the portal: $12 per month for $2,000 coverage'. */
function answerText(e: HistoryEntry): string {
  const status = e.changes.find((c) => c.field === 'status');
  return e.action === 'respond_coverage' && status ? `${actionText(e.action)}: ${valueText('status', status.to)}` : actionText(e.action);
}

export const isPortalAnswer = (e: HistoryEntry): boolean => e.action.startsWith('respond_');

export function TenantPortalAnswers({ history, proofs }: { history: readonly HistoryEntry[]; proofs: readonly TenantProof[] }) {
  const answers = history.filter(isPortalAnswer).sort((a, b) => b.at.localeCompare(a.at));
  return (
    <SpaceBetween size="l">
      <Table<HistoryEntry>
        header={<Header variant="h2" counter={`(${answers.length})`} description="What the tenant answered on the response portal, newest first.">Portal answers</Header>}
        items={answers}
        wrapLines
        ariaLabels={{ tableLabel: 'Portal answers' }}
        columnDefinitions={[
          { id: 'at', header: 'Date', cell: (e) => timeText(e.at), minWidth: 150 },
          { id: 'answer', header: 'Answer', cell: answerText, isRowHeader: true, minWidth: 220 },
          { id: 'by', header: 'Signed in', cell: actorText, minWidth: 200 },
        ]}
        empty={<Box textAlign="center" color="inherit">No answer on the portal.</Box>}
      />
      <Table<TenantProof>
        header={<Header variant="h2" counter={`(${proofs.length})`} description="Proofs of insurance the tenant uploaded and what staff decided.">Proofs</Header>}
        items={[...proofs]}
        wrapLines
        ariaLabels={{ tableLabel: 'Proofs' }}
        columnDefinitions={[
          { id: 'insurer', header: 'Insurance Company', cell: (p) => p.insurer, isRowHeader: true, minWidth: 150 },
          { id: 'expiry', header: 'Policy Expiry', cell: (p) => dayText(p.policy_expiry_date), minWidth: 100 },
          { id: 'submitted', header: 'Submitted', cell: (p) => timeText(p.submitted_at), minWidth: 150 },
          {
            id: 'review',
            header: 'Review',
            cell: (p) => {
              const [type, text] = REVIEW[p.review];
              const decided = p.decided_at ? ` ${timeText(p.decided_at)}${p.decided_by ? ` by ${p.decided_by}` : ''}` : '';
              return <StatusIndicator type={type}>{`${text}${decided}`}</StatusIndicator>;
            },
            minWidth: 200,
          },
          { id: 'reason', header: 'Reason', cell: (p) => p.reject_reason ?? '—', minWidth: 150 },
          {
            id: 'document',
            header: 'Document',
            cell: (p) => <DownloadLink open={() => openProofDocument(p.id)} iconName="external" ariaLabel={`View the proof from ${p.insurer}`}>View</DownloadLink>,
            minWidth: 90,
          },
        ]}
        empty={<Box textAlign="center" color="inherit">No proof uploaded.</Box>}
      />
    </SpaceBetween>
  );
}
