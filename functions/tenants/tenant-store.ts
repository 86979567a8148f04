/**
 * Tenants in the app table (docs/data-model.md):
 *   TENANT#{id} / PROFILE   the tenant; gsi1 CYCLE#{cycleId}#TENANTS / {last name, first name, id} lists a cycle's tenants
 *
 * Every tenant write goes through this module, because it keeps the cycle's and the facility's STATS
 * counters (functions/program/counters.ts) in the same transaction as the tenant, then refreshes the
 * two catalog entries whose filter flags read those counters. Nothing else may write tenants.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { refreshCycleEntry, cycleStatsKey } from '../cycles/cycle-store';
import { facilityStatsKey, refreshFacilityEntry } from '../facilities/facility-store';
import type { Counters, CountedTenant } from '../program/counters';
import { contributionOf, delta, sumCounters } from '../program/counters';
import { conflict } from '../runtime/http-error';

export interface TenantRecord extends CountedTenant {
  id: string;
  facility_id: string;
  facility_number: string;
  cycle_id: string;
  first_name: string;
  last_name: string | null;
  email: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  unit: string;
  ledger_id: string;
  coverage_id: string | null;
  provided_proof_date: string | null;
  opt_out_date: string | null;
  move_out_date: string | null;
  bad_address_date: string | null;
  created_at: string;
  updated_at: string;
}

export type NewTenant = Omit<TenantRecord, 'id' | 'created_at' | 'updated_at'>;

const tenantKey = (id: string) => ({ pk: `TENANT#${id}`, sk: 'PROFILE' });

const toItem = (t: TenantRecord) => ({
  ...tenantKey(t.id), type: 'tenant', ...t,
  gsi1pk: `CYCLE#${t.cycle_id}#TENANTS`,
  gsi1sk: `${(t.last_name ?? '').toLowerCase()}#${t.first_name.toLowerCase()}#${t.id}`,
});

/** One ADD of counter deltas on a STATS item. */
function addCounters(key: { pk: string; sk: string }, deltas: Partial<Counters>) {
  const names = Object.keys(deltas);
  if (names.length === 0) return [];
  return [{
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:c${i}`, deltas[n as keyof Counters] as NativeAttributeValue])),
    },
  }];
}

/** DynamoDB transactions hold at most 100 actions: tenants plus the two counter updates. */
const TENANTS_PER_TRANSACTION = 90;

/**
 * Adds tenants to one cycle. Each chunk of tenants and the counters it adds are one transaction, so
 * the counters always equal the tenants stored, whatever fails in between.
 */
export async function createTenants(cycle: { id: string; facility_id: string }, tenants: readonly NewTenant[]): Promise<TenantRecord[]> {
  const now = new Date().toISOString();
  const created = tenants.map((t): TenantRecord => ({ ...t, cycle_id: cycle.id, facility_id: cycle.facility_id, id: randomUUID(), created_at: now, updated_at: now }));
  for (let i = 0; i < created.length; i += TENANTS_PER_TRANSACTION) {
    const chunk = created.slice(i, i + TENANTS_PER_TRANSACTION);
    const added = sumCounters(chunk.map((t) => contributionOf(t)));
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        ...chunk.map((t) => ({ Put: { TableName: tableName(), Item: toItem(t), ConditionExpression: 'attribute_not_exists(pk)' } })),
        ...addCounters(cycleStatsKey(cycle.id), added),
        ...addCounters(facilityStatsKey(cycle.facility_id), added),
      ],
    }));
  }
  await refreshCycleEntry(cycle.id);
  await refreshFacilityEntry(cycle.facility_id);
  return created;
}

/**
 * Saves a changed tenant (status, tag, letters, charge...), conditional on the version read, and moves
 * the counters by exactly the difference between the two versions.
 */
export async function saveTenant(current: TenantRecord, changes: Partial<Omit<TenantRecord, 'id' | 'cycle_id' | 'facility_id' | 'created_at'>>): Promise<TenantRecord> {
  const next: TenantRecord = { ...current, ...changes, updated_at: new Date().toISOString() };
  const moved = delta(contributionOf(current), contributionOf(next));
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: toItem(next), ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': current.updated_at } } },
        ...addCounters(cycleStatsKey(current.cycle_id), moved),
        ...addCounters(facilityStatsKey(current.facility_id), moved),
      ],
    }));
  } catch (e) {
    if (e instanceof Error && e.name === 'TransactionCanceledException') throw conflict('This tenant was changed by someone else. Reload and try again.');
    throw e;
  }
  if (Object.keys(moved).length > 0) {
    await refreshCycleEntry(current.cycle_id);
    await refreshFacilityEntry(current.facility_id);
  }
  return next;
}
