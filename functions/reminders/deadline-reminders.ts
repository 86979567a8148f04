/**
 * Reminders of the response deadline (issue 27): when an admin sets how many days before (Program
 * Settings, off by default), the tenants of a cycle whose deadline is that many days away, who have not
 * answered, whose letter was mailed and who have an e-mail address get one e-mail each, in their language.
 *
 * Read without a Scan: the cycles catalog (one Query of its shards, as the cycles list reads it) names
 * the cycles whose deadline is due, each entry carrying its deadline; then per due cycle its tenants by
 * the tcyc index (the slim projection's status, to keep only those without an answer) and BatchGetItem
 * of those tenants. A cycle with no due deadline costs nothing.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import { batchGetItems } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { cycleFromItem, cycleKey } from '../cycles/cycle-store';
import type { CycleEntry, CycleRecord } from '../cycles/cycle-store';
import { readCatalog } from '../program/catalog';
import { groupOf, tenantIdOfKey } from '../tenants/tenant-record';
import type { TenantRecord } from '../tenants/tenant-record';
import { getTenants } from '../tenants/tenant-store';
import { inBatches } from './in-batches';
import { facilityNames, noReminders } from './proof-expiry';
import type { ReminderCounts } from './proof-expiry';
import { deadlineClaim } from './reminder-claims';
import { shifted } from './reminder-days';
import type { DayRange } from './reminder-days';
import { sendReminder } from './send-reminder';
import { unsubscribedAddresses } from './unsubscribes';

const inRange = (day: string | null | undefined, range: DayRange): boolean => Boolean(day) && day! >= range.from && day! <= range.to;

/**
 * The cycles, not archived, whose response deadline falls in `deadlines`: the catalog's entries say which;
 * an entry written before it carried the deadline is checked against its cycle's record (BatchGetItem).
 */
export async function cyclesWithDeadlineIn(deadlines: DayRange): Promise<CycleRecord[]> {
  const entries = (await readCatalog<CycleEntry>('cycles')).filter((e) => e.flags.length > 0);
  const candidates = entries.filter((e) => e.update_responses_deadline_date === undefined || inRange(e.update_responses_deadline_date, deadlines));
  if (candidates.length === 0) return [];
  const cycles = (await batchGetItems(candidates.map((e) => cycleKey(e.id)))).map(cycleFromItem);
  return cycles.filter((c) => !c.archived_at && inRange(c.update_responses_deadline_date, deadlines));
}

/** The ids of a cycle's tenants without an answer: the tcyc index, its slim projection's status only (every page). */
async function unansweredIds(cycleId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'tcyc', KeyConditionExpression: 'tcycpk = :cycle',
      ProjectionExpression: 'pk, #status', ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':cycle': cycleId }, ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) {
      if (groupOf({ status: (item.status as string | null | undefined) ?? null }) === 'non_responder') ids.push(tenantIdOfKey(item.pk as string));
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/**
 * Who is reminded: still without an answer (as the record stands now), with an e-mail address, and sent
 * the cycle's letter (a reminder of a deadline the tenant was never told of would only confuse).
 */
export const remindsOfDeadline = (t: TenantRecord): boolean =>
  groupOf(t) === 'non_responder' && t.email.trim() !== '' && Boolean(t.initial_letter_sent_date || t.reminder_letter_sent_date);

/** The deadline reminders due on the run days `runs`, `daysBefore` each deadline; each claimed once per tenant and cycle. */
export async function remindDeadlines(runs: DayRange, daysBefore: number, program: ProgramSettingsValues): Promise<ReminderCounts & { cycles: number }> {
  const counts = { ...noReminders(), cycles: 0 };
  const cycles = await cyclesWithDeadlineIn(shifted(runs, daysBefore));
  counts.cycles = cycles.length;
  for (const cycle of cycles) {
    const unanswered = await getTenants(await unansweredIds(cycle.id));
    const due = unanswered.filter(remindsOfDeadline);
    counts.no_address += unanswered.filter((t) => groupOf(t) === 'non_responder' && t.email.trim() === '').length;
    const stopped = await unsubscribedAddresses(due.map((t) => t.email));
    const names = await facilityNames(due);
    const deadline = cycle.update_responses_deadline_date!;
    await inBatches(due, async (tenant) => {
      if (stopped.has(tenant.email.trim().toLowerCase())) {
        counts.unsubscribed += 1;
        return;
      }
      const outcome = await sendReminder({
        tenant, facilityName: names.get(tenant.facility_id) ?? tenant.facility_number,
        reminder: { kind: 'deadline', deadline }, claim: deadlineClaim(cycle.id), about: deadline,
      }, program);
      counts[outcome] += 1;
    });
  }
  return counts;
}
