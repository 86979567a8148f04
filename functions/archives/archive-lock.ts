/**
 * The archive lock and the running-jobs registry (docs/decisions.md "Archives: the lock and what it
 * refuses"). While an archive backs a facility's or a cycle's tenants up and deletes them, nothing else
 * may change those tenants, or the export would miss the change and the deletion would lose it:
 *
 *   FACILITY#{id} / STATS   archiving   { archive_id, job_id, since }: a facility archive holds it
 *   CYCLE#{id} / STATS      archiving   the same, held by a cycle archive
 *   FACILITY#{id} / STATS   active_jobs string set of the rent-roll imports and letter batches writing
 *                                       the facility's tenants now
 *
 * The lock sits on the STATS items because every tenant write already moves them in its transaction
 * (functions/tenants/tenant-store.ts): the write carries `tenantWriteCondition`, so a write and a lock
 * can never both win, whatever the timing. A lock and a running job exclude each other the same way:
 * the lock is set only while `active_jobs` is absent, a job registers only while `archiving` is absent.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { JOB_QUEUES } from '../../shared/jobs';
import type { JobQueueName } from '../../shared/jobs';
import { batchGetItems, readTogether } from '../aws/batch-get';
import type { ItemRead } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { cycleStatsKey, getCyclesWithCounters } from '../cycles/cycle-store';
import { facilityCycleIds, facilityStatsKey, requireFacility } from '../facilities/facility-store';
import { JobRefused } from '../jobs/job-refused';
import { getJob } from '../jobs/job-store';
import { HttpError, conflict } from '../runtime/http-error';
import { isConditionalCheckFailed, isTransactionCanceled } from '../aws/dynamo-errors';

export type ArchiveScope = { kind: 'facility'; facilityId: string } | { kind: 'cycle'; facilityId: string; cycleId: string };

/** What a STATS item's `archiving` holds. */
export interface ArchiveLock { archive_id: string; job_id: string; since: string }

/** A lock found on a facility or one of its cycles, and which. */
export interface Archiving { scope: ArchiveScope; lock: ArchiveLock }

/** What a job registered in `active_jobs` does to the facility's tenants (for its refusal's message). */
export type RunningJobKind = 'import' | 'letters';

export const ARCHIVE_LOCK_ATTRIBUTE = 'archiving';
export const ACTIVE_JOBS_ATTRIBUTE = 'active_jobs';

/**
 * A lock whose job record does not exist yet is young: the route takes the lock, then queues the job
 * under the id it named. Only past this age does a missing job mean the route died in between.
 */
export const MISSING_JOB_GRACE_MS = 5 * 60_000;

/** How many times lockForArchive reads again after losing a race before it gives up with a 409. */
const LOCK_ATTEMPTS = 3;

// ---------------------------------------------------------------------------------------------------
// Messages (spec facilities-cycles-shell §8 and docs/decisions.md)

export const tenantsLockedMessage = (facilityNumber: string): string =>
  `Facility ${facilityNumber} is being archived; its tenants cannot change until the archive is done.`;
export const facilityArchivingMessage = (facilityNumber: string): string => `Facility ${facilityNumber} is already being archived.`;
export const cycleArchivingMessage = (cycleLabel: string, facilityNumber: string): string => `Cycle ${cycleLabel} of facility ${facilityNumber} is being archived.`;
export const jobRunningMessage = (facilityNumber: string): string =>
  `An import or letter job for facility ${facilityNumber} is running; archive it when the job is done.`;

/** Why an import or a letter batch may not start (the job's refusal and its route's 409 say the same). */
export function jobLockedMessage(kind: RunningJobKind, facilityNumber: string): string {
  return kind === 'import'
    ? `Facility ${facilityNumber} is being archived; no rent roll can be imported into it until the archive is done.`
    : `Facility ${facilityNumber} is being archived; no letters can be generated for its tenants until the archive is done.`;
}

// ---------------------------------------------------------------------------------------------------
// The condition every tenant write carries on the STATS items it touches

