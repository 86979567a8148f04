/**
 * The frame around every page: navigation bar, side navigation (once logged in), breadcrumbs, banners
 * and toasts, the routed page, the split panel a page may offer, and the idle overlay.
 */
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import Flashbar from '@cloudscape-design/components/flashbar';
import { useAuth } from '../auth/auth-context';
import { useFollow, usePageTitle } from './follow';
import { IdleOverlay } from './IdleOverlay';
import { APP_TITLE, NavigationBar } from './NavigationBar';
import { PageLoading } from './PageLoading';
import { SideNav } from './SideNav';
import { useSplitPanelState } from './split-panel';
import { useStatusBanners } from './status-banners';
import { useToastItems } from './toasts';
import { useIdle } from './use-idle';

/** Cloudscape's phone breakpoint, below which the layout shows the navigation as a drawer. */
const PHONE_WIDTH = '(max-width: 688px)';
const NAVIGATION_LABELS = { navigation: 'Pages', navigationToggle: 'Open navigation', navigationClose: 'Close navigation' };

export function AppShell() {
  const { session } = useAuth();
  const title = usePageTitle();
  const { pathname } = useLocation();
  const follow = useFollow();
  const banners = useStatusBanners();
  const toasts = useToastItems();
  const idle = useIdle();
  const [panel, , providePanel] = useSplitPanelState();
  // Open beside the page on a wide screen; on a phone the layout folds it behind a button (and closes it
  // again once a link is followed), so it starts closed there rather than covering the page.
  const [navigationOpen, setNavigationOpen] = useState(() => !window.matchMedia(PHONE_WIDTH).matches);

  useEffect(() => {
    document.title = title && pathname !== '/' ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title, pathname]);

  const breadcrumbs = session && pathname !== '/' && title
    ? <BreadcrumbGroup ariaLabel="Breadcrumbs" onFollow={follow} items={[{ text: 'Home', href: '/' }, { text: title, href: pathname }]} />
    : undefined;

  return (
    <>
      <div id="top-nav" style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <NavigationBar />
      </div>
      <AppLayout
        headerSelector="#top-nav"
        navigation={<SideNav />}
        navigationHide={!session}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        ariaLabels={NAVIGATION_LABELS}
        toolsHide
        breadcrumbs={breadcrumbs}
        notifications={<Flashbar data-testid="notifications" items={[...banners, ...toasts]} />}
        stickyNotifications
        splitPanel={panel?.element}
        splitPanelOpen={!!panel}
        splitPanelPreferences={{ position: 'bottom' }}
        onSplitPanelToggle={({ detail }) => {
          if (!detail.open) panel?.onClose();
        }}
        // The page itself, apart from the navigation around it (tests look for a page's own links here).
        content={<div data-testid="page-content"><Suspense fallback={<PageLoading />}>{providePanel(<Outlet />)}</Suspense></div>}
      />
      <IdleOverlay visible={idle} />
    </>
  );
}
