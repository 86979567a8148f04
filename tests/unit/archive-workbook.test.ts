/**
 * The archive export (functions/archives/archive-workbook.ts) is a real .xlsx written with exceljs's
 * streaming writer and read back with its streaming reader: every stored field of every tenant and every
 * history entry comes back identical, whatever the text holds, and people can read it in Excel (the
 * workbook opens with exceljs's full reader, the sheets in order, readable values).
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_TENANT_COLUMNS, readArchiveTenantsFrom, sheetBacklog, writeArchiveWorkbookTo,
} from '../../functions/archives/archive-workbook';
import type { ArchivedHistoryEntry, ArchivedTenant, ArchiveWorkbookSource } from '../../functions/archives/archive-workbook';
import { TENANT_DEFAULTS } from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';

const tenant = (id: string, fields: Partial<TenantRecord> = {}): TenantRecord => ({
  ...TENANT_DEFAULTS, id, facility_id: 'f1', facility_number: '1001', cycle_id: 'c1', first_name: 'Ann', last_name: 'Lee', unit: 'A1', ledger_id: `L-${id}`,
  created_at: '2026-01-02T03:04:05.678Z', updated_at: '2026-02-03T04:05:06.789Z', ...fields,
});

const entry = (n: number, changes: ArchivedHistoryEntry['changes'] = []): ArchivedHistoryEntry => ({
  sk: `HISTORY#2026-03-0${n}T00:00:00.000Z#abcd000${n}`, facility_id: 'f1', at: `2026-03-0${n}T00:00:00.000Z`, action: n === 1 ? 'import' : 'staff_edit',
  by: { user_id: 'u1', username: 'staff & co' }, changes,
});

async function workbookOf(tenants: readonly ArchivedTenant[], pageSize = 2): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const source: ArchiveWorkbookSource = {
    tenants: (async function* () {
      for (let i = 0; i < tenants.length; i += pageSize) yield tenants.slice(i, i + pageSize).map((t) => t.record);
    })(),
    history: async function* (ids) {
      for (const id of ids) yield { tenantId: id, entries: tenants.find((t) => t.record.id === id)!.history };
    },
    facility: [['facility_number', '1001'], ['can_tag_removal', true]],
    summary: (count) => [['Scope', 'facility'], ['Tenants', count]],
  };
  const written = await writeArchiveWorkbookTo(out, source);
  await ended;
  expect(written.tenants).toBe(tenants.length);
  return Buffer.concat(chunks);
}

async function readBack(bytes: Buffer): Promise<ArchivedTenant[]> {
  const read: ArchivedTenant[] = [];
  for await (const t of readArchiveTenantsFrom(async () => Readable.from([bytes]), 'test.xlsx')) read.push(t);
  return read;
}

describe('the archive export', () => {
  const tricky = 'Says "hi" & <b>bye</b> &amp; &lt;x&gt; \'q\'  two spaces\nnew line\ttab \u0001 ünïcödé 🚀 ';
  const archived: ArchivedTenant[] = [
    { record: tenant('t1', { note: tricky, units: ['A1', 'B2'], status: 'plan-1', charge_applied_date: '2026-03-01', tenant_made_selection: true }), history: [entry(1), entry(2, [{ field: 'note', from: '', to: tricky }])] },
    { record: tenant('t2', { first_name: 'Acme Storage LLC', last_name: null, status: 'opt_out', opt_out_date: '2026-03-02' }), history: [] },
    { record: tenant('t3', { status: 'moved_out', move_out_date: '2026-03-03', charge_confirmed_date: '2026-03-04', initial_letter_sent_date: '2026-01-05' }), history: [entry(1)] },
    { record: tenant('t4', { status: null, email: ' a@b.c ' }), history: [] },
    { record: tenant('t5', { status: 'bad_address', bad_address_date: '2026-03-05' }), history: [entry(1), entry(2), entry(3)] },
  ];

  it('gives back every stored field of every tenant and every history entry, identical, in order', async () => {
    const read = await readBack(await workbookOf(archived));
    expect(read).toEqual(archived);
  });

  it('is a workbook people can read: Tenants, Tenant History, Facility and Summary, readable values, the record last', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await workbookOf(archived) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Tenants', 'Tenant History', 'Facility', 'Summary']);
    const tenants = workbook.getWorksheet('Tenants')!;
    const header = (tenants.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...ARCHIVE_TENANT_COLUMNS, 'record']);
    const first = (tenants.getRow(2).values as unknown[]).slice(1);
    expect(first[ARCHIVE_TENANT_COLUMNS.indexOf('units')]).toBe('["A1","B2"]');
    expect(first[ARCHIVE_TENANT_COLUMNS.indexOf('tenant_made_selection')]).toBe(true);
    expect(first[ARCHIVE_TENANT_COLUMNS.indexOf('charge_applied_date')]).toBe('2026-03-01');
    expect(tenants.rowCount).toBe(1 + archived.length);
    expect(workbook.getWorksheet('Tenant History')!.rowCount).toBe(1 + 6);
    expect((workbook.getWorksheet('Tenant History')!.getRow(2).values as unknown[]).slice(1, 5)).toEqual(['t1', '2026-03-01T00:00:00.000Z', 'staff & co', 'import']);
    expect((workbook.getWorksheet('Summary')!.getRow(3).values as unknown[]).slice(1)).toEqual(['Tenants', 5]);
  });

  it('an export with no tenant reads as none', async () => {
    expect(await readBack(await workbookOf([]))).toEqual([]);
  });

  it('refuses a file whose History sheet does not follow its Tenants sheet', async () => {
    // History written in another order than the tenants: the reader must not hand out a tenant without its history.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => out.on('end', resolve));
    await writeArchiveWorkbookTo(out, {
      tenants: (async function* () { yield archived.map((t) => t.record); })(),
      history: async function* () {
        yield { tenantId: 't5', entries: archived[4]!.history };
        yield { tenantId: 't1', entries: archived[0]!.history };
      },
      facility: [], summary: () => [],
    });
    await ended;
    await expect(readBack(Buffer.concat(chunks))).rejects.toThrow(/history of tenant t1, out of the Tenants sheet/);
  });

  it('sees what exceljs has queued for the zip (the writer waits on it: exceljs itself ignores backpressure)', async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Tenants');
    expect(sheetBacklog(sheet)).toBeLessThanOrEqual(65_536);
    // Rows committed without a pause: the zip cannot have taken them yet, so they are queued before it.
    for (let i = 0; i < 2000; i += 1) sheet.addRow(Array.from({ length: 20 }, (_, k) => `row ${i} cell ${k} with some text`)).commit();
    expect(sheetBacklog(sheet)).toBeGreaterThan(1_000_000);
    sheet.commit();
    await workbook.commit();
    // All taken by the zip (StreamBuf keeps its last, spent 64 kB buffer).
    expect(sheetBacklog(sheet)).toBeLessThanOrEqual(65_536);
  });
});