/**
 * The condition on a STATS item for a tenant write: no archive holds it, or the one writing
 * (`archiveId`, from TenantWrite.archive_id) does. Merged by the tenant store into its ADD of
 * counters, or used as a ConditionCheck when the write moves no counter.
 */
export function tenantWriteCondition(archiveId: string | undefined): {
  ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Record<string, NativeAttributeValue>;
} {
  const names = { '#archiving': ARCHIVE_LOCK_ATTRIBUTE, '#lockId': 'archive_id' };
  if (!archiveId) return { ConditionExpression: 'attribute_not_exists(#archiving)', ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE } };
  return {
    ConditionExpression: 'attribute_not_exists(#archiving) OR #archiving.#lockId = :lockArchive',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':lockArchive': archiveId },
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading

const lockOf = (item: Record<string, NativeAttributeValue> | undefined): ArchiveLock | null => {
  const lock = item?.[ARCHIVE_LOCK_ATTRIBUTE] as Partial<ArchiveLock> | undefined;
  return lock?.archive_id ? { archive_id: lock.archive_id, job_id: lock.job_id ?? '', since: lock.since ?? '' } : null;
};

const activeJobsOf = (item: Record<string, NativeAttributeValue> | undefined): string[] => {
  const set = item?.[ACTIVE_JOBS_ATTRIBUTE] as Set<string> | string[] | undefined;
  return set ? [...set] : [];
};

/**
 * The archive holding the facility, or the given cycle (one BatchGet of their STATS items): for routes
 * that answer 409 before doing any work. The facility's lock wins when both are held.
 */
export async function archivingOf(facilityId: string, cycleId?: string | null): Promise<Archiving | null> {
  const items = await batchGetItems([facilityStatsKey(facilityId), ...(cycleId ? [cycleStatsKey(cycleId)] : [])]);
  const facilityLock = lockOf(items.find((i) => i.pk === facilityStatsKey(facilityId).pk));
  if (facilityLock) return { scope: { kind: 'facility', facilityId }, lock: facilityLock };
  const cycleLock = cycleId ? lockOf(items.find((i) => i.pk === cycleStatsKey(cycleId).pk)) : null;
  return cycleLock && cycleId ? { scope: { kind: 'cycle', facilityId, cycleId }, lock: cycleLock } : null;
}

/** Throws the 409 of a route whose work would change the tenants of a facility (or cycle) being archived. */
export async function refuseWhileArchiving(
  facility: { id: string; facility_number: string }, cycleId: string | null | undefined, kind: RunningJobKind | 'tenants',
): Promise<void> {
  if (!(await archivingOf(facility.id, cycleId))) return;
  throw conflict(kind === 'tenants' ? tenantsLockedMessage(facility.facility_number) : jobLockedMessage(kind, facility.facility_number));
}

/**
 * Throws the 409 of a tenant edit route whose tenants' facility or cycle is being archived, before any
 * work (one BatchGet of their STATS items). The tenant store refuses the write itself all the same.
 */
export async function refuseTenantChanges(tenants: readonly { facility_id: string; facility_number: string; cycle_id: string }[]): Promise<void> {
  await readTogether(tenantChangesAllowed(tenants));
}

/** refuseTenantChanges as a read to go with others (readTogether): its answer throws the 409. */
export function tenantChangesAllowed(tenants: readonly { facility_id: string; facility_number: string; cycle_id: string }[]): ItemRead<void> {
  const facilityOfPk = new Map<string, string>();
  for (const { facility, cycleIds } of jobTargetsOf(tenants)) {
    facilityOfPk.set(facilityStatsKey(facility.id).pk, facility.facility_number);
    for (const id of cycleIds) facilityOfPk.set(cycleStatsKey(id).pk, facility.facility_number);
  }
  const keys = [...facilityOfPk.keys()].map((pk) => ({ pk, sk: 'STATS' }));
  return {
    keys,
    attributes: [ARCHIVE_LOCK_ATTRIBUTE],
    consistent: true,
    answer: (found) => {
      const locked = keys.find((key) => lockOf(found.get(key)));
      if (locked) throw conflict(tenantsLockedMessage(facilityOfPk.get(locked.pk)!));
    },
  };
}

