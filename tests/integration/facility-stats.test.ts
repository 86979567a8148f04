/**
 * The other tabs and calls around the facilities list, through the real HTTP path: the Stats tab
 * (filters, pages, maintained counters, the workbook and its download), the Retired tab, the facilities
 * export under the list's filters, insurance programs and the coverage options of a state.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, retire, stem, tenant } from './facility-fixtures';
import { exportDone } from './export-jobs';
import { FACILITY_EXPORT_COLUMNS } from '../../functions/exports/facilities-export';
import { FACILITY_STATS_EXPORT_COLUMNS } from '../../functions/exports/facility-stats-export';
import { DEFAULT_INSURANCE_PROGRAMS, DEFAULT_STATE_COVERAGES } from '../../shared/reference-data';

/* eslint-disable @typescript-eslint/no-explicit-any */

let monitor = '';
let admin = '';
let manager = '';

beforeAll(async () => {
  const [m, a] = await Promise.all([makeUser({ is_monitor: true }), makeUser({ is_admin: true })]);
  [monitor, admin] = await Promise.all([tokenFor(m), tokenFor(a)]);
  manager = (await makeManagerWithFacility()).token;
});

async function get(path: string, query: Record<string, string | number> = {}, token = monitor) {
  const res = await call('GET', path, { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Follows a download link as the browser does and reads the workbook's first sheet as rows of values. */
async function sheetRows(url: string, sheetName: string): Promise<unknown[][]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.getWorksheet(sheetName)!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const STATS_ROW_KEYS = [
  'account_name', 'audit_letters_sent', 'bad_address', 'bad_address_percentage', 'charge_applied', 'charge_applied_percentage', 'confirmed_payment',
  'confirmed_payment_percentage', 'facility_number', 'id', 'moved_out', 'moved_out_percentage', 'non_responder', 'non_responder_percentage', 'opted_out',
  'opted_out_percentage', 'percent_complete', 'prime_site_id', 'provided_proof', 'provided_proof_percentage', 'reminder_letters_sent', 'requires_setup',
  'selected_coverage', 'selected_coverage_percentage', 'tenant_count', 'total_all', 'upload_count', 'was_prime', 'welcome_letters_sent',
].sort();

describe('GET /api/facility-stats', () => {
  it('rows carry the maintained stats with floored percentages; filters contain without regard to case; retired left out', async () => {
    const s = stem();
    const a = await facilityWith(`${s}-1`, { prime_site_id: `PRIME-${s}-A`, account_name: 'Harbor Point Storage', was_prime: true });
    const b = await facilityWith(`${s}-2`, { prime_site_id: `PRIME-${s}-B`, account_name: 'Hilltop Storage' });
    await retire(await facilityWith(`${s}-3`));
    await cycleWithTenants(a, [
      tenant(1, null, { initial_letter_sent_date: '2026-01-01' }), tenant(2, 'opt_out'), tenant(3, 'plan-a', { charge_applied_date: '2026-01-05', payment_confirmed_date: '2026-01-06' }),
      tenant(4, 'provide_proof'), tenant(5, 'moved_out'), tenant(6, 'bad_address'), tenant(7, null),
    ]);

    const all = await get('/api/facility-stats', { facility_number: s.toLowerCase() });
    expect(all.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 100, from: 1, to: 2, total: 2 });
    expect(all.data.map((r: any) => r.id)).toEqual([a.id, b.id]);
    expect(Object.keys(all.data[0]).sort()).toEqual(STATS_ROW_KEYS);
    // 7 uploaded, 5 active (moved out and bad address ignored): 2 no response, 1 each of the rest.
    expect(all.data[0]).toMatchObject({
      facility_number: `${s}-1`, prime_site_id: `PRIME-${s}-A`, account_name: 'Harbor Point Storage', was_prime: true,
      upload_count: 7, total_all: 7, tenant_count: 5, audit_letters_sent: 1, selected_coverage: 1, charge_applied: 1, confirmed_payment: 1,
      opted_out: 1, provided_proof: 1, moved_out: 1, bad_address: 1, non_responder: 2, requires_setup: 1,
      selected_coverage_percentage: 20, opted_out_percentage: 20, non_responder_percentage: 40, moved_out_percentage: 14, bad_address_percentage: 14,
      percent_complete: 60,
    });
    expect(all.data[1]).toMatchObject({ upload_count: 0, tenant_count: 0, percent_complete: 0, was_prime: false });

    expect((await get('/api/facility-stats', { prime_site_id: `prime-${s}-b` })).data.map((r: any) => r.id)).toEqual([b.id]);
    expect((await get('/api/facility-stats', { facility_number: s, account_name: 'HARBOR' })).data.map((r: any) => r.id)).toEqual([a.id]);
    expect((await get('/api/facility-stats', { facility_number: s, account_name: '  ' })).data).toHaveLength(2);
    expect((await get('/api/facility-stats', { facility_number: s, per_page: 1, page: 2 })).data.map((r: any) => r.id)).toEqual([b.id]);
  });

  it('bad paging is 422; managers 403; nobody 401', async () => {
    const res = await call('GET', '/api/facility-stats', { token: monitor, query: { page: '0' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'page must be 1 or more.', field: 'page' });
    expect((await call('GET', '/api/facility-stats', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/facility-stats')).status).toBe(401);
  });
});

describe('GET /api/facility-stats/create-export and /download-export', () => {
  it('writes every active facility\'s stats; staff download it by its filename', async () => {
    const s = stem();
    const f = await facilityWith(`${s}-1`, { prime_site_id: 'P-77' });
    await cycleWithTenants(f, [tenant(1, 'opt_out'), tenant(2, null)]);
    const retired = await retire(await facilityWith(`${s}-2`));
    const created = await call('GET', '/api/facility-stats/create-export', { token: admin });
    expect(created.status, created.text).toBe(200);
    expect(created.body.filename).toMatch(/^facility_stats_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx$/);
    await exportDone(created.body, admin);
    const link = await get('/api/facility-stats/download-export', { filename: created.body.filename });
    const rows = await sheetRows(link.url, 'Facility Stats');
    expect(rows[0]).toEqual(FACILITY_STATS_EXPORT_COLUMNS.map((c) => c.header));
    const mine = rows.find((r) => r[0] === f.facility_number)!;
    expect(mine.slice(0, 7)).toEqual([f.facility_number, 'P-77', f.account_name, false, 2, 2, 0]);
    expect(rows.some((r) => r[0] === retired.facility_number)).toBe(false);
    const numbers = rows.slice(1).map((r) => String(r[0]));
    expect(numbers.length).toBeGreaterThanOrEqual(1);
  });

  it('managers 403; nobody 401', async () => {
    expect((await call('GET', '/api/facility-stats/create-export', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/facility-stats/create-export')).status).toBe(401);
  });
});

describe('GET /api/retired-facilities', () => {
  it('lists only retired facilities with their totals, in facility-number order', async () => {
    const s = stem();
    const active = await facilityWith(`${s}-1`);
    const r10 = await facilityWith(`${s}-10`, { was_prime: true, software: 'sitelink_web', city: 'Reno', state: 'NV' });
    const r9 = await facilityWith(`${s}-9`);
    await cycleWithTenants(r10, [tenant(1, 'plan-a', { charge_applied_date: '2026-01-01' }), tenant(2, null), tenant(3, 'plan-b')]);
    await retire(r10);
    await retire(r9);
    const body = await get('/api/retired-facilities', { per_page: 100 });
    const mine = body.data.filter((r: any) => String(r.facility_number).startsWith(`${s}-`));
    expect(mine.map((r: any) => r.id)).toEqual([r9.id, r10.id]);
    expect(mine.map((r: any) => r.id)).not.toContain(active.id);
    expect(mine[1]).toEqual({
      id: r10.id, facility_number: `${s}-10`, was_prime: true, software: 'sitelink_web', city: 'Reno', state: 'NV',
      total: 3, charge_applied: 1, chose_coverage: 2, non_responders: 1,
    });
    expect(body.pagination).toMatchObject({ current_page: 1, per_page: 100 });
    // Retired facilities leave the active list.
    expect((await get('/api/facilities', { facility_number: s })).data.map((r: any) => r.id)).toEqual([active.id]);
  });

  it('bad paging is 422; managers 403; nobody 401', async () => {
    expect((await call('GET', '/api/retired-facilities', { token: monitor, query: { page: 'x' } })).status).toBe(422);
    expect((await call('GET', '/api/retired-facilities', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/retired-facilities')).status).toBe(401);
  });
});

describe('GET /api/exports/facilities', () => {
  it('writes every row the list shows under the same filters (not one page)', async () => {
    const s = stem();
    const a = await facilityWith(`${s}-2`, { account_name: 'Cedar Storage', confirmed_no_move_outs_date: '2026-02-01', letter_effective_date: '2026-05-01' });
    await facilityWith(`${s}-1`, { account_name: 'Pine Storage' });
    const c = await facilityWith(`${s}-10`, { account_name: 'Cedar Grove', fax: '5125550199' });
    const file = await get('/api/exports/facilities', { facility_number: s, account_name: 'cedar' });
    expect(file.filename).toBe('all_facilities.xlsx');
    await exportDone(file, monitor);
    const link = await get('/api/exports/download', { file_key: file.file_key, filename: 'all_facilities' });
    const rows = await sheetRows(link.url, 'Facilities');
    expect(rows[0]).toEqual(FACILITY_EXPORT_COLUMNS.map((col) => col.header));
    const col = (header: string) => FACILITY_EXPORT_COLUMNS.findIndex((x) => x.header === header);
    expect(rows.slice(1).map((r) => r[col('Facility Number')])).toEqual([a.facility_number, c.facility_number]);
    expect(rows[1]![col('Letter Effective Date')]).toEqual(new Date(Date.UTC(2026, 4, 1)));
    expect(rows[2]![col('Fax')]).toBe('5125550199');

    const keyed = await get('/api/exports/facilities', { facility_number: s, filter: 'confirmed_no_move_outs' });
    await exportDone(keyed, monitor);
    const keyedRows = await sheetRows((await get('/api/exports/download', { file_key: keyed.file_key })).url, 'Facilities');
    expect(keyedRows.slice(1).map((r) => r[col('Facility Number')])).toEqual([a.facility_number]);
  });

  it('bad filters are 422; managers 403; nobody 401', async () => {
    const bad = await call('GET', '/api/exports/facilities', { token: monitor, query: { filter: 'nope' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: 'filter is not a known filter.', field: 'filter' });
    expect((await call('GET', '/api/exports/facilities', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/exports/facilities')).status).toBe(401);
  });
});

describe('GET /api/insurance-programs', () => {
  it('lists the programs (pma and aig among them) with key and label; staff only', async () => {
    const programs = await get('/api/insurance-programs');
    for (const p of DEFAULT_INSURANCE_PROGRAMS) expect(programs).toContainEqual({ key: p.key, label: p.label });
    expect(programs.every((p: any) => Object.keys(p).sort().join() === 'key,label')).toBe(true);
    expect((await call('GET', '/api/insurance-programs', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/insurance-programs')).status).toBe(401);
  });
});

describe('GET /api/coverages/available', () => {
  it("answers the state's coverage options to staff and managers", async () => {
    expect(await get('/api/coverages/available', { state: 'TX' })).toEqual(DEFAULT_STATE_COVERAGES.TX);
    expect(await get('/api/coverages/available', { state: 'CA' }, manager)).toEqual(DEFAULT_STATE_COVERAGES.CA);
    expect(await get('/api/coverages/available', { state: 'VI' }, admin)).toEqual(DEFAULT_STATE_COVERAGES.VI);
  });

  it('a missing or unknown state is 422; nobody 401', async () => {
    for (const query of [{}, { state: 'ZZ' }, { state: 'tx' }] as Record<string, string>[]) {
      const res = await call('GET', '/api/coverages/available', { token: monitor, query });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ error: 'state must be a two-letter state or territory code.', field: 'state' });
    }
    expect((await call('GET', '/api/coverages/available', { query: { state: 'TX' } })).status).toBe(401);
  });
});
