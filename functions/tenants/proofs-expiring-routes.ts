/**
 * Proofs expiring (issue 27), in the tenants API group (it only reads the program's tenants; staff only):
 *   GET /api/proofs-expiring         the list, 100 a page, by the day the proof ends, with its counts
 *   GET /api/proofs-expiring/export  the same list as a workbook, a job of the archive-exports worker
 * What is read is in functions/tenants/proofs-expiring.ts; docs/decisions.md "Proofs expiring (issue 27)".
 */
import * as z from 'zod';
import { PROOFS_EXPIRING_CONTRACTS, PROOFS_EXPIRING_PAGE_SIZE, PROOF_EXPIRY_WINDOW_DAYS } from '../../shared/contracts/proofs-expiring';
import type { ProofsExpiringFilters } from '../../shared/contracts/proofs-expiring';
import { EXPORT_JOB_TYPES, enqueueExport } from '../exports/export-jobs';
import { programToday } from '../program/program-settings';
import { openCursor, sealCursor } from '../runtime/cursor';
import { implement, requireCaller } from '../runtime/route';
import { proofsExpiringExportName } from './proofs-expiring-export';
import type { ProofsExpiringExportInput } from './proofs-expiring-export';
import { countsOf, dueProofs, lastDayOf, rowsOf } from './proofs-expiring';
import type { DueProof, ExpiringScope } from './proofs-expiring';

const scopeOf = (filters: ProofsExpiringFilters, today: string): ExpiringScope => ({
  today, withinDays: filters.within_days ?? PROOF_EXPIRY_WINDOW_DAYS, facilityNumber: filters.facility_number, programKey: filters.insurance_program_key,
});

/** The list a cursor is good for: the same filters (a cursor names where the page before ended, by the index's sort key). */
const cursorList = (scope: ExpiringScope) =>
  `proofs-expiring ${JSON.stringify([scope.facilityNumber?.toLowerCase() ?? null, scope.programKey ?? null, scope.withinDays])}`;
const CURSOR_REFUSED = 'cursor is not one this list answered for these filters. Start again from page 1.';
const cursorShape = z.strictObject({ after: z.string().min(1) });

/**
 * Where the page starts in the window's list: after the proof the cursor named (found again by its key,
 * or, if it has left the list since, after the keys before it), or (page − 1) × 100 in.
 */
function startOf(due: readonly DueProof[], page: number, after: string | null): number {
  if (after === null) return (page - 1) * PROOFS_EXPIRING_PAGE_SIZE;
  const at = due.findIndex((d) => d.sortKey === after);
  if (at >= 0) return at + 1;
  const next = due.findIndex((d) => d.sortKey > after);
  return next >= 0 ? next : due.length;
}

export const proofsExpiringRoutes = {
  'GET /api/proofs-expiring': implement(PROOFS_EXPIRING_CONTRACTS['GET /api/proofs-expiring'], async ({ query }) => {
    const page = query.page ?? 1;
    const perPage = PROOFS_EXPIRING_PAGE_SIZE;
    const scope = scopeOf(query, await programToday());
    // A cursor this list did not answer is refused before anything is read.
    const after = query.cursor ? (await openCursor(cursorList(scope), query.cursor, cursorShape, CURSOR_REFUSED)).after : null;
    const due = await dueProofs(scope);
    const start = startOf(due, page, after);
    const slice = due.slice(start, start + perPage);
    const rows = await rowsOf(slice, scope.today);
    const more = start + perPage < due.length;
    return {
      body: {
        data: rows,
        pagination: {
          current_page: page, last_page: Math.max(1, Math.ceil(due.length / perPage)), per_page: perPage,
          from: slice.length ? start + 1 : null, to: slice.length ? start + slice.length : null,
          total: due.length, exact: true,
          next_cursor: more && slice.length ? await sealCursor(cursorList(scope), { after: slice.at(-1)!.sortKey }) : null,
        },
        counts: countsOf(due, scope.today),
        window: { from: scope.today, to: lastDayOf(scope), days: scope.withinDays },
      },
    };
  }),

  'GET /api/proofs-expiring/export': implement(PROOFS_EXPIRING_CONTRACTS['GET /api/proofs-expiring/export'], async (input) => {
    const caller = requireCaller(input);
    const today = await programToday();
    const scope = scopeOf(input.query, today);
    // Today is fixed when the job is queued, so the workbook is the list the user saw and a retry writes the same rows' days.
    const filters: ProofsExpiringExportInput['scope'] = {
      today, within_days: scope.withinDays, facility_number: scope.facilityNumber ?? null, insurance_program_key: scope.programKey ?? null,
    };
    return {
      body: await enqueueExport({
        type: EXPORT_JOB_TYPES.proofsExpiring, owner: { kind: 'staff' }, name: proofsExpiringExportName(filters),
        createdBy: caller.user.id, input: { scope: filters },
      }),
    };
  }),
};
