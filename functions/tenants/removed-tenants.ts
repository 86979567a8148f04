/**
 * Tenants removed as ineligible stay recoverable for 30 days (docs/decisions.md "Letters: removing
 * ineligible tenants safely"). The removal deletes the tenant item through the tenant store (so it
 * leaves every list, index and counter exactly as a deletion does) and, in the same transaction, keeps
 * a copy beside the tenant's history:
 *
 *   TENANT#{id} / REMOVED   the record as it was, why and by whom it went; TTL expires_at_epoch
 *     gsi1  REMOVED_TENANTS / {expires_at}#{id}                        every removed tenant, newest first
 *     gsi2  REMOVED_TENANTS#{facility number lower-case} / {expires_at}#{id}   one facility's
 *
 * Restoring puts the record back (counters, catalog and a 'restored' history entry through the store)
 * and deletes the copy in the same transaction. The index sort key is the expiry, so a Query from now
 * on reads only copies that can still be restored, whatever TTL's deletion lag.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { REMOVED_TENANT_DAYS } from '../../shared/contracts/ledger-checks';
import type { Ineligibility, RemovedTenant } from '../../shared/contracts/ledger-checks';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { cycleKey } from '../cycles/cycle-store';
import { indexKeyShape, openCursor, sealCursor } from '../runtime/cursor';
import { HttpError } from '../runtime/http-error';
import { tenantFromItem, tenantKey } from './tenant-record';
import type { TenantRecord } from './tenant-record';
import { restoreTenants } from './tenant-store';
import type { RecoverableRemoval, TenantWrite, TransactItem } from './tenant-store';

const removedKey = (id: string) => ({ pk: `TENANT#${id}`, sk: 'REMOVED' });
const ALL = 'REMOVED_TENANTS';
const ofFacility = (facilityNumber: string) => `${ALL}#${facilityNumber.trim().toLowerCase()}`;
const DAY_MS = 24 * 60 * 60 * 1000;

interface RemovedItem {
  tenant: TenantRecord;
  reason: Ineligibility;
  removed_at: string;
  removed_by: { user_id: string; username: string };
  /** The removal job that took it (one confirmed preview). */
  removal_id: string;
  expires_at: string;
}

function removedItem(r: RemovedItem): Record<string, NativeAttributeValue> {
  const sk = `${r.expires_at}#${r.tenant.id}`;
  return {
    ...removedKey(r.tenant.id), type: 'removed_tenant', ...r, expires_at_epoch: Math.floor(Date.parse(r.expires_at) / 1000),
    gsi1pk: ALL, gsi1sk: sk, gsi2pk: ofFacility(r.tenant.facility_number), gsi2sk: sk,
  };
}

/** A tenant store removal of `tenant` that keeps its copy for REMOVED_TENANT_DAYS, written as `how` (its action names the reason). */
export function recoverableRemoval(tenant: TenantRecord, reason: Ineligibility, how: TenantWrite, removalId: string, now = new Date()): RecoverableRemoval {
  const item = removedItem({
    tenant, reason, removed_at: now.toISOString(), removed_by: how.actor, removal_id: removalId,
    expires_at: new Date(now.getTime() + REMOVED_TENANT_DAYS * DAY_MS).toISOString(),
  });
  return {
    tenant,
    keep: { Put: { TableName: tableName(), Item: item } },
    unkeep: { Delete: { TableName: tableName(), Key: removedKey(tenant.id) } },
    how,
  };
}

const nameOf = (t: TenantRecord) => [t.first_name, t.last_name].filter(Boolean).join(' ');

function viewOf(item: Record<string, NativeAttributeValue>): RemovedTenant {
  const t = tenantFromItem(item.tenant as Record<string, NativeAttributeValue>);
  return {
    id: t.id, facility_number: t.facility_number, unit: t.unit, name: nameOf(t), ledger_id: t.ledger_id, reason: item.reason as Ineligibility,
    removed_at: item.removed_at as string, removed_by: (item.removed_by as { username: string }).username, expires_at: item.expires_at as string,
  };
}

const PAGE = 100;
/** The list a cursor is good for: one index partition (functions/runtime/cursor.ts). */
const cursorList = (index: string, pk: string) => `removed-tenants ${index} ${pk}`;

/**
 * Where the next page starts (the last item's keys in the index); undefined: the first page.
 */
