/**
 * The ledger ids an archive took out of the system (docs/data-model.md "Archives"): once the archive
 * has deleted a facility's tenants, these are what keeps the import rule 'already went through the
 * system' (functions/imports/import-target.ts ledgerStandings): a rent roll naming one of them again
 * lists it in the duplicates file instead of adding it as a new tenant.
 *
 *   FACILITY#{id} / ARCHIVED_LEDGERS#{archiveId}#{part}   ledgers: string set of ledgerKey values
 *
 * Written by the archive job before it deletes anything, so no tenant is gone without its ledger id on
 * record. One item per ~300 KB of ids (DynamoDB items stop at 400 KB), numbered from 1.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { ledgerKey } from '../imports/ledger-key';

const PREFIX = 'ARCHIVED_LEDGERS#';

/** Bytes of ledger keys one item holds, well under DynamoDB's 400 KB item limit. */
export const ARCHIVED_LEDGERS_PART_BYTES = 300_000;

const partKey = (facilityId: string, archiveId: string, part: number) => ({
  pk: `FACILITY#${facilityId}`, sk: `${PREFIX}${archiveId}#${String(part).padStart(3, '0')}`,
});

/** The distinct ledger keys, in order, cut into parts of at most `maxBytes` (UTF-8, each key counted with a little overhead). */
export function ledgerParts(ledgerIds: readonly string[], maxBytes = ARCHIVED_LEDGERS_PART_BYTES): string[][] {
  const keys = [...new Set(ledgerIds.map(ledgerKey).filter((k) => k.length > 0))];
  const parts: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const size = Buffer.byteLength(key, 'utf8') + 3;
    if (current.length > 0 && bytes + size > maxBytes) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(key);
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * Puts the archive's ledger ids on record for its facility. Idempotent: a resumed archive job puts the
 * same parts again (the ids come from its verified export). Ids that are blank are left out.
 */
export async function recordArchivedLedgers(facilityId: string, archiveId: string, ledgerIds: readonly string[]): Promise<void> {
  const parts = ledgerParts(ledgerIds);
  for (const [i, ledgers] of parts.entries()) {
    await dynamo().send(new PutCommand({
      TableName: tableName(),
      Item: { ...partKey(facilityId, archiveId, i + 1), type: 'archived_ledgers', facility_id: facilityId, archive_id: archiveId, ledgers: new Set(ledgers) },
    }));
  }
}

/** Every ledger key any archive took out of the facility (one Query of the facility's partition prefix). */
export async function archivedLedgerKeys(facilityId: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `FACILITY#${facilityId}`, ':prefix': PREFIX },
      ProjectionExpression: 'ledgers',
      ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) for (const key of (item.ledgers as Set<string> | undefined) ?? []) keys.add(key);
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return keys;
}