/**
 * A job that no longer runs: done or failed; missing past the grace a route needs to queue it (`since`:
 * when its lock or registration was made; absent, no grace); or silent for longer than every delivery
 * of its message could take, which is a worker its Lambda's timeout killed (it never marked the job
 * failed, so without this its facility could never be archived).
 */
async function isOver(jobId: string, since?: string): Promise<boolean> {
  const job = jobId ? await getJob(jobId) : null;
  if (!job) return !since || Date.now() - Date.parse(since) > MISSING_JOB_GRACE_MS;
  if (job.status === 'done' || job.status === 'failed') return true;
  return Date.now() - Date.parse(job.updated_at) > silentLimitMs(job.queue);
}

/** Every receive of a queue's message, each hidden for its visibility timeout: past that, no worker runs the job. */
function silentLimitMs(queue: JobQueueName): number {
  const def = JOB_QUEUES.find((q) => q.name === queue);
  return def ? def.visibilityTimeoutSeconds * 1000 * (def.maxReceiveCount + 1) : Number.POSITIVE_INFINITY;
}

// ---------------------------------------------------------------------------------------------------
// Taking and releasing the lock

/** Refused for any reason: a condition, or another transaction on the same items at that moment. */
const isCanceled = (e: unknown): boolean => isTransactionCanceled(e) || isConditionalCheckFailed(e);

/** Removes registered jobs that are over (a worker that died before it unregistered); answers those still running. */
async function pruneActiveJobs(facilityId: string, ids: readonly string[]): Promise<string[]> {
  const running: string[] = [];
  const over: string[] = [];
  for (const id of ids) (await isOver(id) ? over : running).push(id);
  if (over.length > 0) {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: facilityStatsKey(facilityId), UpdateExpression: 'DELETE #jobs :over',
      ExpressionAttributeNames: { '#jobs': ACTIVE_JOBS_ATTRIBUTE }, ExpressionAttributeValues: { ':over': new Set(over) },
    }));
  }
  return running;
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** The SET of the lock on one STATS item: free, already ours, or held by `takeOver` (an archive whose job is over). */
function setLock(key: { pk: string; sk: string }, lock: ArchiveLock, takeOver: string | null, extra?: { condition: string; names: Record<string, string> }): TransactItem {
  const held = takeOver ? ' OR #archiving.#lockId = :old' : '';
  return {
    Update: {
      TableName: tableName(), Key: key, UpdateExpression: 'SET #archiving = :lock',
      ConditionExpression: `(attribute_not_exists(#archiving) OR #archiving.#lockId = :mine${held})${extra ? ` AND ${extra.condition}` : ''}`,
      ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE, '#lockId': 'archive_id', ...extra?.names },
      ExpressionAttributeValues: { ':lock': lock, ':mine': lock.archive_id, ...(takeOver ? { ':old': takeOver } : {}) },
    },
  };
}

/**
 * Takes the archive lock of a facility or a cycle for `archiveId` (its job `jobId`), or answers 409:
 * another archive holds the facility, the cycle, or (for a facility) one of its cycles; or an import or
 * letter batch is writing the facility's tenants. Idempotent for the same archive (the job asserts it
 * again when it starts or resumes). A lock whose job is failed, done or missing is taken over: the
 * facility stays locked after a failed archive, until a new archive of it finishes the work.
 */
