/**
 * Every tenant write goes through this module (docs/data-model.md "Tenants"), because each one keeps
 * three things in the same transaction as the tenant:
 *   - the cycle's and the facility's STATS counters (functions/program/counters.ts), moved by exactly
 *     the difference between the stored and the new version (one ADD per STATS item per transaction,
 *     so a bulk write of 300 tenants touches each counter item a handful of times, not 300);
 *   - a history entry (functions/tenants/tenant-history.ts): who changed which fields, from what to what;
 *   - the optimistic lock: the write is conditional on the `updated_at` the writer read.
 * Then it refreshes the catalog entries whose flags read those counters. Nothing else may write tenants.
 * The STATS actions also carry the archive lock (functions/archives/archive-lock.ts): while an archive
 * holds a tenant's cycle or facility, every write of that tenant is refused (409), except the archive's own.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, itemRead } from '../aws/batch-get';
import type { FoundItems, ItemRead } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { tenantWriteCondition, tenantsLockedMessage } from '../archives/archive-lock';
import { cycleEntryRefresh, cycleKey, cycleStatsKey, refreshCycleEntry } from '../cycles/cycle-store';
import { facilityEntryRefresh, facilityKey, facilityStatsKey, getFacility, refreshFacilityEntry } from '../facilities/facility-store';
import { refreshEntries } from '../program/catalog';
import { allToTheEnd } from '../runtime/all-to-the-end';
import type { Counters } from '../program/counters';
import { contributionOf, delta, sumCounters } from '../program/counters';
import { HttpError, notFound } from '../runtime/http-error';
import { proofLeavesWaiting, waitingCountBy } from '../proofs/proof-record';
import { normalizeAccessCode } from '../../shared/access-code';
import { claimAccessCode, newAccessCode, tenantsWithClaimedCode } from './access-codes';
import { historyPut } from './tenant-history';
import type { TenantWrite } from './tenant-history';
import { TENANT_DEFAULTS, proofExpiryRule, tenantFromItem, tenantItem, tenantKey } from './tenant-record';
import type { NewTenant, TenantChanges, TenantRecord } from './tenant-record';
import { cancellationReasons } from '../aws/dynamo-errors';

export type { NewTenant, TenantChanges, TenantRecord } from './tenant-record';
export type { TenantWrite, Actor } from './tenant-history';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export async function getTenant(id: string): Promise<TenantRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: tenantKey(id), ConsistentRead: true }));
  return out.Item ? tenantFromItem(out.Item) : null;
}

/** getTenant as a read to go with others (readTogether). */
export const tenantRead = (id: string): ItemRead<TenantRecord | null> => itemRead(tenantKey(id), tenantFromItem);

export async function requireTenant(id: string): Promise<TenantRecord> {
  const tenant = await getTenant(id);
  if (!tenant) throw notFound('Tenant not found.');
  return tenant;
}

