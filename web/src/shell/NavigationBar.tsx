/**
 * The main navigation bar: logo and title home, the greeting, Support (facility users and visitors
 * only; staff are the support), and Profile and Logout once logged in.
 */
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useAuth } from '../auth/auth-context';
import { useFollow } from './follow';
import { SupportDialog } from './SupportDialog';

export const APP_TITLE = 'Audit Letter Program';

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
            <Box color="inherit" fontWeight="bold" textAlign="right" data-testid="greeting">
              Welcome, {user.real_name || user.username}!
            </Box>
          ) : undefined
        }
        utilities={utilities}
        // The greeting sits in the search slot; in a narrow window it folds behind an icon button, named for what it shows.
        i18nStrings={{ overflowMenuTriggerText: 'More', overflowMenuTitleText: 'All', searchIconAriaLabel: 'Show greeting', searchDismissIconAriaLabel: 'Hide greeting' }}
      />
      <SupportDialog visible={supportOpen} onClose={() => setSupportOpen(false)} />
    </>
  );
}
