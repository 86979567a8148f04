/**
 * Each reminder is claimed once before it is sent (issue 27), so a run repeated (a retried Lambda, a
 * second run the same day, a catch-up over days another run covered) never e-mails a tenant twice:
 *
 *   REMINDER#{tenant id} / PROOF_EXPIRY#{day it ends}#{30|7}   a proof's reminder
 *   REMINDER#{tenant id} / DEADLINE#{cycle id}                  a cycle's response-deadline reminder
 *     { state: claimed | sent | suppressed, claimed_at, message_id, expires_at_epoch (TTL) }
 *
 * Put with attribute_not_exists; a send that fails gives the claim back (the next run tries again); a
 * suppressed address keeps it (the skip is already on the tenant's history, once).
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { APP_TABLE } from '../../shared/resources';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import type { ProofExpiryReminder } from './reminder-days';
import { isConditionFailure } from '../aws/dynamo-errors';

/** A claim outlives the day it is about by this long, then TTL removes it (no run looks that far back). */
const CLAIM_KEPT_DAYS = 90;

export const reminderClaimKey = (tenantId: string, what: string) => ({ pk: `REMINDER#${tenantId}`, sk: what });
export const proofExpiryClaim = (endsOn: string, daysBefore: ProofExpiryReminder) => `PROOF_EXPIRY#${endsOn}#${daysBefore}`;
export const deadlineClaim = (cycleId: string) => `DEADLINE#${cycleId}`;


/** Takes the reminder for this run; false when a run already took it (sent, suppressed, or being sent). `about`: the day it concerns. */
export async function claimReminder(tenantId: string, what: string, about: string): Promise<boolean> {
  const expires = Math.floor(Date.parse(`${about}T00:00:00Z`) / 1000) + CLAIM_KEPT_DAYS * 86_400;
  try {
    await dynamo().send(new PutCommand({
      TableName: tableName(),
      Item: { ...reminderClaimKey(tenantId, what), type: 'reminder_claim', state: 'claimed', claimed_at: new Date().toISOString(), [APP_TABLE.ttlAttribute]: expires },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** What became of a claimed reminder: SES took it (its message id), or the address is suppressed. */
export async function settleReminder(tenantId: string, what: string, outcome: { state: 'sent'; messageId: string } | { state: 'suppressed' }): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: reminderClaimKey(tenantId, what),
    UpdateExpression: 'SET #state = :state, message_id = :id, settled_at = :at',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':state': outcome.state, ':id': outcome.state === 'sent' ? outcome.messageId : null, ':at': new Date().toISOString() },
  }));
}

/** Gives back a claim whose send failed (SES refused or was unreachable), so the next run sends it. */
export async function releaseReminder(tenantId: string, what: string): Promise<void> {
  await dynamo().send(new DeleteCommand({
    TableName: tableName(), Key: reminderClaimKey(tenantId, what),
    ConditionExpression: '#state = :claimed', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':claimed': 'claimed' },
  })).catch((err: unknown) => {
    if (!isConditionFailure(err)) throw err;
  });
}
