/**
 * Keeping proofs current (issue 27): a tenant whose accepted proof of insurance ends is reminded by
 * e-mail 30 and 7 days before the day, and on the day, without a newer proof, goes back to no response
 * for the program's next letter, with the history saying why.
 *
 * What is due is read from the proof-expiry index (texpiry, functions/tenants/tenant-record.ts
 * proofExpiryIndexKeys): by month, sorted by the day the proof ends, holding only tenants whose accepted
 * proof is watched. A run reads the days it covers with one Query per month touched (keys only), then
 * BatchGetItem of those tenants: never a Scan, and nothing that is not due.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { getFacilitiesByIds } from '../facilities/facility-store';
import { facilityName } from '../letters/letter-text';
import { HttpError } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import { recordMetric } from '../runtime/metrics';
import { statusChanges } from '../tenants/tenant-changes';
import { tenantIdOfKey, watchesProofExpiry } from '../tenants/tenant-record';
import type { TenantRecord } from '../tenants/tenant-record';
import { getTenants, saveTenant } from '../tenants/tenant-store';
import { PROOF_END_LOOKBACK_DAYS, PROOF_EXPIRY_REMINDER_DAYS, addDays, monthsOf, shifted, sortKeyBounds } from './reminder-days';
import type { DayRange, ProofExpiryReminder } from './reminder-days';
import { proofExpiryClaim } from './reminder-claims';
import { SCHEDULE_ACTOR, sendReminder } from './send-reminder';
import type { ReminderOutcome } from './send-reminder';
import { unsubscribedAddresses } from './unsubscribes';
import { inBatches } from './in-batches';

/** One tenant found in the index: its id and the day its proof ends (as the index has it). */
interface DueProof { tenantId: string; endsOn: string }

/** The tenants whose watched proof ends on a day of `range`: one Query per month touched (keys only, every page). */
export async function proofsEndingBetween(range: DayRange): Promise<DueProof[]> {
  const { low, high } = sortKeyBounds(range);
  const due: DueProof[] = [];
  for (const month of monthsOf(range)) {
    let startKey: Record<string, NativeAttributeValue> | undefined;
    do {
      const out = await dynamo().send(new QueryCommand({
        TableName: tableName(), IndexName: 'texpiry',
        KeyConditionExpression: 'texpirypk = :month AND texpirysk BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':month': month, ':low': low, ':high': high },
        ExclusiveStartKey: startKey,
      }));
      for (const item of out.Items ?? []) due.push({ tenantId: tenantIdOfKey(item.pk as string), endsOn: (item.texpirysk as string).slice(0, 10) });
      startKey = out.LastEvaluatedKey;
    } while (startKey);
  }
  return due;
}

/** The records of the tenants found, as they stand now (an index lags its table a moment), each still watched for that day. */
async function stillDue(due: readonly DueProof[]): Promise<{ tenant: TenantRecord; endsOn: string }[]> {
  const endsOn = new Map(due.map((d) => [d.tenantId, d.endsOn]));
  const tenants = await getTenants([...endsOn.keys()]);
  return tenants.filter((t) => watchesProofExpiry(t) && t.proof_expiry_date === endsOn.get(t.id)).map((tenant) => ({ tenant, endsOn: tenant.proof_expiry_date! }));
}

export interface ReminderCounts { sent: number; suppressed: number; unsubscribed: number; no_address: number; already_sent: number; failed: number }
export const noReminders = (): ReminderCounts => ({ sent: 0, suppressed: 0, unsubscribed: 0, no_address: 0, already_sent: 0, failed: 0 });

/** Facility names for the e-mails, one BatchGetItem for all the tenants' facilities. */
export async function facilityNames(tenants: readonly TenantRecord[]): Promise<Map<string, string>> {
  const facilities = await getFacilitiesByIds([...new Set(tenants.map((t) => t.facility_id))]);
  return new Map([...facilities].map(([id, f]) => [id, facilityName(f)]));
}

/**
 * The reminders due on the run days `runs`: proofs ending 30 days after one of them, and 7 days after.
 * Each is claimed once, so the days a run covers again send nothing twice.
 */
export async function remindProofExpiries(runs: DayRange, program: ProgramSettingsValues): Promise<Record<ProofExpiryReminder, ReminderCounts>> {
  const counts = { 30: noReminders(), 7: noReminders() } as Record<ProofExpiryReminder, ReminderCounts>;
  for (const daysBefore of PROOF_EXPIRY_REMINDER_DAYS) {
    const due = await stillDue(await proofsEndingBetween(shifted(runs, daysBefore)));
    const c = counts[daysBefore];
    const withAddress = due.filter(({ tenant }) => tenant.email.trim() !== '');
    c.no_address += due.length - withAddress.length;
    const stopped = await unsubscribedAddresses(withAddress.map(({ tenant }) => tenant.email));
    const names = await facilityNames(withAddress.map(({ tenant }) => tenant));
    await inBatches(withAddress, async ({ tenant, endsOn }) => {
      if (stopped.has(tenant.email.trim().toLowerCase())) {
        c.unsubscribed += 1;
        return;
      }
      const outcome: ReminderOutcome = await sendReminder({
        tenant, facilityName: names.get(tenant.facility_id) ?? tenant.facility_number,
        reminder: { kind: 'proof_expiry', endsOn, daysBefore }, claim: proofExpiryClaim(endsOn, daysBefore), about: endsOn,
      }, program);
      c[outcome] += 1;
    });
  }
  return counts;
}

export interface EndCounts { ended: number; failed: number }

/**
 * Tenants whose watched proof ended on `day` or before (a missed day, a proof accepted after its end;
 * PROOF_END_LOOKBACK_DAYS back) go back to no response, each in its own tenant write (history action
 * 'proof_expired', the counters, the catalog). A write refused (someone changed the tenant meanwhile, an
 * archive holds its cycle) is left for the next run: the tenant is still in the index.
 */
export async function endExpiredProofs(day: string): Promise<EndCounts> {
  const due = await stillDue(await proofsEndingBetween({ from: addDays(day, -PROOF_END_LOOKBACK_DAYS), to: day }));
  const counts: EndCounts = { ended: 0, failed: 0 };
  await inBatches(due, async ({ tenant }) => {
    try {
      await saveTenant(tenant, {
        ...statusChanges('no_response', tenant, day), tenant_made_selection: false, proof_expiry_date: null,
      }, { actor: SCHEDULE_ACTOR, action: 'proof_expired' });
      counts.ended += 1;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409)) logger.error('proof end not written', { error: error as Error, tenant_id: tenant.id });
      else logger.warn('proof end refused, left for the next run', { tenant_id: tenant.id, reason: error.message });
      counts.failed += 1;
    }
  });
  if (counts.ended > 0) recordMetric('ProofsExpired', counts.ended);
  return counts;
}
