/**
 * What the reader refuses, with the exact words a user reads: whole files (not an .xlsx, an old .xls,
 * a zip that is no workbook, cut short, corrupt, an empty first sheet, no header row, a software or file
 * missing) throw ImportFileError; single rows (bad date, empty unit, missing tenant id, name or Prime
 * Site ID, too many units) are reported and the reading goes on.
 */
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError, readRentRoll } from '../../../functions/imports/rent-roll-reader';
import { JobRefused } from '../../../functions/jobs/job-refused';
import { UNKNOWN_PRIME_SITE_ID, writeDamagedRentRoll, writeSampleRentRoll } from '../../../localstack/samples/rent-rolls';
import type { SampleDamage, SampleOptions } from '../../../localstack/samples/rent-rolls';
import { readAll } from './expected-tenants';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-rolls-damaged-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const options = (software: SampleOptions['software']): SampleOptions => ({ software, primeSiteId: '40101', rows: 40, seed: 7, dir });
const damaged = (damage: SampleDamage, software: SampleOptions['software'] = 'sitelink_web') => writeDamagedRentRoll(damage, { ...options(software), line: 5 });

async function refusal(software: string, files: Parameters<typeof readRentRoll>[1]): Promise<ImportFileError> {
  try {
    await readAll(software, files);
  } catch (err) {
    expect(err).toBeInstanceOf(ImportFileError);
    return err as ImportFileError;
  }
  throw new Error('the file was read');
}

async function writeSheets(path: string, sheets: Record<string, unknown[][]>): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  await workbook.xlsx.writeFile(path);
  return path;
}

/** A zip holding one stored text file: a zip, but no workbook. */
function zipOfOneFile(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const file = Buffer.from(name);
  const sizes = (b: Buffer, at: number) => { b.writeUInt32LE(crc32(data), at); b.writeUInt32LE(data.length, at + 4); b.writeUInt32LE(data.length, at + 8); };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); sizes(local, 14); local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); sizes(central, 16); central.writeUInt16LE(file.length, 28);
  const centralAt = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10); end.writeUInt32LE(central.length + file.length, 12); end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

