/**
 * Every tenant change on record (beyond the spec): who changed which fields from what to what, when
 * and through which action. Written by the tenant store in the same transaction as the change.
 *
 *   TENANT#{id} / HISTORY#{ISO time}#{random}   one entry per write, read newest first
 */
import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { RespondSignIn } from '../../shared/contracts/respond';
import type { HistoryEntry } from '../../shared/contracts/tenants';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import type { TenantRecord } from './tenant-record';

export interface Actor { user_id: string; username: string }

/**
 * Who writes and through which action: 'staff_edit', 'status_change', 'bulk_edit', 'reset', 'delete',
 * 'manager_edit', 'tag_for_removal', 'charge_confirmed', 'import', 'letter', 'archive', 'seed'... (an undone part of
 * a bulk action is recorded as '{action}_undone').
 */
export interface TenantWrite {
  actor: Actor;
  action: string;
  /**
   * The archive this write belongs to (its job deleting the tenants it backed up): the one write an
   * archive lock lets through (functions/archives/archive-lock.ts). Absent for every other write.
   */
  archive_id?: string;
  /** Fields whose earlier value the history entry does not keep (the gate code the access-code migration replaces: it is kept nowhere). */
  forget?: readonly (keyof TenantRecord)[];
  /** A tenant's answer on the response portal: how its session was signed in, kept on the entry for a dispute (security issue 23). */
  sign_in?: RespondSignIn;
}

/** Fields that are bookkeeping, not content (the waiting proof's id: the entry's action already says what happened to the proof). */
const SKIPPED = new Set(['updated_at', 'created_at', 'waiting_proof_id']);

/** The fields that differ between two versions (a creation records only that it happened, to keep imports small). */
export function changedFields(before: TenantRecord | null, after: TenantRecord | null): HistoryEntry['changes'] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((n) => !SKIPPED.has(n)).sort();
  return names.flatMap((field) => {
    const from = b[field] ?? null;
    const to = a[field] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) return [];
    // A deletion records only that it happened, not every field going to null.
    if (after === null) return [];
    return [{ field, from, to }];
  });
}

/** The Put of one history entry, for the writer's transaction. */
export function historyPut(before: TenantRecord | null, after: TenantRecord | null, how: TenantWrite, at: string) {
  const owner = (after ?? before)!;
  const changes = before === null ? [] : changedFields(before, after).map((c) => (how.forget?.includes(c.field as keyof TenantRecord) ? { ...c, from: null } : c));
  const put = historyNotePut(owner, { ...how, action: after === null ? how.action || 'delete' : how.action }, changes, at);
  if (how.sign_in) put.Put.Item.sign_in = how.sign_in;
  return put;
}

/**
 * The Put of a history entry that is not a change of the tenant's record: something that happened to the
 * tenant (its e-mail returned, an e-mail not sent to a suppressed address), told as `changes`.
 */
export function historyNotePut(
  owner: Pick<TenantRecord, 'id' | 'facility_id'>, how: Pick<TenantWrite, 'actor' | 'action'>, changes: HistoryEntry['changes'], at: string,
  /** The entry's own suffix, for a note written again on a redelivery (the same item, not a second); random when absent. */
  entryId: string = randomBytes(4).toString('hex'),
) {
  const item: Record<string, NativeAttributeValue> = {
    pk: `TENANT#${owner.id}`,
    sk: `HISTORY#${at}#${entryId}`,
    type: 'tenant_history',
    facility_id: owner.facility_id,
    at,
    action: how.action,
    by: how.actor,
    changes,
  };
  return { Put: { TableName: tableName(), Item: item } };
}

/** A tenant's history, newest first (at most `limit` entries). */
export async function tenantHistory(id: string, limit = 200): Promise<HistoryEntry[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :history)',
    ExpressionAttributeValues: { ':pk': `TENANT#${id}`, ':history': 'HISTORY#' },
    ScanIndexForward: false,
    Limit: limit,
  }));
  return (out.Items ?? []).map(historyEntryOf);
}

/** A stored history entry as the calls answer it (GET /api/tenants/{id}/history, the tenant page). */
export function historyEntryOf(item: Record<string, NativeAttributeValue>): HistoryEntry {
  return {
    at: item.at as string, action: item.action as string, by: item.by as HistoryEntry['by'], changes: item.changes as HistoryEntry['changes'],
    ...(item.sign_in ? { sign_in: item.sign_in as RespondSignIn } : {}),
  };
}
