import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import { formatPhone } from '../../../shared/format';
import { telHref, useProgramContact } from '../program-settings/ProgramContact';

export function SupportDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const contact = useProgramContact();
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
      {contact ? (
        <KeyValuePairs
          columns={1}
          items={[
            { label: 'Name', value: contact.name },
            { label: 'Phone', value: <Link href={telHref(contact.phone)}>{formatPhone(contact.phone)}</Link> },
            { label: 'Email', value: <Link href={`mailto:${contact.email}`}>{contact.email}</Link> },
          ]}
        />
      ) : (
        <Box variant="p" color="text-status-inactive">The program&apos;s contact details have not been set yet (an admin sets them on Program Settings).</Box>
      )}
    </Modal>
  );
}
