/**
 * Archives (spec facilities-cycles-shell §2 Archives tab, Archive wizard, cycle archive; §7 call tables):
 * a facility or cycle archive backs every tenant up into one kept workbook, checks it, then deletes the
 * tenants (docs/decisions.md "Archives"). Each archive call answers at once with the job writing it;
 * the browser polls GET /api/jobs/{id}, then opens download-export with the export's file name.
 * Apart from the other contracts so only the archive routes' bundles carry these schemas.
 */
import * as z from 'zod';
import { cursorPagination } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { exportDownload } from './export-file';
import { formBoolean, formInt } from './form';
import { formDate, wireDate } from './program';

export const ARCHIVES_PAGE_SIZE = 100;
/** Spec §9: the proposed letter dates are the current dates plus 3 months. */
export const ARCHIVE_DATE_MONTHS = 3;

/**
 * An archive export's file name as the spec gives it: {facility_number}_{prime_site_id}_{letter_effective_date}.xlsx
 * (a second archive of the same name gets `_2`, `_3`, ... before `.xlsx`). Letters, digits, space and `._-`
 * only: no path, so download-export can never reach outside the archives prefix.
 */
export const ARCHIVE_FILENAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,150}\.xlsx$/;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const archiveFilename = z.string({ error: 'filename is required.' }).trim().min(1, 'filename is required.')
  .regex(ARCHIVE_FILENAME_PATTERN, 'filename must be an archive export name (letters, digits, space, ._- ending in .xlsx).')
  .refine((name) => !name.includes('..'), "filename must not contain '..'.");

export const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/** The facility's letter dates the wizard proposes (spec §3 "Facility letter dates"). */
export const archiveLetterDates = z.object({
  letter_effective_date: wireDate,
  initial_letter_date: wireDate,
  reminder_letter_date: wireDate,
});
export type ArchiveLetterDates = z.infer<typeof archiveLetterDates>;

/**
 * The wizard's Complete (a form): the three new letter dates, or skip_letter_dates. `retire` (beyond the
 * spec's wizard; docs/decisions.md "Archives: retiring a facility") archives and retires the facility: it
 * leaves the program, so no letter dates are set.
 */
export const archiveExecuteBody = z.object({
  letter_effective_date: formDate('letter_effective_date').optional(),
  initial_letter_date: formDate('initial_letter_date').optional(),
  reminder_letter_date: formDate('reminder_letter_date').optional(),
  skip_letter_dates: formBoolean.optional(),
  retire: formBoolean.optional(),
}).superRefine((body, ctx) => {
  const skip = body.skip_letter_dates === true || body.retire === true;
  if (skip) return;
  for (const field of ['letter_effective_date', 'initial_letter_date', 'reminder_letter_date'] as const) {
    if (!body[field]) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required unless skip_letter_dates is set (YYYY-MM-DD).` });
  }
});
export type ArchiveExecuteBody = z.infer<typeof archiveExecuteBody>;

/** What every archive call answers: the job to poll and the export it will write. */
export const queuedArchive = z.object({
  job_id: z.string(),
  archive_id: z.string(),
  /** The export's file name (spec: `export_filename` for execute, `filename` for the other two; both are sent). */
  export_filename: z.string(),
  filename: z.string(),
  /** Tenants the archive will back up and delete, as counted when it was queued. */
  tenant_count: z.number(),
});
export type QueuedArchive = z.infer<typeof queuedArchive>;

/** What the archive job stores as its result once done (GET /api/jobs/{id} `result`). */
export const archiveJobResult = z.object({
  archive_id: z.string(),
  export_filename: z.string(),
  tenant_count: z.number(),
  retired: z.boolean(),
});

/** One archive on record (spec §3 "Facility archive", plus what the decisions add). */
export const archiveView = z.object({
  id: z.string(),
  scope: z.enum(['facility', 'cycle']),
  facility_id: z.string(),
  facility_number: z.string(),
  prime_site_id: z.string(),
  /** The facility's (or the cycle's) letter effective date when archived; null when it had none. */
  letter_effective_date: z.string().nullable(),
  /** Floored, from the archived counters (spec: percent complete). */
  percent_complete: z.number(),
  cycle_id: z.string().nullable(),
  cycle_label: z.string().nullable(),
  tenant_count: z.number(),
  export_filename: z.string(),
  archived_at: z.string(),
  archived_by: z.string(),
  /** The facility was retired by this archive. */
  retired: z.boolean(),
});
export type ArchiveView = z.infer<typeof archiveView>;

export const archiveListQuery = z.object({
  /** Spec §5: trimmed, empty dropped. Matches the facility number exactly, case-free. */
  facility_number: z.preprocess(blankToUndefined, z.string().trim().max(20, 'facility_number is at most 20 characters.').optional()),
  /** Spec §7: yyyy-M-d; a single-digit month or day is accepted and read as YYYY-MM-DD. */
  letter_effective_date: z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      const m = typeof v === 'string' ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v.trim()) : null;
      return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : v;
    },
    wireDate.optional(),
  ),
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(10_000, 'page must be at most 10000.')).optional(),
  /** Where page `page` starts: the next_cursor the page before answered (page 1 needs none). */
  cursor: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
});

export const archiveListResponse = z.object({
  data: z.array(archiveView),
  pagination: cursorPagination,
});

/** Admin-only restore (docs/decisions.md "Archives: proving nothing is lost"). */
export const archiveRestoreBody = z.object({ archive_id: z.string().trim().min(1, 'archive_id is required.').max(64) });
export const archiveRestoreResult = z.object({ archive_id: z.string(), cycle_ids: z.array(z.string()), restored: z.number() });

export const ARCHIVE_CONTRACTS = {
  'POST /api/facilities/{id}/archive': {
    summary: 'Archive a facility in one step (no new letter dates): queues the archive job', params: idParams, response: queuedArchive,
  },
  'GET /api/facility-archives/{id}/new-dates': {
    summary: 'The letter dates the archive wizard proposes for a facility (its dates plus 3 months)', params: idParams, response: archiveLetterDates,
  },
  'POST /api/facility-archives/{id}/execute': {
    summary: 'Archive a facility, setting its new letter dates (or skipping them, or retiring it): queues the archive job',
    params: idParams, body: archiveExecuteBody, response: queuedArchive,
  },
  'GET /api/facility-archives': {
    summary: 'Archives on record, newest first (100 a page, by cursor), by facility number and letter effective date',
    query: archiveListQuery, response: archiveListResponse,
  },
  'GET /api/facility-archives/download-export': {
    summary: 'A short-lived link to an archive export (archives prefix only)', query: z.object({ filename: archiveFilename }), response: exportDownload,
  },
  'POST /api/facility-archives/restore': {
    summary: 'Admin: rebuild an archive\'s tenants from its export into their cycle (proves the export complete)',
    body: archiveRestoreBody, response: archiveRestoreResult,
  },
  'POST /api/cycles/{id}/archive': {
    summary: 'Archive one cycle: queues the archive job; the cycle stays, read-only', params: idParams, response: queuedArchive,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