/** The tenants of these ids that exist, in the order asked. */
export async function getTenants(ids: readonly string[]): Promise<TenantRecord[]> {
  const byId = new Map((await batchGetItems(ids.map(tenantKey))).map((item) => [item.id as string, tenantFromItem(item)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * The one action on a STATS item a transaction of tenant writes holds: the ADD of its counter deltas, or
 * a ConditionCheck when no counter moves; either way conditional on no archive holding the item but the
 * writer's own (functions/archives/archive-lock.ts). `lock` null: no condition (an undo, below).
 */
function statsAction(key: { pk: string; sk: string }, deltas: Partial<Counters>, lock: StatsLock): TransactItem[] {
  const names = Object.keys(deltas);
  const condition = lock ? tenantWriteCondition(lock.archiveId) : null;
  if (names.length === 0) {
    return condition ? [{ ConditionCheck: { TableName: tableName(), Key: key, ...condition } }] : [];
  }
  return [{
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ...(condition ? { ConditionExpression: condition.ConditionExpression } : {}),
      ExpressionAttributeNames: { ...Object.fromEntries(names.map((n, i) => [`#c${i}`, n])), ...condition?.ExpressionAttributeNames },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((n, i) => [`:c${i}`, deltas[n as keyof Counters] as NativeAttributeValue])), ...condition?.ExpressionAttributeValues,
      },
    },
  }];
}

/** Whose archive a write belongs to (TenantWrite.archive_id), or null for a write that ignores the lock. */
type StatsLock = { archiveId: string | undefined } | null;

const lockOfWrite = (how: TenantWrite): StatsLock => ({ archiveId: how.archive_id });

/**
 * The STATS actions of a group of tenant changes: one per cycle and one per facility touched, each
 * with the facility it belongs to (to name it when an archive lock refuses the write).
 */
function counterUpdates(
  changes: readonly { before: TenantRecord | null; after: TenantRecord | null }[], lock: StatsLock,
): { items: TransactItem[]; facilities: string[] } {
  const byCycle = new Map<string, { facility: string; moved: Partial<Counters>[] }>();
  const byFacility = new Map<string, Partial<Counters>[]>();
  for (const { before, after } of changes) {
    const owner = (after ?? before)!;
    const moved = delta(contributionOf(before), contributionOf(after));
    const cycle = byCycle.get(owner.cycle_id) ?? { facility: owner.facility_id, moved: [] };
    byCycle.set(owner.cycle_id, { ...cycle, moved: [...cycle.moved, moved] });
    byFacility.set(owner.facility_id, [...(byFacility.get(owner.facility_id) ?? []), moved]);
  }
  const actions = [
    ...[...byCycle].map(([id, { facility, moved }]) => ({ facility, items: statsAction(cycleStatsKey(id), sumCounters(moved), lock) })),
    ...[...byFacility].map(([id, list]) => ({ facility: id, items: statsAction(facilityStatsKey(id), sumCounters(list), lock) })),
  ];
  return { items: actions.flatMap((a) => a.items), facilities: actions.flatMap((a) => a.items.map(() => a.facility)) };
}

/**
 * The 409 of a transaction an archive lock refused: a failed condition on one of its STATS actions
 * (`first` is the index of the first of them, `facilities` names each one's facility). Null: not a lock.
 */
async function lockRefusal(reasons: readonly (string | undefined)[], first: number, facilities: readonly string[]): Promise<HttpError | null> {
  const index = facilities.findIndex((_, i) => reasons[first + i] === 'ConditionalCheckFailed');
  if (index < 0) return null;
  const facility = await getFacility(facilities[index]!);
  return new HttpError(409, tenantsLockedMessage(facility?.facility_number ?? facilities[index]!));
}


/**
 * The catalog entries read the counters; refresh those of cycles and facilities whose counters moved.
 * `read`: the entries' sources as the writer read them before (catalogSourcesRead), so a single
 * tenant's save settles both its entries in one transaction without reading them first
 * (functions/program/catalog.ts refreshEntries).
 */
async function refreshTouchedEntries(changes: readonly { before: TenantRecord | null; after: TenantRecord | null }[], read?: FoundItems): Promise<void> {
  const cycles = new Map<string, { id: string; facility_id: string; moved: Partial<Counters>[] }>();
  const facilities = new Map<string, Partial<Counters>[]>();
  for (const { before, after } of changes) {
    const moved = delta(contributionOf(before), contributionOf(after));
    if (Object.keys(moved).length === 0) continue;
    const owner = (after ?? before)!;
    const cycle = cycles.get(owner.cycle_id) ?? { id: owner.cycle_id, facility_id: owner.facility_id, moved: [] };
    cycles.set(owner.cycle_id, { ...cycle, moved: [...cycle.moved, moved] });
    facilities.set(owner.facility_id, [...(facilities.get(owner.facility_id) ?? []), moved]);
  }
  if (read) {
    const written = (moved: Partial<Counters>[]) => ({ found: read, moved: sumCounters(moved) });
    await refreshEntries([
      ...[...cycles.values()].map(({ moved, ...cycle }) => cycleEntryRefresh(cycle, written(moved))),
      ...[...facilities].map(([id, moved]) => facilityEntryRefresh(id, written(moved))),
    ]);
    return;
  }
  await refreshBoth([...cycles.values()], [...facilities.keys()]);
}

/**
 * The cycles' entries and the facilities' are different catalog items, so the two run side by side (each
 * list one entry at a time): a tenant write's answer waits for the longer of the two, not their sum.
 */
async function refreshBoth(cycles: readonly { id: string; facility_id: string }[], facilityIds: readonly string[]): Promise<void> {
  await allToTheEnd([
    (async () => { for (const cycle of cycles) await refreshCycleEntry(cycle); })(),
    (async () => { for (const id of facilityIds) await refreshFacilityEntry(id); })(),
  ]);
}

/**
 * What saveTenant's `read` takes: the tenant's cycle and facility records and their STATS items, read
 * before the save (with the other reads of its route, readTogether), so the save refreshes their catalog
 * entries without reading them again. Whatever changes them meanwhile only costs that read back.
 */
export function catalogSourcesRead(tenant: Pick<TenantRecord, 'cycle_id' | 'facility_id'>): ItemRead<FoundItems> {
  return {
    keys: [cycleKey(tenant.cycle_id), cycleStatsKey(tenant.cycle_id), facilityKey(tenant.facility_id), facilityStatsKey(tenant.facility_id)],
    // Counters as of now: a save builds its entry on them (an older copy only costs the read back).
    consistent: true,
    answer: (found) => found,
  };
}

/** DynamoDB transactions hold at most 100 actions. */
const MAX_ACTIONS = 100;

/** What an import adds to each of its transactions, and what it leaves for the end of the whole job. */
export interface CreateOptions {
  /** The ids to give the tenants, in order (an import derives them from cycle and ledger id, so a retry cannot add one twice). */
  ids?: readonly string[];
  /** One more action in the same transaction as the tenants (an import's checkpoint, so progress and tenants never disagree). */
  alongside?: TransactItem;
  /** false: the caller refreshes the cycle's and facility's catalog entries once, after its last call. */
  refreshCatalog?: boolean;
}

/** How many tenants one transaction of createTenants holds: three actions a tenant (tenant, history, access-code claim), two counter ADDs, maybe one more. */
export const tenantsPerTransaction = (options: Pick<CreateOptions, 'alongside'> = {}): number =>
  Math.floor((MAX_ACTIONS - 2 - (options.alongside ? 1 : 0)) / ACTIONS_PER_NEW_TENANT);

/** A new tenant's Put, its history entry and the claim of its access code, in this order (cancellation reasons are read by index). */
const ACTIONS_PER_NEW_TENANT = 3;
const CLAIM_INDEX = 2;

/**
 * How often a chunk is written again with new codes for the tenants whose code another tenant already
 * had. At 31^8 codes, even 1.5 million tenants make one collision in ~570,000 new codes: a second
 * collision on the same tenant is already unheard of, so a third failure is a fault, not bad luck.
 */
const CLAIM_ATTEMPTS = 3;

/** The tenant with a program access code: the one it was given if it is one, else a new one (an import never gives one). */
function withAccessCode(t: TenantRecord): TenantRecord {
  return { ...t, access_code: normalizeAccessCode(t.access_code) ?? newAccessCode() };
}

/**
 * The tenants whose access-code claim alone refused the transaction (another tenant had the code), or
 * null when anything else refused it too (a tenant of that id exists, an archive lock, the caller's
 * checkpoint): that is the caller's case, as before codes were claimed.
 */
function collidedCodes(reasons: readonly (string | undefined)[], chunk: readonly TenantRecord[]): Set<number> | null {
  const failed = reasons.flatMap((r, i) => (r === 'ConditionalCheckFailed' ? [i] : []));
  const claims = failed.filter((i) => i < chunk.length * ACTIONS_PER_NEW_TENANT && i % ACTIONS_PER_NEW_TENANT === CLAIM_INDEX);
  if (claims.length === 0 || claims.length !== failed.length) return null;
  return new Set(claims.map((i) => Math.floor(i / ACTIONS_PER_NEW_TENANT)));
}

/**
 * Adds tenants to one cycle. Each chunk of tenants, their history entries, the claims of their access
 * codes (functions/tenants/access-codes.ts) and the counters they add are one transaction, so the
 * counters always equal the tenants stored and every tenant stored has its own claimed code, whatever
 * fails in between. A code another tenant already had is replaced by a new one and the chunk written again.
 */
export async function createTenants(
  cycle: { id: string; facility_id: string }, tenants: readonly NewTenant[], how: TenantWrite, options: CreateOptions = {},
): Promise<TenantRecord[]> {
  const now = new Date().toISOString();
  const created = tenants.map((t, i): TenantRecord => withAccessCode({
    ...TENANT_DEFAULTS, ...t, cycle_id: cycle.id, facility_id: cycle.facility_id, id: options.ids?.[i] ?? randomUUID(), created_at: now, updated_at: now,
  }));
  const perChunk = tenantsPerTransaction(options);
  for (let i = 0; i < created.length; i += perChunk) {
    const chunk = created.slice(i, i + perChunk);
    const stats = counterUpdates(chunk.map((t) => ({ before: null, after: t })), lockOfWrite(how));
    for (let attempt = 1; ; attempt += 1) {
      try {
        await dynamo().send(new TransactWriteCommand({
          TransactItems: [
            ...chunk.flatMap((t): TransactItem[] => [
              { Put: { TableName: tableName(), Item: tenantItem(t), ConditionExpression: 'attribute_not_exists(pk)' } },
              historyPut(null, t, how, now),
              claimAccessCode(t.access_code, t.id),
            ]),
            ...stats.items,
            ...(options.alongside ? [options.alongside] : []),
          ],
        }));
        break;
      } catch (e) {
        const reasons = cancellationReasons(e);
        const collided = reasons && attempt < CLAIM_ATTEMPTS ? collidedCodes(reasons, chunk) : null;
        if (collided) {
          for (const at of collided) chunk[at] = created[i + at] = { ...chunk[at]!, access_code: newAccessCode() };
          continue;
        }
        // An archive lock answers its 409; any other cancellation (a tenant or checkpoint race) goes to the caller as it is.
        const locked = reasons && await lockRefusal(reasons, chunk.length * ACTIONS_PER_NEW_TENANT, stats.facilities);
        throw locked ?? e;
      }
    }
  }
  if (created.length > 0 && options.refreshCatalog !== false) await refreshCatalogOf(cycle);
  return created;
}

/** The catalog entries of a cycle and its facility, after their counters moved. */
export async function refreshCatalogOf(cycle: { id: string; facility_id: string }): Promise<void> {
  await refreshBoth([{ id: cycle.id, facility_id: cycle.facility_id }], [cycle.facility_id]);
}

/**
 * One tenant change: its stored version (null: it is created, or restored) and what it becomes (null:
 * deleted). `alongside` is one more action in the same transaction (a removal's recoverable copy), and
 * `undoAlongside` what takes it back if a later transaction of the same action fails; `how` overrides
 * the action's write for this tenant (a removal names each tenant's reason).
 */
interface Change {
  before: TenantRecord | null;
  after: TenantRecord | null;
  alongside?: readonly TransactItem[];
  undoAlongside?: readonly TransactItem[];
  how?: TenantWrite;
  /** The write withdraws the tenant's waiting proof (withdrawingProofs): the group takes it off the waiting count. */
  withdrawsProof?: boolean;
}

const ownerOf = (change: Pick<Change, 'before' | 'after'>): TenantRecord => (change.after ?? change.before)!;
/**
 * An archive's deletion writes no history entry: the tenant's history leaves with it in the export, and
 * the job deletes every item under the tenant's key right after (functions/archives/archive-job.ts), so
 * an entry would be written only to be deleted, and cost each transaction one action a tenant.
 */
const writesHistory = (how: TenantWrite): boolean => !how.archive_id;

const actionCount = (change: Change, how: TenantWrite): number => (writesHistory(change.how ?? how) ? 2 : 1) + (change.alongside?.length ?? 0);

const lockedOn = (before: TenantRecord) => ({ ConditionExpression: 'updated_at = :seen', ExpressionAttributeValues: { ':seen': before.updated_at } });

/** The write of one version over another: locked on the stored version, or on there being none. */
function writeOf(before: TenantRecord | null, after: TenantRecord | null): TransactItem {
  if (after === null) return { Delete: { TableName: tableName(), Key: tenantKey(before!.id), ...lockedOn(before!) } };
  if (before === null) return { Put: { TableName: tableName(), Item: tenantItem(after), ConditionExpression: 'attribute_not_exists(pk)' } };
  return { Put: { TableName: tableName(), Item: tenantItem(after), ...lockedOn(before) } };
}

function actionsOf(change: Change, how: TenantWrite, at: string): TransactItem[] {
  const write = change.how ?? how;
  return [writeOf(change.before, change.after), ...(writesHistory(write) ? [historyPut(change.before, change.after, write, at)] : []), ...(change.alongside ?? [])];
}

/**
 * Writes one group of changes as one transaction. A refused condition on a STATS item is an archive
 * lock (409 naming the facility); one on a tenant is a lost optimistic lock (409 naming the tenants).
 */
async function writeGroup(group: readonly Change[], how: TenantWrite, at: string): Promise<void> {
  const stats = counterUpdates(group, lockOfWrite(how));
  // Each change's actions come first, in order, then the STATS actions: the index of a failed condition names what refused.
  const owners = group.flatMap((c) => Array<string>(actionCount(c, how)).fill(ownerOf(c).id));
  const withdrawn = group.filter((c) => c.withdrawsProof).length;
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [...group.flatMap((c) => actionsOf(c, how, at)), ...stats.items, ...(withdrawn ? [waitingCountBy(-withdrawn)] : [])],
    }));
  } catch (e) {
    const reasons = cancellationReasons(e);
    if (reasons) {
      const locked = await lockRefusal(reasons, owners.length, stats.facilities);
      if (locked) throw locked;
      const refused = [...new Set(reasons.flatMap((r, i) => (r === 'ConditionalCheckFailed' && i < owners.length ? [owners[i]!] : [])))];
      throw new HttpError(409, group.length === 1
        ? 'This tenant was changed by someone else. Reload and try again.'
        : 'Some of these tenants were changed by someone else meanwhile. Reload and try again; nothing was changed.',
      { details: refused.map((id) => ({ id, message: 'Changed by someone else.' })) });
    }
    throw e;
  }
}

