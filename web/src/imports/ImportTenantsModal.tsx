/** 'Import tenants to a cycle' (the cycle detail row's Import Tenants, facilities-cycles-shell §Cycles). */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import { ImportForm } from './ImportForm';

export function ImportTenantsModal({ cycleId, onClose }: { cycleId: string | null; onClose: () => void }) {
  return (
    <Modal
      visible={cycleId !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      header="Import tenants to a cycle"
      size="large"
      footer={<Box float="right"><Button onClick={onClose}>Close</Button></Box>}
    >
      {/* A new form for each cycle opened: nothing of an earlier import carries over. */}
      {cycleId && <ImportForm key={cycleId} cycleId={cycleId} />}
    </Modal>
  );
}
