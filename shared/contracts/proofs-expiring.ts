/**
 * Proofs expiring (issue 27; docs/decisions.md "Proofs expiring"): the staff list of tenants whose
 * accepted proof of insurance ends within the next days (30 by default), by the day it ends, with
 * facility and insurance-program filters, counts, cursor paging, and the same list as a workbook job.
 */
import * as z from 'zod';
import { cursorPagination } from './contract';
import type { RouteContract } from './contract';
import { queuedExport } from './export-file';
import { formInt } from './form';
import type { RouteKey } from '../routes';

export const PROOFS_EXPIRING_PAGE_SIZE = 100;
/** The list looks this many days ahead of today unless asked otherwise (the "within 30 days"). */
export const PROOF_EXPIRY_WINDOW_DAYS = 30;
/** The header's second count: proofs ending within this many days. */
export const PROOF_EXPIRY_SOON_DAYS = 7;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The filters of the list and of its export. */
export const proofsExpiringFilters = z.object({
  facility_number: z.preprocess(blankToUndefined, z.string().trim().max(20, 'facility_number must be at most 20 characters.').optional()),
  insurance_program_key: z.preprocess(blankToUndefined, z.string().trim().max(50, 'insurance_program_key must be at most 50 characters.').optional()),
  /** Today and this many days after it (0: only proofs ending today); 30 when left out. */
  within_days: z.preprocess(
    blankToUndefined,
    formInt.pipe(z.number().min(0, 'within_days must be from 0 to 30.').max(PROOF_EXPIRY_WINDOW_DAYS, 'within_days must be from 0 to 30.')).optional(),
  ),
});
export type ProofsExpiringFilters = z.output<typeof proofsExpiringFilters>;

export const proofsExpiringQuery = proofsExpiringFilters.extend({
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(10_000, 'page must be at most 10000.')).optional(),
  cursor: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
});

/** One tenant whose proof ends in the window; dates are YYYY-MM-DD (the program's calendar). */
export const proofExpiringRow = z.object({
  tenant_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  unit: z.string(),
  email: z.string(),
  facility_id: z.string(),
  facility_number: z.string(),
  account_name: z.string(),
  insurance_program_key: z.string(),
  insurance_program_label: z.string(),
  /** The insurer of the accepted proof; null when the tenant's proof on file names none. */
  insurer: z.string().nullable(),
  proof_expiry_date: z.string(),
  /** Days from today (the program's) to the day the proof ends: 0 on the day itself. */
  days_left: z.number(),
});
export type ProofExpiringRow = z.infer<typeof proofExpiringRow>;

/** Counts of the whole filtered window, whatever the page. */
export const proofsExpiringCounts = z.object({
  total: z.number(),
  within_7_days: z.number(),
  ends_today: z.number(),
});
export type ProofsExpiringCounts = z.infer<typeof proofsExpiringCounts>;

export const proofsExpiringPage = z.object({
  data: z.array(proofExpiringRow),
  pagination: cursorPagination,
  counts: proofsExpiringCounts,
  /** The days the list covers: today (the program's) through `to`. */
  window: z.object({ from: z.string(), to: z.string(), days: z.number() }),
});
export type ProofsExpiringPage = z.infer<typeof proofsExpiringPage>;

export const PROOFS_EXPIRING_CONTRACTS = {
  'GET /api/proofs-expiring': {
    summary: 'Tenants whose accepted proof of insurance ends within the next days, by the day it ends, with counts',
    query: proofsExpiringQuery,
    response: proofsExpiringPage,
  },
  'GET /api/proofs-expiring/export': {
    summary: 'Queue the same list (same filters, every row) as a workbook job',
    query: proofsExpiringFilters,
    response: queuedExport,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
