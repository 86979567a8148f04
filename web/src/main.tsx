import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import '@cloudscape-design/global-styles/index.css';
import { loginPathFor } from '../../shared/return-path';
import { onTokenGone } from './api/client';
import { queryClient } from './api/query-client';
import { AuthProvider } from './auth/auth-context';
import { sessionStore } from './auth/session-store';
import { router } from './routes/router';
import { CONTROL_NAMES } from './shell/control-names';
import { ToastProvider } from './shell/toasts';

// The server no longer knows the token (expired, revoked, user deleted): forget it and log in again,
// then come back to the page (with its query) it happened on. The guard of a guarded page sends the user
// to the same address; this covers public pages too.
onTokenGone(() => {
  sessionStore.end();
  queryClient.clear();
  // Several calls of a page can meet the ended session; the first one has already brought the user to login.
  if (router.state.location.pathname !== '/login') void router.navigate(loginPathFor(router.state.location), { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Names for Cloudscape's built-in icon buttons that a page does not name itself. */}
    <I18nProvider locale="en" messages={[CONTROL_NAMES]}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
