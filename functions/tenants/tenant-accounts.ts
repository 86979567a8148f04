/**
 * The Tenant Accounts tab of Manage Users (spec §2 Reading A; GET /api/users?tenants=true): tenants
 * found by facility number, name, insur ledger id or unit, through the same lists as the master list.
 */
import type * as z from 'zod';
import { PAGE_SIZE } from '../../shared/constants';
import type { TenantAccount, tenantAccountQuery } from '../../shared/contracts/tenants';
import { getFacilityByNumber } from '../facilities/facility-store';
import { listTenants } from './tenant-list';

export async function tenantAccounts(query: z.output<typeof tenantAccountQuery>) {
  const perPage = PAGE_SIZE.users;
  let facilityId: string | null = null;
  if (query.facility_number) {
    facilityId = (await getFacilityByNumber(query.facility_number))?.id ?? null;
    if (!facilityId) {
      return { data: [] as TenantAccount[], pagination: { current_page: 1, last_page: 1, per_page: perPage, from: null, to: null, total: 0, exact: true, next_cursor: null } };
    }
  }
  const page = await listTenants({
    scope: facilityId ? { kind: 'facility', facilityId } : { kind: 'program' },
    name: query.tenant_name, unit: query.unit, insurLedgerId: query.insur_ledger_id,
    page: query.page ?? 1, perPage, cursor: query.cursor,
  });
  const data: TenantAccount[] = page.rows.map((t) => ({
    id: t.id, facility_number: t.facility_number, first_name: t.first_name, last_name: t.last_name,
    insur_ledger_id: t.insur_ledger_id, unit: t.unit, access_code: t.access_code,
  }));
  return { data, pagination: page.pagination };
}
