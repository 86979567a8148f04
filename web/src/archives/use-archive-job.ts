/**
 * One archive as the user sees it (docs/decisions.md "Archives (web)"): the archive call answers its job
 * at once; the job is polled every second (wait-for-job.ts) and its progress shown by <ArchiveProgress>;
 * once done, the export is opened in a new window through download-export with the spec's popup hint,
 * and every cached list is reloaded (an archive deletes tenants and resets counters, cycles and the
 * facility, so no list on screen is still right). The single-step archive, the wizard and Archive Cycle
 * all run this way; each shows a failure its own way (spec §8), so `run` throws it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { QueuedArchive } from '../../../shared/contracts/archives';
import type { JobView } from '../../../shared/contracts/jobs';
import { POPUP_HINT } from '../facilities/popup-hint';
import { useMounted, waitForJob } from '../jobs/wait-for-job';
import { useToast } from '../shell/toasts';
import { UNEXPECTED_ERROR, openArchiveExport } from './archives-api';

/** What a running archive shows: nothing yet (the call is on its way), then each poll of its job. */
export type ArchiveRunState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'running'; job: JobView };

export interface ArchiveJob {
  state: ArchiveRunState;
  running: boolean;
  /**
   * Starts the archive with `start`, waits for its job and opens its export. Answers the queued archive
   * once the export is open, null when nobody waits any more (the page was left); throws a failure.
   */
  run: (start: () => Promise<QueuedArchive>) => Promise<QueuedArchive | null>;
}

export const ARCHIVE_TOO_SLOW =
  'The archive is taking longer than expected. It keeps running: its export is listed on the Archives tab once it is done.';

export function useArchiveJob(): ArchiveJob {
  const toast = useToast();
  const queryClient = useQueryClient();
  const mounted = useMounted();
  const [state, setState] = useState<ArchiveRunState>({ phase: 'idle' });
  const show = useCallback((next: ArchiveRunState) => {
    if (mounted.current) setState(next);
  }, [mounted]);

  const run = useCallback(async (start: () => Promise<QueuedArchive>) => {
    show({ phase: 'starting' });
    try {
      const queued = await start();
      const done = await waitForJob(queued.job_id, {
        onProgress: (job) => show({ phase: 'running', job }),
        wanted: () => mounted.current,
        failed: UNEXPECTED_ERROR,
        slow: ARCHIVE_TOO_SLOW,
      });
      if (!done) return null;
      await openArchiveExport(queued.export_filename);
      toast(POPUP_HINT);
      return queued;
    } finally {
      // Done, failed or refused: the tenants, counters and dates may have changed either way.
      void queryClient.invalidateQueries();
      show({ phase: 'idle' });
    }
  }, [mounted, queryClient, show, toast]);

  return { state, running: state.phase !== 'idle', run };
}
