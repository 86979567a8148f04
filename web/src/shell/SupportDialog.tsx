import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import { SUPPORT_CONTACT } from '../../../shared/constants';
import { formatPhone } from '../../../shared/format';

export function SupportDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Modal
      visible={visible}
      onDismiss={onClose}
      header="Need Help?"
      closeAriaLabel="Close dialog"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>Close</Button>
        </Box>
      }
    >
      <Box variant="p">Contact our support team with any questions about the program or this site.</Box>
      <KeyValuePairs
        columns={1}
        items={[
          { label: 'Name', value: SUPPORT_CONTACT.name },
          { label: 'Phone', value: <Link href={`tel:${SUPPORT_CONTACT.phone}`}>{formatPhone(SUPPORT_CONTACT.phone)}</Link> },
          { label: 'Email', value: <Link href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</Link> },
        ]}
      />
    </Modal>
  );
}
