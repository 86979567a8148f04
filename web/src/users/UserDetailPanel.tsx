/** The detail of a clicked user: the facility they own, and the credentials e-mail while it applies. */
import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import SplitPanel from '@cloudscape-design/components/split-panel';
import type { UserView } from '../../../shared/contracts/users';
import { formatPhone } from '../../../shared/format';
import { credentialsMailto } from './credentials-mail';

const PANEL_STRINGS = {
  closeButtonAriaLabel: 'Close user details',
  openButtonAriaLabel: 'Open user details',
  preferencesTitle: 'Panel preferences',
  preferencesPositionLabel: 'Panel position',
  preferencesPositionDescription: 'Choose the default panel position.',
  preferencesPositionSide: 'Side',
  preferencesPositionBottom: 'Bottom',
  preferencesConfirm: 'Confirm',
  preferencesCancel: 'Cancel',
  resizeHandleAriaLabel: 'Resize user details',
};

function FacilityInformation({ facility }: { facility: NonNullable<UserView['facility']> }) {
  return (
    <KeyValuePairs
      columns={3}
      items={[
        { label: 'Facility Number', value: facility.facility_number },
        { label: 'Account Name', value: facility.account_name || '--' },
        {
          label: 'Address',
          value: (
            <>
              {facility.address}
              <br />
              {facility.city}, {facility.state} {facility.zip_code}
            </>
          ),
        },
        { label: 'Phone', value: formatPhone(facility.phone) || '--' },
        { label: 'Email', value: facility.email ? <Link href={`mailto:${facility.email}`}>{facility.email}</Link> : '--' },
      ]}
    />
  );
}

export function UserDetailPanel({ user }: { user: UserView }) {
  const offerCredentials = !user.has_changed_password && !!user.original_password;
  return (
    <SplitPanel header={`User ${user.username}`} closeBehavior="hide" hidePreferencesButton i18nStrings={PANEL_STRINGS}>
      <SpaceBetween size="l">
        {user.facility ? <FacilityInformation facility={user.facility} /> : <Box variant="p">User does not own a facility.</Box>}
        {offerCredentials && (
          <Box variant="p">
            This user has not changed the generated password yet.{' '}
            <Link href={credentialsMailto(user, user.original_password!, window.location.origin)}>
              E-mail the login details to {user.email}
            </Link>
          </Box>
        )}
      </SpaceBetween>
    </SplitPanel>
  );
}
