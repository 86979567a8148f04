/**
 * The tenant page's calls (issue 24, "One tenant's whole story"): the story itself (under the 'tenants'
 * key, so any tenant change reloads it with the lists), the staff app's tenant search, a letter's
 * page of its batch PDF opened in the browser, and clearing the returned-e-mail flag (issue 26).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { TENANTS_KEY } from './tenants-api';

export const tenantStoryKey = (id: string) => [TENANTS_KEY, 'story', id];

export function useTenantStory(id: string) {
  return useQuery({ queryKey: tenantStoryKey(id), queryFn: () => call('GET /api/tenants/{id}/story', { params: { id } }) });
}

/** Clears the returned-e-mail flag of the tenant's address; every tenant page with the address reloads. */
export function useClearEmailSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/tenants/{id}/email-suppression/clear', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TENANTS_KEY] }),
  });
}

export const searchTenants = (q: string) => call('GET /api/tenants/search', { query: { q } });

/** The page of a tenant: the app's own address of it. */
export const tenantPagePath = (id: string): string => `/tenants/${encodeURIComponent(id)}`;

/**
 * The batch PDF opened in a new tab at the tenant's page: a short-lived link that serves it inline, with
 * the page in the fragment (the browser's PDF viewer goes there; the fragment never reaches a server).
 */
export async function openLetterPage(fileName: string, page: number | null): Promise<void> {
  const link = await call('GET /api/facilities/download-letters/{file_name}', { params: { file_name: fileName }, query: { view: true } });
  window.open(page ? `${link.url}#page=${page}` : link.url, '_blank', 'noopener');
}
