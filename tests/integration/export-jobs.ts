/** Export jobs as a client sees them: poll GET /api/jobs/{id} until the worker has finished the workbook. */
import { expect } from 'vitest';
import { call } from './helpers';

export interface ExportJobView {
  id: string;
  type: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error: string | null;
  result: { file_key: string; filename: string } | null;
}

/** Polls the job (as `token`) every 200 ms until it is done or failed; the runtime's poller runs the worker. */
export async function waitForExportJob(jobId: string, token: string, timeoutMs = 20_000): Promise<ExportJobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/api/jobs/${encodeURIComponent(jobId)}`, { token });
    expect(res.status, res.text).toBe(200);
    const job = res.body as ExportJobView;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`export job ${jobId} stayed ${job.status} (${job.progress}%)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for the job and expects it done with the file the create call announced. */
export async function exportDone(created: { job_id: string; file_key: string; filename: string }, token: string): Promise<ExportJobView> {
  const job = await waitForExportJob(created.job_id, token);
  expect(job.error).toBeNull();
  expect(job).toMatchObject({ status: 'done', progress: 100, result: { file_key: created.file_key, filename: created.filename } });
  return job;
}
