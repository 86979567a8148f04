/**
 * What the proof reader found on a declarations page (issue 27), as the review dialogs show it: the flags
 * first, each with its reason (they inform; staff decide), then each fact beside what the tenant typed and
 * the tenant's record, with how sure the reader was. A fact the reader did not find says so; nothing is
 * filled in for it.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import Table from '@cloudscape-design/components/table';
import type { ProofReviewDetail } from '../../../shared/contracts/proof-reviews';
import { PROOF_FLAG_LABELS } from '../../../shared/proof-reading';
import type { ProofReadingView } from '../../../shared/proof-reading';
import { displayDate, tenantName } from './proof-names';

type Fact = { value: string; confidence: number } | null;

/** Below this the reader's value is shown as uncertain. */
const SURE = 0.75;

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

function FactCell({ fact }: { fact: Fact }) {
  if (!fact) return <Box color="text-status-inactive">Not found on the page</Box>;
  return (
    <SpaceBetween size="xxxs">
      <span>{fact.value}</span>
      {fact.confidence < SURE && <Box variant="small" color="text-status-warning">{`Uncertain (${Math.round(fact.confidence * 100)}% sure): check the page`}</Box>}
    </SpaceBetween>
  );
}

interface Row { fact: string; page: Fact; typed: string; record: string }

function rowsOf(detail: ProofReviewDetail, reading: ProofReadingView): Row[] {
  const f = reading.facts;
  const t = detail.tenant;
  const period = f.period_start || f.period_end
    ? { value: `${f.period_start ? displayDate(f.period_start.value) : '?'} to ${f.period_end ? displayDate(f.period_end.value) : '?'}`, confidence: Math.min(f.period_start?.confidence ?? 1, f.period_end?.confidence ?? 1) }
    : null;
  const away = f.off_premises || f.off_premises_limit
    ? {
      value: [f.off_premises ? (f.off_premises.value ? 'Covered' : 'Not covered') : 'Not stated', f.off_premises_limit ? `limit ${money(f.off_premises_limit.value)}` : null].filter(Boolean).join(', '),
      confidence: Math.min(f.off_premises?.confidence ?? 1, f.off_premises_limit?.confidence ?? 1),
    }
    : null;
  return [
    { fact: 'Insurer', page: f.insurer, typed: detail.insurer, record: '' },
    { fact: 'Policy number', page: f.policy_number, typed: '', record: '' },
    { fact: 'Named insured', page: f.named_insured, typed: '', record: t ? tenantName(t) : 'No longer in the program' },
    { fact: 'Insured address', page: f.insured_address, typed: '', record: t ? `${t.address}, ${t.city}, ${t.state} ${t.zip_code}` : '' },
    { fact: 'Policy period', page: period, typed: `Expires ${displayDate(detail.policy_expiry_date)}`, record: '' },
    { fact: 'Belongings away from home', page: away, typed: '', record: '' },
  ];
}

export function ProofFacts({ detail }: { detail: ProofReviewDetail }) {
  const { reading } = detail;
  if (!reading) {
    return <StatusIndicator type="pending">The page has not been read yet. Open the document to check it by eye, or look again in a minute.</StatusIndicator>;
  }
  return (
    <SpaceBetween size="m">
      {reading.flags.length > 0 ? (
        <Alert type="warning" header={`${reading.flags.length === 1 ? '1 thing' : `${reading.flags.length} things`} to check before deciding`}>
          <ul aria-label="Flags">
            {reading.flags.map((flag) => <li key={flag.code}><b>{PROOF_FLAG_LABELS[flag.code]}.</b> {flag.reason}</li>)}
          </ul>
        </Alert>
      ) : (
        <StatusIndicator type="success">Nothing flagged: the page agrees with what the tenant typed and the tenant&apos;s record.</StatusIndicator>
      )}
      {reading.status === 'unreadable' && (
        <Alert type="info" header="None of the facts could be read from the file">{[...reading.notes, 'Open the document and check it by eye.'].join(' ')}</Alert>
      )}
      <Table
        variant="embedded"
        ariaLabels={{ tableLabel: 'What the page says' }}
        items={rowsOf(detail, reading)}
        trackBy="fact"
        wrapLines
        columnDefinitions={[
          { id: 'fact', header: 'Fact', isRowHeader: true, cell: (r) => r.fact },
          { id: 'page', header: reading.source === 'ocr' ? 'On the page (read from the image)' : 'On the page', cell: (r) => <FactCell fact={r.page} /> },
          { id: 'typed', header: 'Typed by the tenant', cell: (r) => r.typed || '—' },
          { id: 'record', header: 'Tenant record', cell: (r) => r.record || '—' },
        ]}
      />
    </SpaceBetween>
  );
}