/** Splits changes into transactions under DynamoDB's 100 actions (one to three a tenant, plus one counter ADD per cycle and facility). */
function groupsOf(changes: readonly Change[], how: TenantWrite): Change[][] {
  const groups: Change[][] = [];
  let current: Change[] = [];
  let actions = 0;
  let owners = new Set<string>();
  for (const change of changes) {
    const owner = ownerOf(change);
    const keys = [`c${owner.cycle_id}`, `f${owner.facility_id}`];
    const added = keys.filter((k) => !owners.has(k)).length;
    // One action of every group is kept for the waiting-proof count (withdrawingProofs).
    if (current.length > 0 && actions + actionCount(change, how) + owners.size + added + 1 > MAX_ACTIONS) {
      groups.push(current);
      current = [];
      actions = 0;
      owners = new Set();
    }
    current.push(change);
    actions += actionCount(change, how);
    for (const k of keys) owners.add(k);
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * Applies changes to many tenants, all or none (spec: bulk actions). Up to ~48 tenants go in one
 * transaction; a larger action writes several, and if a later one fails (someone else changed one of its
 * tenants meanwhile), the earlier ones are undone by writing back exactly what they replaced, conditional
 * on nobody having changed those tenants since (docs/decisions.md "Tenants: bulk actions").
 */
/**
 * A tenant whose portal proof waits for review (waiting_proof_id) and that a write takes elsewhere
 * without deciding the proof (a staff status, a manager's choice, a delete by an archive or a removal)
 * withdraws the proof in the same transaction: it leaves the waiting lists and the waiting count, so
 * Proof Review never lists a proof nobody can decide. The portal's answers and Proof Review's decisions
 * set waiting_proof_id themselves and write their proof's change alongside.
 */
function withdrawingProofs(changes: readonly Change[], how: TenantWrite, at: string): Change[] {
  return changes.map((c) => {
    const proofId = c.before?.waiting_proof_id;
    if (!proofId) return c;
    if (c.after && (c.after.waiting_proof_id !== proofId || awaitsReview(c.after))) return c;
    return {
      ...c, after: c.after && { ...c.after, waiting_proof_id: null }, withdrawsProof: true,
      alongside: [...(c.alongside ?? []), proofLeavesWaiting(proofId, 'withdrawn', at, (c.how ?? how).actor)],
    };
  });
}

/** Still as the portal's proof left it: Provided Proof without the date staff give it when they accept. */
const awaitsReview = (t: TenantRecord) => t.status === 'provide_proof' && !t.provided_proof_date;

/** Applies the changes (a waiting proof withdrawn where withdrawingProofs says) and answers them as written. */
async function applyChanges(asked: readonly Change[], how: TenantWrite, read?: FoundItems, whenWritten?: () => Promise<void>): Promise<Change[]> {
  const at = new Date().toISOString();
  // Whatever a write changes, a proof's end date stays only with Provided Proof (issue 27), so the expiry index never lists another status.
  const changes = withdrawingProofs(asked.map((c) => (c.after ? { ...c, after: proofExpiryRule(c.after) } : c)), how, at);
  const done: Change[][] = [];
  for (const group of groupsOf(changes, how)) {
    try {
      await writeGroup(group, how, at);
      done.push(group);
    } catch (e) {
      await undo(done, how);
      throw e;
    }
  }
  await allToTheEnd([refreshTouchedEntries(changes.map((c) => ({ before: c.before, after: c.after })), read), whenWritten?.()]);
  return changes;
}

async function undo(done: readonly Change[][], how: TenantWrite): Promise<void> {
  const at = new Date().toISOString();
  for (const group of done) {
    // A proof withdrawn by the undone write stays withdrawn (its waiting keys are gone), so the tenant goes back without it.
    const reverse = group.map((c) => ({
      before: c.after, after: c.withdrawsProof && c.before ? { ...c.before, waiting_proof_id: null } : c.before, undoAlongside: c.undoAlongside, how: c.how ?? how,
    }));
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        ...reverse.flatMap(({ before, after, undoAlongside, how: write }): TransactItem[] => [
          writeOf(before, after),
          historyPut(before, after, { actor: write.actor, action: `${write.action}_undone` }, at),
          ...(undoAlongside ?? []),
        ]),
        // Without the archive condition: an undo puts back what this action wrote before a lock was
        // taken in between, so the action stays all or none (docs/decisions.md "Archives: the lock").
        ...counterUpdates(reverse, null).items,
      ],
    }));
  }
}

