/**
 * Restoring an archive (docs/decisions.md "Archives: what the job does and why nothing is lost"): its
 * tenants rebuilt from its export into their cycles, which leave the archive (archived_at cleared), each
 * stored field as the export holds it and every history entry put back under its own key, through the
 * tenant store (the counters move by exact deltas, the archive lock is honoured). What proves an export
 * complete; ops run it with `npm run archive:restore -- <archive id>`, admins with
 * POST /api/facility-archives/restore for archives small enough for one request.
 *
 * Streamed a page at a time from the export. A tenant that exists again is left as it is, so a restore
 * that stopped half way is run again to finish, and a second restore changes nothing.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { getCycle, updateCycle } from '../cycles/cycle-store';
import { conflict, notFound } from '../runtime/http-error';
import { getTenants, restoreTenants } from '../tenants/tenant-store';
import type { Actor, TransactItem } from '../tenants/tenant-store';
import { getCheckpoint } from './archive-checkpoint';
import { getArchive } from './archive-store';
import type { ArchiveRecord } from './archive-store';
import { readArchiveTenants } from './archive-workbook';
import type { ArchivedTenant } from './archive-workbook';

/** Tenants restored through one call of the tenant store (a few transactions). */
const RESTORE_PAGE = 100;

export interface RestoreResult { archive_id: string; cycle_ids: string[]; restored: number }

/** An archive that may be restored, with the cycles it archived. */
export interface RestorableArchive { archive: ArchiveRecord; cycleIds: string[] }

/** The archive to restore: on record (404), and its job done (409: its tenants may still be on their way out). */
export async function restorableArchive(archiveId: string): Promise<RestorableArchive> {
  const archive = await getArchive(archiveId);
  if (!archive) throw notFound('Archive not found.');
  const checkpoint = await getCheckpoint(archive.id);
  if (checkpoint?.phase !== 'done') {
    throw conflict(`The archive ${archive.export_filename} is still running; restore it once its job is done.`);
  }
  return { archive, cycleIds: checkpoint.cycles.map((c) => c.id) };
}

/**
 * Marks a tenant restored from this archive (ARCHIVE#{id} / RESTORED#{tenant id}), in the tenant's own
 * transaction: the one action the tenant store adds beside a restored tenant, and its undo should a
 * later transaction of the same page fail.
 */
function restoredMark(archiveId: string, tenantId: string, at: string): { release: TransactItem; keepAgain: TransactItem } {
  const key = { pk: `ARCHIVE#${archiveId}`, sk: `RESTORED#${tenantId}` };
  return {
    release: { Put: { TableName: tableName(), Item: { ...key, type: 'archive_restored', tenant_id: tenantId, restored_at: at } } },
    keepAgain: { Delete: { TableName: tableName(), Key: key } },
  };
}

/** The history entries back under their tenant, as they were stored (a Put of the same key again changes nothing). */
async function putHistory(tenants: readonly ArchivedTenant[]): Promise<void> {
  const items: Record<string, NativeAttributeValue>[] = tenants.flatMap(({ record, history }) => history.map((e) => ({
    pk: `TENANT#${record.id}`, sk: e.sk, type: 'tenant_history', facility_id: e.facility_id, at: e.at, action: e.action, by: e.by, changes: e.changes,
  })));
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, NativeAttributeValue> } }[]> | undefined = {
      [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
  }
}

/**
 * Rebuilds the archive's tenants; `onPage` hears how many are restored so far (the ops script prints it).
 * With `only.tenantId`, that one tenant alone comes back, into its own cycle, which leaves the archive (a
 * live tenant in an archived cycle would be hidden from every list); the archive's other cycles and
 * tenants stay archived. A tenant id the export does not hold is a 404.
 */
export async function restoreArchive(
  { archive, cycleIds }: RestorableArchive, actor: Actor, onPage?: (restored: number, read: number) => void, only?: { tenantId: string },
): Promise<RestoreResult> {
  const cycles = new Set<string>();
  let restored = 0;
  let read = 0;
  const at = new Date().toISOString();

  /** A cycle leaves the archive before its first tenant comes back (a cycle that is gone stops the restore: 409). */
  const reopen = async (cycleId: string) => {
    if (cycles.has(cycleId)) return;
    const cycle = await getCycle(cycleId);
    if (!cycle) throw conflict(`Cycle ${cycleId} of the archive ${archive.export_filename} no longer exists; its tenants cannot be restored.`);
    if (cycle.archived_at) await updateCycle(cycle, { archived_at: null });
    cycles.add(cycleId);
  };

  // Every cycle the archive archived comes back, those without tenants too (one tenant's restore: its cycle alone).
  if (!only) for (const id of cycleIds) await reopen(id);

  const restorePage = async (page: ArchivedTenant[]) => {
    const existing = new Set((await getTenants(page.map((t) => t.record.id))).map((t) => t.id));
    const missing = page.filter((t) => !existing.has(t.record.id));
    for (const t of page) await reopen(t.record.cycle_id);
    if (missing.length) {
      await restoreTenants(
        missing.map((t) => ({ tenant: t.record, ...restoredMark(archive.id, t.record.id, at) })), { actor, action: 'archive_restore' }, { sameVersion: true },
      );
    }
    // Put again for tenants already back too: a restore that stopped between a page's tenants and their history finishes it.
    await putHistory(page);
    restored += missing.length;
    read += page.length;
    onPage?.(restored, read);
  };

  let page: ArchivedTenant[] = [];
  let found = false;
  // The whole export is read even for one tenant: it is one facility's, and the workbook reader is left to end its stream itself.
  for await (const tenant of readArchiveTenants(archive.file_key)) {
    if (only && tenant.record.id !== only.tenantId) continue;
    found = true;
    page.push(tenant);
    if (page.length === RESTORE_PAGE) {
      await restorePage(page);
      page = [];
    }
  }
  if (page.length) await restorePage(page);
  if (only && !found) throw notFound(`Tenant ${only.tenantId} is not in the archive ${archive.export_filename}.`);
  return { archive_id: archive.id, cycle_ids: [...cycles], restored };
}
