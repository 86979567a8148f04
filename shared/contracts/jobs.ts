import * as z from 'zod';
import { JOB_STATUSES } from '../jobs';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';

export const jobIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const jobView = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().min(0).max(100),
  /** What the progress counts, for jobs that count things (an import: rows read, written, refused). */
  progress_detail: z.record(z.string(), z.number()).nullable(),
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /**
   * What a running job shows of its work and keeps when done (a StorEdge setup job: its batches,
   * shared/contracts/policy-setup.ts setupBatchesState); null for jobs that show only progress.
   */
  state: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobView = z.infer<typeof jobView>;

export const JOB_CONTRACTS = {
  'GET /api/jobs/{id}': { summary: 'Progress of a background job', params: jobIdParams, response: jobView },
} satisfies Partial<Record<RouteKey, RouteContract>>;
