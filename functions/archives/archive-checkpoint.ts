/**
 * Where an archive job is (docs/decisions.md "Archives: what the job does and why nothing is lost"):
 *
 *   ARCHIVE#{archive id} / CHECKPOINT   the phase reached, what the job decided when it started (the
 *                                       cycles, the counters before), how far the deletion went, and
 *                                       the lease of the run working on it now
 *
 * A run claims the checkpoint (a conditional write: free, or its lease lapsed), renews the lease with each
 * write, and lets go when it stops. A second run of the same job while the first holds the lease finds it
 * held and stops (JobRunElsewhere); a run that died lets its lease lapse and the redelivery goes on from
 * the phase written last. Every write is conditional on the run's own claim, so a run that lost its lease
 * can never move the checkpoint back.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { JobRunElsewhere } from '../jobs/job-run-elsewhere';
import type { Counters } from '../program/counters';
import { isConditionFailure } from '../aws/dynamo-errors';

/**
 * started   nothing kept yet: the export is (re)written
 * written   the export is in the bucket, not verified yet
 * verified  the export was read back and holds every tenant: it is never written again
 * recorded  the archive record and the archived ledger ids are kept: tenants may go
 * deleted   every tenant of the export is deleted
 * reset     the cycles are archived, the facility reset (its new dates set, or retired)
 * done      the lock is released
 */
export type ArchivePhase = 'started' | 'written' | 'verified' | 'recorded' | 'deleted' | 'reset' | 'done';

/** A cycle the archive covers, as it was when the job started. */
export interface ArchivedCycle {
  id: string;
  label: string;
  letter_effective_date: string | null;
  initial_letter_send_date: string | null;
  reminder_letter_send_date: string | null;
  created_at: string;
}

export interface ArchiveCheckpoint {
  archive_id: string;
  job_id: string;
  phase: ArchivePhase;
  /** The cycles whose tenants the archive covers (a facility's cycles not archived yet when the job started). */
  cycles: ArchivedCycle[];
  /** The scope's counters before anything was deleted (the archive record's percent complete, the retired stats). */
  counters_before: Counters;
  /** The scope's letter effective date when the job started (the facility's, or the cycle's). */
  letter_effective_date: string | null;
  /** Tenants in the verified export. */
  tenant_count: number;
  /** Pages of the export's tenants (DELETE_PAGE each) deleted for good, and the tenants they held. */
  pages_deleted: number;
  deleted: number;
  /** When the archive was recorded. */
  archived_at: string | null;
  owner: string;
  lease_until: string;
  updated_at: string;
}

/** Longer than any step between two checkpoint writes; a run renews it with each. */
export const ARCHIVE_LEASE_MS = 5 * 60_000;

const checkpointKey = (archiveId: string) => ({ pk: `ARCHIVE#${archiveId}`, sk: 'CHECKPOINT' });


export async function getCheckpoint(archiveId: string): Promise<ArchiveCheckpoint | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: checkpointKey(archiveId), ConsistentRead: true }));
  if (!out.Item) return null;
  const { pk: _pk, sk: _sk, type: _type, ...checkpoint } = out.Item;
  return checkpoint as ArchiveCheckpoint;
}

/** A claimed checkpoint: what this run works from, and its writes. */
export interface HeldCheckpoint {
  readonly current: ArchiveCheckpoint;
  /** Saves changes and renews the lease; JobRunElsewhere if another run took the checkpoint over. */
  save(changes: Partial<Omit<ArchiveCheckpoint, 'archive_id' | 'job_id' | 'owner'>>): Promise<void>;
  /** Renews the lease when it is more than a minute old (long steps call it as they go). */
  keepAlive(): Promise<void>;
  /** Lets go, so the next run need not wait for the lease to lapse. */
  release(): Promise<void>;
}

/**
 * Claims the archive's checkpoint for this run: the one on record (free or lapsed), or `fresh()` when
 * there is none. JobRunElsewhere when another run holds it.
 */
export async function claimCheckpoint(archiveId: string, jobId: string, fresh: () => Promise<Omit<ArchiveCheckpoint, 'owner' | 'lease_until' | 'updated_at'>>): Promise<HeldCheckpoint> {
  const owner = randomUUID();
  const leaseUntil = () => new Date(Date.now() + ARCHIVE_LEASE_MS).toISOString();
  let found = await getCheckpoint(archiveId);
  if (!found) {
    const first: ArchiveCheckpoint = { ...(await fresh()), owner, lease_until: leaseUntil(), updated_at: new Date().toISOString() };
    try {
      await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...checkpointKey(archiveId), type: 'archive_checkpoint', ...first }, ConditionExpression: 'attribute_not_exists(pk)' }));
      found = first;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      throw new JobRunElsewhere(`archive ${archiveId}: another run started it at the same time`);
    }
  } else {
    if (found.job_id !== jobId) throw new Error(`archive ${archiveId} belongs to job ${found.job_id}, not ${jobId}`);
    const now = new Date().toISOString();
    try {
      await dynamo().send(new UpdateCommand({
        TableName: tableName(), Key: checkpointKey(archiveId),
        UpdateExpression: 'SET #owner = :owner, lease_until = :lease, updated_at = :now',
        ConditionExpression: 'lease_until < :now',
        ExpressionAttributeNames: { '#owner': 'owner' }, ExpressionAttributeValues: { ':owner': owner, ':lease': leaseUntil(), ':now': now },
      }));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      throw new JobRunElsewhere(`archive ${archiveId}: another run holds it until ${found.lease_until}`);
    }
    found = { ...found, owner };
  }

  let current: ArchiveCheckpoint = found;
  let renewedAt = Date.now();
  const write = async (changes: Partial<ArchiveCheckpoint>, lease: string) => {
    const next = { ...current, ...changes, lease_until: lease, updated_at: new Date().toISOString() };
    const fields = Object.keys(next).filter((k) => !['archive_id', 'job_id', 'owner'].includes(k));
    try {
      await dynamo().send(new UpdateCommand({
        TableName: tableName(), Key: checkpointKey(archiveId),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner', ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) },
        ExpressionAttributeValues: { ':owner': owner, ...Object.fromEntries(fields.map((f, i) => [`:f${i}`, next[f as keyof ArchiveCheckpoint]])) },
      }));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      throw new JobRunElsewhere(`archive ${archiveId}: another run took it over`);
    }
    current = next;
    renewedAt = Date.now();
  };
  return {
    get current() { return current; },
    save: (changes) => write(changes, leaseUntil()),
    keepAlive: async () => { if (Date.now() - renewedAt > 60_000) await write({}, leaseUntil()); },
    release: async () => {
      // The epoch: lapsed for every later run. A run that lost the checkpoint meanwhile has nothing to let go.
      await write({}, new Date(0).toISOString()).catch((err: unknown) => { if (!(err instanceof JobRunElsewhere)) throw err; });
    },
  };
}
