/**
 * The staff tenant calls (spec tenants-letters-users §7 'Tenants (staff)', 'Users') as fetchers for
 * useServerTable and TanStack Query hooks. Everything lives under the 'tenants' key, so one change
 * reloads every page of the master list, the Tenant Accounts list and a tenant's history; the counts
 * shown elsewhere (cycles, facilities, the dashboard) are reloaded with them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkField, TenantAccount, TenantView } from '../../../shared/contracts/tenants';
import { call } from '../api/client';
import type { BodyOf, QueryOf, ResponseOf } from '../api/client';
import type { PageRequest } from '../widgets/use-server-table';

export const TENANTS_KEY = 'tenants';

/** The master list's filters as sent (page, cursor and sort are the table's). */
export type TenantListFilters = Omit<Partial<QueryOf<'GET /api/tenants'>>, 'page' | 'cursor' | 'sort'>;
export type TenantListResponse = ResponseOf<'GET /api/tenants'>;

export const tenantListKey = [TENANTS_KEY, 'list'] as const;

export const fetchTenantPage = ({ query, page, cursor, sort }: PageRequest<TenantListFilters>) =>
  call('GET /api/tenants', { query: { ...query, page, cursor, sort } });

/** Tenant Accounts (Manage Users): GET /api/users with tenants=true. */
export type TenantAccountFilters = Pick<Partial<QueryOf<'GET /api/users'>>, 'facility_number' | 'tenant_name' | 'insur_ledger_id' | 'unit'>;
export interface TenantAccountsResponse {
  data: TenantAccount[];
  pagination: Extract<ResponseOf<'GET /api/users'>, { data: TenantAccount[] }>['pagination'];
}

export const tenantAccountsKey = [TENANTS_KEY, 'accounts'] as const;

export async function fetchTenantAccountsPage({ query, page, cursor }: PageRequest<TenantAccountFilters>): Promise<TenantAccountsResponse> {
  const answer = await call('GET /api/users', { query: { ...query, tenants: true, page, cursor } });
  // The route answers user accounts or, with tenants=true, tenant accounts; only the latter carry insur_ledger_id.
  return answer as TenantAccountsResponse;
}

/** Cycles of the typed facility number, for the cycle select (spec §7 GET /api/cycles/search). */
export function useCycleSearch(facilityNumber: string | undefined) {
  return useQuery({
    queryKey: ['cycles', 'search', facilityNumber],
    queryFn: () => call('GET /api/cycles/search', { query: { facility_number: facilityNumber ?? '' } }),
    enabled: Boolean(facilityNumber),
    staleTime: 30_000,
  });
}

/** The query key of a tenant's history; the staff and manager edit modals both show it and reload it after a save. */
export const tenantHistoryKey = (tenantId: string) => [TENANTS_KEY, 'history', tenantId];

export function useTenantHistory(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: tenantHistoryKey(tenantId),
    queryFn: () => call('GET /api/tenants/{id}/history', { params: { id: tenantId } }),
    enabled,
  });
}

/** After any tenant change: the lists and history, and the counts other screens show. */
function useReloadTenants() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [[TENANTS_KEY], ['cycles'], ['cycle-stats'], ['facilities'], ['manager-facility']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export type StaffTenantFields = BodyOf<'POST /api/tenants/{id}'>;

export function useUpdateTenant() {
  const reload = useReloadTenants();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffTenantFields }) => call('POST /api/tenants/{id}', { params: { id }, body }),
    onSuccess: () => reload(),
  });
}

export function useSetTenantStatus() {
  const reload = useReloadTenants();
  return useMutation({
    mutationFn: ({ tenant, status }: { tenant: TenantView; status: BodyOf<'POST /api/tenants/{id}/status'>['status'] }) =>
      call('POST /api/tenants/{id}/status', { params: { id: tenant.id }, body: { status, updated_at: tenant.updated_at } }),
    onSuccess: () => reload(),
  });
}

/**
 * The bulk actions of the master list; ids travel comma-joined (spec §7): the client writes each
 * value with String(), which joins an array with commas.
 */
export type BulkAction =
  | { kind: 'field'; field: BulkField; value: string }
  | { kind: 'reset' }
  | { kind: 'delete' };

export function useBulkTenants() {
  const reload = useReloadTenants();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: readonly string[] }) => {
      const list = [...ids];
      if (action.kind === 'reset') return call('POST /api/tenants/reset', { body: { ids: list } });
      if (action.kind === 'delete') return call('DELETE /api/tenants/bulk', { query: { ids: list } });
      return call('POST /api/tenants/bulk', { body: { field: action.field, ids: list, value: action.value } });
    },
    onSettled: () => reload(),
  });
}

export const createTenantsExport = (filters: TenantListFilters & { sort?: string }) => call('GET /api/exports/monitor-tenants', { query: filters });
export const downloadTenantsExport = (file: { file_key: string; filename: string }) =>
  call('GET /api/exports/download', { query: { file_key: file.file_key, filename: file.filename } });
