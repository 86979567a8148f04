/**
 * The archive job (type 'archive' on the archive-exports queue; docs/decisions.md "Archives: what the job
 * does and why nothing is lost"). In this order, each phase kept in the checkpoint (archive-checkpoint.ts)
 * before the next begins, so a redelivered message or a continuation goes on where the last run stopped:
 *
 *   1. the archive lock, taken by the route, is asserted again (idempotent for this archive)
 *   2. the export is written streaming to its key (never again once verified)
 *   3. it is read back streaming: every tenant of the scope in DynamoDB must be in it, field for field,
 *      with every history entry; then the checkpoint says `verified`
 *   4. the archive record and the archived ledger ids are kept, BEFORE anything is deleted
 *   5. the tenants named in the export that still exist are deleted through the tenant store (the
 *      counters move by exact deltas), then whatever else is under TENANT#{id} (history, setup claims)
 *   6. the cycles are archived; a facility archive resets the facility's period fields and sets its new
 *      letter dates, or retires it
 *   7. the lock is released
 *
 * Nothing is held for all tenants at once but their ids: tenants are read a page at a time (the tcyc
 * index, then BatchGet), history a tenant at a time (Query), and both stream into the workbook.
 *
 * A worker invocation lasts at most 900 s. Writing and verifying each start only with enough time left
 * (a fresh invocation always has it); the deletion checkpoints after every page and, when the time runs
 * short, the job goes on in a new invocation (JobContinues) from its last page.
 */
import { isDeepStrictEqual } from 'node:util';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { COUNTER_NAMES } from '../../shared/contracts/program';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { cyclesOfFacility, getCycle, getCycleCounters, updateCycle } from '../cycles/cycle-store';
import { getFacility, getFacilityCounters, requireFacility, retiredStatsOf, updateFacility } from '../facilities/facility-store';
import type { FacilityChanges, FacilityRecord } from '../facilities/facility-store';
import { JobContinues } from '../jobs/job-continues';
import { JobRefused } from '../jobs/job-refused';
import { JobRunElsewhere } from '../jobs/job-run-elsewhere';
import type { JobRecord } from '../jobs/job-store';
import type { Counters } from '../program/counters';
import { facilityStatsOf, LETTER_COUNTERS } from '../program/counters';
import { HttpError } from '../runtime/http-error';
import { recordMetric } from '../runtime/metrics';
import type { JobRunContext } from '../runtime/worker';
import { deleteTenants, getTenants } from '../tenants/tenant-store';
import type { TenantRecord, TenantWrite } from '../tenants/tenant-store';
import { claimCheckpoint } from './archive-checkpoint';
import type { ArchiveCheckpoint, ArchivedCycle, HeldCheckpoint } from './archive-checkpoint';
import { archiveJobInput } from './archive-job-input';
import type { ArchiveJobInput } from './archive-job-input';
import { lockForArchive, releaseArchiveLock } from './archive-lock';
import type { ArchiveScope } from './archive-lock';
import { recordArchivedLedgers } from './archived-ledgers';
import { recordArchive } from './archive-store';
import { readArchiveRecords, readArchiveTenants, writeArchiveWorkbook } from './archive-workbook';
import type { ArchivedHistoryEntry, ArchivedTenant, InfoRow } from './archive-workbook';

/** The sort keys of a tenant's history entries (tenant-history.ts). */
const HISTORY_PREFIX = 'HISTORY#';

/** Tenants read (one BatchGet) and deleted (one tenant-store call, a few transactions) at a time. */
export const ARCHIVE_PAGE = 100;
/** Tenants whose history is queried at once. */
const QUERIES_IN_FLIGHT = 16;

/**
 * Time an invocation must have left to start a phase; less, and the job goes on in a new invocation.
 * Writing and verifying cannot stop half way (the export is one upload; the check reads it whole):
 * measured, 50,000 tenants take well under these (docs/decisions.md); one page of deletion takes seconds.
 */
export const TIME_NEEDED_MS = { write: 8 * 60_000, verify: 5 * 60_000, deletePage: 60_000, finish: 30_000 } as const;

/** The archive's share of the job's progress: writing 0-50, verifying 50-60, deleting 60-100. */
const PROGRESS = { write: [0, 50], verify: [50, 60], delete: [60, 100] } as const;

