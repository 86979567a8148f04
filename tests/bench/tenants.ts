/**
 * The tenants at the program's scale: a private program (DynamoDB Local on disk, its SQLite files on a
 * tmpfs when there is room, see storageDir) with the demo seed and the scale seed's 3,000 facilities and
 * 10,000 cycles, whose tenants are loaded in steps with the seed's own cap (localstack/scale-data.ts
 * `tenants`: whole facilities in number order, so the first facilities hold the same tenants at every
 * step): 150,000 first, then all of them (about 1.5 million). At every step the same read calls run over
 * HTTP through the local runtime (N requests after a warm-up, one at a time), then the largest facility
 * is archived through the wizard's calls (issue 17: the call to a download link; archive-timing.ts), and
 * the next step's load writes its tenants again; at the last step the writes run too (a single tenant
 * edit, the bulk charge confirmation of 300 tenants, a 2,000-tenant cycle's export until its job is done,
 * and issue 18's tenant sign-in and answer on the response portal: respond-timing.ts).
 *
 * Every DynamoDB command of this process (the handlers run here and share functions/aws/clients.ts) goes
 * through a client middleware that asks for ReturnConsumedCapacity TOTAL and records the command, the
 * items it read (Query: ScannedCount; GetItem: 0 or 1; BatchGetItem: the items answered) and its capacity
 * units, so each request's reads are known: they must not change between the steps, and a Scan anywhere
 * fails the run.
 *
 * Issue 25: LocalStack runs the program's DynamoDB (its DynamoDB Local behind its gateway). Every measured
 * call goes through the gateway, as the program's do; the tenant list and the name search are measured a
 * second time straight to DynamoDB Local's own port, so the gateway's cost is known
 * (straightToDynamoDbLocal); the loads, setup rather than a measured call, go straight too.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../localstack/emulator';
import { startProgram } from '../../localstack/runtime/program';
import { loadScaleData, scaleFacilityId, verifyScaleData } from '../../localstack/scale-data';
import { coverageIdOf } from '../../shared/coverage-ids';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { getCycle, getCycleCounters } from '../../functions/cycles/cycle-store';
import { facilityCycleIds, getFacility, getFacilityCounters } from '../../functions/facilities/facility-store';
import { programToday } from '../../functions/program/program-settings';
import { whyNoChargeConfirmation } from '../../functions/tenants/manager-routes';
import { getTenant, getTenants, saveTenants } from '../../functions/tenants/tenant-store';
import type { TenantChanges, TenantRecord } from '../../functions/tenants/tenant-store';
import { archiveSummary, largestFacilities, timeFacilityArchive } from './archive-timing';
import { measureRespond } from './respond-timing';
import { measureProofUpload } from './proof-upload-timing';
import type { FacilityArchiveTiming } from './archive-timing';
import { scheduleSummary, timeDailySchedule } from './schedule-timing';
import type { ScheduleTiming } from './schedule-timing';
import { drainedSummary, waitForQueuesDrained } from './queues-drained';
import type { QueuesDrained } from './queues-drained';
import { READS, busyMs, itemsOf, medianPath, operationsOf } from './recorded-operations';
import { childPids } from './processes';
import { createClient, headersOf, login } from './http-client';
import type { HttpCall, HttpReply, Send } from './http-client';
import { summarize } from './stats';
import type { Summary } from './stats';

// Here, not in targets.ts, which reads this phase's types: the bench's modules import one way (dependency rules).
/** Issue 24: the program-wide name search typed in any order, p95 under 150 ms at 1.5 million tenants. */
export const NAME_SEARCH_P95_LIMIT_MS = 150;
/** Issue 24: a tenant page (GET /api/tenants/{id}/story) and the navigation bar's tenant search, p95 under 150 ms at 1.5 million tenants. */
export const TENANT_PAGE_P95_LIMIT_MS = 150;

export const TENANT_SCALE = { facilities: 3000, cycles: 10000 } as const;
/** 3,000 e-mail events at the local poller's pace (a batch of 10 at a time) take a few minutes; more is a stuck queue. */
const QUEUES_DRAIN_MAX_MS = 15 * 60_000;
/** The bench's default steps: 150,000 tenants, then the whole scale seed (null: no cap). */
export const DEFAULT_TENANT_STEPS: readonly (number | null)[] = [150_000, null];

export interface TenantBenchOptions {
  /** Tenant caps to grow the program through, in increasing order; null is the whole seed (about 1.5 million). */
  steps: (number | null)[];
  warmup: number;
  requests: number;
  updates: number;
  bulkRounds: number;
  exportRounds: number;
}

export type Who = 'monitor' | 'manager';

export interface ReadUsage {
  /** Per request: items DynamoDB read (mean, min, max over the measured requests). */
  items: { mean: number; min: number; max: number };
  /** Per request: read capacity units DynamoDB reported (ReturnConsumedCapacity TOTAL). */
  units: { mean: number; min: number; max: number };
  /**
   * Of those, the page's context: the cycles and facilities of the rows on the page (their labels and
   * software, one BatchGetItem of `CYCLE#`/`FACILITY#` profiles): one per distinct cycle and facility, so
   * it follows which rows the page shows, at most two per row.
   */
  contextItems: { mean: number; min: number; max: number };
  contextUnits: { mean: number; min: number; max: number };
}

export interface TenantScenarioResult {
  name: string;
  path: string;
  who: Who;
  /** Null when the call could not run (501, another error): a failure, never a number. */
  error: string | null;
  ms: Summary | null;
  dynamoMs: Summary | null;
  rows: number | null;
  total: number | null;
  exact: boolean | null;
  bytes: number | null;
  operations: string;
  usage: ReadUsage | null;
  scans: number;
  /** The call's p95 limit when it is stricter than the lists' (targets.ts tenantReadLimitMs). */
  limitMs?: number;
}

