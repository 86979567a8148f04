/**
 * Polling a job (DESIGN.md "Files and jobs"), the one way the pages wait for one: GET /api/jobs/{id}
 * every second, its progress handed on, until it is done (its view answered) or failed (its error
 * thrown), or the wait runs out. Exports (use-export-job) and letter batches (letters/use-letter-job)
 * and rent-roll imports (imports/use-import) all wait this way.
 */
import { useEffect, useRef } from 'react';
import type { JobView } from '../../../shared/contracts/jobs';
import { call } from '../api/client';

export const JOB_POLL_MS = 1_000;
/** A job not finished by then is reported as an error (the worker's timeout is far longer, but nobody waits that long). */
export const JOB_WAIT_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface JobWait {
  /** Each poll's view of the job (its progress, and what it counts). */
  onProgress: (job: JobView) => void;
  /** False once nobody waits any more (the page was left): the wait stops and answers null. */
  wanted: () => boolean;
  /** The error when the job failed without saying why, and when it takes too long. */
  failed: string;
  slow: string;
  /** How long to wait (default JOB_WAIT_MS). */
  waitMs?: number;
}

export async function waitForJob(jobId: string, wait: JobWait): Promise<JobView | null> {
  const deadline = Date.now() + (wait.waitMs ?? JOB_WAIT_MS);
  for (;;) {
    const job = await call('GET /api/jobs/{id}', { params: { id: jobId } });
    wait.onProgress(job);
    if (job.status === 'done') return job;
    if (job.status === 'failed') throw new Error(job.error || wait.failed);
    if (Date.now() > deadline) throw new Error(wait.slow);
    if (!wait.wanted()) return null;
    await sleep(JOB_POLL_MS);
  }
}

/** Whether the component is still mounted (a job's progress is shown only then). */
export function useMounted(): { readonly current: boolean } {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
