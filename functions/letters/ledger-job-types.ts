/**
 * The ledger-checks queue's job types and their input: what the routes checked and decided before
 * queueing (the facilities of the scope and their software), so the worker only asks and writes.
 */
import * as z from 'zod';
import type { JobQueueName } from '../../shared/jobs';

export const LEDGER_QUEUE: JobQueueName = 'ledger-checks';
export const LEDGER_JOB_TYPES = {
  sync: 'ledger-sync', preview: 'ineligible-preview', removal: 'ineligible-removal',
  /** Check Charges of one facility (functions/charges/). */
  chargeCheck: 'charge-check',
  /** The ledger reports, written as exports (functions/exports/ledger-reports.ts). */
  rentRollReport: 'sitelink-rent-roll-report', ledgerReport: 'storedge-ledger-report',
} as const;

const actor = z.object({ user_id: z.string(), username: z.string() });

/** Sync and preview: the scope, resolved by the route. */
export const ledgerScopeInput = z.object({
  scope: z.string(),
  facilities: z.array(z.object({
    id: z.string(),
    facility_number: z.string(),
    family: z.enum(['sitelink', 'storedge']),
    /** One open cycle of the facility, or null: all its open cycles. */
    cycle_id: z.string().nullable(),
  })),
  not_checked: z.array(z.object({ facility_number: z.string(), software: z.string() })),
  by: actor,
});
export type LedgerScopeInput = z.infer<typeof ledgerScopeInput>;

/** A confirmed removal: the preview it removes, and whether the cap was overridden. */
export const removalInput = z.object({ preview_id: z.string(), allow_over_cap: z.boolean(), by: actor });
export type RemovalInput = z.infer<typeof removalInput>;

/** The job's field that records the removal a preview was confirmed into (claimed once). */
export const CONFIRMED_FIELD = 'removal_job_id';

/** Check Charges: the facility and its software, checked by the route. */
export const chargeCheckInput = z.object({ facility_id: z.string(), facility_number: z.string(), family: z.enum(['sitelink', 'storedge']), by: actor });
export type ChargeCheckInput = z.infer<typeof chargeCheckInput>;