export interface TenantLoadStep {
  /** The cap asked for (null: all). */
  cap: number | null;
  /** Tenants the program holds after the step, and those this step wrote. */
  tenants: number;
  written: number;
  /** The whole loadScaleData call (facility, cycle, counter and catalog items rewritten too). */
  seconds: number;
  /** Time the loader spent writing tenant items (waiting on BatchWriteItem), and the other parts. */
  tenantSeconds: number;
  otherItems: number;
  otherWriteSeconds: number;
  catalogSeconds: number;
  verifySeconds: number;
  /**
   * Issue 25: one DescribeTable of the program's table straight to DynamoDB Local (it counts the items), which
   * LocalStack asked for every 20 s before localstack-server.py kept its answer; null when it cannot be reached straight.
   */
  describeTableSeconds?: number | null;
}

export interface TenantStep {
  load: TenantLoadStep;
  scenarios: TenantScenarioResult[];
  cpu: TreeCpu | null;
  waitedSeconds: number;
  /** After the reads: the largest facility (but the fixture's) archived, the call to a download link (archive-timing.ts). */
  archive: FacilityArchiveTiming;
  archiveCpu: TreeCpu | null;
  /** Issue 27: the daily schedule of a day ahead, after the archive (schedule-timing.ts). */
  schedule: ScheduleTiming;
  /** After the schedule: the wait for the program's queues to empty (its e-mails' events among them), before anything else is measured (queues-drained.ts). */
  drained: QueuesDrained;
}

export type WriteKind = 'update' | 'bulk' | 'export' | 'respond';

export interface TenantWriteResult {
  kind: WriteKind;
  name: string;
  path: string;
  /** 'tenant': a tenant's own portal session (issue 18). */
  who: Who | 'tenant';
  error: string | null;
  /** Per call, from the request to the answer (export: to the job being done). */
  ms: Summary | null;
  samples: number[];
  operations: string;
  /** The median call's DynamoDB round trips in order, with their times (recorded-operations.ts pathOf). */
  waits: string;
  note: string;
}

export interface TenantFixture {
  facilityId: string;
  facilityNumber: string;
  manager: string;
  bigCycle: { id: string; tenants: number };
  typicalCycle: { id: string; tenants: number };
  /** Every cycle of the facility that holds tenants, largest first. */
  cycles: { id: string; tenants: number }[];
  /** The facility's software as Insurance Policy Management names it; null when it has no API (no setup list). */
  setupSoftware: 'sitelink' | 'storedge' | null;
}

export interface TenantBenchResult {
  startupSeconds: number;
  storage: string;
  fixture: TenantFixture;
  steps: TenantStep[];
  writes: TenantWriteResult[];
  writesCpu: TreeCpu | null;
  /** Every command the phase's process sent after the recorder was installed (loads included). */
  commandsSeen: Record<string, number>;
  scans: number;
  options: TenantBenchOptions;
}

// ---------------------------------------------------------------------------------------------------
// Recording every DynamoDB command with its consumed capacity

interface Recorded { name: string; start: number; end: number; items: number; readUnits: number; writeUnits: number; context: boolean }

const WITH_CAPACITY = new Set([...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

type Output = Record<string, unknown> | undefined;

function unitsOf(output: Output): number {
  const consumed = output?.ConsumedCapacity as { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
  if (!consumed) return 0;
  return (Array.isArray(consumed) ? consumed : [consumed]).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
}

const keyText = (v: unknown) => (typeof v === 'string' ? v : ((v as { S?: string } | undefined)?.S ?? ''));

/** A BatchGetItem of cycle and facility profiles only: the page's context (tenant-view.ts contextOf). */
function isPageContext(name: string, input: unknown): boolean {
  if (name !== 'BatchGetItem') return false;
  const requests = Object.values((input as { RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }> }).RequestItems ?? {});
  const keys = requests.flatMap((r) => r.Keys ?? []);
  return keys.length > 0 && keys.every((k) => /^(CYCLE|FACILITY)#/.test(keyText(k.pk)) && keyText(k.sk) === 'PROFILE');
}

function recordCommands(): { take: () => Recorded[]; all: Record<string, number> } {
  let current: Recorded[] = [];
  const all: Record<string, number> = {};
  dynamo().middlewareStack.add((next, context) => async (args) => {
    const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
    const input = WITH_CAPACITY.has(name) ? { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } : args.input;
    const start = performance.now();
    let output: Output;
    try {
      const result = await next({ ...args, input });
      output = result.output as Output;
      return result;
    } finally {
      const units = unitsOf(output);
      const read = READS.has(name);
      current.push({
        name, start, end: performance.now(), items: read ? itemsOf(name, output) : 0, readUnits: read ? units : 0, writeUnits: read ? 0 : units,
        context: isPageContext(name, args.input),
      });
      all[name] = (all[name] ?? 0) + 1;
    }
  }, { step: 'initialize', name: 'benchTenantRecorder' });
  return { take: () => { const taken = current; current = []; return taken; }, all };
}

/**
 * Issue 25: what LocalStack's gateway costs a request. While `during` runs, this process's DynamoDB client
 * (the handlers' too) sends its requests to LocalStack's DynamoDB Local on its own port instead of through
 * the gateway: the same tables (LocalStack runs it with one shared database, DYNAMODB_SHARE_DB) and the
 * same requests; DynamoDB Local checks no signature, so the changed host does not matter to it.
 */
function straightToDynamoDbLocal(address: string | undefined): { available: boolean; during: <T>(run: () => Promise<T>) => Promise<{ result: T; rerouted: number }> } {
  let on = false;
  let rerouted = 0;
  if (address) {
    const { hostname, port, host } = new URL(address);
    dynamo().middlewareStack.add((next) => async (args) => {
      const request = args.request as { hostname?: string; port?: number; headers?: Record<string, string> };
      if (on && request.headers) {
        Object.assign(request, { hostname, port: Number(port), headers: { ...request.headers, host } });
        rerouted += 1;
      }
      return next(args);
    }, { step: 'finalizeRequest', priority: 'low', name: 'benchStraightToDynamoDbLocal' });
  }
  return {
    available: Boolean(address),
    during: async (run) => {
      on = true;
      rerouted = 0;
      try {
        const result = await run();
        return { result, rerouted };
      } finally { on = false; }
    },
  };
}

const spread = (xs: number[]) => ({ mean: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), min: Math.min(...xs), max: Math.max(...xs) });

// ---------------------------------------------------------------------------------------------------
// CPU of this process tree against the machine's, while a step is measured

export interface TreeCpu { seconds: number; ownCores: number; otherCores: number; busy: boolean }

/** Above this many cores' worth of other work on average, a step's timings are not conclusive (as contention.ts). */
const BUSY_OTHER_CORES = 0.3;

function treeTicks(pid: number, depth = 0): number {
  let ticks: number;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    ticks = utime! + stime!;
  } catch {
    return 0;
  }
  // The emulators (java, python) are children of this process; their own children (none today) one level more.
  if (depth < 2) for (const child of childPids(pid)) ticks += treeTicks(child, depth + 1);
  return ticks;
}

function machineTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq! + steal!;
}