type Item = Record<string, NativeAttributeValue>;

const scopeOf = (input: ArchiveJobInput): ArchiveScope => (input.scope === 'cycle'
  ? { kind: 'cycle', facilityId: input.facility_id, cycleId: input.cycle_id! }
  : { kind: 'facility', facilityId: input.facility_id });

// ---------------------------------------------------------------------------------------------------
// Reading the scope from DynamoDB

/** The ids of a cycle's tenants, a page at a time (the tcyc index, keys only). */
async function* cycleTenantIds(cycleId: string): AsyncGenerator<string[]> {
  let startKey: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'tcyc', KeyConditionExpression: 'tcycpk = :pk', ExpressionAttributeValues: { ':pk': cycleId },
      ProjectionExpression: 'pk', ExclusiveStartKey: startKey, Limit: ARCHIVE_PAGE,
    }));
    const ids = (out.Items ?? []).map((i) => (i.pk as string).slice('TENANT#'.length));
    if (ids.length) yield ids;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

/** Every tenant of the archive's cycles, a page of records at a time. */
async function* scopeTenants(cycles: readonly ArchivedCycle[]): AsyncGenerator<TenantRecord[]> {
  for (const cycle of cycles) {
    for await (const ids of cycleTenantIds(cycle.id)) yield getTenants(ids);
  }
}

/** All items under a tenant's key whose sort key starts with `prefix` ('' for all), oldest history first. */
async function tenantItems(tenantId: string, prefix: string, projection?: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `TENANT#${tenantId}`, ...(prefix ? { ':prefix': prefix } : {}) },
      ...(projection ? { ProjectionExpression: projection } : {}),
      ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const historyEntryOf = (item: Item): ArchivedHistoryEntry => ({
  sk: item.sk as string, facility_id: item.facility_id as string, at: item.at as string, action: item.action as string,
  by: item.by as ArchivedHistoryEntry['by'], changes: (item.changes ?? []) as ArchivedHistoryEntry['changes'],
});

/** `work` over `list`, QUERIES_IN_FLIGHT at a time, the answers in the list's order. */
async function* inOrder<T, R>(list: readonly T[], work: (item: T) => Promise<R>): AsyncGenerator<R> {
  for (let i = 0; i < list.length; i += QUERIES_IN_FLIGHT) {
    for (const answer of await Promise.all(list.slice(i, i + QUERIES_IN_FLIGHT).map(work))) yield answer;
  }
}

// ---------------------------------------------------------------------------------------------------
// The workbook's Facility and Summary sheets

const cell = (v: unknown): string | number | boolean | null =>
  (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean));

function facilityRows(facility: FacilityRecord, cp: ArchiveCheckpoint, input: ArchiveJobInput): InfoRow[] {
  const next = input.retire ? 'retired (no new letter dates)' : input.letter_dates ? null : 'skipped';
  return [
    ...Object.entries(facility).map(([field, value]): InfoRow => [field, cell(value)]),
    ...[...COUNTER_NAMES, ...LETTER_COUNTERS].map((name): InfoRow => [`counter before archive: ${name}`, cp.counters_before[name] ?? 0]),
    ...cp.cycles.flatMap((c): InfoRow[] => [
      [`cycle archived: ${c.label}`, c.id],
      [`cycle ${c.label} letter_effective_date`, c.letter_effective_date],
      [`cycle ${c.label} initial_letter_send_date`, c.initial_letter_send_date],
      [`cycle ${c.label} reminder_letter_send_date`, c.reminder_letter_send_date],
    ]),
    ...(input.letter_dates
      ? Object.entries(input.letter_dates).map(([field, value]): InfoRow => [`new ${field}`, value])
      : [['new letter dates', next] as InfoRow]),
  ];
}

function summaryRows(facility: FacilityRecord, cp: ArchiveCheckpoint, input: ArchiveJobInput, tenantCount: number): InfoRow[] {
  return [
    ['Scope', input.scope === 'facility' ? 'Facility archive' : 'Cycle archive'],
    ['Archive id', input.archive_id],
    ['Facility number', facility.facility_number],
    ['Prime site id', facility.prime_site_id],
    ['Cycles', cp.cycles.map((c) => c.label).join(', ')],
    ['Letter effective date', cp.letter_effective_date],
    ['Archived by', input.requested_by.username],
    ['Written at', new Date().toISOString()],
    ['Tenants', tenantCount],
    ['Retires the facility', input.retire],
    ['Export file', input.export_filename],
  ];
}

