import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import { SUPPORT_CONTACT } from '../../../shared/constants';
import { formatPhone } from '../../../shared/format';
import { useAuth } from '../auth/auth-context';
import { NotAvailableYet } from '../pages/NotAvailableYetPage';

/**
 * The manager menu. Facility data (GET /api/managers/facility) is served by a later release, so a
 * facility owner is told so rather than shown a made-up facility.
 */
export function ManagerPanel() {
  const { user } = useAuth();
  return (
    <Container header={<Header variant="h2">Your facility</Header>}>
      {user?.facility_id ? (
        <NotAvailableYet what="Your facility's information, cycles and statistics" />
      ) : (
        <Alert type="warning" header="You are not set up as a facility owner">
          Your account is not linked to a facility, so there is no facility information to show. Please contact{' '}
          {SUPPORT_CONTACT.name} at {formatPhone(SUPPORT_CONTACT.phone)} or{' '}
          <Link href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</Link> to be set up.
        </Alert>
      )}
    </Container>
  );
}
