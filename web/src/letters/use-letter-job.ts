/**
 * A letter batch as the user sees it (DESIGN.md "Files and jobs"): the generate call queues a job and
 * answers at once; the job is polled every second, its progress shown, until it is done (its result is
 * the spec's Letter generation result) or failed (its error is the 'Error' modal). Polls at the pace
 * and with the patience of the export jobs (use-export-job).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LetterJobResult } from '../../../shared/contracts/letters';
import { call } from '../api/client';
import { JOB_POLL_MS, JOB_WAIT_MS } from '../jobs/use-export-job';
import type { QueuedLetters } from './letters-api';

export interface LetterJobProgress {
  /** Tenants the batch is written for. */
  tenantCount: number;
  /** Percent done. */
  percent: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Left the page while the job ran: nobody waits for the result. */
export class LetterJobAbandoned extends Error {}

export function useLetterJob() {
  const [progress, setProgress] = useState<LetterJobProgress | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Starts the batch and waits for its result; throws the job's error (or the call's) when it fails. */
  const run = useCallback(async (start: () => Promise<QueuedLetters>): Promise<LetterJobResult> => {
    setProgress({ tenantCount: 0, percent: 0 });
    try {
      const queued = await start();
      const show = (percent: number) => {
        if (mounted.current) setProgress({ tenantCount: queued.tenant_count, percent });
      };
      show(0);
      const deadline = Date.now() + JOB_WAIT_MS;
      for (;;) {
        const job = await call('GET /api/jobs/{id}', { params: { id: queued.job_id } });
        show(job.progress);
        if (job.status === 'done') return job.result as LetterJobResult;
        if (job.status === 'failed') throw new Error(job.error || 'The letters could not be written.');
        if (Date.now() > deadline) throw new Error('The letters are taking too long. Look for the batch on Letter Batches in a few minutes.');
        if (!mounted.current) throw new LetterJobAbandoned('The page was left.');
        await sleep(JOB_POLL_MS);
      }
    } finally {
      if (mounted.current) setProgress(null);
    }
  }, []);

  return { run, progress };
}
