/**
 * Proofs expiring (issue 27) through the real path: tenants whose accepted proof ends on chosen days
 * (written with the tenant store as an import or a decision writes them, and one whose proof went
 * through the portal and Proof Review), listed by the day the proof ends with the facility, program and
 * window filters, the window's counts, 100 a page by cursor or number; the workbook of the same list read
 * back with exceljs; managers refused; bad queries answered 422.
 */
import { sendProofOnPortal } from './portal-proof';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programDay, programToday } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { firstSheetAt } from './download-fixture';
import { waitForExportJob } from './export-jobs';
import type { ProofExpiringRow, ProofsExpiringPage } from '../../shared/contracts/proofs-expiring';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';

let monitor = '';
let manager = '';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function list(query: Record<string, string | number> = {}, token = monitor): Promise<ProofsExpiringPage> {
  const res = await call('GET', '/api/proofs-expiring', { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body as ProofsExpiringPage;
}

/** A tenant with an accepted proof that ends `days` after today (the program's), as Proof Review leaves one. */
const accepted = (i: number, days: number, extra: Partial<NewTenant> = {}): NewTenant =>
  tenant(i, 'provide_proof', { provided_proof_date: programDay(-10), tenant_made_selection: true, proof_expiry_date: programDay(days), ...extra });

/** What a tenant does on the portal, then what staff do on Proof Review: the proof is accepted as the tenant dated it. */
async function acceptedThroughProofReview(t: TenantRecord, insurer: string, endsOn: string): Promise<void> {
  await sendProofOnPortal(t, { bytes: PDF, type: 'application/pdf', insurer: insurer, policy_expiry_date: endsOn });
  const waiting = await call('GET', '/api/proof-reviews', { token: monitor, query: { facility_number: t.facility_number } });
  const proof = (waiting.body.data as { id: string; tenant_id: string }[]).find((p) => p.tenant_id === t.id)!;
  const decided = await call('POST', `/api/proof-reviews/${proof.id}/accept`, { token: monitor, json: {} });
  expect(decided.status, decided.text).toBe(200);
}

const idsOf = (rows: readonly ProofExpiringRow[]) => rows.map((r) => r.tenant_id);

let facility: FacilityRecord;
let tenants: TenantRecord[];
/** The tenants of `facility` the 30-day list shows, in its order. */
let listed: TenantRecord[];
let portalTenant: TenantRecord;
const insurer = `Acme Mutual ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  const [m, g] = await Promise.all([makeUser({ is_monitor: true }), makeManagerWithFacility()]);
  monitor = await tokenFor(m);
  manager = g.token;

  facility = await facilityWith(stem());
  // Names sort with the days, so the list's order (day, then name) is the order written here.
  ({ tenants } = await cycleWithTenants(facility, [
    accepted(1, 0),
    accepted(2, 3),
    tenant(3, null, { email: `portal-${randomUUID().slice(0, 8)}@tenant.example` }),
    accepted(4, 7),
    accepted(5, 8),
    accepted(6, 30),
    // Outside the window, or not a watched proof: never listed.
    accepted(7, 31),
    accepted(8, 45),
    tenant(9, 'provide_proof', { provided_proof_date: programDay(-3) }),
    tenant(10, 'no_response'),
  ]));
  portalTenant = tenants[2]!;
  await acceptedThroughProofReview(portalTenant, insurer, programDay(5));
  listed = [tenants[0]!, tenants[1]!, portalTenant, tenants[3]!, tenants[4]!, tenants[5]!];
});

describe('the list', () => {
  it('lists a facility\'s tenants whose accepted proof ends within 30 days, soonest first, with the window\'s counts', async () => {
    const answer = await list({ facility_number: facility.facility_number });
    expect(idsOf(answer.data)).toEqual(listed.map((t) => t.id));
    expect(answer.data.map((r) => r.days_left)).toEqual([0, 3, 5, 7, 8, 30]);
    expect(answer.data.map((r) => r.proof_expiry_date)).toEqual([0, 3, 5, 7, 8, 30].map(programDay));
    expect(answer.counts).toEqual({ total: 6, within_7_days: 4, ends_today: 1 });
    expect(answer.window).toEqual({ from: programToday(), to: programDay(30), days: 30 });
    expect(answer.pagination).toMatchObject({ current_page: 1, last_page: 1, total: 6, exact: true, next_cursor: null, from: 1, to: 6 });
    expect(answer.data[0]).toEqual({
      tenant_id: tenants[0]!.id, first_name: 'First1', last_name: 'Last1', unit: 'U1', email: 't1@test.example',
      facility_id: facility.id, facility_number: facility.facility_number, account_name: facility.account_name,
      insurance_program_key: 'pma', insurance_program_label: 'PMA', insurer: null, proof_expiry_date: programToday(), days_left: 0,
    });
    // The proof accepted on Proof Review names its insurer, and ends on the day the tenant gave.
    expect(answer.data[2]).toMatchObject({ tenant_id: portalTenant.id, insurer, proof_expiry_date: programDay(5), email: portalTenant.email });
  });

  it('narrows the window to 7 days or to today, and counts what it shows', async () => {
    const week = await list({ facility_number: facility.facility_number, within_days: 7 });
    expect(idsOf(week.data)).toEqual(listed.slice(0, 4).map((t) => t.id));
    expect(week.counts).toEqual({ total: 4, within_7_days: 4, ends_today: 1 });
    expect(week.window).toEqual({ from: programToday(), to: programDay(7), days: 7 });
    const today = await list({ facility_number: facility.facility_number, within_days: 0 });
    expect(idsOf(today.data)).toEqual([tenants[0]!.id]);
    expect(today.counts).toEqual({ total: 1, within_7_days: 1, ends_today: 1 });
  });

  it('takes the facility number case-free; an unknown facility lists nothing', async () => {
    const typed = await list({ facility_number: ` ${facility.facility_number.toLowerCase()} ` });
    expect(idsOf(typed.data)).toEqual(listed.map((t) => t.id));
    const none = await list({ facility_number: `${facility.facility_number}X` });
    expect(none.data).toEqual([]);
    expect(none.counts).toEqual({ total: 0, within_7_days: 0, ends_today: 0 });
    expect(none.pagination).toMatchObject({ total: 0, last_page: 1, from: null, to: null, next_cursor: null });
  });

  it('filters by insurance program, alone or with a facility', async () => {
    const program = `exp-${randomUUID().slice(0, 8)}`;
    const other = await facilityWith(stem(), { insurance_program_key: program, insurance_program_label: 'Expiry Test Program' });
    const { tenants: theirs } = await cycleWithTenants(other, [accepted(1, 2), accepted(2, 1), accepted(3, 40)]);
    const byProgram = await list({ insurance_program_key: program });
    // Day first: the proof ending tomorrow before the one ending the day after.
    expect(idsOf(byProgram.data)).toEqual([theirs[1]!.id, theirs[0]!.id]);
    expect(byProgram.data.every((r) => r.insurance_program_label === 'Expiry Test Program' && r.facility_number === other.facility_number)).toBe(true);
    expect(byProgram.counts).toEqual({ total: 2, within_7_days: 2, ends_today: 0 });
    expect(idsOf((await list({ insurance_program_key: program, facility_number: other.facility_number })).data)).toEqual([theirs[1]!.id, theirs[0]!.id]);
    // A facility of another program: nothing.
    expect((await list({ insurance_program_key: program, facility_number: facility.facility_number })).data).toEqual([]);
    expect(idsOf((await list({ insurance_program_key: 'pma', facility_number: facility.facility_number })).data)).toEqual(listed.map((t) => t.id));
    expect((await list({ insurance_program_key: `${program}-none` })).counts.total).toBe(0);
  });

  it('a tenant whose proof is no longer watched leaves the list', async () => {
    const own = await facilityWith(stem());
    const { tenants: [t] } = await cycleWithTenants(own, [accepted(1, 4)]);
    expect(idsOf((await list({ facility_number: own.facility_number })).data)).toEqual([t!.id]);
    const res = await call('POST', `/api/tenants/${t!.id}/status`, { token: monitor, form: { status: 'no_response', updated_at: t!.updated_at } });
    expect(res.status, res.text).toBe(200);
    expect((await list({ facility_number: own.facility_number })).data).toEqual([]);
  });

  it('pages 105 proofs 100 at a time, by the cursor it answered or by number', async () => {
    const big = await facilityWith(stem());
    // Names sort as they are numbered (First001 ...), five proofs ending on each of 21 days.
    const { tenants: many } = await cycleWithTenants(big, Array.from({ length: 105 }, (_, i) => accepted(i + 1, Math.floor(i / 5), {
      first_name: `First${String(i + 1).padStart(3, '0')}`, last_name: `Last${String(i + 1).padStart(3, '0')}`,
    })));
    const first = await list({ facility_number: big.facility_number });
    expect(first.data).toHaveLength(100);
    expect(first.counts).toEqual({ total: 105, within_7_days: 40, ends_today: 5 });
    expect(first.pagination).toMatchObject({ current_page: 1, last_page: 2, per_page: 100, total: 105, exact: true, from: 1, to: 100 });
    const cursor = first.pagination.next_cursor!;
    expect(cursor).toEqual(expect.any(String));
    const second = await list({ facility_number: big.facility_number, page: 2, cursor });
    expect(second.pagination).toMatchObject({ current_page: 2, last_page: 2, from: 101, to: 105, next_cursor: null });
    expect([...idsOf(first.data), ...idsOf(second.data)]).toEqual(many.map((t) => t.id));
    // By its number alone the page is the same.
    expect(idsOf((await list({ facility_number: big.facility_number, page: 2 })).data)).toEqual(idsOf(second.data));
    // A cursor is good for its own filters only.
    const foreign = await call('GET', '/api/proofs-expiring', { token: monitor, query: { facility_number: big.facility_number, within_days: 7, page: 2, cursor } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.field).toBe('cursor');
  });
});

describe('refusals', () => {
  it('a manager may neither list nor export', async () => {
    expect((await call('GET', '/api/proofs-expiring', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/proofs-expiring/export', { token: manager })).status).toBe(403);
    expect((await call('GET', '/api/proofs-expiring')).status).toBe(401);
  });

  it.each([
    ['within_days', { within_days: 31 }],
    ['within_days', { within_days: -1 }],
    ['within_days', { within_days: 'soon' }],
    ['page', { page: 0 }],
    ['facility_number', { facility_number: 'F'.repeat(21) }],
    ['cursor', { page: 2, cursor: 'not-a-cursor' }],
  ])('a bad %s is a 422 that names it', async (field, query) => {
    const res = await call('GET', '/api/proofs-expiring', { token: monitor, query });
    expect(res.status, res.text).toBe(422);
    expect(res.body.field).toBe(field);
  });

  it('the export refuses a bad window too', async () => {
    const res = await call('GET', '/api/proofs-expiring/export', { token: monitor, query: { within_days: 45 } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.field).toBe('within_days');
  });
});

describe('the export', () => {
  it('writes the list under its filters as a workbook with the list\'s columns, in its order', async () => {
    const res = await call('GET', '/api/proofs-expiring/export', { token: monitor, query: { facility_number: facility.facility_number.toLowerCase() } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toBe(`proofs_expiring_${facility.facility_number.toLowerCase()}_${programToday()}.xlsx`);
    const job = await waitForExportJob(res.body.job_id as string, monitor);
    expect(job.error).toBeNull();
    expect(job).toMatchObject({ status: 'done', progress: 100, result: { file_key: res.body.file_key, filename: res.body.filename } });
    const link = await call('GET', '/api/exports/download', { token: monitor, query: { file_key: res.body.file_key, filename: res.body.filename } });
    expect(link.status, link.text).toBe(200);
    const sheet = await firstSheetAt(link.body.url as string);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Tenant', 'Unit', 'Facility', 'Program', 'Insurer', 'Proof Expiry', 'Days Left', 'E-mail']);
    expect(sheet.rowCount).toBe(1 + listed.length);
    const cells = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(cells(2)).toEqual(['Last1, First1', 'U1', `${facility.facility_number} ${facility.account_name}`, 'PMA', undefined, new Date(`${programToday()}T00:00:00Z`), 0, 't1@test.example']);
    expect(cells(4)).toEqual([
      'Last3, First3', 'U3', `${facility.facility_number} ${facility.account_name}`, 'PMA', insurer, new Date(`${programDay(5)}T00:00:00Z`), 5, portalTenant.email,
    ]);
    expect(Array.from({ length: listed.length }, (_, i) => sheet.getRow(i + 2).getCell(7).value)).toEqual([0, 3, 5, 7, 8, 30]);
  });
});
