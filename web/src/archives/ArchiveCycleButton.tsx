/**
 * Archive Cycle of the cycle detail row (spec §4 'Cycle archive', §5, §8): 'Are you sure you want to
 * archive cycle for {facility_number}?', 'Archiving cycle for {facility_number}...' while the job runs,
 * the export opened in a new tab, and the page's data reloaded whether or not the archive succeeded
 * (use-archive-job.ts reloads every cached list; the archived cycle leaves the list, and its detail
 * panel closes with it). docs/decisions.md "Archives (web)" says why not a full page reload.
 */
import { call } from '../api/client';
import { ArchiveConfirmButton } from './ArchiveConfirmButton';

export function ArchiveCycleButton({ cycle }: { cycle: { id: string; facility_number: string } }) {
  return (
    <ArchiveConfirmButton
      label="Archive Cycle"
      question={`Are you sure you want to archive cycle for ${cycle.facility_number}?`}
      running={`Archiving cycle for ${cycle.facility_number}...`}
      start={() => call('POST /api/cycles/{id}/archive', { params: { id: cycle.id } })}
    />
  );
}
