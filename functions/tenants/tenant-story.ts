/**
 * One tenant's whole story (issue 24; GET /api/tenants/{id}/story): the record, every letter it was
 * sent, the proofs it uploaded with their review, and its history, for the staff tenant page. Every
 * part is found by the tenant's id, with no Scan and no list of the program read:
 *
 *   Query  TENANT#{id} (the whole partition, newest first)   the record (PROFILE), its letters (LETTER#),
 *                                                            its history (HISTORY#), a removed copy (REMOVED)
 *   Query  gsi3 PROOFS#TENANT#{id}                           its proofs, decided ones included
 *   then   BatchGetItem its cycle's and facility's PROFILE   the labels the page shows
 *   and    GetItem EMAIL_SUPPRESSION#{its address}           its returned e-mail (issue 26)
 *
 * The first two run at once, then the last two, so the page costs two round trips whatever the size of the program.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { MailedLetterType } from '../../shared/contracts/letters';
import type { TenantLetter, TenantProof, TenantStory } from '../../shared/contracts/tenant-story';
import { rejectionText } from '../../shared/proof-rejection';
import type { ProofRejectionCode } from '../../shared/proof-rejection';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { cycleKey } from '../cycles/cycle-store';
import { getSuppression } from '../email/email-suppression';
import { facilityKey } from '../facilities/facility-store';
import { TENANT_LETTER_PREFIX, tenantLetterOf } from '../letters/tenant-letters';
import { tenantProofsPk } from '../proofs/proof-record';
import { notFound } from '../runtime/http-error';
import { historyEntryOf } from './tenant-history';
import { tenantFromItem } from './tenant-record';
import type { TenantRecord } from './tenant-record';
import { historyFor, viewOf } from './tenant-view';

type Item = Record<string, NativeAttributeValue>;

/**
 * A tenant's items beyond this many are not read: its record and letters sort before its history
 * (newest first), so only the oldest history entries of a tenant written over a thousand times would be left out.
 */
const PARTITION_ITEMS = 1000;

/** Everything under TENANT#{id}, newest first (REMOVED, PROFILE, POLICY_SETUP#, LETTER#, HISTORY#). */
async function tenantPartition(id: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `TENANT#${id}` },
      ScanIndexForward: false, ConsistentRead: true, ExclusiveStartKey: startKey, Limit: PARTITION_ITEMS - items.length,
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < PARTITION_ITEMS);
  return items;
}

/** The tenant's proofs, newest first (gsi3 keeps every proof, decided or not). */
async function tenantProofs(id: string): Promise<TenantProof[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': tenantProofsPk(id) }, ScanIndexForward: false, Limit: 100,
  }));
  return (out.Items ?? []).map((p) => ({
    id: p.id as string, insurer: p.insurer as string, policy_expiry_date: p.policy_expiry_date as string,
    content_type: p.content_type as TenantProof['content_type'], submitted_at: p.submitted_at as string, review: p.review as TenantProof['review'],
    decided_at: (p.decided_at as string | null) ?? null, decided_by: (p.decided_by as { username: string } | null)?.username ?? null,
    // The common reason chosen (in English, as staff read it) and the reviewer's own words.
    reject_reason: rejectionText((p.reject_reason_code as ProofRejectionCode | null | undefined) ?? null, (p.reject_reason as string | null) ?? null) || null,
  }));
}

const SENT_DATE: Record<MailedLetterType, 'initial_letter_sent_date' | 'reminder_letter_sent_date' | 'welcome_letter_sent_date'> = {
  initial: 'initial_letter_sent_date', reminder: 'reminder_letter_sent_date', welcome: 'welcome_letter_sent_date',
};

/**
 * The letters on record and, for a letter-sent date no record carries (a batch made before batches
 * wrote their letters under each tenant), that letter with only its type and date: its batch is not known.
 */
export function lettersOf(tenant: TenantRecord, recorded: readonly TenantLetter[]): TenantLetter[] {
  const known = (type: MailedLetterType, delivery: 'mail' | 'email', date: string) =>
    recorded.some((l) => l.letter_type === type && l.delivery === delivery && l.letter_date === date);
  const older: TenantLetter[] = [];
  const unrecorded = (letter_type: MailedLetterType, delivery: 'mail' | 'email', letter_date: string): TenantLetter => ({
    batch_id: null, letter_type, delivery, letter_date, save_time: null, file_name: null, page: null, scope: null, created_by: null,
  });
  for (const type of Object.keys(SENT_DATE) as MailedLetterType[]) {
    const date = tenant[SENT_DATE[type]];
    if (date && !known(type, 'mail', date)) older.push(unrecorded(type, 'mail', date));
  }
  const emailed = tenant.welcome_certificate_emailed_date;
  if (emailed && !known('welcome', 'email', emailed)) older.push(unrecorded('welcome', 'email', emailed));
  const when = (l: TenantLetter) => l.save_time ?? l.letter_date ?? '';
  return [...recorded, ...older].sort((a, b) => when(b).localeCompare(when(a)));
}

export async function readTenantStory(id: string): Promise<TenantStory> {
  const [items, proofs] = await Promise.all([tenantPartition(id), tenantProofs(id)]);
  const profile = items.find((i) => i.sk === 'PROFILE');
  if (!profile) {
    const removed = items.find((i) => i.sk === 'REMOVED');
    throw notFound(removed
      ? `This tenant was removed on ${String(removed.removed_at).slice(0, 10)}: restore it from Removed Tenants to see its page.`
      : 'Tenant not found.');
  }
  const tenant = tenantFromItem(profile);
  const [[cycle, facility], emailSuppression] = await Promise.all([
    batchGetItems([cycleKey(tenant.cycle_id), facilityKey(tenant.facility_id)]).then((found) => [
      found.find((i) => i.pk === cycleKey(tenant.cycle_id).pk),
      found.find((i) => i.pk === facilityKey(tenant.facility_id).pk),
    ]),
    // Returned e-mail is kept by address (functions/email/email-suppression.ts): the tenant's own address's.
    getSuppression(tenant.email),
  ]);
  const context = {
    reader: 'staff' as const,
    cycles: new Map(cycle ? [[tenant.cycle_id, { label: (cycle.label as string) ?? '', archived_at: (cycle.archived_at as string | null) ?? null }]] : []),
    software: new Map([[tenant.facility_id, (facility?.software as string | undefined) ?? '']]),
  };
  const letters = items.filter((i) => (i.sk as string).startsWith(TENANT_LETTER_PREFIX)).map(tenantLetterOf);
  return {
    tenant: viewOf(tenant, context),
    facility: {
      id: tenant.facility_id, facility_number: tenant.facility_number,
      account_name: (facility?.account_name as string | undefined) ?? '', state: (facility?.state as string | undefined) ?? '',
    },
    cycle: cycle
      ? { id: tenant.cycle_id, label: context.cycles.get(tenant.cycle_id)!.label, letter_effective_date: (cycle.letter_effective_date as string | null) ?? null, archived_at: context.cycles.get(tenant.cycle_id)!.archived_at }
      : null,
    letters: lettersOf(tenant, letters),
    proofs,
    history: historyFor(items.filter((i) => (i.sk as string).startsWith('HISTORY#')).map(historyEntryOf), 'staff'),
    email_suppression: emailSuppression,
  };
}
