/** The two small dialogs of the facility screens: the error modal (spec §8) and a yes/no prompt. */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';

/** Spec §8: load, delete, confirm and coverage-fetch failures open a modal headed 'Error'. */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      visible={message !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      header="Error"
      footer={<Box float="right"><Button variant="primary" onClick={onClose}>OK</Button></Box>}
    >
      <StatusIndicator type="error">{message}</StatusIndicator>
    </Modal>
  );
}

interface ConfirmProps {
  header: string;
  /** The question; the dialog is shown while it is not null. */
  question: string | null;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmModal({ header, question, confirmLabel = 'Yes', busy, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Modal
      visible={question !== null}
      onDismiss={onCancel}
      closeAriaLabel="Close"
      header={header}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>Cancel</Button>
            <Button variant="primary" loading={busy} onClick={onConfirm}>{confirmLabel}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      {question}
    </Modal>
  );
}