export async function lockForArchive(scope: ArchiveScope, archiveId: string, jobId: string): Promise<ArchiveLock> {
  const facility = await requireFacility(scope.facilityId);
  for (let attempt = 1; ; attempt += 1) {
    const stats = await dynamo().send(new GetCommand({ TableName: tableName(), Key: facilityStatsKey(facility.id), ConsistentRead: true }));
    const facilityLock = lockOf(stats.Item);
    const cycles = scope.kind === 'facility'
      ? (await getCyclesWithCounters(await facilityCycleIds(facility.id))).filter(({ cycle }) => !cycle.archived_at).map(({ cycle }) => cycle)
      : [];
    const cycleItems = await batchGetItems(scope.kind === 'facility' ? cycles.map((c) => cycleStatsKey(c.id)) : [cycleStatsKey(scope.cycleId)]);
    const cycleLocks = new Map(cycleItems.flatMap((item) => {
      const lock = lockOf(item);
      return lock ? [[(item.pk as string).slice('CYCLE#'.length), lock] as const] : [];
    }));

    const mine = scope.kind === 'facility' ? facilityLock : cycleLocks.get(scope.cycleId) ?? null;
    if (mine?.archive_id === archiveId) return mine;

    if (facilityLock && (scope.kind === 'cycle' || !(await isOver(facilityLock.job_id, facilityLock.since)))) {
      // Only a facility archive takes over a facility's lock: a cycle archive cannot finish a facility's work.
      throw conflict(facilityArchivingMessage(facility.facility_number));
    }
    const staleCycleLocks = new Map<string, ArchiveLock>();
    for (const [cycleId, lock] of cycleLocks) {
      if (!(await isOver(lock.job_id, lock.since))) {
        const label = scope.kind === 'cycle' ? (await getCyclesWithCounters([cycleId]))[0]?.cycle.label ?? cycleId : cycles.find((c) => c.id === cycleId)?.label ?? cycleId;
        throw conflict(cycleArchivingMessage(label, facility.facility_number));
      }
      staleCycleLocks.set(cycleId, lock);
    }
    if ((await pruneActiveJobs(facility.id, activeJobsOf(stats.Item))).length > 0) throw conflict(jobRunningMessage(facility.facility_number));

    const lock: ArchiveLock = { archive_id: archiveId, job_id: jobId, since: new Date().toISOString() };
    const noJobs = { condition: 'attribute_not_exists(#jobs)', names: { '#jobs': ACTIVE_JOBS_ATTRIBUTE } };
    const items: TransactItem[] = scope.kind === 'facility'
      ? [
        setLock(facilityStatsKey(facility.id), lock, facilityLock?.archive_id ?? null, noJobs),
        // A facility archive covers its cycles: a cycle lock left by an archive that is over goes, a live one stops it.
        ...cycles.map((c): TransactItem => {
          const stale = staleCycleLocks.get(c.id);
          return stale
            ? { Update: { TableName: tableName(), Key: cycleStatsKey(c.id), UpdateExpression: 'REMOVE #archiving', ConditionExpression: '#archiving.#lockId = :old', ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE, '#lockId': 'archive_id' }, ExpressionAttributeValues: { ':old': stale.archive_id } } }
            : { ConditionCheck: { TableName: tableName(), Key: cycleStatsKey(c.id), ConditionExpression: 'attribute_not_exists(#archiving)', ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE } } };
        }),
      ]
      : [
        setLock(cycleStatsKey(scope.cycleId), lock, staleCycleLocks.get(scope.cycleId)?.archive_id ?? null),
        { ConditionCheck: { TableName: tableName(), Key: facilityStatsKey(facility.id), ConditionExpression: 'attribute_not_exists(#archiving) AND attribute_not_exists(#jobs)', ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE, '#jobs': ACTIVE_JOBS_ATTRIBUTE } } },
      ];
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return lock;
    } catch (e) {
      if (!isCanceled(e)) throw e;
      // Something changed between the reads and the write (a job registered, another archive locked): read again.
      if (attempt >= LOCK_ATTEMPTS) throw new HttpError(409, `Facility ${facility.facility_number} changed while the archive was starting. Try again.`);
    }
  }
}