/**
 * Saves a changed tenant, conditional on the version read, and moves the counters by exactly the
 * difference between the two versions. Answers the saved version.
 */
export async function saveTenant(
  current: TenantRecord, changes: TenantChanges, how: TenantWrite,
  options: {
    /** More actions in the same transaction (a portal answer's proof record and its waiting count); a refused condition among them answers the same 409 as a lost version. */
    alongside?: readonly TransactItem[];
    /** The catalog entries' sources as read before the save (catalogSourcesRead). */
    read?: FoundItems;
    /** Work to start once the save's transaction went through, beside the catalog's refresh (a portal proof's upload deleted). */
    whenWritten?: () => Promise<void>;
  } = {},
): Promise<TenantRecord> {
  const now = new Date().toISOString();
  const change: Change = { before: current, after: { ...current, ...changes, updated_at: laterThan(current.updated_at, now) }, alongside: options.alongside };
  const [written] = await applyChanges([change], how, options.read, options.whenWritten);
  return written!.after!;
}

/**
 * Saves changes to many tenants, all or none; answers the saved versions in the order given. `alongside`:
 * more actions in that tenant's transaction (the access-code migration's claim of the tenant's new code).
 */
export async function saveTenants(
  list: readonly { current: TenantRecord; changes: TenantChanges; alongside?: readonly TransactItem[] }[], how: TenantWrite,
): Promise<TenantRecord[]> {
  const now = new Date().toISOString();
  const changes = list.map(({ current, changes: c, alongside }): Change => ({
    before: current, after: { ...current, ...c, updated_at: laterThan(current.updated_at, now) }, alongside,
  }));
  return (await applyChanges(changes, how)).map((c) => c.after!);
}

