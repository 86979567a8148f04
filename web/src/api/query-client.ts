/** Server state lives in TanStack Query only. */
import { notifyManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

// TanStack tells React of a change on a timer by default, so a key pressed right after Save could reach a
// modal that had not yet rendered its save as running and close it mid-save (CI saw it once). A microtask
// renders the change before the browser takes the next input event.
notifyManager.setScheduler(queueMicrotask);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will answer the same again; only a lost connection or a server hiccup is worth a retry.
      retry: (failures, err) => failures < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
