/**
 * Spreadsheet exports run as jobs (docs/decisions.md, "Spreadsheet exports run as jobs"): the create
 * route validates, decides the file's key, writes the job record and its message on the archive-exports
 * queue, and answers `{ filename, file_key, job_id }` at once. The worker (functions/workers/
 * archive-exports.ts) writes the workbook to that key and finishes the job with `{ file_key, filename }`.
 * The key is decided here, before the job exists, so a retried job writes the same object again.
 *
 * The job of an export is told by its key, so the download route can say 'not ready yet' (409) instead
 * of 404 while the job is still queued or running: an export in its own folder
 * (`temporary/staff/{job_id}/{file}`) is named by its job's id; one in a shared folder (the Stats tab's
 * `temporary/staff/facility-stats/{file}`) by the folder and the file (`facility-stats_{file stem}`).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { JobQueueName } from '../../shared/jobs';
import { enqueueJob, getJob } from '../jobs/job-store';
import type { JobRecord } from '../jobs/job-store';
import type { LEDGER_JOB_TYPES } from '../letters/ledger-job-types';
import { exportKey, parseExportKey, safeFilename } from './export-keys';
import type { ExportOwner } from './export-keys';

/** Every spreadsheet export goes through this queue's worker (with the archive spreadsheets)... */
export const EXPORT_QUEUE = 'archive-exports' satisfies JobQueueName;
/**
 * ...but the ledger reports, whose rows come from SiteLink or StorEdge: the ledger-checks worker holds
 * their clients (functions/exports/ledger-reports.ts). The download route finds a job on either.
 */
export const LEDGER_REPORT_QUEUE = 'ledger-checks' satisfies JobQueueName;
export type LedgerReportJobType = (typeof LEDGER_JOB_TYPES)['rentRollReport' | 'ledgerReport'];

/** Job types: `{what}-export`, one per create-export route. */
export const EXPORT_JOB_TYPES = {
  facilities: 'facilities-export',
  facilityStats: 'facility-stats-export',
  monitorTenants: 'monitor-tenants-export',
  managerTenants: 'manager-tenants-export',
  policySetup: 'policy-setup-export',
  proofsExpiring: 'proofs-expiring-export',
} as const;
export type ExportJobType = (typeof EXPORT_JOB_TYPES)[keyof typeof EXPORT_JOB_TYPES];

/** What every export job's input carries; its result is the same pair. */
export const exportJobFile = z.object({ file_key: z.string().min(1), filename: z.string().min(1) });
export type ExportJobFile = z.infer<typeof exportJobFile>;

/** What a create-export route answers. */
export interface QueuedExport extends ExportJobFile {
  job_id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id of the job that writes `fileKey` (see above); the key must be in the export layout. */
export function exportJobId(fileKey: string): string {
  const { filename } = parseExportKey(fileKey);
  const parts = fileKey.split('/');
  const folder = parts[parts.length - 2]!;
  return UUID.test(folder) ? folder : `${folder}_${filename.replace(/\.[A-Za-z0-9]+$/, '')}`;
}

/** The job: an export of the archive-exports worker, or a ledger report of the ledger-checks worker. */
export type ExportJobRequest = ExportFile & ({ type: ExportJobType; queue?: typeof EXPORT_QUEUE } | { type: LedgerReportJobType; queue: typeof LEDGER_REPORT_QUEUE });

interface ExportFile {
  /** Who may download it: staff only, or staff and the facility's manager. */
  owner: ExportOwner;
  /** The file name to save as, with or without `.xlsx` (e.g. `all_facilities`). */
  name: string;
  /** The user starting it (only they and staff may poll the job). */
  createdBy: string;
  /** A shared folder whose file names say everything (else the job's own UUID is the folder). */
  folder?: string;
  /** What the runner needs besides the file (e.g. the list's filters); JSON only. */
  input?: Record<string, unknown>;
}

/**
 * Queues an export. In a shared folder the same file means the same export: while a job for it is
 * queued, running or done, that job is answered instead of a second one.
 */
export async function enqueueExport(request: ExportJobRequest): Promise<QueuedExport> {
  const filename = safeFilename(request.name);
  const ownId = request.folder ? null : randomUUID();
  const fileKey = exportKey(request.owner, request.folder ?? ownId!, filename);
  const jobId = ownId ?? exportJobId(fileKey);
  if (!ownId) {
    const existing = await getJob(jobId);
    if (existing && existing.status !== 'failed' && existing.input.file_key === fileKey) return { filename, file_key: fileKey, job_id: jobId };
  }
  const job = await enqueueJob({
    id: jobId,
    queue: request.queue ?? EXPORT_QUEUE,
    type: request.type,
    createdBy: request.createdBy,
    facilityId: request.owner.kind === 'facility' ? request.owner.facility_id : null,
    input: { ...request.input, file_key: fileKey, filename },
  });
  return { filename, file_key: fileKey, job_id: job.id };
}

/** The export's job while it is still queued or running (a retry puts it back to queued), else null. */
export async function pendingExportJob(fileKey: string): Promise<JobRecord | null> {
  const job = await getJob(exportJobId(fileKey));
  if (!job || (job.queue !== EXPORT_QUEUE && job.queue !== LEDGER_REPORT_QUEUE) || job.input.file_key !== fileKey) return null;
  return job.status === 'queued' || job.status === 'running' ? job : null;
}