/** Deletes tenants for good, all or none; their history stays on record with a final 'deleted' entry. */
export async function deleteTenants(list: readonly TenantRecord[], how: TenantWrite): Promise<void> {
  await applyChanges(list.map((before) => ({ before, after: null })), how);
}

/** A tenant leaving the lists recoverably: the copy kept with it, what takes the copy back, and why it goes. */
export interface RecoverableRemoval {
  tenant: TenantRecord;
  /** The Put of the kept copy (functions/tenants/removed-tenants.ts), in the tenant's transaction. */
  keep: TransactItem;
  /** The Delete of that copy, should a later transaction of the removal fail. */
  unkeep: TransactItem;
  how: TenantWrite;
}

/**
 * Removes tenants from every list and counter, all or none, each in the same transaction as the copy
 * that lets staff restore it (docs/decisions.md "Letters: removing ineligible tenants safely").
 */
export async function removeTenantsRecoverably(list: readonly RecoverableRemoval[], how: TenantWrite): Promise<void> {
  await applyChanges(list.map((r) => ({ before: r.tenant, after: null, alongside: [r.keep], undoAlongside: [r.unkeep], how: r.how })), how);
}

/**
 * Puts removed tenants back as they were (a new version stamp), all or none: each only if no tenant of
 * its id exists again, in the same transaction as `release` (the Delete of its kept copy); `keepAgain`
 * puts the copy back should a later transaction of the restore fail.
 */
