/**
 * The one-off migration to the search keys of issue 24 (docs/decisions.md "Name search in any order",
 * "One tenant's whole story"): a tenant stored before it carries the old `tname` key ('smith#ann#…',
 * accents kept), no `tname2` key and no `temail` key, so the program-wide search finds it by its last name
 * only and the staff search not by its e-mail. Each such tenant gets the keys tenantItem writes now
 * (tenant-names.ts nameIndexKeys, tenant-record.ts emailIndexKeys) with one UpdateItem of those attributes alone, on condition
 * that the tenant is the version read: any save since wrote the whole item, keys included, so a refused
 * update is a tenant already right (or gone). Nothing else changes (no history, no `updated_at`: the keys
 * are not part of the record, and an editor's version stays good).
 *
 * It reads every tenant with a paginated Scan: a one-off ops script over the whole table, never a
 * request path (localstack/tenant-names-migrate.ts; npm start runs it once on a table kept from before).
 * Idempotent: a tenant whose keys are right is left alone, so a second run writes nothing, and a run that
 * stopped is finished by running again, or resumed from the cursor it reported after its last page. A
 * complete run leaves a marker item, so npm start knows not to run it again.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { nameIndexKeys } from './tenant-names';
import { emailIndexKeys } from './tenant-record';
import { scanTenantPages } from './tenant-scan';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';

type Item = Record<string, NativeAttributeValue>;

const SEARCH_KEYS = ['tnamepk', 'tnamesk', 'tname2pk', 'tname2sk', 'temailpk', 'temailsk'] as const;

/**
 * Written when a run has read the table to its end (npm start asks for it before running). Named anew
 * when the keys grew (the e-mail's), so a table migrated for the names alone is read once more.
 */
const DONE_KEY = { pk: 'MIGRATION#tenant-search-keys', sk: 'DONE' };

/** UpdateItem calls in flight at once. */
const UPDATES_IN_FLIGHT = 16;

export interface NameKeyMigration {
  /** Tenants read. */
  scanned: number;
  /** Tenants given the new keys. */
  updated: number;
  /** Tenants saved by someone else between the read and the update (their keys written by that save), or deleted. */
  changedMeanwhile: number;
  /** Where the next page starts (null: the table was read to its end); `from` of a resumed run. */
  cursor: string | null;
}

/** The keys a stored tenant should carry and does not (null: it carries them). */
function keyUpdateOf(item: Item): { set: Record<string, string>; remove: string[] } | null {
  const tenant = { id: item.id as string, first_name: (item.first_name as string | undefined) ?? '', last_name: (item.last_name as string | null | undefined) ?? null, email: (item.email as string | undefined) ?? '' };
  const want = { ...nameIndexKeys(tenant), ...emailIndexKeys(tenant) };
  const set = Object.fromEntries(Object.entries(want).filter(([k, v]) => item[k] !== v));
  const remove = SEARCH_KEYS.filter((k) => !(k in want) && item[k] !== undefined);
  return Object.keys(set).length || remove.length ? { set, remove } : null;
}

async function updateKeys(item: Item, change: { set: Record<string, string>; remove: string[] }): Promise<boolean> {
  const names: Record<string, string> = { '#updated_at': 'updated_at' };
  const values: Record<string, NativeAttributeValue> = { ':seen': item.updated_at };
  const sets = Object.entries(change.set).map(([k, v]) => {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    return `#${k} = :${k}`;
  });
  for (const k of change.remove) names[`#${k}`] = k;
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', change.remove.length ? `REMOVE ${change.remove.map((k) => `#${k}`).join(', ')}` : ''].filter(Boolean).join(' ');
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, UpdateExpression: expression,
      ConditionExpression: '#updated_at = :seen', ExpressionAttributeNames: names, ExpressionAttributeValues: values,
    }));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Gives the tenants of one page that lack the new keys their keys; adds to `totals`. */
async function migratePage(items: readonly Item[], totals: NameKeyMigration): Promise<void> {
  totals.scanned += items.length;
  const due = items.flatMap((item) => {
    const change = keyUpdateOf(item);
    return change ? [{ item, change }] : [];
  });
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(UPDATES_IN_FLIGHT, due.length) }, async () => {
    while (next < due.length) {
      const { item, change } = due[next++]!;
      if (await updateKeys(item, change)) totals.updated += 1;
      else totals.changedMeanwhile += 1;
    }
  }));
}

/**
 * Reads every tenant (from `from`, a cursor of an earlier run) and writes the search keys (name and e-mail) of each one that
 * lacks them. `onPage` hears the totals after each page (the script prints them and the cursor).
 */
export async function migrateNameKeys(options: { from?: string | null; onPage?: (totals: Readonly<NameKeyMigration>) => void; scanPage?: number } = {}): Promise<NameKeyMigration> {
  const totals: NameKeyMigration = { scanned: 0, updated: 0, changedMeanwhile: 0, cursor: null };
  const attributes = ['pk', 'sk', 'id', 'first_name', 'last_name', 'email', 'updated_at', ...SEARCH_KEYS];
  await scanTenantPages({ ...options, attributes }, async (items, cursor) => {
    await migratePage(items, totals);
    totals.cursor = cursor;
    options.onPage?.(totals);
  });
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...DONE_KEY, at: new Date().toISOString(), ...totals } }));
  return totals;
}

/**
 * A table just made holds no tenant from before the search keys: nothing to migrate (the local stack's
 * deploy says so when it creates the data stack, so npm start does not read every tenant at each start).
 */
export async function markNameKeysMigrated(table: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table, Item: { ...DONE_KEY, at: new Date().toISOString(), new_table: true } }));
}

/** Has a run read the whole table to its end (since the new keys, every writer writes them)? */
export async function nameKeysMigrated(table = tableName()): Promise<boolean> {
  return Boolean((await dynamo().send(new GetCommand({ TableName: table, Key: DONE_KEY }))).Item);
}
