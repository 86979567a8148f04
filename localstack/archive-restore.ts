/**
 * `npm run archive:restore -- <archive id> [--tenant <tenant id>]` rebuilds an archive's tenants from its
 * export into their cycles (functions/archives/archive-restore.ts), for ops: any size, page by page,
 * printing its progress; run again to finish a restore that stopped (tenants already back are left as
 * they are). With --tenant, that one tenant alone comes back, into its cycle (docs/operations.md).
 *
 * Against npm start's stack by default. Against AWS: set AWS_ENDPOINT_URL to nothing, with AWS_REGION,
 * the usual credentials, APP_TABLE_NAME and EXPORTS_BUCKET_NAME of the deployment (README: Operations).
 * The restore is recorded in each tenant's history as done by `ops` (or ARCHIVE_RESTORE_BY).
 */
import { countOf } from '../shared/format';
import { useOpsTarget } from './ops-target';

const [archiveId, flag, tenantId, ...extra] = process.argv.slice(2).map((a) => a.trim());
if (!archiveId || (flag !== undefined && (flag !== '--tenant' || !tenantId)) || extra.length > 0) {
  console.error('Usage: npm run archive:restore -- <archive id> [--tenant <tenant id>]');
  process.exit(2);
}
const only = tenantId ? { tenantId } : undefined;
await useOpsTarget();

const { restorableArchive, restoreArchive } = await import('../functions/archives/archive-restore');
const { HttpError } = await import('../functions/runtime/http-error');
try {
  const restorable = await restorableArchive(archiveId);
  const { archive } = restorable;
  console.log(only ? `Restoring tenant ${only.tenantId} from ${archive.export_filename} (facility ${archive.facility_number})...`
    : `Restoring ${archive.tenant_count} tenants of ${archive.export_filename} (facility ${archive.facility_number})...`);
  const by = process.env.ARCHIVE_RESTORE_BY?.trim() || 'ops';
  const result = await restoreArchive(restorable, { user_id: by, username: by }, (restored, read) => {
    if (read % 1000 === 0) console.log(`  ${read} read, ${restored} restored`);
  }, only);
  console.log(`Done: ${countOf(result.restored, 'tenant')} restored into ${countOf(result.cycle_ids.length, 'cycle')}${result.cycle_ids.length ? ` (${result.cycle_ids.join(', ')})` : ''}.`);
} catch (err) {
  if (!(err instanceof HttpError)) throw err;
  console.error(err.message);
  process.exit(1);
}
