/**
 * The single-step Archive Facility of the active facility detail row (spec §2 'Archive wizard dialog',
 * last point): 'Are you sure you want to archive {facility_number}?', then the archive (no new letter
 * dates: the Stats tab's wizard sets those), its progress, the export, and a 'facility-archive-success'
 * event on window; the lists reload with every other cached list (use-archive-job.ts).
 */
import { call } from '../api/client';
import { ArchiveConfirmButton } from './ArchiveConfirmButton';

/** The DOM event raised on window when a facility archive is done. */
export const FACILITY_ARCHIVE_SUCCESS = 'facility-archive-success';

export interface FacilityArchiveSuccess {
  facility_id: string;
  facility_number: string;
  archive_id: string;
  export_filename: string;
}

export function ArchiveFacilityButton({ facility }: { facility: { id: string; facility_number: string } }) {
  return (
    <ArchiveConfirmButton
      label="Archive Facility"
      question={`Are you sure you want to archive ${facility.facility_number}?`}
      running={`Archiving ${facility.facility_number}...`}
      start={() => call('POST /api/facilities/{id}/archive', { params: { id: facility.id } })}
      onDone={(done) => {
        const detail: FacilityArchiveSuccess = { facility_id: facility.id, facility_number: facility.facility_number, archive_id: done.archive_id, export_filename: done.export_filename };
        window.dispatchEvent(new CustomEvent(FACILITY_ARCHIVE_SUCCESS, { detail }));
      }}
    />
  );
}
