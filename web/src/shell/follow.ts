/** Cloudscape links and buttons fire onFollow; inside the app they navigate without a page load. */
import { useCallback } from 'react';
import { useMatches, useNavigate } from 'react-router-dom';
import type { RouteHandle } from '../routes/route-handle';

interface FollowEvent {
  preventDefault: () => void;
  detail: { href?: string; external?: boolean };
}

export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (!href || external || !href.startsWith('/')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}

/** The title of the page being shown, from the route table. */
export function usePageTitle(): string {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return handle?.title ?? '';
}
