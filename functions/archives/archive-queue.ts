/**
 * Queuing an archive (docs/decisions.md "Archives: the calls and records"): what execute, the single-step
 * facility archive and Archive Cycle share. A call only checks, locks, counts, names and queues; the
 * archive job (functions/archives/archive-job.ts) writes and verifies the export, records the archive and
 * deletes the tenants. The single-step archive and Archive Cycle live here too, apart from the
 * facility-archives group's routes, so the facilities and cycles bundles never carry the download's S3
 * client (functions/archives/archive-route-on-demand.ts loads this module with their first archive).
 */
import { randomUUID } from 'node:crypto';
import { ARCHIVE_CONTRACTS } from '../../shared/contracts/archives';
import type { ArchiveLetterDates, QueuedArchive } from '../../shared/contracts/archives';
import { getCycleCounters, requireCycle } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import { getFacilityCounters, requireFacility } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { enqueueJob, updateJob } from '../jobs/job-store';
import { conflict } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { Caller, RouteImpl } from '../runtime/route';
import { ARCHIVE_JOB_TYPE, ARCHIVE_QUEUE, archiveFileKey } from './archive-job-input';
import type { ArchiveJobInput } from './archive-job-input';
import { lockForArchive, releaseArchiveLock } from './archive-lock';
import type { ArchiveScope } from './archive-lock';
import { claimExportFilename, exportFilenameBase } from './archive-store';

/** The one archive route each of the facilities and cycles groups serves. */
export type ScopeArchiveRoute = 'POST /api/facilities/{id}/archive' | 'POST /api/cycles/{id}/archive';

const retiredMessage = (f: FacilityRecord) => `Facility ${f.facility_number} is retired; a retired facility cannot be archived.`;

/** A facility that may be archived: on record (404) and still in the program (409). */
export async function archivableFacility(id: string): Promise<FacilityRecord> {
  const facility = await requireFacility(id);
  if (facility.retired_at) throw conflict(retiredMessage(facility));
  return facility;
}

export interface ArchiveRequest {
  caller: Caller;
  facility: FacilityRecord;
  /** The cycle of a cycle archive; none for a facility archive. */
  cycle?: CycleRecord;
  letterDates: ArchiveLetterDates | null;
  retire: boolean;
}

/**
 * Takes the archive lock (409 while another archive holds it or an import or letter job runs), counts
 * the tenants the archive covers (the maintained counters: every tenant of the scope, moved out or not),
 * claims the export's file name and queues the job. A failure after the lock lets it go again, so a
 * second try is not refused by a lock nobody works under.
 */
export async function queueArchive(req: ArchiveRequest): Promise<QueuedArchive> {
  const { facility, cycle } = req;
  const archiveId = randomUUID();
  const jobId = randomUUID();
  const scope: ArchiveScope = cycle ? { kind: 'cycle', facilityId: facility.id, cycleId: cycle.id } : { kind: 'facility', facilityId: facility.id };
  await lockForArchive(scope, archiveId, jobId);
  try {
    // Counted under the lock: no tenant of the scope can be written until the job is done.
    const counters = cycle ? await getCycleCounters(cycle.id) : await getFacilityCounters(facility.id);
    const letterEffectiveDate = cycle ? cycle.letter_effective_date : facility.letter_effective_date;
    const filename = await claimExportFilename(exportFilenameBase(facility.facility_number, facility.prime_site_id, letterEffectiveDate), archiveId, jobId);
    const input: ArchiveJobInput = {
      archive_id: archiveId, scope: scope.kind, facility_id: facility.id, cycle_id: cycle?.id ?? null,
      letter_dates: req.letterDates, retire: req.retire, export_filename: filename, file_key: archiveFileKey(facility.id, archiveId, filename),
      requested_by: { user_id: req.caller.user.id, username: req.caller.user.username },
    };
    await enqueueJob({ id: jobId, queue: ARCHIVE_QUEUE, type: ARCHIVE_JOB_TYPE, createdBy: req.caller.user.id, facilityId: facility.id, input });
    return { job_id: jobId, archive_id: archiveId, export_filename: filename, filename, tenant_count: counters.total };
  } catch (err) {
    // A job written but never sent is marked failed, so its export name reads as never written (404), not as pending.
    await updateJob(jobId, { status: 'failed', error: 'The archive could not be queued.' }).catch(() => undefined);
    await releaseArchiveLock(scope, archiveId);
    throw err;
  }
}

/** The single-step facility archive (facility detail row) and Archive Cycle, served by the facilities and cycles groups. */
export const scopeArchiveRoutes: Record<ScopeArchiveRoute, RouteImpl> = {
  'POST /api/facilities/{id}/archive': implement(ARCHIVE_CONTRACTS['POST /api/facilities/{id}/archive'], async (input) => {
    const facility = await archivableFacility(input.params.id);
    return { status: 202, body: await queueArchive({ caller: requireCaller(input), facility, letterDates: null, retire: false }) };
  }),

  'POST /api/cycles/{id}/archive': implement(ARCHIVE_CONTRACTS['POST /api/cycles/{id}/archive'], async (input) => {
    const cycle = await requireCycle(input.params.id);
    const facility = await archivableFacility(cycle.facility_id);
    if (cycle.archived_at) throw conflict(`Cycle ${cycle.label} of facility ${facility.facility_number} is already archived.`);
    return { status: 202, body: await queueArchive({ caller: requireCaller(input), facility, cycle, letterDates: null, retire: false }) };
  }),
};

