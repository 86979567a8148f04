import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useAuth } from '../auth/auth-context';
import { useWaitingProofCount } from '../proof-review/proof-review-api';
import { useFollow } from '../shell/follow';

/** The three button groups of the monitor menu (spec: Home dashboard). */
export const MONITOR_MENU = [
  { group: 'Facility', links: [{ href: '/add-facility', text: 'Add Facility' }, { href: '/list-facilities', text: 'List Facilities' }] },
  { group: 'Cycle', links: [{ href: '/manage-cycles', text: 'Manage Cycles' }] },
  {
    group: 'Tenant & User management',
    links: [
      { href: '/tenant-list', text: 'Master Tenants List' },
      // Beyond the spec's menu: where imports are made and kept (docs/decisions.md "Import History").
      { href: '/upload-tenants', text: 'Upload Tenants' },
      { href: '/import-history', text: 'Import History' },
      { href: '/send-letters', text: 'Send Proof Letters' },
      // Beyond the spec's menu: proofs uploaded on the response portal, with how many wait (docs/decisions.md "Proof Review").
      { href: '/proof-review', text: 'Proof Review', showsWaitingProofs: true },
      // Issue 27: tenants whose accepted proof ends within 30 days.
      { href: '/proofs-expiring', text: 'Proofs expiring' },
      // Beyond the spec's menu: tenants removed as ineligible, restorable for 30 days (docs/decisions.md).
      { href: '/removed-tenants', text: 'Removed Tenants' },
      { href: '/manage-users', text: 'View User Accounts' },
      { href: '/insurance-policy-management', text: 'Insurance Policy Management' },
      // Beyond the spec's menu: the program's identity on letters (docs/decisions.md "Program Settings").
      { href: '/program-settings', text: 'Program Settings', adminOnly: true },
    ],
  },
] as const;

export function MonitorMenu() {
  const follow = useFollow();
  const { isAdmin } = useAuth();
  const waitingProofs = useWaitingProofCount();
  const waitingOn = (link: object) => 'showsWaitingProofs' in link && waitingProofs !== undefined && waitingProofs > 0;
  return (
    <ColumnLayout columns={3}>
      {MONITOR_MENU.map(({ group, links }) => (
        <Container key={group} header={<Header variant="h2">{group}</Header>} fitHeight>
          <SpaceBetween size="s">
            {links.filter((link) => isAdmin || !('adminOnly' in link && link.adminOnly)).map((link) => (
              <Button
                key={link.href}
                href={link.href}
                onFollow={follow}
                fullWidth
                ariaLabel={waitingOn(link) ? `${link.text}, ${waitingProofs} waiting` : undefined}
              >
                {link.text}
                {waitingOn(link) && <> <Badge color="red">{waitingProofs!.toLocaleString()}</Badge></>}
              </Button>
            ))}
          </SpaceBetween>
        </Container>
      ))}
    </ColumnLayout>
  );
}
