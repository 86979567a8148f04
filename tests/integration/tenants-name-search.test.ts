/**
 * Name search as people type names (issue 24), through real HTTP against the local runtime: a name typed
 * in either order, in part, in any case and with or without accents finds the tenant program-wide (both
 * name indexes merged, paged by cursor) and inside a facility or cycle, on the staff master list, Tenant
 * Accounts and the manager's lists; a renamed tenant is found by its new name only; tenants stored before
 * the new keys get them from the one-off migration (functions/tenants/name-key-migration.ts).
 * Every name carries a stem no other test uses, so rows are found by filter, never by position.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import type { ApiResponse } from './helpers';
import { makeManagerWithFacility, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { migrateNameKeys } from '../../functions/tenants/name-key-migration';
import { NAME_PAGES_BY_NUMBER } from '../../functions/tenants/tenant-list';
import { tenantKey } from '../../functions/tenants/tenant-record';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';

let monitor: string;
let manager: { token: string; facility: FacilityRecord };
beforeAll(async () => {
  monitor = await tokenFor('monitor');
  manager = await makeManagerWithFacility();
});

type Row = { id: string; first_name: string; last_name: string | null };
const list = (query: Record<string, string>) => call('GET', '/api/tenants', { token: monitor, query });
const idsOf = (res: ApiResponse): string[] => {
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Row[]).map((t) => t.id);
};
const person = (i: number, first: string, last: string | null, status: string | null = null, extra: Partial<NewTenant> = {}) =>
  tenant(i, status, { first_name: first, last_name: last, ...extra });

/** Every page of a program-wide search, followed by cursor: the ids in order, each page checked against the same page asked by number. */
async function allPages(query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let res = await list(query);
  for (let page = 1; ; page += 1) {
    expect(res.body.pagination, `page ${page}`).toMatchObject({ current_page: page, exact: false, from: ids.length + 1 });
    if (page > 1) expect(idsOf(await list({ ...query, page: String(page) })), `page ${page} by number`).toEqual(idsOf(res));
    ids.push(...idsOf(res));
    if (!res.body.pagination.next_cursor) return ids;
    expect(page).toBeLessThan(10);
    res = await list({ ...query, cursor: res.body.pagination.next_cursor });
  }
}