// ---------------------------------------------------------------------------------------------------
// The phases

interface Run {
  job: JobRecord;
  input: ArchiveJobInput;
  cp: HeldCheckpoint;
  ctx: JobRunContext;
  /** What the verify step found, when this run verified (else read again from the export). */
  ledgerIds?: string[];
  /**
   * When this run verified: the tenants that had items under their key besides the record and its
   * history (letters, setup claims). The deletion lists those tenants' items again; for every other one,
   * what is left is the history the export holds, so it deletes that without asking DynamoDB again.
   */
  withOtherItems?: Set<string>;
}

const timeLeft = (ctx: JobRunContext): number => ctx.timeLeftMs?.() ?? Infinity;

async function goOnLater(run: Run, why: string): Promise<never> {
  await run.cp.release();
  throw new JobContinues(why);
}

async function needTime(run: Run, ms: number, step: string): Promise<void> {
  if (timeLeft(run.ctx) < ms) await goOnLater(run, `${Math.round(timeLeft(run.ctx) / 1000)} s left, too little to ${step}`);
}

function progressOf(run: Run) {
  let reportedAt = 0;
  return async (phase: keyof typeof PROGRESS, share: number, detail: { written: number; verified: number; deleted: number }, always = false) => {
    await run.cp.keepAlive();
    if (!always && Date.now() - reportedAt < 1000) return;
    reportedAt = Date.now();
    const [from, to] = PROGRESS[phase];
    const total = run.cp.current.tenant_count || run.cp.current.counters_before.total;
    await run.ctx.progress(from + (to - from) * Math.min(1, share), { ...detail, total });
  };
}

/** 2. The export, written streaming from DynamoDB to its key. */
async function writeExport(run: Run): Promise<void> {
  const { input, cp } = run;
  const facility = await requireFacility(input.facility_id);
  const report = progressOf(run);
  const total = Math.max(1, cp.current.counters_before.total);
  const written = await writeArchiveWorkbook(input.file_key, input.export_filename, {
    tenants: scopeTenants(cp.current.cycles),
    history: (ids) => inOrder(ids, async (id) => ({ tenantId: id, entries: (await tenantItems(id, HISTORY_PREFIX)).map(historyEntryOf) })),
    facility: facilityRows(facility, cp.current, input),
    summary: (count) => summaryRows(facility, cp.current, input, count),
    onProgress: (w) => report('write', w.tenants / total, { written: w.tenants, verified: 0, deleted: 0 }),
  });
  recordMetric('ArchiveRowsWritten', written.tenants);
  await cp.save({ phase: 'written', tenant_count: written.tenants });
}

/**
 * 3. The export read back: each tenant's record must equal the stored one and its history entries be
 * the stored ones; then every tenant of the scope in DynamoDB must be among those read.
 */
