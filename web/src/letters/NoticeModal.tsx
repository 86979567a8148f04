/** The good and bad modals of the ledger checks (spec §8): 'Success' or 'Failed' with one message and OK. */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import { StatusIndicator } from '../widgets/StatusIndicator';

export interface Notice {
  good: boolean;
  message: string;
}

export function NoticeModal({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Modal
      visible={notice !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={notice?.good ? 'Success' : 'Failed'}
      footer={<Box float="right"><Button variant="primary" onClick={onClose}>OK</Button></Box>}
    >
      {notice && <StatusIndicator type={notice.good ? 'success' : 'error'}>{notice.message}</StatusIndicator>}
    </Modal>
  );
}
