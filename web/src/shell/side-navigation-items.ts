/**
 * What the side navigation lists: every page of the route table a user may open, grouped as staff
 * work (facilities, cycles, tenants, letters, setup), titled as the route table titles them. A page is
 * listed only when the route guard would let this session open it, so admin, monitor and manager each
 * see their own list. Pages that are not destinations (login, logout, the unauthorized notice), pages
 * that need a record in their path (a cycle's audit, reached from the home page) and Profile (a link of
 * the top bar, where it carries the change-password badge) are not listed. A page added to the route
 * table is added to a section here.
 */
import type { SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { redirectFor } from '../routes/access';
import { WEB_ROUTES } from '../routes/route-table';

/** Sections in order; a section without a heading lists its links on their own. */
export const NAVIGATION_SECTIONS: readonly { heading: string | null; paths: readonly string[] }[] = [
  { heading: null, paths: ['/'] },
  { heading: 'Facilities', paths: ['/add-facility', '/list-facilities'] },
  { heading: 'Cycles', paths: ['/manage-cycles'] },
  { heading: 'Tenants', paths: ['/tenant-list', '/upload-tenants', '/import-history', '/removed-tenants'] },
  { heading: 'Letters', paths: ['/send-letters', '/letter-batches', '/proof-review', '/proofs-expiring'] },
  { heading: 'Program setup', paths: ['/insurance-policy-management', '/manage-users', '/program-settings', '/failed-jobs'] },
  { heading: 'Your facility', paths: ['/master-audit'] },
  { heading: null, paths: ['/help-videos'] },
];

type SessionLike = Parameters<typeof redirectFor>[1];

/** The side navigation's items for `session`: the pages it may open, in their sections. */
export function navigationItemsFor(session: SessionLike): SideNavigationProps.Item[] {
  const items: SideNavigationProps.Item[] = [];
  for (const { heading, paths } of NAVIGATION_SECTIONS) {
    const links = paths.flatMap((path): SideNavigationProps.Link[] => {
      const route = WEB_ROUTES.find((r) => r.path === path);
      if (!route) throw new Error(`side navigation: ${path} is not in the route table`);
      // The location only matters to a login redirect, which an openable page never is.
      return redirectFor(route.access, session, { pathname: path, search: '' }) === null ? [{ type: 'link', text: route.title, href: path }] : [];
    });
    if (links.length === 0) continue;
    if (heading) items.push({ type: 'section', text: heading, items: links, defaultExpanded: true });
    else items.push(...links);
  }
  return items;
}
