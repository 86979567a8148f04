/**
 * Failed work that staff can see and retry (issue 26; docs/decisions.md "Failed jobs"): the jobs that
 * failed, stalled (running past their queue's visibility timeout: the worker died) or sit in a
 * dead-letter queue, and what staff do with them.
 */
import * as z from 'zod';
import { JOB_QUEUE_NAMES, JOB_STATUSES } from '../jobs';
import { ok, pagination } from './contract';
import type { RouteContract } from './contract';
import { jobIdParams } from './jobs';
import { pageQuery } from './form';
import type { RouteKey } from '../routes';

export const FAILED_JOBS_PAGE_SIZE = 100;

/** failed: the worker gave up on it; stalled: still queued or running long after its worker's time ran out. */
export const JOB_TROUBLES = ['failed', 'stalled'] as const;
export type JobTrouble = (typeof JOB_TROUBLES)[number];

export const failedJobRow = z.object({
  id: z.string(),
  type: z.string(),
  /** What staff call the kind (shared/job-kinds.ts). */
  kind: z.string(),
  queue: z.enum(JOB_QUEUE_NAMES),
  status: z.enum(JOB_STATUSES),
  trouble: z.enum(JOB_TROUBLES),
  /** The username of who started it; null when that account is gone. */
  started_by: z.string().nullable(),
  created_at: z.string(),
  /** When it failed, or when its worker last said anything (stalled). */
  updated_at: z.string(),
  facility_number: z.string().nullable(),
  cycle_label: z.string().nullable(),
  /** The error as the worker recorded it (a stalled job: the last one it recorded, if any). */
  error: z.string().nullable(),
  /** The error of the run before the last retry, when there was one. */
  last_error: z.string().nullable(),
  tries: z.number(),
  in_dead_letter_queue: z.boolean(),
  /** The page of the job's own view, where one exists. */
  link: z.string().nullable(),
});
export type FailedJobRow = z.infer<typeof failedJobRow>;

export const failedJobsQuery = pageQuery.extend({
  type: z.string().trim().max(64).optional(),
});

export const retryAllBody = z.object({ type: z.string().trim().min(1, 'Say which kind of job to retry.').max(64) });

export const dismissBody = z.object({
  reason: z.string().trim().min(1, 'Say why the job is dismissed.').max(500, 'Reason must be at most 500 characters.'),
});

export const FAILED_JOB_CONTRACTS = {
  'GET /api/failed-jobs': {
    summary: 'Jobs that failed, stalled or sit in a dead-letter queue, newest first (staff)',
    query: failedJobsQuery,
    response: z.object({ data: z.array(failedJobRow), pagination, dead_letter_look_complete: z.boolean() }),
  },
  'POST /api/failed-jobs/{id}/retry': {
    summary: 'Put a failed or stalled job back on its queue, as the same job',
    params: jobIdParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
  },
  'POST /api/failed-jobs/retry-all': {
    summary: 'Retry every failed or stalled job of one kind',
    body: retryAllBody,
    response: z.object({ success: z.literal(true), retried: z.number(), message: z.string() }),
  },
  'POST /api/failed-jobs/{id}/dismiss': {
    summary: 'Set a failed or stalled job aside for good, with a reason kept on the job',
    params: jobIdParams,
    body: dismissBody,
    response: ok,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
