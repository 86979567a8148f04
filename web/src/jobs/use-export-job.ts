/**
 * An export as the user sees it (DESIGN.md "Files and jobs"): the create call queues a job and answers
 * its id at once; the job is polled every second (its progress shown by <ExportButton>) until done;
 * then the download call answers a short-lived presigned link, opened in a new window with the spec's
 * popup-blocker hint. A failure at any step is an error toast (spec §8).
 */
import { useCallback, useState } from 'react';
import { errorText } from '../api/api-error';
import { POPUP_HINT } from '../facilities/popup-hint';
import { useToast } from '../shell/toasts';
import { useMounted, waitForJob } from './wait-for-job';

export interface ExportSteps<F extends { job_id: string }> {
  /** The create-export call: answers the file and the job writing it. */
  create: () => Promise<F>;
  /** The download call for that file, once its job is done: answers the presigned link. */
  download: (file: F) => Promise<{ url: string }>;
  /**
   * How a failure is told: an error toast (default), only logged where the spec says so (the manager
   * view's export, §8), or handed to the page that shows it its own way (the policy export's 'Error' modal).
   */
  failure?: 'toast' | 'log' | ((error: unknown) => void);
}

export interface ExportJob {
  /** Runs one export; errors are shown as toasts, never thrown. */
  run: <F extends { job_id: string }>(steps: ExportSteps<F>) => Promise<void>;
  /** Null when idle, else the job's progress in percent. */
  progress: number | null;
}

export function useExportJob(): ExportJob {
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const mounted = useMounted();
  const show = useCallback((value: number | null) => {
    if (mounted.current) setProgress(value);
  }, [mounted]);

  const run = useCallback(async <F extends { job_id: string }>(steps: ExportSteps<F>) => {
    show(0);
    try {
      const file = await steps.create();
      const done = await waitForJob(file.job_id, {
        onProgress: (job) => show(job.progress), wanted: () => mounted.current,
        failed: 'The export could not be written.', slow: 'The export is taking too long. Please try again in a few minutes.',
      });
      // The user left the page: nobody is waiting for the download.
      if (!done) return;
      const link = await steps.download(file);
      window.open(link.url, '_blank', 'noopener');
      toast(POPUP_HINT);
    } catch (err) {
      if (steps.failure === 'log') console.error('The export failed:', err);
      else if (typeof steps.failure === 'function') steps.failure(err);
      else toast(`The export failed: ${errorText(err)}`, 'error');
    } finally {
      show(null);
    }
  }, [mounted, show, toast]);

  return { run, progress };
}