describe('files refused as a whole', () => {
  it('a CSV named .xlsx is not an .xlsx workbook', async () => {
    const sample = await damaged('not_xlsx');
    const err = await refusal('sitelink_web', sample.files);
    expect(err.message).toBe("The rent roll 'sitelink_web-40101-not-xlsx-rent-roll.xlsx' is not an .xlsx workbook. Save it as Excel Workbook (.xlsx) and try again.");
    expect(err).toMatchObject({ file: 'rent_roll', row: null, column: null });
    expect(err).toBeInstanceOf(JobRefused);
  });

  it('an Excel 97-2003 workbook is named as such', async () => {
    const path = join(dir, 'old.xlsx');
    await writeFile(path, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]));
    expect((await refusal('storedge', { rent_roll: path })).message)
      .toBe("The rent roll 'old.xlsx' is an Excel 97-2003 workbook (.xls). Save it as Excel Workbook (.xlsx) and try again.");
  });

  it('an empty file, and a zip that holds no worksheet, are not .xlsx workbooks', async () => {
    const empty = join(dir, 'empty-file.xlsx');
    await writeFile(empty, '');
    expect((await refusal('storedge', { rent_roll: empty })).message)
      .toBe("The rent roll 'empty-file.xlsx' is not an .xlsx workbook. Save it as Excel Workbook (.xlsx) and try again.");
    const zip = join(dir, 'notes.xlsx');
    await writeFile(zip, zipOfOneFile('notes.txt', 'not a workbook'));
    expect((await refusal('storedge', { rent_roll: zip })).message)
      .toBe("The rent roll 'notes.xlsx' is not an .xlsx workbook: it holds no worksheet. Save it as Excel Workbook (.xlsx) and try again.");
  });

  it('a workbook cut short is damaged (and the reading ends instead of waiting for the rest)', async () => {
    const sample = await damaged('truncated');
    expect((await refusal('sitelink_web', sample.files)).message)
      .toBe("The rent roll 'sitelink_web-40101-truncated-rent-roll.xlsx' is damaged: it could not be unpacked as an .xlsx workbook. Save it again from Excel and upload the new file.");
  });

  it('a workbook whose compressed data is corrupt is damaged', async () => {
    const sample = await writeSampleRentRoll({ ...options('syrasoft'), rows: 400 });
    const bytes = await readFile(sample.files.rent_roll);
    for (let i = 0; i < 64; i += 1) bytes[Math.floor(bytes.length * 0.3) + i] ^= 0x5a;
    const path = join(dir, 'corrupt.xlsx');
    await writeFile(path, bytes);
    expect((await refusal('syrasoft', { rent_roll: path })).message)
      .toBe("The rent roll 'corrupt.xlsx' is damaged: it could not be unpacked as an .xlsx workbook. Save it again from Excel and upload the new file.");
  });

  it('a connection dropped halfway is not the file\'s fault: its own error comes through, for the job to retry', async () => {
    const sample = await writeSampleRentRoll(options('storedge'));
    const bytes = await readFile(sample.files.rent_roll);
    const stream = new PassThrough();
    stream.write(bytes.subarray(0, 2000));
    setTimeout(() => stream.destroy(new Error('socket hang up')), 20);
    await expect(readAll('storedge', { rent_roll: { stream, name: 'May.xlsx' } })).rejects.toThrow(/^socket hang up$/);
  });

  it('an empty first sheet', async () => {
    const path = await writeSheets(join(dir, 'blank.xlsx'), { 'Rent Roll': [], Other: [['Site ID', 'Unit']] });
    expect((await refusal('sitelink_web', { rent_roll: path })).message).toBe("The first sheet of the rent roll 'blank.xlsx' is empty.");
  });

  it('no header row among the first 25 rows: the columns looked for are named', async () => {
    const sample = await damaged('no_header', 'storedge');
    expect((await refusal('storedge', sample.files)).message).toBe(
      "The rent roll 'storedge-40101-no-header-rent-roll.xlsx' has no header row: none of its first 25 rows names the columns Unit #, Ledger # and Tenant of a StorEdge rent roll.",
    );
  });

  it('a header below the first 25 non-blank rows is not looked for', async () => {
    const titles = Array.from({ length: 25 }, (_, i) => [`Note ${i + 1}`]);
    const path = await writeSheets(join(dir, 'late-header.xlsx'), { Sheet1: [...titles, ['Site #', 'Space', 'Account #', 'Name'], ['40101', '1000', 'A1', 'Lee, Ana']] });
    expect((await refusal('syrasoft', { rent_roll: path })).message).toBe(
      "The rent roll 'late-header.xlsx' has no header row: none of its first 25 rows names the columns Space, Account # and Name of a Syrasoft rent roll.",
    );
  });

  it('a rent roll of another software: the row that came closest and what the file looks like', async () => {
    const sample = await writeSampleRentRoll(options('storedge'));
    expect((await refusal('sitelink_web', sample.files)).message).toBe(
      "The rent roll 'storedge-40101-rent-roll.xlsx' has no header row: none of its first 25 rows names the columns Unit, Tenant ID, First Name and Last Name of a SiteLink - Web rent roll."
      + ' Row 6 comes closest but lacks Tenant ID, First Name and Last Name. It looks like a StorEdge rent roll.',
    );
    const web = await writeSampleRentRoll(options('sitelink_web'));
    expect((await refusal('sitelink_alp', web.files)).message).toMatch(/ It looks like a SiteLink - Web rent roll\.$/);
  });

  it('an unknown software, and an EasyStorage import without its other files', async () => {
    const sample = await writeSampleRentRoll(options('easystorage'));
    const unknown = await refusal('sitelink', { rent_roll: sample.files.rent_roll });
    expect(unknown.message).toBe('No such software as sitelink.');
    expect(unknown.file).toBeNull();
    const noAddresses = await refusal('easystorage', { rent_roll: sample.files.rent_roll, insurance_sheet: sample.files.insurance_sheet });
    expect([noAddresses.message, noAddresses.file]).toEqual(['EasyStorage needs the tenant address list.', 'tenant_address_list']);
    const noInsurance = await refusal('easystorage', { rent_roll: sample.files.rent_roll, tenant_address_list: sample.files.tenant_address_list });
    expect(noInsurance.message).toBe('EasyStorage needs the insurance sheet.');
    expect((await refusal('syrasoft', {})).message).toBe('Syrasoft needs the rent roll.');
  });

  it('the address list and insurance sheet swapped: the file is named and what it looks like said', async () => {
    const sample = await writeSampleRentRoll(options('easystorage'));
    const err = await refusal('easystorage', { rent_roll: sample.files.rent_roll, tenant_address_list: sample.files.insurance_sheet, insurance_sheet: sample.files.tenant_address_list });
    expect(err.file).toBe('tenant_address_list');
    expect(err.message).toMatch(/^The tenant address list 'easystorage-40101-insurance-sheet\.xlsx' has no header row: .* It looks like an EasyStorage insurance sheet\.$/);
  });

  it('closes every stream it was given, read or refused', async () => {
    const sample = await writeSampleRentRoll(options('easystorage'));
    const streamOf = async (path: string) => Readable.from([await readFile(path)]);
    const rentRoll = await streamOf(sample.files.rent_roll);
    await expect(readAll('easystorage', { rent_roll: { stream: rentRoll, name: 'rr.xlsx' } })).rejects.toThrow('EasyStorage needs the tenant address list.');
    expect(rentRoll.destroyed).toBe(true);
    const files = {
      rent_roll: { stream: await streamOf(sample.files.rent_roll), name: 'rr.xlsx' },
      tenant_address_list: { stream: await streamOf(sample.files.tenant_address_list!), name: 'al.xlsx' },
      insurance_sheet: { stream: await streamOf(sample.files.insurance_sheet!), name: 'in.xlsx' },
    };
    expect((await readAll('easystorage', files)).tenants.length).toBe(sample.tenants.length);
    expect(Object.values(files).map((f) => f.stream.destroyed)).toEqual([true, true, true]);
  });
});

