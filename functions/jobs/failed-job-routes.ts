/** Failed jobs (issue 26): staff list, retry and dismiss the jobs that need them (functions/jobs/failed-jobs.ts). */
import { FAILED_JOBS_PAGE_SIZE, FAILED_JOB_CONTRACTS } from '../../shared/contracts/failed-jobs';
import { jobKindOf } from '../../shared/job-kinds';
import { logger } from '../runtime/logger';
import { paginate } from '../runtime/paginate';
import { implement, requireCaller } from '../runtime/route';
import { dismissJob, listTroubledJobs, queuedAgainText, retryAllOfType, retryJob, toFailedJobRows } from './failed-jobs';

export const failedJobRoutes = {
  'GET /api/failed-jobs': implement(FAILED_JOB_CONTRACTS['GET /api/failed-jobs'], async (input) => {
    const { jobs, complete } = await listTroubledJobs({ type: input.query.type || undefined });
    const page = paginate(jobs, input.query.page ?? 1, FAILED_JOBS_PAGE_SIZE);
    return { body: { data: await toFailedJobRows(page.rows), pagination: page.pagination, dead_letter_look_complete: complete } };
  }),

  'POST /api/failed-jobs/{id}/retry': implement(FAILED_JOB_CONTRACTS['POST /api/failed-jobs/{id}/retry'], async (input) => {
    const caller = requireCaller(input);
    const job = await retryJob(input.params.id, caller.user.id);
    logger.info('job retried by staff', { jobId: job.id, queue: job.queue, by: caller.user.username });
    return { body: { success: true as const, message: `${jobKindOf(job.type).label} job ${queuedAgainText(job)}` } };
  }),

  'POST /api/failed-jobs/retry-all': implement(FAILED_JOB_CONTRACTS['POST /api/failed-jobs/retry-all'], async (input) => {
    const caller = requireCaller(input);
    const retried = await retryAllOfType(input.body.type, caller.user.id);
    logger.info('jobs of a kind retried by staff', { type: input.body.type, retried, by: caller.user.username });
    const label = jobKindOf(input.body.type).label;
    return { body: { success: true as const, retried, message: retried === 0 ? `No ${label} job was waiting for a retry.` : `${retried} ${label} job${retried === 1 ? '' : 's'} queued again.` } };
  }),

  'POST /api/failed-jobs/{id}/dismiss': implement(FAILED_JOB_CONTRACTS['POST /api/failed-jobs/{id}/dismiss'], async (input) => {
    const caller = requireCaller(input);
    await dismissJob(input.params.id, input.body.reason, caller.user.id);
    logger.info('job dismissed by staff', { jobId: input.params.id, by: caller.user.username });
    return { body: { success: true as const } };
  }),
};