async function verifyExport(run: Run): Promise<void> {
  const { input, cp } = run;
  const report = progressOf(run);
  const inFile = new Set<string>();
  const ledgerIds: string[] = [];
  const withOtherItems = new Set<string>();
  const total = Math.max(1, cp.current.tenant_count);
  let page: { record: TenantRecord; history: ArchivedHistoryEntry[] }[] = [];
  const check = async () => {
    const stored = new Map((await getTenants(page.map((t) => t.record.id))).map((t) => [t.id, t]));
    for (const t of page) {
      if (!isDeepStrictEqual(stored.get(t.record.id), t.record)) throw new Error(`The export ${input.export_filename} does not hold tenant ${t.record.id} as stored; nothing was deleted.`);
    }
    // Every item under each tenant's key (keys only): its history must be the export's; any other item
    // (a letter, a setup claim) marks the tenant for the deletion to list again.
    for await (const { id, sks } of inOrder(page.map((t) => t.record.id), async (id) => ({ id, sks: (await tenantItems(id, '', 'sk')).map((i) => i.sk as string) }))) {
      const filed = page.find((t) => t.record.id === id)!.history.map((e) => e.sk);
      if (!isDeepStrictEqual(filed, sks.filter((sk) => sk.startsWith(HISTORY_PREFIX)))) {
        throw new Error(`The export ${input.export_filename} does not hold every history entry of tenant ${id}; nothing was deleted.`);
      }
      if (sks.some((sk) => sk !== 'PROFILE' && !sk.startsWith(HISTORY_PREFIX))) withOtherItems.add(id);
    }
    page = [];
    await report('verify', inFile.size / total, { written: cp.current.tenant_count, verified: inFile.size, deleted: 0 });
  };
  for await (const tenant of readArchiveTenants(input.file_key)) {
    if (inFile.has(tenant.record.id)) throw new Error(`The export ${input.export_filename} holds tenant ${tenant.record.id} twice; nothing was deleted.`);
    inFile.add(tenant.record.id);
    if (tenant.record.ledger_id) ledgerIds.push(tenant.record.ledger_id);
    page.push(tenant);
    if (page.length === ARCHIVE_PAGE) await check();
  }
  if (page.length) await check();
  for (const cycle of cp.current.cycles) {
    for await (const ids of cycleTenantIds(cycle.id)) {
      const missing = ids.find((id) => !inFile.has(id));
      if (missing) throw new Error(`The export ${input.export_filename} misses tenant ${missing} of cycle ${cycle.label}; nothing was deleted.`);
    }
  }
  // The counters are kept in the tenants' own transactions, the index a moment later: the count settles what the index may not show yet.
  if (inFile.size !== cp.current.counters_before.total) {
    throw new Error(`The export ${input.export_filename} holds ${inFile.size} tenants where the counters say ${cp.current.counters_before.total}; nothing was deleted.`);
  }
  run.ledgerIds = ledgerIds;
  run.withOtherItems = withOtherItems;
  await cp.save({ phase: 'verified', tenant_count: inFile.size });
}

/** 4. The archive on record and its ledger ids kept (both idempotent), before any tenant goes. */
async function recordIt(run: Run): Promise<void> {
  const { input, cp, job } = run;
  const facility = await requireFacility(input.facility_id);
  const counters = cp.current.counters_before;
  let ledgerIds = run.ledgerIds;
  if (!ledgerIds) {
    ledgerIds = [];
    for await (const record of readArchiveRecords(input.file_key)) if (record.ledger_id) ledgerIds.push(record.ledger_id);
  }
  await recordArchivedLedgers(input.facility_id, input.archive_id, ledgerIds);
  const archivedAt = cp.current.archived_at ?? new Date().toISOString();
  const cycle = input.scope === 'cycle' ? cp.current.cycles[0] ?? null : null;
  await recordArchive({
    id: input.archive_id, scope: input.scope, facility_id: facility.id, facility_number: facility.facility_number, prime_site_id: facility.prime_site_id,
    letter_effective_date: cp.current.letter_effective_date,
    // The share of active tenants who answered, of the facility's counters or the cycle's alike.
    percent_complete: facilityStatsOf(counters).percent_complete,
    cycle_id: cycle?.id ?? null, cycle_label: cycle?.label ?? null, tenant_count: cp.current.tenant_count, export_filename: input.export_filename,
    archived_at: archivedAt, archived_by: input.requested_by.username, retired: input.retire, file_key: input.file_key, job_id: job.id,
  });
  await cp.save({ phase: 'recorded', archived_at: archivedAt });
}

/** BatchWriteItem deletes, 25 a request and 4 requests at once, again for what DynamoDB leaves unprocessed. */
async function deleteItems(keys: readonly Item[]): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < keys.length; i += 25) chunks.push(keys.slice(i, i + 25));
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(4, chunks.length) }, async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let request: Record<string, { DeleteRequest: { Key: Item } }[]> | undefined = {
        [tableName()]: chunk.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })),
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
        request = out.UnprocessedItems as typeof request;
      }
    }
  }));
}

/**
 * 5. The export's tenants deleted, a page at a time: those that still exist through the tenant store
 * (with the archive's write, the one the lock lets through), then every item left under their key. The
 * checkpoint counts whole pages, so a run that stopped in a page does it again (each step skips what is gone).
 */
