/**
 * A letter batch as the user sees it (DESIGN.md "Files and jobs"): the generate call queues a job and
 * answers at once; the job is polled every second, its progress shown, until it is done (its result is
 * the spec's Letter generation result) or failed (its error is the 'Error' modal). Polls at the pace
 * and with the patience of every job (jobs/wait-for-job).
 */
import { useCallback, useState } from 'react';
import type { LetterJobResult } from '../../../shared/contracts/letters';
import { useMounted, waitForJob } from '../jobs/wait-for-job';
import type { QueuedLetters } from './letters-api';

export interface LetterJobProgress {
  /** Tenants the batch is written for. */
  tenantCount: number;
  /** Percent done. */
  percent: number;
}

/** Left the page while the job ran: nobody waits for the result. */
export class LetterJobAbandoned extends Error {}

export function useLetterJob() {
  const [progress, setProgress] = useState<LetterJobProgress | null>(null);
  const mounted = useMounted();

  /** Starts the batch and waits for its result; throws the job's error (or the call's) when it fails. */
  const run = useCallback(async (start: () => Promise<QueuedLetters>): Promise<LetterJobResult> => {
    setProgress({ tenantCount: 0, percent: 0 });
    try {
      const queued = await start();
      const show = (percent: number) => {
        if (mounted.current) setProgress({ tenantCount: queued.tenant_count, percent });
      };
      show(0);
      const done = await waitForJob(queued.job_id, {
        onProgress: (job) => show(job.progress), wanted: () => mounted.current,
        failed: 'The letters could not be written.', slow: 'The letters are taking too long. Look for the batch on Letter Batches in a few minutes.',
      });
      if (!done) throw new LetterJobAbandoned('The page was left.');
      return done.result as LetterJobResult;
    } finally {
      if (mounted.current) setProgress(null);
    }
  }, [mounted]);

  return { run, progress };
}
