/**
 * 'Setup StorEdge Tenants for Insurance' (spec §2 'Setup modals'): the count, then each batch's state
 * (Waiting, 'Setting up N tenants', the error text, Complete) as the setup job reports it. Tenants go
 * in batches, so single failures are not listed here (each is on its tenant's Last Error). It cannot be
 * closed while saving.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { PolicySetupTenant, SetupBatch } from '../../../shared/contracts/policy-setup';
import { CHECK_CHARGES_REMINDER, SETUP_COMPLETE } from './SiteLinkSetupModal';
import { useStorEdgeSetup } from './use-storedge-setup';

function BatchState({ batch }: { batch: SetupBatch }) {
  const n = batch.ledger_ids.length;
  switch (batch.state) {
    case 'waiting': return <StatusIndicator type="pending">Waiting</StatusIndicator>;
    case 'loading': return <StatusIndicator type="loading">{`Setting up ${n} ${n === 1 ? 'tenant' : 'tenants'}`}</StatusIndicator>;
    case 'complete': return <StatusIndicator type="success">Complete</StatusIndicator>;
    case 'error': return <StatusIndicator type="error">{batch.error ?? 'The batch could not be set up.'}</StatusIndicator>;
  }
}

export function StorEdgeSetupModal({ tenants, onClose }: { tenants: readonly PolicySetupTenant[]; onClose: () => void }) {
  const run = useStorEdgeSetup(tenants);
  const saving = !run.done;
  const count = tenants.length;

  return (
    <Modal
      visible
      size="medium"
      header="Setup StorEdge Tenants for Insurance"
      closeAriaLabel="Close"
      onDismiss={() => {
        if (!saving) onClose();
      }}
      footer={<Box float="right"><Button variant="primary" disabled={saving} onClick={onClose}>Close</Button></Box>}
    >
      <SpaceBetween size="m">
        <Box data-testid="setup-count">{`Setting up ${count.toLocaleString()} ${count === 1 ? 'tenant' : 'tenants'} in StorEdge, ${run.batches.length} ${run.batches.length === 1 ? 'batch' : 'batches'} of up to 5.`}</Box>
        <ol aria-label="Setup batches" data-testid="setup-batches" style={{ margin: 0 }}>
          {run.batches.map((b, i) => (
            <li key={`${i}-${b.ledger_ids[0] ?? ''}`} data-testid="setup-batch">
              <SpaceBetween direction="horizontal" size="xs">
                <span>{`Batch ${i + 1}:`}</span>
                <BatchState batch={b} />
              </SpaceBetween>
            </li>
          ))}
        </ol>
        {run.done && (
          <Alert type={run.batches.some((b) => b.state === 'error') ? 'info' : 'success'} header={SETUP_COMPLETE} data-testid="setup-complete">
            {CHECK_CHARGES_REMINDER}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