async function startKeyOf(cursor: string | undefined, index: string, pk: string): Promise<Record<string, NativeAttributeValue> | undefined> {
  if (!cursor) return undefined;
  const refused = 'cursor is not one this list answered. Start again from page 1.';
  const key = await openCursor(cursorList(index, pk), cursor, indexKeyShape(index), refused);
  if (key[`${index}pk`] !== pk) throw new HttpError(422, refused, { field: 'cursor' });
  return key;
}

/**
 * Removed tenants that can still be restored, newest first, 100 a page by cursor (Query of gsi1, or of
 * gsi2 for one facility; the index's sort key is when the kept copy expires).
 */
export async function listRemovedTenants(q: { facilityNumber?: string; cursor?: string; page?: number }) {
  const [index, pk] = q.facilityNumber ? ['gsi2', ofFacility(q.facilityNumber)] : ['gsi1', ALL];
  const startKey = await startKeyOf(q.cursor, index, pk);
  const now = new Date().toISOString();
  // The page before ended with a copy that has expired since, and so has every one after it: DynamoDB
  // would refuse a start key outside the key condition.
  const expired = startKey !== undefined && String(startKey[`${index}sk`]) <= now;
  const out = expired ? { Items: [], LastEvaluatedKey: undefined } : await dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: index,
    KeyConditionExpression: '#pk = :pk AND #sk > :now',
    ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk` },
    ExpressionAttributeValues: { ':pk': pk, ':now': now },
    ScanIndexForward: false, Limit: PAGE, ExclusiveStartKey: startKey,
  }));
  const data = (out.Items ?? []).map(viewOf);
  const page = q.page ?? 1;
  const from = (page - 1) * PAGE;
  const next = out.LastEvaluatedKey ? await sealCursor(cursorList(index, pk), out.LastEvaluatedKey) : null;
  return {
    data,
    pagination: {
      current_page: page, last_page: next ? page + 1 : page, per_page: PAGE, total: from + data.length + (next ? 1 : 0),
      from: data.length ? from + 1 : null, to: data.length ? from + data.length : null, exact: false, next_cursor: next,
    },
  };
}

const listOf = (names: readonly string[]) => (names.length > 10 ? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more` : names.join(', '));

/**
 * Restores removed tenants, all or none: each must still be restorable, its cycle must still exist and
 * no tenant of its id may exist again (an import since brings it back by its own id). Answers how many.
 */
export async function restoreRemovedTenants(ids: readonly string[], how: TenantWrite): Promise<number> {
  const now = new Date().toISOString();
  const [copies, current] = await Promise.all([batchGetItems(ids.map(removedKey)), batchGetItems(ids.map(tenantKey), 'id')]);
  const byId = new Map(copies.filter((c) => (c.expires_at as string) > now).map((c) => [(c.tenant as { id: string }).id, c]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    throw new HttpError(404, `${missing.length === 1 ? 'This tenant is' : `${missing.length} of these tenants are`} not among the removed tenants that can be restored (restored already, or removed more than ${REMOVED_TENANT_DAYS} days ago): ${listOf(missing)}. Nothing was restored.`,
      { field: 'ids', details: missing.map((id) => ({ id, message: 'Not restorable.' })) });
  }
  const removed = ids.map((id) => byId.get(id)!);
  const tenants = removed.map((c) => tenantFromItem(c.tenant as Record<string, NativeAttributeValue>));
  const back = new Set(current.map((c) => c.id as string));
  const refuse = (bad: TenantRecord[], why: string) => {
    if (!bad.length) return;
    throw new HttpError(409, `${bad.length === 1 ? '1 of these tenants' : `${bad.length} of these tenants`} ${why}: ${listOf(bad.map(nameOf))}. Nothing was restored.`,
      { field: 'ids', details: bad.map((t) => ({ id: t.id, message: why })) });
  };
  refuse(tenants.filter((t) => back.has(t.id)), 'exist again (imported since)');
  const cycles = new Set((await batchGetItems(tenants.map((t) => cycleKey(t.cycle_id)), 'id')).map((c) => c.id as string));
  refuse(tenants.filter((t) => !cycles.has(t.cycle_id)), 'belong to a cycle that no longer exists');
  await restoreTenants(removed.map((copy, i) => ({
    tenant: tenants[i]!,
    // Only the copy read: a second restore at the same time finds it gone and changes nothing.
    release: {
      Delete: { TableName: tableName(), Key: removedKey(tenants[i]!.id), ConditionExpression: 'removed_at = :removed', ExpressionAttributeValues: { ':removed': copy.removed_at } },
    } satisfies TransactItem,
    keepAgain: { Put: { TableName: tableName(), Item: copy } },
  })), how);
  return tenants.length;
}
