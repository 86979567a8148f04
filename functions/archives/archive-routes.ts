/**
 * The archive calls (spec facilities-cycles-shell §2 Archives tab, Archive wizard, single-step archive,
 * Archive Cycle; §7; docs/decisions.md "Archives: the calls and records"). Every archive call only checks,
 * counts, locks and queues: the archive job (functions/archives/archive-job.ts) writes and verifies the
 * export, records the archive and deletes the tenants. The call answers at once with the job to poll and
 * the export's file name, which download-export then turns into a link once the export is verified.
 *
 * The facilities and cycles groups reach their archive route through archiveRouteOnDemand
 * (archive-route-on-demand.ts), so this module (the lock, the job queue, the store) loads with their
 * first archive, not at their init.
 */
import { randomUUID } from 'node:crypto';
import { ARCHIVE_CONTRACTS, ARCHIVES_PAGE_SIZE } from '../../shared/contracts/archives';
import type { ArchiveLetterDates, QueuedArchive } from '../../shared/contracts/archives';
import { ARCHIVES_PREFIX } from '../../shared/resources';
import { getCycleCounters, requireCycle } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import { presignDownload } from '../exports/presign';
import { getFacilityCounters, requireFacility } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { enqueueJob, getJob, updateJob } from '../jobs/job-store';
import { programToday } from '../program/program-settings';
import { conflict, notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { Caller, RouteImpl } from '../runtime/route';
import { proposedLetterDates } from './archive-dates';
import { ARCHIVE_JOB_TYPE, ARCHIVE_QUEUE, archiveFileKey } from './archive-job-input';
import type { ArchiveJobInput } from './archive-job-input';
import { lockForArchive, releaseArchiveLock } from './archive-lock';
import type { ArchiveScope } from './archive-lock';
import {
  archiveCount, archiveViewOf, claimExportFilename, exportFilenameBase, exportFilenameClaim, getArchive, listArchives,
} from './archive-store';

/** The routes of the facility-archives group (the admin restore is functions/archives/restore-route.ts). */
type FacilityArchivesRoute = Exclude<keyof typeof ARCHIVE_CONTRACTS, 'POST /api/facility-archives/restore' | ScopeArchiveRoute>;
/** The one archive route each of the facilities and cycles groups serves. */
export type ScopeArchiveRoute = 'POST /api/facilities/{id}/archive' | 'POST /api/cycles/{id}/archive';

const retiredMessage = (f: FacilityRecord) => `Facility ${f.facility_number} is retired; a retired facility cannot be archived.`;

/** A facility that may be archived: on record (404) and still in the program (409). */
async function archivableFacility(id: string): Promise<FacilityRecord> {
  const facility = await requireFacility(id);
  if (facility.retired_at) throw conflict(retiredMessage(facility));
  return facility;
}

interface ArchiveRequest {
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
async function queueArchive(req: ArchiveRequest): Promise<QueuedArchive> {
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

export const facilityArchiveRoutes: Record<FacilityArchivesRoute, RouteImpl> = {
  'GET /api/facility-archives': implement(ARCHIVE_CONTRACTS['GET /api/facility-archives'], async ({ query }) => {
    const page = query.page ?? 1;
    if (page > 1 && !query.cursor) throw unprocessable(`Page ${page} starts where page ${page - 1} ended: send the next_cursor it answered.`, 'cursor');
    const perPage = ARCHIVES_PAGE_SIZE;
    const filtered = Boolean(query.facility_number || query.letter_effective_date);
    const [{ rows, nextCursor }, count] = await Promise.all([
      listArchives({ facilityNumber: query.facility_number, letterEffectiveDate: query.letter_effective_date, cursor: query.cursor, perPage }),
      // Every archive is counted as it is recorded; a filtered list's total is what it has read so far.
      filtered ? Promise.resolve(null) : archiveCount(),
    ]);
    const before = (page - 1) * perPage;
    const total = count ?? before + rows.length;
    return {
      body: {
        data: rows.map(archiveViewOf),
        pagination: {
          current_page: page, last_page: count !== null ? Math.max(1, Math.ceil(count / perPage)) : nextCursor ? page + 1 : page, per_page: perPage,
          from: rows.length ? before + 1 : null, to: rows.length ? before + rows.length : null, total,
          exact: count !== null, next_cursor: nextCursor,
        },
      },
    };
  }),

  'GET /api/facility-archives/download-export': implement(ARCHIVE_CONTRACTS['GET /api/facility-archives/download-export'], async ({ query }) => {
    const { filename } = query;
    const claim = await exportFilenameClaim(filename);
    if (!claim) throw notFound(`No archive export is named ${filename}.`);
    const archive = await getArchive(claim.archive_id);
    if (archive) {
      // Only kept archive exports: a record naming any other key is never presigned.
      if (!archive.file_key.startsWith(ARCHIVES_PREFIX)) throw notFound(`No archive export is named ${filename}.`);
      return { body: await presignDownload(archive.file_key, archive.export_filename) };
    }
    // Not on record yet: its archive is still writing and checking it, or never finished.
    const job = claim.job_id ? await getJob(claim.job_id) : null;
    if (job && job.status !== 'failed') throw conflict(`The archive export ${claim.filename} is not ready yet: its archive is still writing and checking it.`);
    throw notFound(`The archive that was to write ${claim.filename} did not finish, so no export was kept. Archive the facility again.`);
  }),

  'GET /api/facility-archives/{id}/new-dates': implement(ARCHIVE_CONTRACTS['GET /api/facility-archives/{id}/new-dates'], async ({ params }) => {
    const facility = await archivableFacility(params.id);
    return { body: proposedLetterDates(facility, await programToday()) };
  }),

  'POST /api/facility-archives/{id}/execute': implement(ARCHIVE_CONTRACTS['POST /api/facility-archives/{id}/execute'], async (input) => {
    const { params, body } = input;
    const facility = await archivableFacility(params.id);
    const retire = body.retire === true;
    // Retiring takes the facility out of the program: it gets no new letter dates (docs/decisions.md "Archives: retiring a facility").
    const letterDates = retire || body.skip_letter_dates === true ? null : {
      letter_effective_date: body.letter_effective_date!, initial_letter_date: body.initial_letter_date!, reminder_letter_date: body.reminder_letter_date!,
    };
    return { status: 202, body: await queueArchive({ caller: requireCaller(input), facility, letterDates, retire }) };
  }),
};

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