/** Releases the lock if `archiveId` holds it (a second release, or one after a takeover, changes nothing). */
export async function releaseArchiveLock(scope: ArchiveScope, archiveId: string): Promise<void> {
  const key = scope.kind === 'facility' ? facilityStatsKey(scope.facilityId) : cycleStatsKey(scope.cycleId);
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: key, UpdateExpression: 'REMOVE #archiving', ConditionExpression: '#archiving.#lockId = :mine',
      ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE, '#lockId': 'archive_id' }, ExpressionAttributeValues: { ':mine': archiveId },
    }));
  } catch (e) {
    if (!isCanceled(e)) throw e;
  }
}

// ---------------------------------------------------------------------------------------------------
// The running-jobs registry

/** A facility a job writes tenants of, and the cycles of those tenants. */
export interface JobTarget { facility: { id: string; facility_number: string }; cycleIds: readonly string[] }

/** The facilities, and their cycles, of the tenants a job writes (a letter batch in state mode spans several). */
export function jobTargetsOf(tenants: readonly { facility_id: string; facility_number: string; cycle_id: string }[]): JobTarget[] {
  const byFacility = new Map<string, { facility: { id: string; facility_number: string }; cycleIds: Set<string> }>();
  for (const t of tenants) {
    const target = byFacility.get(t.facility_id) ?? { facility: { id: t.facility_id, facility_number: t.facility_number }, cycleIds: new Set<string>() };
    target.cycleIds.add(t.cycle_id);
    byFacility.set(t.facility_id, target);
  }
  return [...byFacility.values()].map(({ facility, cycleIds }) => ({ facility, cycleIds: [...cycleIds] }));
}

/**
 * Registers a job in its facilities' `active_jobs`, each only while neither the facility nor any of the
 * cycles it writes is being archived; otherwise JobRefused with the reason (the worker fails the job at
 * once). Registering twice (a redelivered message) is harmless: `active_jobs` is a set.
 */
export async function registerRunningJob(jobId: string, targets: readonly JobTarget[], kind: RunningJobKind): Promise<void> {
  const done: JobTarget[] = [];
  for (const target of targets) {
    try {
      await dynamo().send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(), Key: facilityStatsKey(target.facility.id), UpdateExpression: 'ADD #jobs :job', ConditionExpression: 'attribute_not_exists(#archiving)',
              ExpressionAttributeNames: { '#jobs': ACTIVE_JOBS_ATTRIBUTE, '#archiving': ARCHIVE_LOCK_ATTRIBUTE }, ExpressionAttributeValues: { ':job': new Set([jobId]) },
            },
          },
          ...[...new Set(target.cycleIds)].map((cycleId): TransactItem => ({
            ConditionCheck: { TableName: tableName(), Key: cycleStatsKey(cycleId), ConditionExpression: 'attribute_not_exists(#archiving)', ExpressionAttributeNames: { '#archiving': ARCHIVE_LOCK_ATTRIBUTE } },
          })),
        ],
      }));
      done.push(target);
    } catch (e) {
      if (!isCanceled(e)) throw e;
      await unregisterRunningJob(jobId, done.map((t) => t.facility.id));
      throw new JobRefused(jobLockedMessage(kind, target.facility.facility_number));
    }
  }
}

/** Takes a job out of its facilities' `active_jobs` (nothing if it is not there). */
export async function unregisterRunningJob(jobId: string, facilityIds: readonly string[]): Promise<void> {
  for (const facilityId of new Set(facilityIds)) {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: facilityStatsKey(facilityId), UpdateExpression: 'DELETE #jobs :job',
      ExpressionAttributeNames: { '#jobs': ACTIVE_JOBS_ATTRIBUTE }, ExpressionAttributeValues: { ':job': new Set([jobId]) },
    }));
  }
}

/**
 * Runs `work` registered as a running job of `targets`, and takes it out again however `work` ends
 * (done, failed, refused): the one way imports and letter batches write tenants.
 */
export async function whileRegistered<T>(jobId: string, targets: readonly JobTarget[], kind: RunningJobKind, work: () => Promise<T>): Promise<T> {
  await registerRunningJob(jobId, targets, kind);
  try {
    return await work();
  } finally {
    await unregisterRunningJob(jobId, targets.map((t) => t.facility.id));
  }
}
