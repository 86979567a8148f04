/**
 * Proofs expiring (issue 27), the parts that need no table: the window's counts, the workbook's name, and
 * the proofs-expiring-export runner run with a list of our own in place of the index's (the scope it is
 * handed, the rows streamed in the list's order, the cells as the columns write them), read back with
 * exceljs. The reads themselves: tests/integration/proofs-expiring.test.ts.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportRunners } from '../../functions/exports/export-runners';
import { EXPORT_JOB_TYPES } from '../../functions/exports/export-jobs';
import type { ExportJobFile } from '../../functions/exports/export-jobs';
import type { JobRecord } from '../../functions/jobs/job-store';
import { countsOf } from '../../functions/tenants/proofs-expiring';
import type { DueProof, ExpiringScope } from '../../functions/tenants/proofs-expiring';
import { PROOFS_EXPIRING_EXPORT_SHEET, proofsExpiringExportName } from '../../functions/tenants/proofs-expiring-export';
import type { ProofExpiringRow } from '../../shared/contracts/proofs-expiring';

const due = (day: string, n: number): DueProof => ({ tenantId: `t${n}`, day, facilityNumber: '1001', sortKey: `${day}#1001#last${n}#first${n}#t${n}` });

describe('the window\'s counts', () => {
  it('counts every proof, those ending within 7 days (the seventh included) and those ending today', () => {
    const list = [due('2026-12-06', 1), due('2026-12-06', 2), due('2026-12-09', 3), due('2026-12-13', 4), due('2026-12-14', 5), due('2027-01-05', 6)];
    expect(countsOf(list, '2026-12-06')).toEqual({ total: 6, within_7_days: 4, ends_today: 2 });
    // Across a month's end, by the calendar.
    expect(countsOf([due('2027-01-03', 1), due('2027-01-04', 2)], '2026-12-27')).toEqual({ total: 2, within_7_days: 1, ends_today: 0 });
    expect(countsOf([], '2026-12-06')).toEqual({ total: 0, within_7_days: 0, ends_today: 0 });
  });
});

describe('the workbook', () => {
  it('is named for the day it was asked, and the facility when one is named', () => {
    expect(proofsExpiringExportName({ today: '2026-12-06', within_days: 30, facility_number: null, insurance_program_key: 'pma' })).toBe('proofs_expiring_2026-12-06');
    expect(proofsExpiringExportName({ today: '2026-12-06', within_days: 7, facility_number: '1013', insurance_program_key: null })).toBe('proofs_expiring_1013_2026-12-06');
  });

  it('the runner hands the job\'s scope to the list and writes its rows, in its order, as the columns say', async () => {
    const row = (n: number, extra: Partial<ProofExpiringRow>): ProofExpiringRow => ({
      tenant_id: `t${n}`, first_name: `First${n}`, last_name: `Last${n}`, unit: `U${n}`, email: `t${n}@test.example`, facility_id: 'f1',
      facility_number: '1001', account_name: 'Alpha Storage', insurance_program_key: 'pma', insurance_program_label: 'PMA',
      insurer: 'Acme Mutual', proof_expiry_date: '2026-12-06', days_left: 0, ...extra,
    });
    const rows = [
      row(1, {}),
      row(2, { last_name: null, first_name: 'Acme Storage LLC', insurer: null, email: '', proof_expiry_date: '2026-12-10', days_left: 4 }),
    ];
    const asked: ExpiringScope[] = [];
    const stored: { file: ExportJobFile; body: Buffer }[] = [];
    const runners = exportRunners({
      listFacilities: async () => [], listFacilityStats: async () => [],
      tenantLists: { allTenantsOf: async () => [], listTenants: async () => { throw new Error('not asked'); }, viewsOf: async () => [] },
      proofsExpiringRows: async (scope) => {
        asked.push(scope);
        async function* stream() { yield* rows; }
        return { rows: stream(), total: rows.length };
      },
      store: async (file, body) => { stored.push({ file, body }); },
    });
    const file: ExportJobFile = { file_key: 'temporary/staff/0b7f7a8e-1c1d-4e59-9f0a-4a4d1b8e2f10/proofs_expiring_2026-12-06.xlsx', filename: 'proofs_expiring_2026-12-06.xlsx' };
    const job: JobRecord = {
      id: 'job-1', type: EXPORT_JOB_TYPES.proofsExpiring, queue: 'archive-exports', status: 'running', progress: 0, progress_detail: null, error: null,
      result: null, created_by: 'u', facility_id: null, created_at: '', updated_at: '',
      input: { ...file, scope: { today: '2026-12-06', within_days: 7, facility_number: '1001', insurance_program_key: 'pma' } },
    };
    const progress: number[] = [];
    const result = await runners[EXPORT_JOB_TYPES.proofsExpiring]({ job, progress: async (p: number) => { progress.push(p); }, report: async () => {} });

    expect(result).toEqual({ file_key: file.file_key, filename: file.filename });
    expect(asked).toEqual([{ today: '2026-12-06', withinDays: 7, facilityNumber: '1001', programKey: 'pma' }]);
    expect(progress[0]).toBe(10);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(stored[0]!.body) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet(PROOFS_EXPIRING_EXPORT_SHEET)!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Tenant', 'Unit', 'Facility', 'Program', 'Insurer', 'Proof Expiry', 'Days Left', 'E-mail']);
    expect(values(2)).toEqual(['Last1, First1', 'U1', '1001 Alpha Storage', 'PMA', 'Acme Mutual', new Date(Date.UTC(2026, 11, 6)), 0, 't1@test.example']);
    // A business by its name; no insurer and no address leave their cells empty.
    expect(values(3)).toEqual(['Acme Storage LLC', 'U2', '1001 Alpha Storage', 'PMA', undefined, new Date(Date.UTC(2026, 11, 10)), 4]);
    expect(sheet.rowCount).toBe(3);
  });

  it('a job whose input is not the list\'s scope fails without writing', async () => {
    const runners = exportRunners({
      listFacilities: async () => [], listFacilityStats: async () => [],
      tenantLists: { allTenantsOf: async () => [], listTenants: async () => { throw new Error('not asked'); }, viewsOf: async () => [] },
      proofsExpiringRows: async () => { throw new Error('not asked'); },
      store: async () => { throw new Error('nothing is written'); },
    });
    const job = {
      id: 'job-2', type: EXPORT_JOB_TYPES.proofsExpiring, queue: 'archive-exports', status: 'running', progress: 0, progress_detail: null, error: null,
      result: null, created_by: 'u', facility_id: null, created_at: '', updated_at: '',
      input: { file_key: 'temporary/staff/0b7f7a8e-1c1d-4e59-9f0a-4a4d1b8e2f10/x.xlsx', filename: 'x.xlsx', scope: { today: 'tomorrow', within_days: 7 } },
    } as JobRecord;
    await expect(runners[EXPORT_JOB_TYPES.proofsExpiring]({ job, progress: async () => {}, report: async () => {} })).rejects.toThrow();
  });
});
