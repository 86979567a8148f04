/**
 * Worker for the ledger-checks queue: the jobs that ask a facility's software (SiteLink, StorEdge).
 * Sync Tenant Statuses, the Remove Ineligible Tenants preview and the confirmed removal over a whole
 * facility, cycle or state (functions/letters/ledger-jobs.ts); Check Charges (functions/charges/); the
 * SiteLink rent roll and StorEdge ledger reports (functions/exports/ledger-report-runners.ts), loaded
 * by the first report with the workbook code, so cold init stays that of the checks.
 */
import { chargeCheckRunner } from '../charges/charge-check-job';
import type { LedgerReportJobType } from '../exports/export-jobs';
import { LEDGER_JOB_TYPES } from '../letters/ledger-job-types';
import { ledgerRunners } from '../letters/ledger-jobs';
import { createWorker } from '../runtime/worker';
import type { JobRunner } from '../runtime/worker';

const report = (type: LedgerReportJobType): JobRunner => async (ctx) => (await import('../exports/ledger-report-runners')).ledgerReportRunners[type](ctx);

export const handler = createWorker('ledger-checks', {
  [LEDGER_JOB_TYPES.sync]: ledgerRunners.sync,
  [LEDGER_JOB_TYPES.preview]: ledgerRunners.preview,
  [LEDGER_JOB_TYPES.removal]: ledgerRunners.removal,
  [LEDGER_JOB_TYPES.chargeCheck]: chargeCheckRunner,
  [LEDGER_JOB_TYPES.rentRollReport]: report(LEDGER_JOB_TYPES.rentRollReport),
  [LEDGER_JOB_TYPES.ledgerReport]: report(LEDGER_JOB_TYPES.ledgerReport),
});