describe('rows refused one at a time', () => {
  const cases: [SampleDamage, SampleOptions['software'], string, string][] = [
    ['bad_date', 'sitelink_web', 'Moved In', "'13/45/2020' is not a date (M/D/YYYY or YYYY-MM-DD)."],
    ['bad_date', 'storedge', 'Move In Date', "'13/45/2020' is not a date (M/D/YYYY or YYYY-MM-DD)."],
    ['empty_unit', 'sitelink_alp', 'sUnitName', 'the unit is empty.'],
    ['empty_unit', 'storedge', 'Unit #', 'the unit is empty.'],
    ['missing_tenant_id', 'syrasoft', 'Account #', 'the tenant id is missing.'],
    ['missing_tenant_id', 'easystorage', 'Account ID', 'the tenant id is missing.'],
    ['missing_name', 'sitelink_web', 'First Name / Last Name / Company', "the tenant's name is missing."],
    ['missing_name', 'storedge', 'Tenant', "the tenant's name is missing."],
    // A site column's empty cell, in files that name no site above the header (Syrasoft's title would fill it).
    ['missing_site', 'sitelink_alp', 'SiteID', 'the Prime Site ID is missing.'],
    ['missing_site', 'easystorage', 'Site ID', 'the Prime Site ID is missing.'],
  ];

  it.each(cases)('%s (%s): the row is reported with its column, the others are read', async (damage, software, column, problem) => {
    const sample = await damaged(damage, software);
    const { tenants, refused } = await readAll(software, sample.files);
    const row = sample.damagedRow!;
    expect(refused).toEqual([{ row, file: 'rent_roll', errors: [{ column, message: `Rent roll, row ${row}, ${column}: ${problem}` }] }]);
    // The damaged row's tenant is missing only when that row was its only one.
    const hit = sample.tenants.find((t) => t.rows.includes(row))!;
    expect(tenants.length).toBe(sample.tenants.length - (hit.rows.length === 1 ? 1 : 0));
  });

  it('several problems of one row are reported together', async () => {
    const path = await writeSheets(join(dir, 'many.xlsx'), {
      Sheet1: [
        ['Site ID', 'Unit', 'Tenant ID', 'First Name', 'Last Name', 'Moved In', 'Paid Thru'],
        ['40101', 'A'.repeat(31), '', 'Ana', 'Lee', 'yesterday', '2/30/2026'],
      ],
    });
    const { refused } = await readAll('sitelink_web', { rent_roll: path });
    expect(refused[0]!.errors).toEqual([
      { column: 'Unit', message: `Rent roll, row 2, Unit: the unit '${'A'.repeat(31)}' is longer than 30 characters.` },
      { column: 'Tenant ID', message: 'Rent roll, row 2, Tenant ID: the tenant id is missing.' },
      { column: 'Moved In', message: "Rent roll, row 2, Moved In: 'yesterday' is not a date (M/D/YYYY or YYYY-MM-DD)." },
      { column: 'Paid Thru', message: "Rent roll, row 2, Paid Thru: '2/30/2026' is not a date (M/D/YYYY or YYYY-MM-DD)." },
    ]);
  });

  it('a tenant with more than 50 units: the row that adds too many is refused, the tenant keeps the others', async () => {
    const rows = Array.from({ length: 52 }, (_, i) => ['40101', `U${i + 1}`, '11', 'Ana', 'Lee']);
    const path = await writeSheets(join(dir, 'too-many.xlsx'), { Sheet1: [['Site ID', 'Unit', 'Tenant ID', 'First Name', 'Last Name'], ...rows] });
    const { tenants, refused } = await readAll('sitelink_web', { rent_roll: path });
    expect(refused.map((r) => r.errors[0]!.message)).toEqual(['Rent roll, row 52, Unit: tenant 11 has more than 50 units.', 'Rent roll, row 53, Unit: tenant 11 has more than 50 units.']);
    expect(tenants[0]!.tenant.units).toHaveLength(50);
  });

  it('Prime Site IDs come through as the rows write them: the import decides which facility they are', async () => {
    const two = await damaged('two_sites', 'sitelink_alp');
    const sites = (await readAll('sitelink_alp', two.files)).tenants.map((t) => t.tenant.prime_site_id);
    expect(new Set(sites)).toEqual(new Set(['40101', '40102']));
    const stray = await damaged('stray_sites', 'easystorage');
    const strays = (await readAll('easystorage', stray.files)).tenants.filter((t) => t.tenant.prime_site_id === UNKNOWN_PRIME_SITE_ID);
    expect(strays.length).toBe(Math.floor(stray.tenants.length / 10));
  });
});
