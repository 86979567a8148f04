/**
 * EasyStorage's three files joined by Account ID: the address list gives name, address and email, the
 * insurance sheet the policy, the rent roll units and dates. An account missing from the address list
 * is imported named from the rent roll without an address; one missing from the insurance sheet has no
 * policy; accounts only in the other files are not tenants.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSampleRentRoll } from '../../../localstack/samples/rent-rolls';
import { readAll } from './expected-tenants';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-rolls-es-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

async function writeSheet(name: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRows(rows);
  const path = join(dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

const RENT_ROLL = ['Site ID', 'Unit', 'Account ID', 'Customer', 'Move In', 'Next Billing', 'Gate Code'];
const ADDRESSES = ['Account ID', 'First Name', 'Last Name', 'Company', 'Street', 'City', 'ST', 'Postal Code', 'Email'];
const INSURANCE = ['Account ID', 'Unit', 'Policy #', 'Coverage', 'Premium'];

describe('EasyStorage', () => {
  it('joins the sample\'s three files: accounts missing from the address list lack an address, uninsured ones a policy', async () => {
    const sample = await writeSampleRentRoll({ software: 'easystorage', primeSiteId: '40102', rows: 300, seed: 5, dir, facilityNumber: '1002' });
    const { tenants, refused } = await readAll('easystorage', sample.files);
    expect(refused).toEqual([]);
    const unlisted = sample.tenants.filter((t) => !t.in_address_list);
    expect(unlisted.length).toBeGreaterThan(0);
    for (const t of unlisted) {
      const read = tenants.find((r) => r.tenant.ledger_id === t.ledger_id)!.tenant;
      expect(read).toMatchObject({ first_name: t.first_name, last_name: t.last_name, address: '', city: '', state: '', zip_code: '', email: '' });
    }
    const insured = sample.tenants.filter((t) => t.policy_number);
    expect(insured.length).toBeGreaterThan(0);
    expect(tenants.filter((r) => r.tenant.policy_number).map((r) => r.tenant.ledger_id)).toEqual(insured.map((t) => t.ledger_id));
  });

  it('takes the name from the address list over the rent roll, and a company there as a business', async () => {
    const files = {
      rent_roll: await writeSheet('rr.xlsx', [['EasyStorage'], ['Rent Roll'], [], RENT_ROLL,
        ['40102', 'A1', 'ES-1', 'Lee, Ana', '2024-01-05', new Date('2026-06-01T00:00:00Z'), '0427'],
        ['40102', 'A2', 'ES-1', 'Lee, Ana', '2024-01-05', new Date('2026-06-01T00:00:00Z'), '0427'],
        ['40102', 'B1', 'es-2 ', 'Park, Bo', 45000, '6/1/2026 12:00:00 AM', ''],
        ['40102', 'C1', 'ES-3', 'Summit Roofing, LLC', '', '', '']]),
      tenant_address_list: await writeSheet('al.xlsx', [ADDRESSES,
        ['ES-2', 'Robert', 'Park', '', '9 Elm Avenue', 'Boston', 'MA', 2108, 'bo@mail.example'],
        ['ES-1', 'Ana', 'Lee-Smith', '', '1 Oak Street', 'Madison', 'WI', '53703', ''],
        ['ES-9', 'Past', 'Customer', '', '5 Main Street', 'Madison', 'WI', '53703', '']]),
      insurance_sheet: await writeSheet('in.xlsx', [INSURANCE, ['ES-1', 'A1', 'POL-1', '$2,000.00', '$12.00'], ['ES-1', 'A2', 'POL-1B', '$2,000.00', '$12.00']]),
    };
    const { tenants, refused } = await readAll('easystorage', files);
    expect(refused).toEqual([]);
    expect(tenants).toEqual([
      { row: 5, tenant: { prime_site_id: '40102', ledger_id: 'ES-1', first_name: 'Ana', last_name: 'Lee-Smith', unit: 'A1', units: ['A1', 'A2'], email: '',
        address: '1 Oak Street', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US', move_in_date: '2024-01-05', billing_date: '2026-06-01',
        insur_ledger_id: '', policy_number: 'POL-1' } },
      { row: 7, tenant: { prime_site_id: '40102', ledger_id: 'es-2', first_name: 'Robert', last_name: 'Park', unit: 'B1', units: [], email: 'bo@mail.example',
        address: '9 Elm Avenue', city: 'Boston', state: 'MA', zip_code: '02108', country: 'US', move_in_date: '2023-03-15', billing_date: '2026-06-01',
        insur_ledger_id: '', policy_number: '' } },
      { row: 8, tenant: { prime_site_id: '40102', ledger_id: 'ES-3', first_name: 'Summit Roofing, LLC', last_name: null, unit: 'C1', units: [], email: '',
        address: '', city: '', state: '', zip_code: '', country: 'US', move_in_date: null, billing_date: null,
        insur_ledger_id: '', policy_number: '' } },
    ]);
  });

  it('reports address list and insurance sheet rows it cannot use, each in its own file', async () => {
    const files = {
      rent_roll: await writeSheet('rr2.xlsx', [RENT_ROLL, ['40102', 'A1', 'ES-1', 'Lee, Ana', '', '', '']]),
      tenant_address_list: await writeSheet('al2.xlsx', [ADDRESSES,
        ['ES-1', 'Ana', 'Lee', '', '1 Oak Street', 'Madison', 'WI', '53703', ''],
        ['', 'No', 'Account', '', '2 Oak Street', 'Madison', 'WI', '53703', ''],
        ['ES-1', 'Ann', 'Lee', '', '3 Oak Street', 'Madison', 'WI', '53703', '']]),
      insurance_sheet: await writeSheet('in2.xlsx', [['Insurance'], [], INSURANCE, ['', 'A1', 'POL-1', '', '']]),
    };
    const { items } = await readAll('easystorage', files);
    expect(items).toEqual([
      { row: 3, file: 'tenant_address_list', errors: [{ column: 'Account ID', message: 'Tenant address list, row 3, Account ID: the tenant id is missing.' }] },
      { row: 4, file: 'tenant_address_list', errors: [{ column: 'Account ID', message: 'Tenant address list, row 4, Account ID: account ES-1 is also on row 2; that row is used.' }] },
      { row: 4, file: 'insurance_sheet', errors: [{ column: 'Account ID', message: 'Insurance sheet, row 4, Account ID: the tenant id is missing.' }] },
      expect.objectContaining({ row: 2, tenant: expect.objectContaining({ ledger_id: 'ES-1', address: '1 Oak Street', policy_number: '' }) }),
    ]);
  });
});
