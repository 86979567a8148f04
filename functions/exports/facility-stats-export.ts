/**
 * The Stats tab's export (spec §2, §7): `create-export` queues a `facility-stats-export` job that
 * writes every facility's stats as a workbook, and answers its filename, key and job id at once;
 * `download-export?filename=` presigns it once the job is done (409 before). The spec's download call
 * names only the file, so these exports share one staff folder and the name (UTC time to the second)
 * is the key: `temporary/staff/facility-stats/facility_stats_YYYY-MM-DD_HHMMSS.xlsx`. Two exports in
 * the same second hold the same stats, so the second is answered with the first one's job.
 * The stats list belongs to the facility-stats capability; the worker's runner takes it as a function.
 */
import { FACILITY_STATS_CONTRACTS } from '../../shared/contracts/facility-stats';
import type { FacilityStatsRow } from '../../shared/contracts/facility-stats';
import { unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';
import type { ExportColumn } from './columns';
import { downloadRoute } from './download';
import { enqueueExport, EXPORT_JOB_TYPES, exportJobFile } from './export-jobs';
import { exportKey } from './export-keys';

export const FACILITY_STATS_EXPORT_FOLDER = 'facility-stats';
const NAME = /^facility_stats_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx$/;

/** `facility_stats_2026-05-01_134502.xlsx` for 2026-05-01T13:45:02Z. */
export function facilityStatsExportName(now: Date): string {
  const iso = now.toISOString();
  return `facility_stats_${iso.slice(0, 10)}_${iso.slice(11, 19).replace(/:/g, '')}.xlsx`;
}

export const facilityStatsExportKey = (filename: string): string => {
  if (!NAME.test(filename)) throw unprocessable('filename does not name a facility stats export.', 'filename');
  return exportKey({ kind: 'staff' }, FACILITY_STATS_EXPORT_FOLDER, filename);
};

type Row = Omit<FacilityStatsRow, 'id'>;
const n = (header: string, key: keyof Row): ExportColumn<Row> => ({ header, key, type: 'number' });

export const FACILITY_STATS_EXPORT_COLUMNS: readonly ExportColumn<Row>[] = [
  { header: 'Facility Number', key: 'facility_number' },
  { header: 'Prime Site ID', key: 'prime_site_id' },
  { header: 'Account Name', key: 'account_name' },
  { header: 'Was Prime', key: 'was_prime', type: 'boolean' },
  n('Uploads', 'upload_count'),
  n('Tenants', 'tenant_count'),
  n('Audit Letters Sent', 'audit_letters_sent'),
  n('Reminder Letters Sent', 'reminder_letters_sent'),
  n('Welcome Letters Sent', 'welcome_letters_sent'),
  n('Selected Coverage', 'selected_coverage'),
  n('Selected Coverage %', 'selected_coverage_percentage'),
  n('Confirmed Payment', 'confirmed_payment'),
  n('Confirmed Payment %', 'confirmed_payment_percentage'),
  n('Provided Proof', 'provided_proof'),
  n('Provided Proof %', 'provided_proof_percentage'),
  n('Opted Out', 'opted_out'),
  n('Opted Out %', 'opted_out_percentage'),
  n('Moved Out', 'moved_out'),
  n('Moved Out %', 'moved_out_percentage'),
  n('Bad Address', 'bad_address'),
  n('Bad Address %', 'bad_address_percentage'),
  n('Charge Applied', 'charge_applied'),
  n('Charge Applied %', 'charge_applied_percentage'),
  n('Non Responders', 'non_responder'),
  n('Non Responders %', 'non_responder_percentage'),
  n('Requires Setup', 'requires_setup'),
  n('Total (all)', 'total_all'),
  n('Percent Complete', 'percent_complete'),
];

/** Every active facility's stats row, in the Stats tab's order. */
export type ListFacilityStatsForExport = () => Promise<readonly Row[]>;

export const FACILITY_STATS_EXPORT_SHEET = 'Facility Stats';

/** A `facility-stats-export` job's input: only the file (every active facility is exported). */
export const facilityStatsExportJobInput = exportJobFile;

/** GET /api/facility-stats/create-export: queues the export and answers `{ filename, file_key, job_id }`. */
export function facilityStatsCreateExportRoute(now: () => Date = () => new Date()): RouteImpl {
  return implement(FACILITY_STATS_CONTRACTS['GET /api/facility-stats/create-export'], async (input) => {
    const caller = requireCaller(input);
    const queued = await enqueueExport({
      type: EXPORT_JOB_TYPES.facilityStats, owner: { kind: 'staff' }, folder: FACILITY_STATS_EXPORT_FOLDER,
      name: facilityStatsExportName(now()), createdBy: caller.user.id,
    });
    return { body: queued };
  });
}

/** GET /api/facility-stats/download-export?filename= (staff only, by the route table). */
export const facilityStatsDownloadExportRoute: RouteImpl = downloadRoute(
  FACILITY_STATS_CONTRACTS['GET /api/facility-stats/download-export'],
  ({ query }) => ({ file_key: facilityStatsExportKey(query.filename) }),
);