describe('a name typed as people type it', () => {
  it('finds Omar García in either order, in part, in any case and with or without the accent, program-wide and in his facility and cycle', async () => {
    const s = stem();
    const facility = await facilityWith(stem());
    const { cycle, tenants: [omar] } = await cycleWithTenants(facility, [person(1, `Omar${s}`, `García${s}`), person(2, `Ana${s}`, `Lopez${s}`)]);
    const typings = [`Omar${s} Garcia${s}`, `garcia${s} om`, `GARCÍA${s}, omar${s}`, `omar${s} garc`, `Garcia${s}, Omar${s}`, `garcía${s}`, `OMAR${s}`];
    for (const name of typings) {
      expect(idsOf(await list({ name })), `program-wide: ${name}`).toEqual([omar!.id]);
      expect(idsOf(await list({ name, facility_number: facility.facility_number })), `facility: ${name}`).toEqual([omar!.id]);
      expect(idsOf(await list({ name, cycle_id: cycle.id })), `cycle: ${name}`).toEqual([omar!.id]);
    }
    // Program-wide the typed words start the name (the last may be cut short); in a facility or cycle they may be anywhere.
    expect(idsOf(await list({ name: `arcia${s}` }))).toEqual([]);
    expect(idsOf(await list({ name: `arcia${s} ma`, facility_number: facility.facility_number }))).toEqual([omar!.id]);
    expect(idsOf(await list({ name: `omar${s} lopez${s}` }))).toEqual([]);
  });

  it('merges both readings in name order, each tenant once, across facilities', async () => {
    const s = stem();
    const g = `Garcia${s}`;
    const [f1, f2] = await Promise.all([facilityWith(stem()), facilityWith(stem())]);
    const { tenants: [ana, both] } = await cycleWithTenants(f1, [person(1, 'Ana', g), person(2, `${g}bis`, g)]);
    const { tenants: [omar, zed, acme] } = await cycleWithTenants(f2, [
      person(3, `Omar${s}`, g), person(4, g, `Zed${s}`), person(5, `Acme ${g}`, null),
    ]);
    // 'garcia… ana', 'garcia… garcia…bis' (also 'garcia…bis garcia…': shown once), 'garcia… omar…', then by the first
    // name: 'garcia… zed…' and the business by its second word, 'garcia… acme'. The merged order is the readings'.
    const found = await list({ name: g });
    expect(idsOf(found)).toEqual([acme!.id, ana!.id, both!.id, omar!.id, zed!.id]);
    expect(found.body.pagination).toMatchObject({ exact: false, total: 5, next_cursor: null });
    expect(found.body.info.text_match).toBe('prefix');
    expect(idsOf(await list({ name: `${g} z` }))).toEqual([zed!.id]);
    expect(idsOf(await list({ name: `zed${s} ${g}` }))).toEqual([zed!.id]);
  });

  it('pages the merged search by cursor in order, each tenant once, the same pages as by number', async () => {
    const s = stem();
    const g = `Merge${s}`;
    const facility = await facilityWith(stem());
    // 110 by their last name ('merge… f000' … 'merge… f109') and 30 by their first ('merge… e00' … before them, 'merge… z00' … after).
    const byLast = Array.from({ length: 110 }, (_, i) => person(i, `F${String(i).padStart(3, '0')}`, g));
    const byFirst = Array.from({ length: 30 }, (_, i) => person(200 + i, g, `${i < 15 ? 'E' : 'Z'}${String(i).padStart(2, '0')}`));
    const { tenants } = await cycleWithTenants(facility, [...byFirst, ...byLast]);
    const reading = (t: TenantRecord) => (t.last_name === g ? `${t.first_name}` : `${t.last_name}`).toLowerCase();
    const expected = [...tenants].sort((a, b) => reading(a).localeCompare(reading(b))).map((t) => t.id);
    const ids = await allPages({ name: g });
    expect(ids).toHaveLength(140);
    expect(ids).toEqual(expected);
    // Past the first pages a page asked by number would read every page before it: the cursor reaches it.
    expect((await list({ name: g, page: String(NAME_PAGES_BY_NUMBER) })).body.data).toEqual([]);
    const far = await list({ name: g, page: String(NAME_PAGES_BY_NUMBER + 1) });
    expect(far.status).toBe(422);
    expect(far.body).toMatchObject({ field: 'page', error: `Open page ${NAME_PAGES_BY_NUMBER + 1} of a name search across all facilities with the next-page button, or type more of the name to narrow it.` });
  });

  it('keeps the reading order when other filters pass over what one index has read ahead', async () => {
    // By their first name, 'filt… a000' … 'filt… a109', the last ten opted out; by their last name 'filt… f000' … 'filt… f009', all opted
    // out. The first read of each index stops at 'a099' and 'f009': the opted-out 'a100'… come before the 'f…' ones all the same.
    const s = stem();
    const g = `Filt${s}`;
    const facility = await facilityWith(stem());
    const byFirst = Array.from({ length: 110 }, (_, i) => person(i, g, `A${String(i).padStart(3, '0')}`, i >= 100 ? 'opt_out' : null));
    const byLast = Array.from({ length: 10 }, (_, i) => person(200 + i, `F${String(i).padStart(3, '0')}`, g, 'opt_out'));
    const { tenants } = await cycleWithTenants(facility, [...byLast, ...byFirst]);
    const optedOut = tenants.filter((t) => t.status === 'opt_out');
    const order = (t: TenantRecord) => (t.last_name === g ? t.first_name : t.last_name!).toLowerCase();
    expect(await allPages({ name: g, status: 'opt_out' })).toEqual([...optedOut].sort((a, b) => order(a).localeCompare(order(b))).map((t) => t.id));
  });

  it('finds a renamed tenant by its new name only', async () => {
    const s = stem();
    const facility = await facilityWith(stem());
    const { tenants: [t] } = await cycleWithTenants(facility, [person(1, `Old${s}`, `Name${s}`)]);
    const res = await call('POST', `/api/tenants/${t!.id}`, { token: monitor, form: { updated_at: t!.updated_at, first_name: `Zoë${s}`, last_name: `Ñandú${s}` } });
    expect(res.status, res.text).toBe(200);
    expect(idsOf(await list({ name: `zoe${s} nandu${s}` }))).toEqual([t!.id]);
    expect(idsOf(await list({ name: `nandu${s} zo` }))).toEqual([t!.id]);
    expect(idsOf(await list({ name: `old${s}` }))).toEqual([]);
    expect(idsOf(await list({ name: `name${s}` }))).toEqual([]);
  });
});

