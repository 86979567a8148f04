/**
 * A tenant's rows are one tenant wherever they are in the sheet: a rent roll sorted by unit lists a
 * tenant's units apart, and every row of it adds its unit to the one tenant (docs/import-formats.md
 * "Several units").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from './expected-tenants';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-roll-units-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

async function sheet(name: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Rent Roll').addRows(rows);
  const path = join(dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

const WEB = ['Site ID', 'Unit', 'Tenant ID', 'First Name', 'Last Name', 'Moved In'];

describe('rows of one tenant apart', () => {
  it('a rent roll sorted by unit: each tenant once, at its first row, with its units in file order', async () => {
    const path = await sheet('by-unit.xlsx', [
      WEB,
      ['40101', 'A101', '11', 'Ana', 'Lee', '1/5/2024'],
      ['40101', 'A102', '12', 'Bo', 'Park', '2/5/2024'],
      [],
      ['40101', 'B201', '11', 'Ana', 'Lee', '1/5/2024'],
      ['40101', 'B202', '13', 'Cy', 'Diaz', '3/5/2024'],
      ['40101', 'C301', ' 11 ', 'Ana', 'Lee', '1/5/2024'],
      ['40101', 'C302', '12', 'Bo', 'Park', '2/5/2024'],
    ]);
    const { items } = await readAll('sitelink_web', { rent_roll: path });
    expect(items.map((i) => ('tenant' in i ? [i.row, i.tenant.ledger_id, i.tenant.unit, i.tenant.units] : i.errors))).toEqual([
      [2, '11', 'A101', ['A101', 'B201', 'C301']],
      [3, '12', 'A102', ['A102', 'C302']],
      [6, '13', 'B202', []],
    ]);
  });

  it('ids compared trimmed and case-free; a unit listed twice counts once; the same id at another site is another tenant', async () => {
    const path = await sheet('keys.xlsx', [
      ['Site #', 'Space', 'Account #', 'Name'],
      ['40101', '1000', 'a7', 'Lee, Ana'],
      ['40101', '2000', 'B8', 'Park, Bo'],
      ['40101', '3000', ' A7', 'Lee, Ana'],
      ['40101', '1000', 'A7 ', 'Lee, Ana'],
      ['40102', '4000', 'A7', 'Stray, Sam'],
    ]);
    const { tenants, refused } = await readAll('syrasoft', { rent_roll: path });
    expect(refused).toEqual([]);
    expect(tenants.map((t) => [t.row, t.tenant.prime_site_id, t.tenant.ledger_id, t.tenant.units])).toEqual([
      [2, '40101', 'a7', ['1000', '3000']],
      [3, '40101', 'B8', []],
      [6, '40102', 'A7', []],
    ]);
  });

  it('the first row gives the details; a refused row of the tenant adds no unit; refused rows come as read, before the tenants', async () => {
    const path = await sheet('refused.xlsx', [
      WEB,
      ['40101', 'A101', '11', 'Ana', 'Lee', '1/5/2024'],
      ['40101', 'A102', '12', 'Bo', 'Park', '2/5/2024'],
      ['40101', 'B201', '11', 'Ana', 'Lee', 'soon'],
      ['40101', 'C301', '11', 'Ann', 'Lee-Smith', '6/6/2025'],
    ]);
    const { items } = await readAll('sitelink_web', { rent_roll: path });
    expect(items.map((i) => ('tenant' in i ? [i.row, i.tenant.first_name, i.tenant.last_name, i.tenant.move_in_date, i.tenant.units] : [i.row, i.errors[0]!.column]))).toEqual([
      [4, 'Moved In'],
      [2, 'Ana', 'Lee', '2024-01-05', ['A101', 'C301']],
      [3, 'Bo', 'Park', '2024-02-05', []],
    ]);
  });

  it('a StorEdge ledger on two rows apart, each listing units, is one tenant with all of them', async () => {
    const path = await sheet('storedge.xlsx', [
      ['Facility ID', 'Unit #', 'Ledger #', 'Tenant'],
      ['40103', 'A101, A102', 'L1', 'Lee, Ana'],
      ['40103', 'B201', 'L2', 'Park, Bo'],
      ['40103', 'C301; A102', 'L1', 'Lee, Ana'],
    ]);
    const { tenants } = await readAll('storedge', { rent_roll: path });
    expect(tenants.map((t) => [t.tenant.ledger_id, t.tenant.units])).toEqual([['L1', ['A101', 'A102', 'C301']], ['L2', []]]);
  });
});