export async function restoreTenants(
  list: readonly { tenant: TenantRecord; release: TransactItem; keepAgain: TransactItem }[], how: TenantWrite,
  /** sameVersion: back with the stamp it had, every stored field as kept but an access code that was never the program's (an archive's restore, functions/archives/archive-restore.ts). */
  options: { sameVersion?: boolean } = {},
): Promise<TenantRecord[]> {
  const now = new Date().toISOString();
  // A tenant comes back with its own code (its claim is never deleted); one kept from before the
  // program gave codes (an old gate code, docs/decisions.md "Access codes are the program's own") gets one.
  const own = await tenantsWithClaimedCode(list.map((l) => l.tenant));
  const changes = list.map(({ tenant, release, keepAgain }): Change => {
    const code = own.has(tenant.id) ? tenant.access_code : newAccessCode();
    return {
      before: null,
      // A proof that waited when the tenant left was withdrawn then (withdrawingProofs): it comes back without it.
      after: { ...tenant, access_code: code, waiting_proof_id: null, updated_at: options.sameVersion ? tenant.updated_at : laterThan(tenant.updated_at, now) },
      alongside: [release, ...(own.has(tenant.id) ? [] : [claimAccessCode(code, tenant.id)])],
      undoAlongside: [keepAgain],
    };
  });
  return (await applyChanges(changes, how)).map((c) => c.after!);
}

/** A version stamp that always moves forward, even when two saves fall in the same millisecond. */
function laterThan(previous: string, now: string): string {
  if (now > previous) return now;
  return new Date(Date.parse(previous) + 1).toISOString();
}

export { tenantFromItem };
