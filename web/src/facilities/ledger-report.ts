/**
 * The ledger reports (spec §2 'Ledger report modal', §7, §8, §9): the SiteLink rent roll and the StorEdge
 * ledger report of a facility, each a job on the server (docs/decisions.md "Ledger reports") that the
 * modal waits for (jobs/wait-for-job) before it offers the download.
 */
import { call } from '../api/client';
import type { ResponseOf } from '../api/client';
import { waitForJob } from '../jobs/wait-for-job';

export type LedgerReportKind = 'sitelink' | 'storedge';
type QueuedExport = ResponseOf<'GET /api/exports/sitelink-rent-roll-report'>;

export const LEDGER_REPORT_TITLES: Record<LedgerReportKind, string> = { sitelink: 'SiteLink Rent Roll', storedge: 'StorEdge Ledger' };

/** Spec §8: a facility whose software is neither SiteLink (sitelink%) nor StorEdge has no ledger report. */
export const INVALID_SOFTWARE = 'Facility has an invalid software type!';
export const hasLedgerReport = (software: string): boolean => ledgerReportOf(software) !== null;

/**
 * The one ledger report the facility's software has (issue 24: a SiteLink facility was offered the
 * StorEdge ledger, which could only fail), or none for any other software; the server refuses the other.
 */
export function ledgerReportOf(software: string): LedgerReportKind | null {
  const s = software.trim();
  return s.startsWith('sitelink') ? 'sitelink' : s === 'storedge' ? 'storedge' : null;
}

const ROUTES = {
  sitelink: 'GET /api/exports/sitelink-rent-roll-report',
  storedge: 'GET /api/exports/storedge-ledger-report',
} as const;

/** Queues the report and waits for it; null when nobody waits any more (the modal closed). */
export async function generateLedgerReport(kind: LedgerReportKind, facilityNumber: string, onProgress: (percent: number) => void, wanted: () => boolean): Promise<QueuedExport | null> {
  const file = await call(ROUTES[kind], { query: { facility_number: facilityNumber } });
  const done = await waitForJob(file.job_id, {
    onProgress: (job) => onProgress(job.progress), wanted,
    failed: 'The report could not be written.', slow: 'The facility software is taking too long to answer. Try again in a few minutes.',
  });
  return done ? file : null;
}

/** The report's short-lived download link, opened in a new window (the click's own). */
export async function openLedgerReport(file: QueuedExport): Promise<void> {
  const link = await call('GET /api/exports/download', { query: { file_key: file.file_key, filename: file.filename } });
  window.open(link.url, '_blank', 'noopener');
}
