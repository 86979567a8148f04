/**
 * Each software's rent roll, from sample workbooks written as the software exports them
 * (localstack/samples/rent-rolls.ts): sorted by unit, so the rows of a tenant of several units are apart
 * and merged, the site in a column or only in a title row above the header, businesses, dates written
 * as Excel dates and as text, zip codes typed as numbers, blank rows, a total line, columns in another order.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_SOFTWARE, IMPORT_SOFTWARE_KEYS, IMPORT_SOFTWARE_OPTIONS } from '../../../shared/import-software';
import { writeSampleRentRoll } from '../../../localstack/samples/rent-rolls';
import type { SampleRentRoll } from '../../../localstack/samples/rent-rolls';
import { expectedTenant, readAll } from './expected-tenants';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-rolls-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const sample = (software: (typeof IMPORT_SOFTWARE_KEYS)[number], extra: { shuffleColumns?: boolean; seed?: number } = {}): Promise<SampleRentRoll> =>
  writeSampleRentRoll({ software, primeSiteId: '40101', rows: 150, seed: extra.seed ?? 7, dir, facilityNumber: '1001', ...extra });

describe.each(IMPORT_SOFTWARE_KEYS)('%s rent roll', (software) => {
  it('reads every tenant with every field, in the order of their first rows, each at its first row', async () => {
    const written = await sample(software);
    const { tenants, refused } = await readAll(software, written.files);
    expect(refused).toEqual([]);
    expect(tenants.map((t) => t.tenant)).toEqual(written.tenants.map((t) => expectedTenant(software, t)));
    expect(tenants.map((t) => t.row)).toEqual(written.tenants.map((t) => t.rows[0]));
  });

  it('the sample has what the reader must cope with: several units on rows apart, businesses, no email, parts of addresses missing', async () => {
    const written = await sample(software);
    expect(written.tenants.some((t) => t.units.length > 1)).toBe(true);
    // Sorted by unit, a tenant's rows are apart (StorEdge: one row per ledger, its units in one cell).
    if (software !== 'storedge') expect(written.tenants.some((t) => t.rows.length > 1 && t.rows[1]! - t.rows[0]! > 3)).toBe(true);
    expect(written.tenants.some((t) => t.last_name === null && t.first_name.includes(', '))).toBe(true);
    expect(written.tenants.some((t) => !t.email)).toBe(true);
    expect(written.tenants.some((t) => !t.city || !t.zip_code || !t.street)).toBe(true);
    expect(written.tenants.some((t) => t.zip_code.startsWith('0'))).toBe(true);
  });

  it('ignores the gate code on purpose: the file has one for every tenant, no field of a tenant read holds it', async () => {
    const written = await sample(software);
    expect(written.tenants.every((t) => t.gate_code !== '')).toBe(true);
    const { tenants } = await readAll(software, written.files);
    expect(tenants).toHaveLength(written.tenants.length);
    tenants.forEach(({ tenant }, i) => {
      expect(tenant).not.toHaveProperty('access_code');
      expect(Object.values(tenant).flat()).not.toContain(written.tenants[i]!.gate_code);
    });
  });

  it('finds the columns by header whatever their order', async () => {
    const written = await sample(software, { shuffleColumns: true, seed: 21 });
    const { tenants, refused } = await readAll(software, written.files);
    expect(refused).toEqual([]);
    expect(tenants.map((t) => t.tenant)).toEqual(written.tenants.map((t) => expectedTenant(software, t)));
  });
});

describe('known rows', () => {
  it("SiteLink - Web: a business with two units on rows 7 and 14 under a header on row 6, its site only in the title rows ('Site ID: 40101')", async () => {
    const written = await sample('sitelink_web');
    expect([written.headerRow, written.site]).toEqual([6, 'title']);
    expect(written.tenants[0]!.rows).toEqual([7, 14]);
    const { tenants } = await readAll('sitelink_web', written.files);
    expect(tenants[0]).toEqual({
      row: 7,
      tenant: {
        prime_site_id: '40101', ledger_id: '107003', first_name: 'Acme Landscaping', last_name: null, unit: 'A100', units: ['A100', 'B100'],
        email: 'acmelandscaping24@mail.example', address: '7588 Washington Street, Apt 15', city: 'Springfield', state: 'IL',
        zip_code: '62701', country: 'US', move_in_date: '2022-06-03', billing_date: '2026-05-03',
        insur_ledger_id: '', policy_number: '',
      },
    });
  });

  it('SiteLink - ALP: the header is row 1 and the fields are SiteLink\'s own names', async () => {
    const written = await sample('sitelink_alp');
    expect(written.headerRow).toBe(1);
    const { tenants } = await readAll('sitelink_alp', written.files);
    expect(tenants[0]!.row).toBe(2);
    expect(written.tenants[0]!.rows).toEqual([2, 9]);
    expect(tenants[0]!.tenant.units).toEqual(['A100', 'B100']);
  });

  it('StorEdge: a ledger\'s units are listed in one cell, one row per tenant; the facility\'s id is in the title rows', async () => {
    const written = await sample('storedge');
    expect(written.site).toBe('title');
    const { tenants } = await readAll('storedge', written.files);
    expect(new Set(tenants.map((t) => t.tenant.prime_site_id))).toEqual(new Set(['40101']));
    const several = written.tenants.findIndex((t) => t.units.length > 1);
    expect(written.tenants[several]!.rows).toHaveLength(1);
    expect(tenants[several]!.tenant.units).toEqual(written.tenants[several]!.units);
  });

  it('Syrasoft: numbered spaces, names listed Last, First, businesses marked by Acct Type', async () => {
    const written = await sample('syrasoft');
    const { tenants } = await readAll('syrasoft', written.files);
    const person = tenants.find((t) => t.tenant.last_name === "O'Brien" || t.tenant.last_name === 'de la Cruz');
    expect(person).toBeDefined();
    expect(tenants[0]!.tenant).toMatchObject({ ledger_id: 'A107003', first_name: 'Acme Landscaping', last_name: null, unit: '1000', units: ['1000', '2000'] });
  });

  it('dates are read both ways the sample writes them (Excel dates and text) and agree with the model', async () => {
    // The sample writes about one line in seven with its dates the other way; every tenant's dates came out right above.
    const written = await sample('storedge');
    const { tenants } = await readAll('storedge', written.files);
    expect(new Set(tenants.map((t) => t.tenant.move_in_date)).size).toBeGreaterThan(100);
    expect(tenants.every((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.tenant.move_in_date ?? ''))).toBe(true);
  });
});

describe('the Software choices', () => {
  it("are in the spec's order (§9), the default the second, SiteLink - ALP (§5)", () => {
    expect(IMPORT_SOFTWARE_OPTIONS.map((o) => o.label)).toEqual(['SiteLink - Web', 'SiteLink - ALP', 'Syrasoft', 'StorEdge', 'EasyStorage']);
    expect(DEFAULT_IMPORT_SOFTWARE).toBe('sitelink_alp');
  });
});
