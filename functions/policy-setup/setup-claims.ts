/**
 * The idempotency record of a tenant's setup (docs/decisions.md "Policy setup: idempotency"), one per
 * tenant and cycle: `TENANT#{id}` / `POLICY_SETUP#{cycle_id}`.
 *
 *   started  a call or a job batch is working on it (until `lease_until`; a crashed run's lease lapses)
 *   written  the software took the write (policy number and start date kept); the tenant write is next
 *   done     the tenant is recorded as set up
 *
 * Claiming is one conditional PutItem: it wins unless another run holds a live lease, and it answers
 * the record it replaced, so a run that finds `written` or `done` for the same plan completes the tenant
 * from the record without writing to the software again (even if the software's read lags its write).
 * A failure deletes the record (conditional on the claim), so a retry starts by asking the ledger again.
 * Why not Powertools idempotency: measured, it adds 46 kB to the facility-software bundle, which then
 * passes its 1 MB budget (docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { isConditionFailure } from '../aws/dynamo-errors';

export type SetupState = 'started' | 'written' | 'done';

export interface SetupRecord {
  tenant_id: string;
  cycle_id: string;
  state: SetupState;
  /** The run holding the claim. */
  owner: string;
  lease_until: string;
  /** The software's plan id the write carries (a record of another plan is not this setup). */
  plan_id: string;
  policy_number: string | null;
  start_date: string | null;
  updated_at: string;
}

export interface Claimed { owner: string; previous: SetupRecord | null }
/** Another run holds a live lease on the tenant's setup. */
export interface Held { held: true }

/** The records stay 180 days: long past any retry, short of keeping every setup forever. */
const KEEP_DAYS = 180;

export const setupRecordKey = (tenantId: string, cycleId: string) => ({ pk: `TENANT#${tenantId}`, sk: `POLICY_SETUP#${cycleId}` });


/**
 * Claims the setup of a tenant for `leaseMs`: `{owner, previous}` when this run may go on (previous is
 * the record it replaced, if any), `{held}` when another run's lease is still live.
 */
export async function claimSetup(t: { id: string; cycle_id: string }, planId: string, leaseMs: number, now = new Date()): Promise<Claimed | Held> {
  const owner = randomUUID();
  const record: SetupRecord = {
    tenant_id: t.id, cycle_id: t.cycle_id, state: 'started', owner, lease_until: new Date(now.getTime() + leaseMs).toISOString(),
    plan_id: planId, policy_number: null, start_date: null, updated_at: now.toISOString(),
  };
  try {
    const out = await dynamo().send(new PutCommand({
      TableName: tableName(),
      Item: { ...setupRecordKey(t.id, t.cycle_id), type: 'policy_setup', ...record, expires_at_epoch: Math.ceil(now.getTime() / 1000) + KEEP_DAYS * 86_400 },
      // Only a finished setup or a lapsed lease is taken over: a run past the software's write ('written')
      // still holds its claim until it records the tenant, or its markDone would find another owner.
      ConditionExpression: 'attribute_not_exists(pk) OR #state = :done OR lease_until < :now',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'done', ':now': now.toISOString() },
      ReturnValues: 'ALL_OLD',
    }));
    const previous = out.Attributes ? (out.Attributes as unknown as SetupRecord) : null;
    // A record written or done for this plan keeps what it sent: the claim carries it forward.
    if (previous && previous.state !== 'started' && previous.plan_id === planId) {
      await dynamo().send(new UpdateCommand({
        TableName: tableName(), Key: setupRecordKey(t.id, t.cycle_id),
        UpdateExpression: 'SET policy_number = :p, start_date = :s', ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' }, ExpressionAttributeValues: { ':p': previous.policy_number, ':s': previous.start_date, ':owner': owner },
      }));
    }
    return { owner, previous };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { held: true };
  }
}

/** The software took the write: kept before the tenant write, so a crash in between never writes twice. */
export async function markWritten(t: { id: string; cycle_id: string }, owner: string, sent: { policy_number: string; start_date: string }): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: setupRecordKey(t.id, t.cycle_id),
    UpdateExpression: 'SET #state = :written, policy_number = :p, start_date = :s, updated_at = :now',
    ConditionExpression: '#owner = :owner',
    ExpressionAttributeNames: { '#state': 'state', '#owner': 'owner' },
    ExpressionAttributeValues: { ':written': 'written', ':p': sent.policy_number, ':s': sent.start_date, ':now': new Date().toISOString(), ':owner': owner },
  }));
}

/** The tenant is recorded as set up. */
export async function markDone(t: { id: string; cycle_id: string }, owner: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: setupRecordKey(t.id, t.cycle_id),
    UpdateExpression: 'SET #state = :done, updated_at = :now', ConditionExpression: '#owner = :owner',
    ExpressionAttributeNames: { '#state': 'state', '#owner': 'owner' },
    ExpressionAttributeValues: { ':done': 'done', ':now': new Date().toISOString(), ':owner': owner },
  }));
}

/** The setup failed before the software took anything: the claim goes, and the next try asks the ledger first. */
export async function releaseSetup(t: { id: string; cycle_id: string }, owner: string): Promise<void> {
  try {
    await dynamo().send(new DeleteCommand({
      TableName: tableName(), Key: setupRecordKey(t.id, t.cycle_id),
      ConditionExpression: '#owner = :owner AND #state = :started',
      ExpressionAttributeNames: { '#owner': 'owner', '#state': 'state' }, ExpressionAttributeValues: { ':owner': owner, ':started': 'started' },
    }));
  } catch (err) {
    // Another run took over after this one's lease lapsed, or the write was recorded: that record stays.
    if (!isConditionFailure(err)) throw err;
  }
}

/** What a claim answered, when it carries a write the software already took (policy number and start date). */
export function carriedWrite(claim: Claimed, planId: string): { policy_number: string; start_date: string } | null {
  const p = claim.previous;
  if (!p || p.state === 'started' || p.plan_id !== planId || !p.policy_number || !p.start_date) return null;
  return { policy_number: p.policy_number, start_date: p.start_date };
}