describe('the other lists with a name filter', () => {
  it('Tenant Accounts finds a name typed in either order, program-wide and in a facility', async () => {
    const s = stem();
    const facility = await facilityWith(stem());
    const { tenants: [omar] } = await cycleWithTenants(facility, [person(1, `Omar${s}`, `García${s}`), person(2, `Other${s}`, `Garcia${s}x`)]);
    const queries: Record<string, string>[] = [{ tenant_name: `omar${s} garcia${s}` }, { tenant_name: `garcia${s} om`, facility_number: facility.facility_number }];
    for (const query of queries) {
      const res = await call('GET', '/api/users', { token: monitor, query: { tenants: 'true', ...query } });
      expect(idsOf(res), JSON.stringify(query)).toEqual([omar!.id]);
    }
  });

  it("the manager's Master Audit, Cycle Audit and Tag modal find a name typed in either order", async () => {
    const s = stem();
    const { cycle, tenants: [omar] } = await cycleWithTenants(manager.facility, [person(1, `Omar${s}`, `García${s}`), person(2, `Ana${s}`, `García${s}`)]);
    const path = `/api/facilities/${manager.facility.id}/tenants`;
    const queries: Record<string, string>[] = [
      { full_name: `omar${s} garcia${s}` }, { full_name: `GARCÍA${s}, om`, cycle_id: cycle.id }, { full_name: `omar${s} garc`, cycle_id: cycle.id, per_page: '50' },
    ];
    for (const query of queries) {
      expect(idsOf(await call('GET', path, { token: manager.token, query })), JSON.stringify(query)).toEqual([omar!.id]);
    }
  });
});

describe('npm run tenant-names:migrate', () => {
  it('gives a tenant stored before the search keys its keys, so either order and its e-mail find it; a second run writes nothing', async () => {
    const s = stem();
    const facility = await facilityWith(stem());
    const { tenants: [omar] } = await cycleWithTenants(facility, [person(1, `Omar${s}`, `García${s}`)]);
    // As the release found it: the old key ('garcía…#omar…#id', accents kept), no first-name-first key, and
    // an e-mail address with no e-mail key.
    const email = `Omar.${s}@Tenant.example`;
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: tenantKey(omar!.id),
      UpdateExpression: 'SET tnamepk = :pk, tnamesk = :sk, email = :email REMOVE tname2pk, tname2sk, temailpk, temailsk',
      ExpressionAttributeValues: { ':pk': 'ga', ':sk': `garcía${s.toLowerCase()}#omar${s.toLowerCase()}#${omar!.id}`, ':email': email },
    }));
    const byEmail = async () => (await call('GET', '/api/tenants/search', { token: monitor, query: { q: email } })).body as { data: { id: string }[] };
    expect(idsOf(await list({ name: `omar${s} garcia${s}` }))).toEqual([]);
    expect(idsOf(await list({ name: `garcia${s}` }))).toEqual([]);
    expect((await byEmail()).data).toEqual([]);

    const first = await migrateNameKeys();
    expect(first.updated).toBeGreaterThanOrEqual(1);
    expect(first.cursor).toBeNull();
    for (const name of [`omar${s} garcia${s}`, `garcia${s} om`, `GARCÍA${s}, omar${s}`, `omar${s} garc`]) expect(idsOf(await list({ name })), name).toEqual([omar!.id]);
    expect((await byEmail()).data.map((h) => h.id)).toEqual([omar!.id]);
    const again = await migrateNameKeys();
    expect(again.updated).toBe(0);
  });
});
