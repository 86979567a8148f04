/**
 * The frame around every page: navigation bar, breadcrumbs, banners and toasts, the routed page, the
 * split panel a page may offer, and the idle overlay.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import Flashbar from '@cloudscape-design/components/flashbar';
import { useAuth } from '../auth/auth-context';
import { useFollow, usePageTitle } from './follow';
import { IdleOverlay } from './IdleOverlay';
import { APP_TITLE, NavigationBar } from './NavigationBar';
import { PageLoading } from './PageLoading';
import { useSplitPanelState } from './split-panel';
import { useStatusBanners } from './status-banners';
import { useToastItems } from './toasts';
import { useIdle } from './use-idle';

export function AppShell() {
  const { session } = useAuth();
  const title = usePageTitle();
  const { pathname } = useLocation();
  const follow = useFollow();
  const banners = useStatusBanners();
  const toasts = useToastItems();
  const idle = useIdle();
  const [panel, , providePanel] = useSplitPanelState();

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
        navigationHide
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
        content={<Suspense fallback={<PageLoading />}>{providePanel(<Outlet />)}</Suspense>}
      />
      <IdleOverlay visible={idle} />
    </>
  );
}
