/**
 * The facility-archives group's calls (spec facilities-cycles-shell §2 Archives tab, Archive wizard; §7;
 * docs/decisions.md "Archives: the calls and records"): the Archives list, download-export by file name,
 * the wizard's proposed dates and its Complete (execute), which queues the archive job
 * (functions/archives/archive-queue.ts) and answers at once with the job to poll and the export's file
 * name; download-export turns that name into a link once the export is verified.
 */
import { ARCHIVE_CONTRACTS, ARCHIVES_PAGE_SIZE } from '../../shared/contracts/archives';
import { ARCHIVES_PREFIX } from '../../shared/resources';
import { presignDownload } from '../exports/presign';
import { getJob } from '../jobs/job-store';
import { programToday } from '../program/program-settings';
import { conflict, notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';
import { proposedLetterDates } from './archive-dates';
import { archivableFacility, queueArchive } from './archive-queue';
import type { ScopeArchiveRoute } from './archive-queue';
import { archiveCount, archiveViewOf, exportFilenameClaim, getArchive, listArchives } from './archive-store';

/** The routes of the facility-archives group (the admin restore is functions/archives/restore-route.ts). */
type FacilityArchivesRoute = Exclude<keyof typeof ARCHIVE_CONTRACTS, 'POST /api/facility-archives/restore' | ScopeArchiveRoute>;

export const facilityArchiveRoutes: Record<FacilityArchivesRoute, RouteImpl> = {
  'GET /api/facility-archives': implement(ARCHIVE_CONTRACTS['GET /api/facility-archives'], async ({ query }) => {
    const page = query.page ?? 1;
    const perPage = ARCHIVES_PAGE_SIZE;
    const filtered = Boolean(query.facility_number || query.letter_effective_date);
    // The whole list is exact (the count item), so the tab's pager asks its pages by number; a filtered
    // list pages forward by cursor only.
    if (page > 1 && !query.cursor && filtered) throw unprocessable(`Page ${page} starts where page ${page - 1} ended: send the next_cursor it answered.`, 'cursor');
    const [{ rows, nextCursor }, count] = await Promise.all([
      listArchives({
        facilityNumber: query.facility_number, letterEffectiveDate: query.letter_effective_date, cursor: query.cursor, perPage,
        skip: query.cursor ? undefined : (page - 1) * perPage,
      }),
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