async function deleteTenantsOf(run: Run): Promise<void> {
  const { input, cp } = run;
  const how: TenantWrite = { actor: input.requested_by, action: 'archive', archive_id: input.archive_id };
  const report = progressOf(run);
  const total = Math.max(1, cp.current.tenant_count);
  // The items this run's verify listed under each tenant's key stand (the lock keeps every writer out):
  // a tenant's history is the export's. A run that did not verify (it goes on from an earlier one) lists them.
  const { withOtherItems } = run;
  let pageNo = 0;
  let page: ArchivedTenant[] = [];
  const deletePage = async () => {
    if (pageNo >= cp.current.pages_deleted) {
      await needTime(run, TIME_NEEDED_MS.deletePage, 'delete another page of tenants');
      const stored = await getTenants(page.map((t) => t.record.id));
      const filed = new Map(page.map((t) => [t.record.id, t.record]));
      // Only what the export holds is deleted: a tenant changed since (which the lock forbids) stops the job instead.
      const changed = stored.find((t) => !isDeepStrictEqual(t, filed.get(t.id)));
      if (changed) throw new Error(`Tenant ${changed.id} changed after the export was verified; it was not deleted.`);
      // The items under the tenants' keys are listed while their transactions run: the archive's write adds
      // none there (no history entry, tenant-store.ts writesHistory) and the lock keeps every other writer out.
      // The records themselves go in the transactions, with their counters; the rest after, once those held.
      const listLeftovers = async () => {
        const toList = withOtherItems ? page.filter((t) => withOtherItems.has(t.record.id)) : page;
        const found: Item[] = withOtherItems
          ? page.filter((t) => !withOtherItems.has(t.record.id)).flatMap((t) => t.history.map((e) => ({ pk: `TENANT#${t.record.id}`, sk: e.sk })))
          : [];
        for await (const items of inOrder(toList, (t) => tenantItems(t.record.id, '', 'pk, sk'))) found.push(...items.filter((i) => i.sk !== 'PROFILE'));
        return found;
      };
      const [leftovers] = await Promise.all([listLeftovers(), stored.length ? deleteTenants(stored, how) : undefined]);
      await deleteItems(leftovers);
      await cp.save({ pages_deleted: pageNo + 1, deleted: cp.current.deleted + stored.length });
      const done = Math.min(total, (pageNo + 1) * ARCHIVE_PAGE);
      await report('delete', done / total, { written: total, verified: total, deleted: cp.current.deleted }, true);
    }
    pageNo += 1;
    page = [];
  };
  // With the verify's listing, the history comes from the export; without it, the records alone are read.
  const tenants: AsyncIterable<ArchivedTenant> = withOtherItems ? readArchiveTenants(input.file_key) : recordsAlone(input.file_key);
  for await (const tenant of tenants) {
    page.push(tenant);
    if (page.length === ARCHIVE_PAGE) await deletePage();
  }
  if (page.length) await deletePage();
  await cp.save({ phase: 'deleted' });
}

async function* recordsAlone(fileKey: string): AsyncGenerator<ArchivedTenant> {
  for await (const record of readArchiveRecords(fileKey)) yield { record, history: [] };
}

/** 6. The cycles archived; a facility archive resets the facility and sets its new dates, or retires it. */
async function resetScope(run: Run): Promise<void> {
  const { input, cp } = run;
  const now = new Date().toISOString();
  for (const { id } of cp.current.cycles) {
    const cycle = await getCycle(id);
    if (cycle && !cycle.archived_at) await updateCycle(cycle, { archived_at: now });
  }
  if (input.scope === 'facility') {
    const facility = await requireFacility(input.facility_id);
    const changes: FacilityChanges = {
      initial_letter_send_date: null, reminder_letter_send_date: null, welcome_letter_send_date: null, letter_effective_date: null,
      initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null,
      confirmed_move_outs_date: null, confirmed_no_move_outs_date: null, can_tag_removal: true,
    };
    if (input.retire) Object.assign(changes, { retired_at: now, retired_stats: retiredStatsOf(cp.current.counters_before) });
    else if (input.letter_dates) {
      Object.assign(changes, {
        initial_letter_send_date: input.letter_dates.initial_letter_date,
        reminder_letter_send_date: input.letter_dates.reminder_letter_date,
        letter_effective_date: input.letter_dates.letter_effective_date,
      });
    }
    await updateFacility(facility, changes);
  }
  await cp.save({ phase: 'reset' });
}

