/**
 * A cycle's or facility's list Queries its slim partition for only the fields its filters and order read
 * (functions/tenants/tenant-list.ts slimFieldsFor). A field left out would silently drop or misorder
 * tenants, so every filter, order and direction is run over the same varied tenants twice, once with the
 * whole slim item and once with the fields asked for, and must list the same ids in the same order.
 */
import { describe, expect, it } from 'vitest';
import { MAILING_FILTERS } from '../../shared/contracts/letters';
import { STATUS_FILTERS, TENANT_FILTER_KEYS, TENANT_SORTS } from '../../shared/contracts/tenants';
import { inListOrder, isPlainNameList, slimFieldsFor } from '../../functions/tenants/tenant-list';
import type { SlimTenant, TenantListRequest } from '../../functions/tenants/tenant-list';
import { sortNameOf } from '../../functions/tenants/tenant-record';

/** A small deterministic generator, so a failure names tenants that can be made again. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const STATUSES = [null, 'no_response', 'provide_proof', 'opt_out', 'moved_out', 'bad_address', 'plan-2000', 'plan-5000'];
const FIRST = ['Ann', 'José', 'ann', 'Bob', 'Zoë', 'Acme Storage'];
const LAST = ['Smith', 'smith', 'Núñez', null, 'Brown', 'Garcia'];
const DATES = [null, '2026-01-05', '2026-03-01', '2025-12-31'];

function tenants(count: number): SlimTenant[] {
  const r = random(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: count }, (_, i) => withNameKey({
    id: `t-${String(i).padStart(3, '0')}`, facility_number: pick(['1001', '1002', '20098']), cycle_id: pick(['c1', 'c2']),
    first_name: pick(FIRST), last_name: pick(LAST), unit: pick(['A1', 'A10', 'b7', 'C12']), status: pick(STATUSES),
    tagged_for_removal: r() < 0.3, incomplete_address: r() < 0.2, setup_insurance_date: pick(DATES), policy_number: pick(['', 'POL-77', 'pol-8']),
    insur_ledger_id: pick(['', 'IL12', 'il3']), ledger_id: pick(['1', '2', '33']), move_in_date: pick(DATES), billing_date: pick(DATES),
    charge_apply_date: pick(DATES), mailing: ` ${[...MAILING_FILTERS].filter(() => r() < 0.4).join(' ')} `,
  }));
}

/** The index's sort key, as the slim partition holds it beside the projected fields. */
const withNameKey = (t: Omit<SlimTenant, 'name_key'>): SlimTenant => ({ ...t, name_key: `${sortNameOf(t)}#${t.id}` });

/** What a Query projecting `fields` answers; the id comes from the sort key when not asked for (tenant-list.ts queryAll). */
const only = (t: SlimTenant, fields: readonly (keyof SlimTenant)[]): SlimTenant =>
  ({ id: t.name_key!.slice(t.name_key!.lastIndexOf('#') + 1), ...Object.fromEntries(fields.filter((f) => t[f] !== undefined).map((f) => [f, t[f]])) }) as unknown as SlimTenant;

const base: TenantListRequest = { scope: { kind: 'cycle', cycleId: 'c1' }, page: 1, perPage: 100 };
const requests: TenantListRequest[] = [
  base,
  ...TENANT_FILTER_KEYS.map((filter) => ({ ...base, filter })),
  ...STATUS_FILTERS.map((status) => ({ ...base, status })),
  { ...base, tagged: true },
  ...MAILING_FILTERS.map((mailing) => ({ ...base, mailing })),
  { ...base, setUp: true }, { ...base, setUp: false },
  { ...base, name: 'smith ann' }, { ...base, name: 'nunez' }, { ...base, name: 'ZOË' }, { ...base, name: 'acme st' }, { ...base, name: 'jos nú' }, { ...base, unit: 'a1' }, { ...base, policyNumber: 'pol' }, { ...base, insurLedgerId: 'il' },
  { ...base, filter: 'requires_setup', status: 'any_coverage', tagged: true, mailing: 'welcome_letter_ready', unit: 'c', name: 'a' },
];
const sorts = [undefined, ...TENANT_SORTS.flatMap((s) => [s, `-${s}`])];

describe('the fields a cycle or facility list Queries for', () => {
  const all = tenants(300);
  for (const sort of sorts) {
    it(`list the same tenants in the same order as the whole slim item (sort ${sort ?? 'default'})`, () => {
      for (const req of requests.map((q) => ({ ...q, sort }))) {
        const fields = slimFieldsFor(req);
        const expected = inListOrder(req, [...all]).map((t) => t.id);
        expect(inListOrder(req, all.map((t) => only(t, fields))).map((t) => t.id), JSON.stringify(req)).toEqual(expected);
      }
    });
  }

  it("list in name order as the index keeps its keys (by character code, ties by id), either way: what a list read from the index alone shows", () => {
    const byIndexKey = [...all].sort((a, b) => (a.name_key! < b.name_key! ? -1 : 1)).map((t) => t.id);
    expect(inListOrder(base, [...all]).map((t) => t.id)).toEqual(byIndexKey);
    expect(inListOrder({ ...base, sort: '-name' }, [...all]).map((t) => t.id)).toEqual([...byIndexKey].reverse());
    // Another column's ties go in the same order.
    const units = inListOrder({ ...base, sort: 'unit' }, [...all]).filter((t) => t.unit === 'A1').map((t) => t.id);
    expect(units).toEqual(byIndexKey.filter((id) => units.includes(id)));
  });

  it("ask for the index's sort key alone when the list neither filters nor sorts by more (the bytes a 2,000-tenant partition sends)", () => {
    expect(slimFieldsFor(base)).toEqual(['name_key']);
    expect(slimFieldsFor({ ...base, status: 'opt_out', sort: '-unit' }).sort()).toEqual(['name_key', 'status', 'unit']);
    expect(slimFieldsFor({ ...base, name: 'smith' })).toEqual(['name_key']);
  });
});

describe('a list the index answers alone (no filter, in name order)', () => {
  it('is every list without a filter in name order, either way; any filter or other order reads the partition', () => {
    // 'all' (a filter key and a status) lists everyone.
    const everyone: TenantListRequest[] = [{ ...base, filter: 'all' }, { ...base, status: 'all' }];
    for (const req of [base, ...everyone, { ...base, sort: 'name' }, { ...base, sort: '-name' }, { ...base, tagged: false }, { ...base, name: ' , ' }]) {
      expect(isPlainNameList(req), JSON.stringify(req)).toBe(true);
    }
    const filtered = requests.filter((req) => req !== base && req.filter !== 'all' && req.status !== 'all');
    for (const req of [...filtered, { ...base, sort: 'unit' }, { ...base, sort: '-status' }]) expect(isPlainNameList(req), JSON.stringify(req)).toBe(false);
  });
});
