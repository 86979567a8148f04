import Alert from '@cloudscape-design/components/alert';

/** The manager audit pages read the user's own facility; an account without one has nothing to audit. */
export function NotAnOwnerAlert() {
  return (
    <Alert type="warning" header="You are not set up as a facility owner">
      Your account is not linked to a facility, so there are no tenants to audit. Please contact support to be set up.
    </Alert>
  );
}
