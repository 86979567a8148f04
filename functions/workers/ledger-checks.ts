/**
 * Worker for the ledger-checks queue: Sync Tenant Statuses, the Remove Ineligible Tenants preview and
 * the confirmed removal over a whole facility, cycle or state (functions/letters/ledger-jobs.ts).
 */
import { LEDGER_JOB_TYPES } from '../letters/ledger-job-types';
import { ledgerRunners } from '../letters/ledger-jobs';
import { createWorker } from '../runtime/worker';

export const handler = createWorker('ledger-checks', {
  [LEDGER_JOB_TYPES.sync]: ledgerRunners.sync,
  [LEDGER_JOB_TYPES.preview]: ledgerRunners.preview,
  [LEDGER_JOB_TYPES.removal]: ledgerRunners.removal,
});
