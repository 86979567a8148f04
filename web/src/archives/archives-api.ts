/**
 * The archive calls of spec §7 (docs/decisions.md "Archives (web)"): the Archives tab's page for
 * useServerTable, the wizard's proposed letter dates, and an export opened by its file name. Every
 * archive call (single-step, wizard, cycle) answers a queued job at once; use-archive-job.ts waits for it.
 */
import { call } from '../api/client';
import type { QueryOf } from '../api/client';
import type { PageRequest } from '../widgets/use-server-table';

/** The TanStack key of the Archives tab; an archive that finishes invalidates it. */
export const archivesKey = ['facility-archives'] as const;

/** Spec §9: the Archives tab's filters reload 350 ms after typing stops. */
export const ARCHIVE_FILTER_DEBOUNCE_MS = 350;

/** Spec §8: the text of a failed archive that said nothing about why. */
export const UNEXPECTED_ERROR = 'Unexpected error!';

/** Spec §8: the wizard's step 2 when the proposed dates did not load. */
export const DATES_NOT_PULLED = 'Uh oh. Letter dates could not be pulled for this facility.';

export type ArchiveFilters = Omit<Partial<QueryOf<'GET /api/facility-archives'>>, 'page' | 'cursor'>;

/** Spec §5: the archive filters are trimmed and empty ones dropped. */
export const archiveFiltersOf = (facilityNumber: string, letterEffectiveDate: string | null): ArchiveFilters => ({
  facility_number: facilityNumber.trim() || undefined,
  letter_effective_date: letterEffectiveDate ?? undefined,
});

export const fetchArchivesPage = ({ query, page, cursor }: PageRequest<ArchiveFilters>) =>
  call('GET /api/facility-archives', { query: { ...query, page, cursor } });

export const fetchProposedDates = (facilityId: string) => call('GET /api/facility-archives/{id}/new-dates', { params: { id: facilityId } });

/**
 * Asks for the export's short-lived link and opens it in a new window (spec §7: the browser opens
 * download-export); S3 answers it as an attachment, so the window becomes the download.
 */
export async function openArchiveExport(filename: string): Promise<void> {
  const link = await call('GET /api/facility-archives/download-export', { query: { filename } });
  window.open(link.url, '_blank', 'noopener');
}
