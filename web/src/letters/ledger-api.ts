/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (spec §7 'Letters') over the Send Letters scope,
 * and the removed tenants: each check is a job the page waits for (jobs/wait-for-job); a removal is
 * previewed first and confirmed by a second call (docs/decisions.md "Letters: removing ineligible
 * tenants safely").
 */
import type { IneligiblePreview, SyncResult } from '../../../shared/contracts/ledger-checks';
import { call } from '../api/client';
import type { QueryOf } from '../api/client';
import { useMounted, waitForJob } from '../jobs/wait-for-job';
import type { PageRequest } from '../widgets/use-server-table';
import { LETTERS_KEY } from './letters-api';
import type { LetterScope } from './letter-scope';

export type LedgerCheck = 'remove' | 'sync';

/** The scope as both calls take it: the facility with its software (and cycle), or the state. */
function scopeBody(scope: LetterScope) {
  return scope.kind === 'state'
    ? { state: scope.state }
    : { facility_number: scope.facility.facility_number, software: scope.facility.software, cycle_id: scope.cycleId };
}

/** Waits for a ledger job, its result answered; its error thrown (the page's 'Failed' modal shows it). */
function useLedgerJob() {
  const mounted = useMounted();
  return async (jobId: string, onProgress: (percent: number) => void): Promise<Record<string, unknown> | null> => {
    const done = await waitForJob(jobId, {
      onProgress: (job) => onProgress(job.progress), wanted: () => mounted.current,
      failed: 'The facility software could not be asked.', slow: 'The facility software is taking too long to answer. Try again in a few minutes.',
    });
    return done ? done.result : null;
  };
}

/** Starts a check of the scope and waits for it: the sync's result, or the removal preview. */
export function useLedgerChecks() {
  const wait = useLedgerJob();
  return {
    sync: async (scope: LetterScope, onProgress: (percent: number) => void) => {
      const { job_id } = await call('POST /api/tenants/sync-ledger-statuses', { body: scopeBody(scope) });
      return (await wait(job_id, onProgress)) as SyncResult | null;
    },
    preview: async (scope: LetterScope, onProgress: (percent: number) => void) => {
      const { job_id } = await call('POST /api/tenants/remove-uneligible-ledgers', { body: scopeBody(scope) });
      return (await wait(job_id, onProgress)) as IneligiblePreview | null;
    },
    /** Removes exactly the previewed tenants; answers how many. */
    remove: async (previewId: string, allowOverCap: boolean, onProgress: (percent: number) => void) => {
      const { job_id } = await call('POST /api/tenants/ineligible-previews/{id}/remove', { params: { id: previewId }, body: { allow_over_cap: allowOverCap || undefined } });
      const result = await wait(job_id, onProgress);
      return result ? (result.tenants_removed as number) : null;
    },
  };
}

export const previewRowsKey = [LETTERS_KEY, 'ineligible-preview'] as const;
export const fetchPreviewPage = ({ query, page }: PageRequest<{ previewId: string }>) =>
  call('GET /api/tenants/ineligible-previews/{id}', { params: { id: query.previewId }, query: { page } });

export const removedTenantsKey = ['tenants', 'removed'] as const;
export type RemovedTenantFilters = Pick<QueryOf<'GET /api/removed-tenants'>, 'facility_number'>;
export const fetchRemovedTenantsPage = ({ query, page, cursor }: PageRequest<RemovedTenantFilters>) =>
  call('GET /api/removed-tenants', { query: { ...query, page, cursor } });

export const restoreTenants = (ids: readonly string[]) => call('POST /api/removed-tenants/restore', { body: { ids: [...ids] } });
