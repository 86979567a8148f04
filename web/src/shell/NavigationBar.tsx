/**
 * The main navigation bar: logo and title home, staff's tenant search (issue 24), the greeting, Support
 * (facility users and visitors only; staff are the support), and Profile and Logout once logged in.
 */
import { Suspense, lazy, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useAuth } from '../auth/auth-context';
import { useFollow } from './follow';
import { SupportDialog } from './SupportDialog';

export const APP_TITLE = 'Audit Letter Program';

/** Its own chunk: the login page and the managers' pages do not carry it. */
const TenantSearch = lazy(() => import('../tenants/TenantSearch'));

export function NavigationBar() {
  const { user, isStaff } = useAuth();
  const follow = useFollow();
  const [supportOpen, setSupportOpen] = useState(false);

  const utilities: TopNavigationProps.Utility[] = [];
  if (!isStaff) {
    utilities.push({ type: 'button', text: 'Support', iconName: 'support', onClick: () => setSupportOpen(true) });
  }
  if (user) {
    utilities.push(
      {
        type: 'button',
        text: 'Profile',
        iconName: 'user-profile',
        href: '/profile',
        // The badge asks the user to replace the generated password.
        badge: !user.has_changed_password,
        ariaLabel: user.has_changed_password ? 'Profile' : 'Profile (password change recommended)',
        onFollow: follow,
      },
      { type: 'button', text: 'Logout', href: '/logout', onFollow: follow },
    );
  }

  return (
    <>
      <TopNavigation
        identity={{ href: '/', title: APP_TITLE, logo: { src: '/logo.svg', alt: 'Audit Letter Program logo' }, onFollow: follow }}
        search={
          user ? (
            // One line: the search takes the room the greeting leaves.
            <div style={{ display: 'flex', alignItems: 'center', gap: 16, justifyContent: 'flex-end' }}>
              {isStaff && (
                <div style={{ flex: '1 1 200px', minWidth: 160, maxWidth: 320 }}>
                  <Suspense fallback={null}><TenantSearch /></Suspense>
                </div>
              )}
              <div style={{ whiteSpace: 'nowrap' }}>
                <Box color="inherit" fontWeight="bold" textAlign="right" data-testid="greeting">
                  Welcome, {user.real_name || user.username}!
                </Box>
              </div>
            </div>
          ) : undefined
        }
        utilities={utilities}
        // The greeting (and staff's tenant search) sit in the search slot; in a narrow window it folds behind an icon button, named for what it shows.
        i18nStrings={{
          overflowMenuTriggerText: 'More',
          overflowMenuTitleText: 'All',
          searchIconAriaLabel: isStaff ? 'Show the tenant search and greeting' : 'Show greeting',
          searchDismissIconAriaLabel: isStaff ? 'Hide the tenant search and greeting' : 'Hide greeting',
        }}
      />
      <SupportDialog visible={supportOpen} onClose={() => setSupportOpen(false)} />
    </>
  );
}
