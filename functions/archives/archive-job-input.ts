/**
 * What an archive route puts on the archive-exports queue and the archive job reads (docs/decisions.md
 * "Archives: what the job does and why nothing is lost"). The route decides everything that names the
 * archive (its id, the export's file name and key) before the job exists, so a redelivered or resumed job
 * writes the same object and the same record again.
 */
import * as z from 'zod';
import { ARCHIVES_PREFIX } from '../../shared/resources';
import { archiveLetterDates } from '../../shared/contracts/archives';
import type { JobQueueName } from '../../shared/jobs';

/** The archive job's queue and type (functions/workers/archive-exports.ts registers it). */
export const ARCHIVE_QUEUE = 'archive-exports' satisfies JobQueueName;
export const ARCHIVE_JOB_TYPE = 'archive';

export const archiveJobInput = z.object({
  /** A fresh UUID made by the route: the archive record's id, the lock's owner and the tenant writes' archive_id. */
  archive_id: z.string().min(1),
  scope: z.enum(['facility', 'cycle']),
  facility_id: z.string().min(1),
  /** The cycle of a cycle archive; null for a facility archive (every cycle of the facility not archived yet). */
  cycle_id: z.string().min(1).nullable(),
  /** The facility's new letter dates (facility archive only); null when skipped or retiring. */
  letter_dates: archiveLetterDates.nullable(),
  /** Retire the facility once archived (facility archive only; implies letter_dates null). */
  retire: z.boolean(),
  /** The export's file name, claimed by the route (`{n}_{prime}_{led}.xlsx`, `_2`... when taken). */
  export_filename: z.string().min(1),
  /** `archives/{facility_id}/{archive_id}/{export_filename}` (archiveFileKey). */
  file_key: z.string().startsWith(ARCHIVES_PREFIX),
  requested_by: z.object({ user_id: z.string(), username: z.string() }),
});
export type ArchiveJobInput = z.infer<typeof archiveJobInput>;

/** Where an archive's export lives in the bucket (kept: the archives/ prefix never expires). */
export function archiveFileKey(facilityId: string, archiveId: string, exportFilename: string): string {
  return `${ARCHIVES_PREFIX}${facilityId}/${archiveId}/${exportFilename}`;
}
