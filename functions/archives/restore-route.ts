/**
 * POST /api/facility-archives/restore (ADMIN; docs/decisions.md "Archives: what the job does and why
 * nothing is lost"): an archive's tenants rebuilt from its export (functions/archives/archive-restore.ts).
 * One request restores at most RESTORE_ROUTE_LIMIT tenants, what fits well within API Gateway's 29 s;
 * a bigger archive is restored by ops with `npm run archive:restore -- <archive id>`, which has no limit.
 * Spread into the facility-archives group by functions/api/facility-archives.ts.
 */
import { ARCHIVE_CONTRACTS } from '../../shared/contracts/archives';
import { unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';

export const RESTORE_ROUTE_LIMIT = 2_000;

export const archiveRestoreRoutes: Record<'POST /api/facility-archives/restore', RouteImpl> = {
  'POST /api/facility-archives/restore': implement(ARCHIVE_CONTRACTS['POST /api/facility-archives/restore'], async (input) => {
    const caller = requireCaller(input);
    // Loaded with the first restore: the workbook reader (and exceljs, installed beside the bundle) stay out of the group's init.
    const { restorableArchive, restoreArchive } = await import('./archive-restore');
    const restorable = await restorableArchive(input.body.archive_id);
    if (restorable.archive.tenant_count > RESTORE_ROUTE_LIMIT) {
      throw unprocessable(
        `The archive ${restorable.archive.export_filename} holds ${restorable.archive.tenant_count} tenants, more than one request restores (${RESTORE_ROUTE_LIMIT}). `
        + `Ops restore it with: npm run archive:restore -- ${restorable.archive.id}`,
        'archive_id',
      );
    }
    return { body: await restoreArchive(restorable, { user_id: caller.user.id, username: caller.user.username }) };
  }),
};
