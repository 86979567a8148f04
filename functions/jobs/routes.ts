import { JOB_CONTRACTS } from '../../shared/contracts/jobs';
import { notFound } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { getJob, toJobView } from './job-store';

export const jobRoutes = {
  /** Staff see every job; anyone else only the jobs they started (others answer 404, as if absent). */
  'GET /api/jobs/{id}': implement(JOB_CONTRACTS['GET /api/jobs/{id}'], async (input) => {
    const caller = requireCaller(input);
    const job = await getJob(input.params.id);
    const staff = caller.permissions.includes('admin') || caller.permissions.includes('monitor');
    if (!job || (!staff && job.created_by !== caller.user.id)) throw notFound('Job not found.');
    return { body: toJobView(job) };
  }),
};