/** What the job decides when it first starts: the cycles it covers and the counters before. */
async function startingPoint(job: JobRecord, input: ArchiveJobInput): Promise<Omit<ArchiveCheckpoint, 'owner' | 'lease_until' | 'updated_at'>> {
  const facility = await getFacility(input.facility_id);
  if (!facility) throw new JobRefused(`The facility of archive ${input.archive_id} no longer exists.`);
  const cycleOf = (c: { id: string; label: string; letter_effective_date: string | null; initial_letter_send_date: string | null; reminder_letter_send_date: string | null; created_at: string }): ArchivedCycle => ({
    id: c.id, label: c.label, letter_effective_date: c.letter_effective_date, initial_letter_send_date: c.initial_letter_send_date,
    reminder_letter_send_date: c.reminder_letter_send_date, created_at: c.created_at,
  });
  let cycles: ArchivedCycle[];
  let counters: Counters;
  let letterEffectiveDate: string | null;
  if (input.scope === 'cycle') {
    const cycle = input.cycle_id ? await getCycle(input.cycle_id) : null;
    if (!cycle || cycle.facility_id !== facility.id) throw new JobRefused(`The cycle of archive ${input.archive_id} is not a cycle of facility ${facility.facility_number}.`);
    if (cycle.archived_at) throw new JobRefused(`Cycle ${cycle.label} of facility ${facility.facility_number} is archived already.`);
    cycles = [cycleOf(cycle)];
    counters = await getCycleCounters(cycle.id);
    letterEffectiveDate = cycle.letter_effective_date;
  } else {
    cycles = (await cyclesOfFacility(facility.id)).map(({ cycle }) => cycleOf(cycle));
    counters = await getFacilityCounters(facility.id);
    letterEffectiveDate = facility.letter_effective_date;
  }
  return {
    archive_id: input.archive_id, job_id: job.id, phase: 'started', cycles, counters_before: counters, letter_effective_date: letterEffectiveDate,
    tenant_count: 0, pages_deleted: 0, deleted: 0, archived_at: null,
  };
}

/** The archive job's runner (registered in functions/workers/archive-exports.ts). */
export async function runArchiveJob(ctx: JobRunContext): Promise<Record<string, unknown>> {
  const { job } = ctx;
  const parsed = archiveJobInput.safeParse(job.input);
  if (!parsed.success) throw new JobRefused(`The archive job's input is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const input = parsed.data;
  if (input.scope === 'cycle' && !input.cycle_id) throw new JobRefused('A cycle archive names its cycle.');
  const result = { archive_id: input.archive_id, export_filename: input.export_filename, tenant_count: 0, retired: input.retire };

  const cp = await claimCheckpoint(input.archive_id, job.id, () => startingPoint(job, input));
  const run: Run = { job, input, cp, ctx };
  try {
    if (cp.current.phase === 'done') {
      await cp.release();
      return { ...result, tenant_count: cp.current.tenant_count };
    }
    // 1. The route's lock, asserted again: ours stays ours; one taken over by another archive stops this job.
    await lockForArchive(scopeOf(input), input.archive_id, job.id).catch((err: unknown) => {
      throw err instanceof HttpError ? new JobRefused(err.message) : err;
    });
    if (cp.current.phase === 'started') {
      await needTime(run, TIME_NEEDED_MS.write, 'write the export');
      await writeExport(run);
    }
    if (cp.current.phase === 'written') {
      await needTime(run, TIME_NEEDED_MS.verify, 'verify the export');
      await verifyExport(run).catch(async (err: unknown) => {
        // An export that failed its check is written again by the retry, never used.
        if (!(err instanceof JobRunElsewhere)) await cp.save({ phase: 'started' });
        throw err;
      });
    }
    if (cp.current.phase === 'verified') await recordIt(run);
    if (cp.current.phase === 'recorded') await deleteTenantsOf(run);
    if (cp.current.phase === 'deleted') {
      await needTime(run, TIME_NEEDED_MS.finish, 'reset the facility');
      await resetScope(run);
    }
    if (cp.current.phase === 'reset') {
      await releaseArchiveLock(scopeOf(input), input.archive_id);
      await cp.save({ phase: 'done' });
    }
    await cp.release();
    return { ...result, tenant_count: cp.current.tenant_count };
  } catch (err) {
    if (!(err instanceof JobContinues)) await cp.release();
    throw err;
  }
}
