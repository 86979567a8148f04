/**
 * The calls of Insurance Policy Management (spec tenants-letters-users §7 'Import and policy setup'):
 * the setup list and its export, the set-up list, the two setup calls, and the facilities of one
 * software for the facility choice. The lists live under the 'tenants' key, so a setup (or any other
 * tenant change) reloads them.
 */
import type { InfiniteData } from '@tanstack/react-query';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupSoftware } from '../../../shared/contracts/policy-setup';
import type { FACILITY_SOFTWARE } from '../../../shared/contracts/program';
import { call } from '../api/client';
import type { QueryOf, ResponseOf } from '../api/client';
import { FACILITIES_KEY } from '../facilities/facilities-api';
import { TENANTS_KEY } from '../tenants/tenants-api';
import type { PageRequest } from '../widgets/use-server-table';

/** Spec §9: the tenant tables show 100 rows a page. */
export const SETUP_PAGE_SIZE = 100;

// ---------- Setup Tenants ----------

/** The setup list's filters as sent (the page is the table's). */
export type SetupListQuery = Omit<QueryOf<'GET /api/tenants/for-policy-setup'>, 'page' | 'per_page'>;
export const setupListKey = [TENANTS_KEY, 'policy-setup'] as const;

export const fetchSetupPage = ({ query, page }: PageRequest<SetupListQuery>) =>
  call('GET /api/tenants/for-policy-setup', { query: { ...query, page, per_page: SETUP_PAGE_SIZE } });

export const createSetupExport = (query: SetupListQuery) => call('GET /api/tenants/export-policy-setup', { query });
/** The file is saved under the name the export answered ({facility_number}_{date}_policy_export.xlsx). */
export const downloadSetupExport = (file: { file_key: string; filename: string }) =>
  call('GET /api/exports/download', { query: { file_key: file.file_key, filename: file.filename } });

// ---------- List Setup Tenants ----------

export type SetUpListQuery = Omit<QueryOf<'GET /api/tenants/set-up-policies'>, 'page' | 'per_page'>;
export const setUpListKey = [TENANTS_KEY, 'set-up-policies'] as const;

export const fetchSetUpPage = ({ query, page }: PageRequest<SetUpListQuery>) =>
  call('GET /api/tenants/set-up-policies', { query: { ...query, page, per_page: SETUP_PAGE_SIZE } });

// ---------- the setup calls ----------

/** SiteLink: one tenant a call. The answer is checked against the contract by the caller (spec §8 'Got unexpected response from server'). */
export const setupSiteLinkTenant = (tenantId: string): Promise<unknown> => call('POST /api/tenants/setup-policy', { body: { tenant_id: tenantId } });

/** StorEdge: one cycle's ledgers as one job (a list, so the client sends JSON; the route takes them comma-joined too). */
export const startStorEdgeSetup = (cycleId: string, ledgerIds: readonly string[]) =>
  call('POST /api/tenants/setup-policies', { body: { cycle_id: cycleId, ledger_ids: [...ledgerIds] } });

/** After a setup: the setup list, the set-up list, a tenant's history, and the counts other screens show. */
export function useReloadAfterSetup() {
  const queryClient = useQueryClient();
  return () => Promise.all([[TENANTS_KEY], ['cycles'], ['cycle-stats'], ['facilities']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// ---------- the facility choice ----------

/**
 * The facilities of a setup software, by the facility list's own software filter (SiteLink facilities
 * are SiteLink - Web in the program; 'sitelink%' in the spec's words).
 */
export const FACILITY_SOFTWARE_OF: Record<SetupSoftware, (typeof FACILITY_SOFTWARE)[number]> = { sitelink: 'sitelink_web', storedge: 'storedge' };

/** The facility choice loads this many at a time, more as the list is scrolled to its end. */
export const FACILITY_CHOICE_PAGE = 50;

type FacilityPage = ResponseOf<'GET /api/facilities'>;

/**
 * Every active facility of `software` whose number contains `numberText`, page by page (GET
 * /api/facilities: the facility search answers at most 50, so it cannot offer every facility).
 * docs/decisions.md "Policy setup page: the facility choice".
 */
export function useSetupFacilities(software: SetupSoftware | null, numberText: string) {
  return useInfiniteQuery<FacilityPage, Error, InfiniteData<FacilityPage>, readonly unknown[], number>({
    queryKey: [FACILITIES_KEY, 'setup-choice', software, numberText],
    queryFn: ({ pageParam }) => call('GET /api/facilities', {
      query: { software: FACILITY_SOFTWARE_OF[software!], facility_number: numberText || undefined, page: pageParam, per_page: FACILITY_CHOICE_PAGE },
    }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => (pagination.current_page < pagination.last_page ? pagination.current_page + 1 : undefined),
    enabled: software !== null,
    staleTime: 30_000,
  });
}
