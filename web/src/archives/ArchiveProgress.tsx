import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { JobView } from '../../../shared/contracts/jobs';
import type { ArchiveRunState } from './use-archive-job';

/**
 * The job's phase as its progress detail counts it ({ written, verified, deleted, total }; the archive
 * job writes the export, reads it back, then deletes): what the user waits for, in words.
 */
export function archivePhase(job: JobView | null): string {
  const d = job?.progress_detail;
  if (!d || d.total === undefined) return 'Starting the archive...';
  const total = d.total;
  if ((d.written ?? 0) < total) return `Backing up tenants: ${d.written ?? 0} of ${total}`;
  if ((d.verified ?? 0) < total) return `Checking the export: ${d.verified ?? 0} of ${total}`;
  if ((d.deleted ?? 0) < total) return `Deleting the backed-up tenants: ${d.deleted ?? 0} of ${total}`;
  return 'Resetting the stats and dates...';
}

/** The Cloudscape progress bar of a running archive (nothing while idle). */
export function ArchiveProgress({ state, label }: { state: ArchiveRunState; label: string }) {
  if (state.phase === 'idle') return null;
  const job = state.phase === 'running' ? state.job : null;
  return (
    <div data-testid="archive-progress">
      <ProgressBar value={job?.progress ?? 0} label={label} additionalInfo={archivePhase(job)} />
    </div>
  );
}
