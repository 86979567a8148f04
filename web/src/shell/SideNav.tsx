/**
 * The side navigation (issue 24 "Finding your way"): every page the user may open, the one shown
 * marked, links followed inside the app without a page load. The home page keeps its own menu (spec).
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import SideNavigation from '@cloudscape-design/components/side-navigation';
import { useAuth } from '../auth/auth-context';
import { useFollow } from './follow';
import { navigationItemsFor } from './side-navigation-items';

export function SideNav() {
  const { session } = useAuth();
  const { pathname } = useLocation();
  const follow = useFollow();
  const items = useMemo(() => navigationItemsFor(session), [session]);
  return <SideNavigation activeHref={pathname} items={items} onFollow={follow} />;
}
