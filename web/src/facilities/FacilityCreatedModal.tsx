/**
 * 'Success!' after Add facility (spec §2): the new manager account's generated username and password,
 * with a prefilled e-mail to the site's address for sending them (spec §7).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { credentialsMailto } from '../users/credentials-mail';

export interface CreatedFacility {
  facility_number: string;
  account_name: string;
  contact_name: string;
  email: string;
  username: string;
  password: string;
}

interface Props {
  created: CreatedFacility;
  onAddAnother: () => void;
  onViewList: () => void;
}

export function FacilityCreatedModal({ created, onAddAnother, onViewList }: Props) {
  const mailto = credentialsMailto({ username: created.username, real_name: created.contact_name, email: created.email }, created.password, window.location.origin);
  return (
    <Modal
      visible
      onDismiss={onAddAnother}
      closeAriaLabel="Close"
      header="Success!"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onAddAnother}>Add another facility</Button>
            <Button variant="primary" onClick={onViewList}>Go to the facilities list</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">
          Facility <b>{created.facility_number}</b>{created.account_name ? ` (${created.account_name})` : ''} has been added, with a manager
          account to log in with:
        </Box>
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: 'Username',
              value: (
                <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
                  <Box variant="code" data-testid="new-username">{created.username}</Box>
                  <CopyToClipboard variant="icon" textToCopy={created.username} copySuccessText="Username copied" copyErrorText="Could not copy" copyButtonAriaLabel="Copy username" />
                </SpaceBetween>
              ),
            },
            {
              label: 'Password',
              value: (
                <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
                  <Box variant="code" data-testid="new-password">{created.password}</Box>
                  <CopyToClipboard variant="icon" textToCopy={created.password} copySuccessText="Password copied" copyErrorText="Could not copy" copyButtonAriaLabel="Copy password" />
                </SpaceBetween>
              ),
            },
          ]}
        />
        <Box variant="p" color="text-body-secondary">
          Note the password now: it is shown again only in View User Accounts until the manager changes it.{' '}
          <Link href={mailto} external externalIconAriaLabel="opens your e-mail program">E-mail the login to {created.email}</Link>
        </Box>
      </SpaceBetween>
    </Modal>
  );
}
