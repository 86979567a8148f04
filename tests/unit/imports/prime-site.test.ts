/**
 * Where a rent roll's Prime Site ID comes from (docs/import-formats.md "Prime Site ID"): each row's site
 * column, a title row above the header ('Site ID: 40101', 'Facility ID: 40103', 'Site # 40104', or the
 * label and the id in two cells), or the Prime Site ID the import was given (a cycle's facility's). A
 * file whose own sources disagree is refused naming both; one that names none, with none given, too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError, readRentRoll } from '../../../functions/imports/rent-roll-reader';
import type { ReadOptions, RentRollItem, TenantRead } from '../../../functions/imports/rent-roll-reader';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-roll-sites-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

async function sheet(name: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Rent Roll');
  ws.addRows(rows);
  const path = join(dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

async function read(software: string, path: string, options: ReadOptions = {}): Promise<RentRollItem[]> {
  const items: RentRollItem[] = [];
  for await (const item of readRentRoll(software, { rent_roll: path }, undefined, options)) items.push(item);
  return items;
}
const sitesOf = (items: RentRollItem[]) => items.filter((i): i is TenantRead => 'tenant' in i).map((i) => i.tenant.prime_site_id);

async function refusal(software: string, path: string, options: ReadOptions = {}): Promise<ImportFileError> {
  const err = await read(software, path, options).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ImportFileError);
  return err as ImportFileError;
}

const WEB = ['Unit', 'Tenant ID', 'First Name', 'Last Name'];
const rows = [['A101', '11', 'Ana', 'Lee'], ['A102', '12', 'Bo', 'Park']];

describe('the title rows above the header', () => {
  it("'Site ID: 40101' gives every row its site when the rows have no site column", async () => {
    const path = await sheet('web.xlsx', [['Sample Self Storage'], ['Rent Roll'], ['Site ID: 40101'], ['As of 5/1/2026'], [], WEB, ...rows]);
    expect(sitesOf(await read('sitelink_web', path))).toEqual(['40101', '40101']);
  });

  it("'Facility ID:' in one cell and the id in the next; 'Site # 40104    Run date' in one cell", async () => {
    const storedge = await sheet('se.xlsx', [['Rent Roll Report'], ['Facility ID:', null, 40103], ['Unit #', 'Ledger #', 'Tenant'], ['A1', 'L1', 'Lee, Ana']]);
    expect(sitesOf(await read('storedge', storedge))).toEqual(['40103']);
    const syrasoft = await sheet('sy.xlsx', [['SYRASOFT RENT ROLL'], ['Site # 40104    Run date 05/01/26'], ['Space', 'Account #', 'Name'], ['1000', 'A1', 'Lee, Ana']]);
    expect(sitesOf(await read('syrasoft', syrasoft))).toEqual(['40104']);
  });

  it("an id without a digit after a colon: 'Location ID: MAIN'", async () => {
    const path = await sheet('word.xlsx', [['Location ID: MAIN'], WEB, ...rows]);
    expect(sitesOf(await read('sitelink_web', path))).toEqual(['MAIN', 'MAIN']);
  });

  it("a facility's name is no site: 'Facility: Storage 24', 'Site 9 Storage', 'Site ID Report' name none", async () => {
    const path = await sheet('names.xlsx', [['Facility: Storage 24'], ['Site 9 Storage'], ['Site ID Report'], WEB, ...rows]);
    expect((await refusal('sitelink_web', path)).message).toMatch(/names no Prime Site ID/);
  });

  it("fills a row whose site cell is empty; agrees with the rows' own site column", async () => {
    const path = await sheet('both.xlsx', [['Site ID: 40101'], ['Site ID', ...WEB], ['40101', 'A101', '11', 'Ana', 'Lee'], [null, 'A102', '12', 'Bo', 'Park'], [' 40101 ', 'A103', '13', 'Cy', 'Diaz']]);
    const items = await read('sitelink_web', path);
    expect(items.every((i) => 'tenant' in i)).toBe(true);
    expect(sitesOf(items)).toEqual(['40101', '40101', '40101']);
  });
});

describe('sources that disagree refuse the file, naming both', () => {
  it('a row whose site column is not the title\'s', async () => {
    const path = await sheet('disagree.xlsx', [['Site ID: 40101'], [], ['Site ID', ...WEB], ['40101', 'A101', '11', 'Ana', 'Lee'], ['40102', 'A102', '12', 'Bo', 'Park']]);
    const err = await refusal('sitelink_web', path);
    expect(err.message).toBe("The rent roll 'disagree.xlsx' names two Prime Site IDs: 40101 above its header (row 1) and 40102 in its Site ID column (row 5). A rent roll is one facility's: export it again for one facility.");
    expect(err).toMatchObject({ file: 'rent_roll', row: 5, column: 'Site ID' });
  });

  it('two title rows naming different sites', async () => {
    const path = await sheet('two-titles.xlsx', [['Site ID: 40101'], ['Facility ID: 40103'], WEB, ...rows]);
    expect((await refusal('sitelink_web', path)).message).toBe("The rent roll 'two-titles.xlsx' names two Prime Site IDs above its header: 40101 on row 1 and 40103 on row 2. A rent roll is one facility's: export it again for one facility.");
  });
});

describe('the Prime Site ID the import was given (a cycle\'s facility\'s)', () => {
  it('is the site of a file that names none; without it such a file is refused', async () => {
    const path = await sheet('none.xlsx', [['Rent Roll'], WEB, ...rows]);
    expect(sitesOf(await read('sitelink_web', path, { primeSiteId: '40101' }))).toEqual(['40101', '40101']);
    expect((await refusal('sitelink_web', path)).message).toBe(
      "The rent roll 'none.xlsx' names no Prime Site ID: it has no Site ID column and no line such as 'Site ID: 40101' above its header. "
      + "Import it from its cycle's Import Tenants (the cycle's facility then gives it), or export it with the site.",
    );
  });

  it('fills empty site cells; the file\'s own sites stand (the import job compares them with the cycle\'s facility)', async () => {
    const column = await sheet('column.xlsx', [['Site ID', ...WEB], ['40102', 'A101', '11', 'Ana', 'Lee'], [null, 'A102', '12', 'Bo', 'Park']]);
    expect(sitesOf(await read('sitelink_web', column, { primeSiteId: '40101' }))).toEqual(['40102', '40101']);
    const title = await sheet('title.xlsx', [['Site ID: 40102'], WEB, ...rows]);
    expect(sitesOf(await read('sitelink_web', title, { primeSiteId: '40101' }))).toEqual(['40102', '40102']);
  });
});