/** Unlike contention.ts (which counts children once they exit), this counts the running emulators as the bench's own. */
function watchTreeCpu(): () => TreeCpu | null {
  let start: { at: number; own: number; all: number } | null = null;
  try { start = { at: performance.now(), own: treeTicks(process.pid), all: machineTicks() }; } catch { /* no /proc */ }
  return () => {
    if (!start) return null;
    const seconds = (performance.now() - start.at) / 1000;
    const own = (treeTicks(process.pid) - start.own) / 100 / seconds;
    const all = (machineTicks() - start.all) / 100 / seconds;
    const otherCores = Math.max(0, all - own);
    return { seconds, ownCores: own, otherCores, busy: otherCores > BUSY_OTHER_CORES };
  };
}

async function waitForQuietTree(maxMs: number, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  let said = false;
  while (performance.now() - started < maxMs) {
    const stop = watchTreeCpu();
    await new Promise((r) => setTimeout(r, 2000));
    const c = stop();
    if (!c || !c.busy) break;
    if (!said) log(`bench:   other processes are using ${c.otherCores.toFixed(1)} cores; waiting up to ${maxMs / 1000} s for a quieter moment...`);
    said = true;
  }
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------------
// The calls


interface ReadCall {
  name: string; path: string; who: Who;
  /** A p95 limit stricter than the lists' 250 ms (issue 24: the name search, 150 ms). */
  limitMs?: number;
  /** How its answer is checked: a list page (the default), or another answer's own check (the tenant page, the search). */
  check?: (reply: HttpReply) => ListAnswer;
  /** Issue 25: the handlers' DynamoDB calls go straight to DynamoDB Local, not through LocalStack's gateway (straightToDynamoDbLocal). */
  straight?: true;
}

type ListAnswer = { rows: number | null; total: number | null; exact: boolean | null };

/** Rows, total and whether the total is exact, after checking that the answer is a list with rows. */
function checkList(reply: HttpReply): { rows: number; total: number; exact: boolean | null; body: { pagination: { next_cursor?: string | null } } } {
  if (reply.status === 501) throw new Error(`answers 501 (route not built yet): ${reply.body.slice(0, 200)}`);
  if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
  const body = JSON.parse(reply.body) as { data?: unknown[]; pagination?: { total?: number; exact?: boolean; next_cursor?: string | null } };
  if (!Array.isArray(body.data) || !body.pagination) throw new Error(`not a list answer: ${reply.body.slice(0, 200)}`);
  if (body.data.length === 0) throw new Error('the list is empty at scale');
  return { rows: body.data.length, total: body.pagination.total ?? 0, exact: body.pagination.exact ?? null, body: body as never };
}

/** A tenant page (GET /api/tenants/{id}/story): the tenant asked for, with its history; its rows are its history entries. */
function checkStory(reply: HttpReply): ListAnswer {
  if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
  const body = JSON.parse(reply.body) as { tenant?: { id?: string }; history?: unknown[]; letters?: unknown[] };
  if (!body.tenant?.id || !Array.isArray(body.history) || !Array.isArray(body.letters)) throw new Error(`not a tenant page: ${reply.body.slice(0, 200)}`);
  return { rows: body.history.length, total: null, exact: null };
}

/** The navigation bar's search (GET /api/tenants/search): a few hits, at least one at scale. */
function checkSearch(reply: HttpReply): ListAnswer {
  if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
  const body = JSON.parse(reply.body) as { data?: unknown[]; more?: boolean };
  if (!Array.isArray(body.data) || body.data.length === 0) throw new Error(`no hit at scale: ${reply.body.slice(0, 200)}`);
  return { rows: body.data.length, total: null, exact: body.more === false };
}

/** `tenantId`: a tenant of the program (the program-wide list's first row), whose page is read. */
/** The name a call measured straight to DynamoDB Local has: its own, and this. */
export const STRAIGHT_SUFFIX = ', straight to DynamoDB Local';

/** `straight`: LocalStack's DynamoDB Local can be reached on its own port, so the gateway's cost is measured beside each call so marked. */
export function tenantReadCalls(f: TenantFixture, cursor: string, tenantId: string, straight: boolean): ReadCall[] {
  const facility = `/api/facilities/${f.facilityId}/tenants`;
  const big = `${f.bigCycle.tenants.toLocaleString('en-US')} tenants`;
  const typical = `${f.typicalCycle.tenants.toLocaleString('en-US')} tenants`;
  const alsoStraight = (call: ReadCall): ReadCall[] => [call, ...(straight ? [{ ...call, name: `${call.name}${STRAIGHT_SUFFIX}`, straight: true as const }] : [])];
  return [
    ...alsoStraight({ name: 'GET /api/tenants', who: 'monitor', path: '/api/tenants' }),
    { name: 'GET /api/tenants, next page (next_cursor)', who: 'monitor', path: `/api/tenants?cursor=${encodeURIComponent(cursor)}` },
    { name: 'GET /api/tenants, facility_number', who: 'monitor', path: `/api/tenants?facility_number=${f.facilityNumber}` },
    { name: `GET /api/tenants, cycle_id (${big})`, who: 'monitor', path: `/api/tenants?cycle_id=${f.bigCycle.id}` },
    { name: `GET /api/tenants, cycle_id (${typical})`, who: 'monitor', path: `/api/tenants?cycle_id=${f.typicalCycle.id}` },
    { name: 'GET /api/tenants, name prefix \'sm\'', who: 'monitor', path: '/api/tenants?name=sm' },
    { name: 'GET /api/tenants, name \'johnson\'', who: 'monitor', path: '/api/tenants?name=johnson' },
    // Issue 24: a name typed first name first, the last cut short: both name indexes queried and merged
    // (functions/tenants/name-search.ts); about 170 James S… at 150,000 tenants, so every step reads a full page.
    ...alsoStraight({ name: 'GET /api/tenants, name in any order \'james s\'', who: 'monitor', path: '/api/tenants?name=james%20s', limitMs: NAME_SEARCH_P95_LIMIT_MS }),
    { name: 'GET /api/tenants, unit', who: 'monitor', path: '/api/tenants?unit=A101' },
    { name: 'GET /api/tenants, status opt_out', who: 'monitor', path: '/api/tenants?status=opt_out' },
    { name: `Manager's cycle tenants (${big})`, who: 'manager', path: `${facility}?cycle_id=${f.bigCycle.id}` },
    { name: `Manager's cycle tenants (${typical})`, who: 'manager', path: `${facility}?cycle_id=${f.typicalCycle.id}` },
    { name: `Tag modal page (${big})`, who: 'manager', path: `${facility}?cycle_id=${f.bigCycle.id}&per_page=50&full_name=` },
    { name: `Tag modal page, name typed (${big})`, who: 'manager', path: `${facility}?cycle_id=${f.bigCycle.id}&per_page=50&full_name=jo` },
    ...(f.setupSoftware ? [{
      name: `Insurance Policy Management setup list (facility of ${big} in its largest cycle)`, who: 'monitor' as const,
      path: `/api/tenants/for-policy-setup?software=${f.setupSoftware}&facility_number=${f.facilityNumber}`,
    }] : []),
    // Issue 24: a tenant page (its partition and its proofs, then its cycle and facility), and the navigation
    // bar's search for a name (tried as access code, insur ledger id, unit and name at once).
    { name: 'Tenant page (GET /api/tenants/{id}/story)', who: 'monitor', path: `/api/tenants/${encodeURIComponent(tenantId)}/story`, limitMs: TENANT_PAGE_P95_LIMIT_MS, check: checkStory },
    { name: 'Tenant search \'johnson\' (GET /api/tenants/search)', who: 'monitor', path: '/api/tenants/search?q=johnson', limitMs: TENANT_PAGE_P95_LIMIT_MS, check: checkSearch },
  ];
}

async function runRead(call: ReadCall, send: Send, token: string, recorder: ReturnType<typeof recordCommands>, options: TenantBenchOptions): Promise<TenantScenarioResult> {
  const http: HttpCall = { method: 'GET', path: call.path, headers: headersOf(token) };
  const result: TenantScenarioResult = {
    name: call.name, path: call.path, who: call.who, error: null, ms: null, dynamoMs: null, rows: null, total: null, exact: null, bytes: null,
    operations: '', usage: null, scans: 0, ...(call.limitMs ? { limitMs: call.limitMs } : {}),
  };
  try {
    const check = call.check ?? checkList;
    for (let i = 0; i < options.warmup; i += 1) check(await send(http));
    const times: number[] = [];
    const dynamoTimes: number[] = [];
    const perRequest: Recorded[][] = [];
    for (let i = 0; i < options.requests; i += 1) {
      recorder.take();
      const reply = await send(http);
      const ops = recorder.take();
      const answer = check(reply);
      times.push(reply.ms);
      dynamoTimes.push(busyMs(ops));
      perRequest.push(ops);
      Object.assign(result, { rows: answer.rows, total: answer.total, exact: answer.exact, bytes: reply.body.length });
    }
    result.ms = summarize(times);
    result.dynamoMs = summarize(dynamoTimes);
    result.operations = operationsOf(perRequest);
    result.scans = perRequest.flat().filter((op) => op.name === 'Scan').length;
    const sum = (ops: Recorded[], key: 'items' | 'readUnits') => ops.reduce((n, op) => n + op[key], 0);
    const context = perRequest.map((ops) => ops.filter((op) => op.context));
    result.usage = {
      items: spread(perRequest.map((ops) => sum(ops, 'items'))), units: spread(perRequest.map((ops) => sum(ops, 'readUnits'))),
      contextItems: spread(context.map((ops) => sum(ops, 'items'))), contextUnits: spread(context.map((ops) => sum(ops, 'readUnits'))),
    };
  } catch (err) {
    result.error = (err as Error).message;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Which facility and cycles the calls use

/**
 * The first open facility (in number order, so it holds its tenants at every step) with a cycle of
 * 2,000 tenants and a typical one of about 150; with a small cap and no such facility, the largest cycle held.
 */
async function pickFixture(log: (line: string) => void): Promise<TenantFixture> {
  let best: TenantFixture | null = null;
  for (let n = 0; n < Math.min(TENANT_SCALE.facilities, 600); n += 1) {
    const facility = await getFacility(scaleFacilityId(n));
    if (!facility || facility.retired_at) continue;
    const counters = await getFacilityCounters(facility.id);
    if (counters.total === 0) continue;
    const cycles = await Promise.all((await facilityCycleIds(facility.id)).map(async (id) => {
      const [cycle, counters] = await Promise.all([getCycle(id), getCycleCounters(id)]);
      return { id, tenants: counters.total, archived: Boolean(cycle?.archived_at) };
    }));
    const open = cycles.filter((c) => !c.archived && c.tenants > 0).sort((a, b) => b.tenants - a.tenants);
    const typical = [...open].sort((a, b) => Math.abs(a.tenants - 150) - Math.abs(b.tenants - 150))[0];
    if (!typical || !open[0]) continue;
    const held = cycles.filter((c) => c.tenants > 0).sort((a, b) => b.tenants - a.tenants).map(({ id, tenants }) => ({ id, tenants }));
    // The setup list lists the tenants requiring setup: a facility with none would answer no rows.
    const family = facility.software.startsWith('sitelink') ? 'sitelink' : facility.software === 'storedge' ? 'storedge' : null;
    const software = counters.requires_setup > 0 ? family : null;
    const fixture: TenantFixture = {
      facilityId: facility.id, facilityNumber: facility.facility_number, manager: `manager${facility.facility_number}`,
      bigCycle: { id: open[0].id, tenants: open[0].tenants }, typicalCycle: { id: typical.id, tenants: typical.tenants }, cycles: held, setupSoftware: software,
    };
    // A facility with a software API and tenants to set up, so the Insurance Policy Management setup list is measured on it too.
    if (open[0].tenants >= 2000 && typical.tenants < 1000 && software) {
      log(`bench:   facility ${facility.facility_number}: cycle ${open[0].id} (${open[0].tenants} tenants), cycle ${typical.id} (${typical.tenants})`);
      return fixture;
    }
    if (!best || open[0].tenants > best.bigCycle.tenants) best = fixture;
  }
  if (!best) throw new Error('no facility holds tenants: is the tenant cap 0?');
  log(`bench:   no held facility has a 2,000-tenant cycle at this cap; using ${best.bigCycle.id} (${best.bigCycle.tenants} tenants)`);
  return best;
}

/** A facility an earlier step archived holds its tenants again after the load (every cycle's first and last). */
async function checkTenantsBack(facilityId: string): Promise<void> {
  for (const cycleId of await facilityCycleIds(facilityId)) {
    const { total } = await getCycleCounters(cycleId);
    if (total === 0) continue;
    const ids = [`${cycleId}-t1`, `${cycleId}-t${total}`];
    if ((await getTenants(ids)).length !== ids.length) throw new Error(`the load did not write the tenants of ${cycleId} again after its archive`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Writes

const BENCH_ACTOR = { actor: { user_id: 'bench', username: 'bench' }, action: 'bench_prepare' };

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

function writeResult(kind: WriteKind, name: string, path: string, who: TenantWriteResult['who'], samples: number[], perCall: Recorded[][], note: string): TenantWriteResult {
  return { kind, name, path, who, error: null, ms: summarize(samples), samples, operations: operationsOf(perCall), waits: medianPath(samples, perCall), note };
}

const failedWrite = (kind: WriteKind, name: string, path: string, who: TenantWriteResult['who'], err: unknown, note = ''): TenantWriteResult =>
  ({ kind, name, path, who, error: (err as Error).message, ms: null, samples: [], operations: '', waits: '', note });

/** POST /api/tenants/{id} as staff, tagging and untagging in turn (counters move: transaction, then two catalog entries). */
async function measureUpdate(f: TenantFixture, send: Send, token: string, recorder: ReturnType<typeof recordCommands>, n: number): Promise<TenantWriteResult> {
  const id = `${f.bigCycle.id}-t7`;
  const path = `/api/tenants/${id}`;
  const name = 'POST /api/tenants/{id} (staff edit: tag or untag)';
  try {
    const samples: number[] = [];
    const perCall: Recorded[][] = [];
    for (let i = 0; i < n + 3; i += 1) {
      // A fresh version each time, as the editor reads it when the modal opens.
      const current = await getTenant(id);
      if (!current) throw new Error(`${id} is missing`);
      const body = current.tagged_for_removal ? { updated_at: current.updated_at, untag: true } : { updated_at: current.updated_at, tagged_for_removal: true };
      recorder.take();
      const reply = await send({ method: 'POST', path, headers: headersOf(token, true), body: JSON.stringify(body) });
      const ops = recorder.take();
      if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
      const saved = (JSON.parse(reply.body) as { tenant: { updated_at: string; tagged_for_removal: boolean } }).tenant;
      if (saved.tagged_for_removal === current.tagged_for_removal || saved.updated_at === current.updated_at) throw new Error('the edit did not change the tenant');
      if (i < 3) continue; // warm-up
      samples.push(reply.ms);
      perCall.push(ops);
    }
    return writeResult('update', name, path, 'monitor', samples, perCall, `tenant ${id}; ${n} edits after 3 warm-ups, each with the version read just before`);
  } catch (err) {
    return failedWrite('update', name, path, 'monitor', err);
  }
}

/** Issue 18: a tenant's sign-in on the response portal and its answer (tests/bench/respond-timing.ts). */
async function measurePortal(f: TenantFixture, send: Send, recorder: ReturnType<typeof recordCommands>, n: number): Promise<TenantWriteResult[]> {
  const signInName = 'POST /api/respond/sign-in (tenant: access code and ZIP code)';
  const answerName = 'POST /api/respond/coverage (tenant: chooses a plan)';
  try {
    const r = await measureRespond(f.bigCycle, send, recorder.take, n);
    return [
      writeResult('respond', signInName, '/api/respond/sign-in', 'tenant', r.signIn, r.signInOps, r.note),
      writeResult('respond', answerName, '/api/respond/coverage', 'tenant', r.answer, r.answerOps, 'the same tenants, signed in just before'),
    ];
  } catch (err) {
    return [failedWrite('respond', signInName, '/api/respond/sign-in', 'tenant', err), failedWrite('respond', answerName, '/api/respond/coverage', 'tenant', err)];
  }
}

/** Issue 27: the portal's proof upload, after measurePortal (other tenants of the same cycle; proof-upload-timing.ts). */
async function measurePortalProof(f: TenantFixture, send: Send, recorder: ReturnType<typeof recordCommands>, n: number, holdReading: () => () => void): Promise<TenantWriteResult[]> {
  const presignName = 'POST /api/respond/proof-upload (tenant: asks to upload a page)';
  const submitName = 'POST /api/respond/proof (tenant: sends the uploaded page)';
  try {
    // Past the tenants measurePortal signed in and answered with (n and its 3 warm-ups).
    const r = await measureProofUpload(f.bigCycle, send, recorder.take, n, n + 3, holdReading);
    return [
      writeResult('respond', presignName, '/api/respond/proof-upload', 'tenant', r.presign, r.presignOps, r.note),
      writeResult('respond', submitName, '/api/respond/proof', 'tenant', r.submit, r.submitOps, 'the same tenants, each right after its file reached S3'),
    ];
  } catch (err) {
    return [failedWrite('respond', presignName, '/api/respond/proof-upload', 'tenant', err), failedWrite('respond', submitName, '/api/respond/proof', 'tenant', err)];
  }
}

/**
 * POST /api/managers/bulk-charge-applied with 300 tenants of the big cycle, as its manager. Before each
 * round (not timed) the tenant store makes the 300 eligible again: a coverage, a charge apply date before
 * today, no charge confirmed, no welcome letter.
 */
async function measureBulkCharge(f: TenantFixture, send: Send, token: string, recorder: ReturnType<typeof recordCommands>, rounds: number): Promise<TenantWriteResult> {
  const path = '/api/managers/bulk-charge-applied';
  const name = 'POST /api/managers/bulk-charge-applied (300 tenants)';
  try {
    const facility = await getFacility(f.facilityId);
    const coverage = facility?.coverages[0] ? coverageIdOf(facility.coverages[0]) : null;
    if (!coverage) throw new Error(`facility ${f.facilityNumber} offers no coverage`);
    const today = await programToday();
    // The big cycle's tenants first, then the facility's other cycles (a facility without a 2,000-tenant cycle at a small cap).
    const cycles = [f.bigCycle, ...f.cycles.filter((c) => c.id !== f.bigCycle.id)];
    const all: TenantRecord[] = [];
    for (const c of cycles) {
      if (all.filter((t) => whyNoChargeConfirmation(t, today) === null || t.coverage_id).length >= 300) break;
      const ids = Array.from({ length: c.tenants }, (_, i) => `${c.id}-t${i + 1}`);
      for (let i = 0; i < ids.length; i += 500) all.push(...(await getTenants(ids.slice(i, i + 500))));
    }
    // Those already eligible first, then those with a plan, then any (moved-out and bad-address last).
    const rank = (t: TenantRecord) => (whyNoChargeConfirmation(t, today) === null ? 0 : t.coverage_id ? 1 : ['moved_out', 'bad_address'].includes(t.status ?? '') ? 3 : 2);
    const chosen = [...all].sort((a, b) => rank(a) - rank(b)).slice(0, 300);
    if (chosen.length < 300) throw new Error(`facility ${f.facilityNumber} holds only ${chosen.length} tenants`);
    const eligibleAtStart = chosen.filter((t) => rank(t) === 0).length;
    const eligible = (t: TenantRecord): TenantChanges => ({
      ...(t.coverage_id ? {} : { status: coverage, coverage_id: coverage }),
      charge_apply_date: t.charge_apply_date && t.charge_apply_date < dayBefore(0) ? t.charge_apply_date : dayBefore(3),
      charge_applied_date: null, charge_confirmed_date: null, welcome_letter_sent_date: null,
    });
    const samples: number[] = [];
    const perCall: Recorded[][] = [];
    for (let round = 0; round < rounds + 1; round += 1) {
      const current = await getTenants(chosen.map((t) => t.id));
      const prepare = current.filter((t) => whyNoChargeConfirmation(t, today) !== null);
      if (prepare.length) await saveTenants(prepare.map((t) => ({ current: t, changes: eligible(t) })), BENCH_ACTOR);
      recorder.take();
      const reply = await send({ method: 'POST', path, headers: headersOf(token, true), body: JSON.stringify({ ids: chosen.map((t) => t.id) }) });
      const ops = recorder.take();
      if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 300)}`);
      if ((JSON.parse(reply.body) as { updated: number }).updated !== 300) throw new Error(`did not update 300 tenants: ${reply.body.slice(0, 200)}`);
      if (round === 0) continue; // warm-up
      samples.push(reply.ms);
      perCall.push(ops);
    }
    return writeResult('bulk', name, path, 'manager', samples, perCall,
      `300 tenants of facility ${f.facilityNumber} (${[...new Set(chosen.map((t) => t.cycle_id))].join(', ')}) as ${f.manager}; ${eligibleAtStart} were eligible as seeded, the others made eligible through the tenant store; `
      + `each round (1 warm-up, then ${rounds}) made all 300 eligible again beforehand, untimed`);
  } catch (err) {
    return failedWrite('bulk', name, path, 'manager', err);
  }
}

/** GET /api/exports/manager-tenants for the big cycle, then GET /api/jobs/{id} every 100 ms until done. */
async function measureExport(f: TenantFixture, send: Send, token: string, recorder: ReturnType<typeof recordCommands>, rounds: number): Promise<TenantWriteResult> {
  const path = `/api/exports/manager-tenants?cycle_id=${f.bigCycle.id}`;
  const name = `Export of a ${f.bigCycle.tenants.toLocaleString('en-US')}-tenant cycle (GET /api/exports/manager-tenants, then GET /api/jobs/{id} until done)`;
  try {
    const samples: number[] = [];
    const perCall: Recorded[][] = [];
    for (let round = 0; round < rounds; round += 1) {
      recorder.take();
      const started = performance.now();
      const reply = await send({ method: 'GET', path, headers: headersOf(token) });
      if (reply.status === 501) throw new Error('not available: the route answers 501 (not built yet)');
      if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
      const jobId = (JSON.parse(reply.body) as { job_id?: string }).job_id;
      if (!jobId) throw new Error(`no job_id in the answer: ${reply.body.slice(0, 200)}`);
      for (;;) {
        if (performance.now() - started > 120_000) throw new Error(`job ${jobId} not done after 120 s`);
        await new Promise((r) => setTimeout(r, 100));
        const poll = await send({ method: 'GET', path: `/api/jobs/${jobId}`, headers: headersOf(token) });
        if (poll.status !== 200) throw new Error(`GET /api/jobs/${jobId} answers ${poll.status}: ${poll.body.slice(0, 200)}`);
        const job = JSON.parse(poll.body) as { status: string; error: string | null };
        if (job.status === 'failed') throw new Error(`job ${jobId} failed: ${job.error}`);
        if (job.status === 'done') break;
      }
      samples.push(performance.now() - started);
      perCall.push(recorder.take());
    }
    return writeResult('export', name, path, 'manager', samples, perCall, `as ${f.manager}; ${rounds} exports one after another; operations include the worker's (it runs in this process)`);
  } catch (err) {
    return failedWrite('export', name, path, 'manager', err);
  }
}

// ---------------------------------------------------------------------------------------------------

/**
 * Where DynamoDB Local keeps its SQLite files: a tmpfs (/dev/shm) when it has room for the whole program,
 * because SQLite's fsync on every commit made the on-disk loader three times slower there (measured:
 * docs/benchmarks.md "Tenants at program scale"); the files are removed when the emulator stops either way.
 */
export function storageDir(maxTenants: number): string | undefined {
  const shm = '/dev/shm';
  try {
    if (!existsSync(shm)) return undefined;
    const { bavail, bsize } = statfsSync(shm);
    // About 2.5 kB a tenant with its index rows (measured), with room to spare.
    return bavail * bsize > maxTenants * 5_000 + 2e9 ? shm : undefined;
  } catch {
    return undefined;
  }
}

export async function measureTenants(options: TenantBenchOptions, log: (line: string) => void): Promise<TenantBenchResult> {
  const started = performance.now();
  const maxTenants = options.steps.includes(null) ? 1_600_000 : Math.max(...(options.steps as number[]));
  const dataDir = storageDir(maxTenants);
  const program = await startProgram({
    port: 0, emulatorPorts: 'free', dynamodbOnDisk: true, dynamodbDataDir: dataDir,
    prefix: `bench-tenants-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined,
  });
  const client = createClient(program.url);
  const recorder = recordCommands();
  const straight = straightToDynamoDbLocal(program.dynamodbLocal);
  try {
    const startupSeconds = (performance.now() - started) / 1000;
    const steps: TenantStep[] = [];
    let fixture: TenantFixture | null = null;
    let tokens: Record<Who, string> | null = null;
    let loaded: number | undefined;
    // Facilities an archive emptied at an earlier step: the next load writes their tenants again.
    const archived: string[] = [];
    for (const cap of options.steps) {
      log(`bench: tenants: loading the scale seed with ${cap === null ? 'all its tenants' : `${cap.toLocaleString('en-US')} tenants`}${loaded ? ` (growing from ${loaded.toLocaleString('en-US')})` : ''}...`);
      const loadStarted = performance.now();
      // The load is the bench's setup, not a measured call: straight to DynamoDB Local when it can be (the
      // gateway would add its cost to each of about 60,000 BatchWriteItem calls at 1.5 million tenants).
      const loadSeed = () => loadScaleData({ ...TENANT_SCALE, tenants: cap ?? undefined, tenantsLoaded: loaded, rewriteTenantsOf: archived, log: (line) => log(`bench:   ${line.trim()}`) });
      const result = straight.available ? (await straight.during(loadSeed)).result : await loadSeed();
      const seconds = (performance.now() - loadStarted) / 1000;
      const describeTableSeconds = straight.available ? await straight.during(async () => {
        const describeStarted = performance.now();
        await dynamo().send(new DescribeTableCommand({ TableName: tableName() }));
        return (performance.now() - describeStarted) / 1000;
      }).then((d) => d.result) : null;
      const verifyStarted = performance.now();
      await verifyScaleData(TENANT_SCALE.facilities);
      for (const id of archived) await checkTenantsBack(id);
      const load: TenantLoadStep = {
        cap, tenants: result.tenants, written: result.tenantsWritten, seconds, tenantSeconds: result.tenantSeconds,
        otherItems: result.items, otherWriteSeconds: result.writeSeconds, catalogSeconds: result.catalogSeconds,
        verifySeconds: (performance.now() - verifyStarted) / 1000, describeTableSeconds,
      };
      log(`bench:   ${result.tenants.toLocaleString('en-US')} tenants held, ${result.tenantsWritten.toLocaleString('en-US')} written in ${seconds.toFixed(0)} s (${(result.tenantsWritten / seconds).toFixed(0)}/s over the whole load)`);
      loaded = cap ?? undefined;
      recorder.take();

      fixture ??= await pickFixture(log);
      tokens ??= { monitor: await login(client.send, 'monitor'), manager: await login(client.send, fixture.manager) };
      const first = checkList(await client.send({ method: 'GET', path: '/api/tenants', headers: headersOf(tokens.monitor) }));
      const cursor = first.body.pagination.next_cursor;
      if (!cursor) throw new Error('the program-wide list answered no next_cursor');
      const tenantId = (first.body as unknown as { data: { id: string }[] }).data[0]!.id;

      const waitedSeconds = await waitForQuietTree(60_000, log);
      const watch = watchTreeCpu();
      const scenarios: TenantScenarioResult[] = [];
      for (const call of tenantReadCalls(fixture, cursor, tenantId, straight.available)) {
        log(`bench:   ${call.name}`);
        const read = () => runRead(call, client.send, tokens![call.who], recorder, options);
        if (!call.straight) {
          scenarios.push(await read());
          continue;
        }
        const { result, rerouted } = await straight.during(read);
        // A client stack that no longer reaches the middleware's step would measure the gateway under the wrong name.
        if (rerouted === 0 && !result.error) result.error = 'no DynamoDB request was sent straight to DynamoDB Local';
        scenarios.push(result);
      }
      const cpu = watch();

      // Issue 17: the largest facility of the program as it is now archived (not the fixture's: the writes below need it).
      const [largest] = await largestFacilities(1, new Set([fixture.facilityId]));
      if (!largest) throw new Error('no facility holds tenants to archive');
      log(`bench:   archiving facility ${largest.number} (${largest.tenants.toLocaleString('en-US')} tenants), execute to a download link`);
      const watchArchive = watchTreeCpu();
      const archive = await timeFacilityArchive(client.send, tokens.monitor, largest);
      const archiveCpu = watchArchive();
      log(`bench:   ${archiveSummary(archive)}`);
      archived.push(largest.id);
      // Issue 27: a day 10 days ahead at the first step, 20 at the next: each step's run meets proofs no earlier run ended.
      log('bench:   the daily schedule');
      const schedule = await timeDailySchedule(await programToday(), 10 * (steps.length + 1));
      recorder.take();
      log(`bench:   ${scheduleSummary(schedule)}`);
      const drained = await waitForQueuesDrained(QUEUES_DRAIN_MAX_MS);
      recorder.take();
      log(`bench:   ${drainedSummary(drained)}`);
      steps.push({ load, scenarios, cpu, waitedSeconds, archive, archiveCpu, schedule, drained });
      // Kept as each step ends, so a later step that fails (a 1.5 million load takes most of an hour) leaves this one readable.
      try { writeFileSync(join(REPO_ROOT, '.local', 'bench-tenants-steps.json'), JSON.stringify(steps)); } catch { /* no .local: fine */ }
    }

    log('bench: tenants: writes at the last step...');
    const watchWrites = watchTreeCpu();
    const writes = [
      await measureUpdate(fixture!, client.send, tokens!.monitor, recorder, options.updates),
      await measureBulkCharge(fixture!, client.send, tokens!.manager, recorder, options.bulkRounds),
      await measureExport(fixture!, client.send, tokens!.manager, recorder, options.exportRounds),
      ...(await measurePortal(fixture!, client.send, recorder, options.updates)),
      ...(await measurePortalProof(fixture!, client.send, recorder, options.updates, () => program.holdWorker('proof-reading'))),
    ];
    const writesCpu = watchWrites();
    for (const w of writes) log(`bench:   ${w.name}: ${w.error ? `FAIL ${w.error}` : `p50 ${w.ms!.p50.toFixed(0)} ms, max ${w.ms!.max.toFixed(0)} ms`}`);
    return {
      startupSeconds, storage: dataDir ? `on disk, SQLite files on the tmpfs ${dataDir}` : 'on disk, SQLite files under .local/',
      fixture: fixture!, steps, writes, writesCpu, commandsSeen: recorder.all, scans: recorder.all.Scan ?? 0, options,
    };
  } finally {
    client.close();
    await program.stop();
  }
}
