/**
 * The Failed jobs calls (issue 26): the list's page for useServerTable, retry one, retry all of a kind,
 * dismiss with a reason. Every cached page lives under `failedJobsKey`, so one invalidation after an
 * action reloads the list (the row leaves it).
 */
import { call } from '../api/client';
import type { PageRequest } from '../widgets/use-server-table';

export const failedJobsKey = ['failed-jobs'] as const;
export const failedJobListKey = [...failedJobsKey, 'list'] as const;

export interface FailedJobFilters { type?: string }

export const fetchFailedJobsPage = ({ query, page }: PageRequest<FailedJobFilters>) => call('GET /api/failed-jobs', { query: { ...query, page } });

export const retryFailedJob = (id: string) => call('POST /api/failed-jobs/{id}/retry', { params: { id } });

export const retryAllOfType = (type: string) => call('POST /api/failed-jobs/retry-all', { body: { type }, json: true });

export const dismissFailedJob = (id: string, reason: string) => call('POST /api/failed-jobs/{id}/dismiss', { params: { id }, body: { reason }, json: true });
