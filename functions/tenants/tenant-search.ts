/**
 * The staff app's tenant search (issue 24; GET /api/tenants/search): whatever was typed is tried as an
 * access code, an insur ledger id, a unit and a name at once, each through the lookup that already
 * serves it, so nothing here reads the program:
 *
 *   access code      GetItem ACCESS#{code} (the portal's sign-in lookup) -> the tenant
 *   insur ledger id  the program-wide list's tldg partition (listTenants)
 *   unit             the program-wide list's tunit partition (listTenants)
 *   name             the program-wide list's name search (listTenants: whatever index serves it)
 *   e-mail address   Query temail {address, lower case} (keys only), then the tenants (when it has an '@')
 *
 * Phone numbers are not searched: a tenant has no phone (no import format reads one; docs/decisions.md
 * "One tenant's whole story").
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeAccessCode } from '../../shared/access-code';
import { TENANT_SEARCH_LIMIT } from '../../shared/contracts/tenant-story';
import type { TenantSearchHit } from '../../shared/contracts/tenant-story';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { cycleKey } from '../cycles/cycle-store';
import { findAccessCode } from './access-codes';
import { listTenants } from './tenant-list';
import type { TenantListRequest } from './tenant-list';
import { emailKeyOf, tenantIdOfKey } from './tenant-record';
import type { TenantRecord } from './tenant-record';
import { getTenants } from './tenant-store';

type Matched = TenantSearchHit['matched'];
interface Found { tenants: TenantRecord[]; more: boolean }

const NOTHING: Found = { tenants: [], more: false };

async function byAccessCode(text: string): Promise<Found> {
  const code = normalizeAccessCode(text);
  const claim = code ? await findAccessCode(code) : null;
  return claim ? { tenants: await getTenants([claim.tenant_id]), more: false } : NOTHING;
}

/** One program-wide list filter, a page one longer than the search shows (so it knows there are more). */
async function byList(filter: Pick<TenantListRequest, 'name' | 'unit' | 'insurLedgerId'>): Promise<Found> {
  const page = await listTenants({ scope: { kind: 'program' }, ...filter, page: 1, perPage: TENANT_SEARCH_LIMIT + 1 });
  return { tenants: page.rows, more: page.rows.length > TENANT_SEARCH_LIMIT || page.pagination.next_cursor !== null };
}

/** Every tenant with this address (several tenants may share one), in name order; one more than shown. */
async function byEmail(text: string): Promise<Found> {
  if (!text.includes('@')) return NOTHING;
  const page = await dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: 'temail', KeyConditionExpression: 'temailpk = :email',
    ExpressionAttributeValues: { ':email': emailKeyOf(text) }, Limit: TENANT_SEARCH_LIMIT + 1,
  }));
  const ids = (page.Items ?? []).map((key) => tenantIdOfKey(key.pk as string));
  return { tenants: await getTenants(ids), more: ids.length > TENANT_SEARCH_LIMIT || page.LastEvaluatedKey !== undefined };
}

/** The program-wide name search needs two letters (tenant-list.ts); anything shorter is no name. */
const couldBeName = (text: string) => text.replace(/[^\p{L}]/gu, '').length >= 2;

export async function searchTenants(q: string): Promise<{ data: TenantSearchHit[]; more: boolean }> {
  const text = q.trim();
  const lookups: [Matched, Promise<Found>][] = [
    ['access_code', byAccessCode(text)],
    ['insur_ledger_id', byList({ insurLedgerId: text })],
    ['unit', byList({ unit: text })],
    ['email', byEmail(text)],
    ['name', couldBeName(text) && !text.includes('@') ? byList({ name: text }) : Promise.resolve(NOTHING)],
  ];
  const answers = await Promise.all(lookups.map(async ([matched, found]) => ({ matched, ...(await found) })));
  // The surest match first (a code names one tenant), each tenant once.
  const seen = new Set<string>();
  const hits: { tenant: TenantRecord; matched: Matched }[] = [];
  for (const { matched, tenants } of answers) {
    for (const tenant of tenants) {
      if (seen.has(tenant.id)) continue;
      seen.add(tenant.id);
      hits.push({ tenant, matched });
    }
  }
  const shown = hits.slice(0, TENANT_SEARCH_LIMIT);
  const cycles = await batchGetItems([...new Set(shown.map((h) => h.tenant.cycle_id))].map(cycleKey), 'id, label');
  const labelOf = new Map(cycles.map((c) => [c.id as string, (c.label as string) ?? '']));
  return {
    data: shown.map(({ tenant: t, matched }) => ({
      id: t.id, first_name: t.first_name, last_name: t.last_name, unit: t.unit, facility_number: t.facility_number,
      cycle_label: labelOf.get(t.cycle_id) ?? '', matched,
    })),
    more: hits.length > TENANT_SEARCH_LIMIT || answers.some((a) => a.more),
  };
}
