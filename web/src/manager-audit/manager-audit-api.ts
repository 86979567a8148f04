/**
 * The manager audit calls (spec tenants-letters-users §7 'Tenants (manager)'): the facility's tenants,
 * the cycle with its coverages and filter counts, a tenant's history, and the manager's changes. Every
 * change reloads what shows it: the tenant lists and filter counts, the cycle, and the manager home's
 * facility query (['manager-facility']) whose cycle cards carry the same state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import { call } from '../api/client';
import { tenantHistoryKey } from '../tenants/tenants-api';
import type { BodyOf, QueryOf, ResponseOf } from '../api/client';
import type { TenantSort, TenantView } from '../../../shared/contracts/tenants';
import { useServerTable } from '../widgets/use-server-table';
import type { TablePlace } from '../widgets/use-server-table';

export type FacilityTenantsQuery = Partial<QueryOf<'GET /api/facilities/{id}/tenants'>>;

/** Prefixes of the query keys, so a change can reload every page and filter of a list at once. */
const KEYS = {
  tenants: 'manager-tenants',
  cycle: 'manager-cycle',
  filters: 'manager-cycle-filters',
  coverages: 'manager-cycle-coverages',
  facility: 'manager-facility',
} as const;

export const fetchFacilityTenants = (facilityId: string, query: FacilityTenantsQuery) =>
  call('GET /api/facilities/{id}/tenants', { params: { id: facilityId }, query });

export function useManagerCycle(cycleId: string) {
  return useQuery({ queryKey: [KEYS.cycle, cycleId], queryFn: () => call('GET /api/cycles/{id}', { params: { id: cycleId } }) });
}

export function useCycleTenantFilters(cycleId: string) {
  return useQuery({ queryKey: [KEYS.filters, cycleId], queryFn: () => call('GET /api/cycles/{id}/tenant-filters', { params: { id: cycleId } }) });
}

export function useCycleCoverages(cycleId: string) {
  return useQuery({
    queryKey: [KEYS.coverages, cycleId],
    queryFn: () => call('GET /api/cycles/{id}/coverages', { params: { id: cycleId } }),
    staleTime: 60_000,
  });
}

/** Reloads the tenant lists, the filter counts, the cycle and the manager home after a change. */
function useReloadAudit() {
  const queryClient = useQueryClient();
  return (tenantId?: string) =>
    Promise.all([
      ...[KEYS.tenants, KEYS.cycle, KEYS.filters, KEYS.facility].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ...(tenantId ? [queryClient.invalidateQueries({ queryKey: tenantHistoryKey(tenantId) })] : []),
    ]);
}

/** Ids travel comma-joined (spec §7): the client writes each form value with String(), which joins an array with commas. */
export function useTagTenants() {
  const reload = useReloadAudit();
  return useMutation({
    mutationFn: ({ cycleId, ids }: { cycleId: string; ids: readonly string[] }) =>
      call('POST /api/managers/tag-tenants', { body: { cycle_id: cycleId, ids: [...ids] } }),
    onSuccess: () => reload(),
  });
}

export function useConfirmNoMoveOuts() {
  const reload = useReloadAudit();
  return useMutation({
    mutationFn: (cycleId: string) => call('POST /api/managers/confirm-move-outs', { body: { cycle_id: cycleId } }),
    onSuccess: () => reload(),
  });
}

export function useCompleteTagging() {
  const reload = useReloadAudit();
  return useMutation({
    mutationFn: (cycleId: string) => call('POST /api/managers/confirm-tagging-complete', { body: { cycle_id: cycleId } }),
    onSuccess: () => reload(),
  });
}

/** Confirm Charge Added, for one tenant (its row's button) or the checked rows. */
export function useChargeApplied() {
  const reload = useReloadAudit();
  return useMutation({
    mutationFn: (ids: readonly string[]) => call('POST /api/managers/bulk-charge-applied', { body: { ids: [...ids] } }),
    onSuccess: () => reload(),
  });
}

export type ManagerTenantFields = BodyOf<'POST /api/managers/update-tenant'>;

export function useUpdateTenant() {
  const reload = useReloadAudit();
  return useMutation({
    mutationFn: (body: ManagerTenantFields) => call('POST /api/managers/update-tenant', { body }),
    onSuccess: (_, body) => reload(body.id),
  });
}

/** The export of a cycle's tenants (the chosen filter): a job writing tenant_list.xlsx, then its link. */
export const createTenantsExport = (cycleId: string, filter: FacilityTenantsQuery['filter']) =>
  call('GET /api/exports/manager-tenants', { query: { cycle_id: cycleId, filter } });
export const downloadTenantsExport = (file: { file_key: string }) =>
  call('GET /api/exports/download', { query: { file_key: file.file_key, filename: 'tenant_list' } });

export const TENANT_PAGE_SIZE = PAGE_SIZE.tenants;
export const TAG_PAGE_SIZE = PAGE_SIZE.tagModal;

export type FacilityTenantsPage = ResponseOf<'GET /api/facilities/{id}/tenants'>;

/**
 * A page of the facility's tenants for one of the three manager tables, through the shared
 * useServerTable (paging, sort, checked rows); the key lives under 'manager-tenants', which every
 * manager change reloads.
 */
export function useFacilityTenantTable(options: {
  facilityId: string;
  /** Names the table within the facility's lists ('master', 'cycle', 'tag'). */
  table: string;
  query: FacilityTenantsQuery;
  selectionLimit?: number;
  sortableFields?: readonly TenantSort[];
  /** The page and sort kept in the address (a page's list; useListUrl). */
  place?: TablePlace;
}) {
  const { facilityId, table, query, selectionLimit, sortableFields, place } = options;
  return useServerTable<TenantView, FacilityTenantsQuery, FacilityTenantsPage>({
    queryKey: [KEYS.tenants, facilityId, table],
    query,
    fetchPage: ({ query: q, page, sort }) => fetchFacilityTenants(facilityId, { ...q, page, sort }),
    enabled: !!facilityId,
    selectionLimit,
    sortableFields,
    place,
  });
}
