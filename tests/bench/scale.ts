/**
 * The lists and the dashboard at the program's scale: private emulators (DynamoDB Local on disk, as npm
 * start runs it) with the demo seed plus the scale seed (3,000 facilities, 10,000 cycles,
 * localstack/scale-data.ts), then GET /api/facilities,
 * GET /api/cycles (without and with filters) and GET /api/monitors/cycle-stats over HTTP through the
 * local runtime, N requests each after a warm-up. Every DynamoDB command the process sends is recorded
 * with a client middleware (the handlers run in this process and share functions/aws/clients.ts), so
 * each request's operations are known: a Scan anywhere fails the run, and the time spent in DynamoDB
 * calls is split from the rest of the request.
 */
import { randomBytes } from 'node:crypto';
import { startProgram } from '../../localstack/runtime/program';
import { loadScaleData, verifyScaleData } from '../../localstack/scale-data';
import type { ScaleResult as LoadResult } from '../../localstack/scale-data';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { getCycle, updateCycle } from '../../functions/cycles/cycle-store';
import { readCatalog } from '../../functions/program/catalog';
import { createClient } from './http-client';
import type { HttpCall, HttpReply } from './http-client';
import { busyMs, operationsOf } from './recorded-operations';
import { summarize } from './stats';
import type { Summary } from './stats';

export const SCALE = { facilities: 3000, cycles: 10000 } as const;

export interface ScaleBenchOptions {
  warmup: number;
  requests: number;
  /** The scale seed's tenant cap (whole facilities in number order; their counters feed the list flags). Default: all. */
  tenants?: number;
}

export type ScenarioKind = 'list' | 'dashboard';

export interface ScaleScenarioResult {
  name: string;
  path: string;
  kind: ScenarioKind;
  /** Null when the route is not usable yet (501, another error): reported as a failure, never as a number. */
  error: string | null;
  ms: Summary | null;
  /** Rows in the answer and the list's total (lists). */
  rows: number | null;
  total: number | null;
  bytes: number | null;
  /** Per request, the DynamoDB commands sent (name x count) and the time the request waited on them. */
  operations: string;
  /** Time covered by at least one DynamoDB call of the request (parallel calls count once). */
  dynamoMs: Summary | null;
  scans: number;
}

export interface ScaleBenchResult {
  startupSeconds: number;
  load: LoadResult;
  loadSeconds: number;
  verifySeconds: number;
  scenarios: ScaleScenarioResult[];
  /** Every list request right after a write to the catalog (one shard to re-read). */
  afterWrite: ScaleScenarioResult;
  /** Reading every shard of the cycles catalog, as a new Lambda instance's first list does. */
  coldCycleCatalog: Summary;
  coldFacilityCatalog: Summary;
  /** Every command name seen over the whole measured phase. */
  commandsSeen: Record<string, number>;
}

interface Recorded { name: string; start: number; end: number }

/** Records every DynamoDB command of this process (name and time), for the no-Scan check and the split. */
function recordCommands(): { take: () => Recorded[]; all: Record<string, number> } {
  let current: Recorded[] = [];
  const all: Record<string, number> = {};
  dynamo().middlewareStack.add((next, context) => async (args) => {
    const start = performance.now();
    try {
      return await next(args);
    } finally {
      const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      current.push({ name, start, end: performance.now() });
      all[name] = (all[name] ?? 0) + 1;
    }
  }, { step: 'initialize', name: 'benchCommandRecorder' });
  return { take: () => { const taken = current; current = []; return taken; }, all };
}

const wireDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The calls measured: the lists with no filter, a text filter, a filter key, a date range and page 20; the dashboard. */
export function scaleCalls(): { name: string; path: string; kind: ScenarioKind }[] {
  return [
    { name: 'GET /api/facilities', path: '/api/facilities', kind: 'list' },
    { name: 'GET /api/facilities, text filter', path: '/api/facilities?account_name=oak', kind: 'list' },
    { name: 'GET /api/facilities, filter key', path: '/api/facilities?filter=opt_outs_threshold', kind: 'list' },
    { name: 'GET /api/facilities, page 20', path: '/api/facilities?page=20', kind: 'list' },
    { name: 'GET /api/cycles', path: '/api/cycles', kind: 'list' },
    { name: 'GET /api/cycles, text filter', path: '/api/cycles?account_name=oak', kind: 'list' },
    { name: 'GET /api/cycles, filter key', path: '/api/cycles?filter=doing_move_outs', kind: 'list' },
    {
      name: 'GET /api/cycles, date range', kind: 'list',
      path: `/api/cycles?initial_letter_date_start=${wireDay(-90)}&initial_letter_date_end=${wireDay(30)}`,
    },
    { name: 'GET /api/cycles, page 20', path: '/api/cycles?page=20', kind: 'list' },
    { name: 'GET /api/monitors/cycle-stats', path: '/api/monitors/cycle-stats', kind: 'dashboard' },
  ];
}

/** What the answer must hold, so an error or an empty answer never passes as a fast one. */
function checkAnswer(kind: ScenarioKind, reply: HttpReply): { rows: number | null; total: number | null } {
  if (reply.status === 501) throw new Error(`answers 501 (route not built yet): ${reply.body.slice(0, 200)}`);
  if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
  const body = JSON.parse(reply.body) as { data?: unknown[]; pagination?: { total?: number }; stats?: unknown; move_outs?: { total?: number } };
  if (kind === 'dashboard') {
    if (!body.move_outs || !(Number(body.move_outs.total) >= SCALE.cycles * 0.9)) throw new Error(`dashboard counts look wrong: ${reply.body.slice(0, 200)}`);
    return { rows: null, total: body.move_outs.total ?? null };
  }
  if (!Array.isArray(body.data) || !body.pagination || !body.stats) throw new Error(`not a list answer: ${reply.body.slice(0, 200)}`);
  if (body.data.length === 0) throw new Error('the list is empty at scale');
  return { rows: body.data.length, total: body.pagination.total ?? null };
}

async function runScenario(
  call: { name: string; path: string; kind: ScenarioKind }, send: (c: HttpCall) => Promise<HttpReply>, token: string,
  recorder: ReturnType<typeof recordCommands>, options: ScaleBenchOptions, before?: () => Promise<void>,
): Promise<ScaleScenarioResult> {
  const http: HttpCall = { method: 'GET', path: call.path, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } };
  const result: ScaleScenarioResult = {
    name: call.name, path: call.path, kind: call.kind, error: null, ms: null, rows: null, total: null, bytes: null,
    operations: '', dynamoMs: null, scans: 0,
  };
  try {
    for (let i = 0; i < options.warmup; i += 1) {
      await before?.();
      checkAnswer(call.kind, await send(http));
    }
    const times: number[] = [];
    const dynamoTimes: number[] = [];
    const perRequest: Recorded[][] = [];
    for (let i = 0; i < options.requests; i += 1) {
      await before?.();
      recorder.take();
      const reply = await send(http);
      const ops = recorder.take();
      const answer = checkAnswer(call.kind, reply);
      times.push(reply.ms);
      dynamoTimes.push(busyMs(ops));
      perRequest.push(ops);
      result.rows = answer.rows;
      result.total = answer.total;
      result.bytes = reply.body.length;
    }
    result.ms = summarize(times);
    result.dynamoMs = summarize(dynamoTimes);
    result.operations = operationsOf(perRequest);
    result.scans = perRequest.flat().filter((op) => op.name === 'Scan').length;
  } catch (err) {
    result.error = (err as Error).message;
  }
  return result;
}

async function timed(n: number, run: () => Promise<unknown>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/**
 * Reads every shard with GetItem and parses its entries, as catalog.ts's readShard does, without its
 * in-process cache. Checks it read the whole catalog, so a changed shard count cannot make it look cheap.
 */
async function readAllShards(kind: 'facilities' | 'cycles', shards: number, expected: number): Promise<void> {
  const counts = await Promise.all(Array.from({ length: shards }, async (_, n) => {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `CATALOG#${kind}`, sk: `SHARD#${String(n).padStart(2, '0')}` }, ConsistentRead: true }));
    return Object.values((out.Item?.entries ?? {}) as Record<string, string>).map((text) => JSON.parse(text) as unknown).length;
  }));
  const read = counts.reduce((a, b) => a + b, 0);
  if (read !== expected) throw new Error(`read ${read} ${kind} entries from ${shards} shards, the catalog has ${expected}`);
}

async function login(send: (c: HttpCall) => Promise<HttpReply>, username: string): Promise<string> {
  const reply = await send({
    method: 'POST', path: '/api/login', body: `username=${username}&password=demo1234`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  });
  if (reply.status !== 200) throw new Error(`login ${username} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  return (JSON.parse(reply.body) as { token: string }).token;
}

export async function measureScale(options: ScaleBenchOptions, log: (line: string) => void): Promise<ScaleBenchResult> {
  const started = performance.now();
  const program = await startProgram({ port: 0, emulatorPorts: 'free', dynamodbOnDisk: true, prefix: `bench-scale-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined });
  const client = createClient(program.url);
  try {
    const startupSeconds = (performance.now() - started) / 1000;
    log(`bench: loading ${SCALE.facilities} facilities and ${SCALE.cycles} cycles${options.tenants === undefined ? '' : ` with the first ${options.tenants} tenants`} (npm run seed:scale's loader)...`);
    const loadStarted = performance.now();
    const load = await loadScaleData({ ...SCALE, tenants: options.tenants });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const verifyStarted = performance.now();
    await verifyScaleData(SCALE.facilities);
    const verifySeconds = (performance.now() - verifyStarted) / 1000;

    const recorder = recordCommands();
    const token = await login(client.send, 'monitor');
    const scenarios: ScaleScenarioResult[] = [];
    for (const call of scaleCalls()) {
      log(`bench:   ${call.name}`);
      scenarios.push(await runScenario(call, client.send, token, recorder, options));
    }
    // A staff edit before every list: the cycle's catalog entry changes, so its shard's version moves and
    // the list re-reads that shard (the cost of the first list after any write, per Lambda instance).
    const cycleId = 'scale-cycle-20001-1';
    let flip = false;
    const edit = async () => {
      const cycle = await getCycle(cycleId);
      if (!cycle) throw new Error(`${cycleId} is missing`);
      flip = !flip;
      await updateCycle(cycle, { label: flip ? `${cycle.label} (edited)` : cycle.label.replace(/ \(edited\)$/, '') });
      recorder.take();
    };
    log('bench:   GET /api/cycles after a write');
    const afterWrite = await runScenario({ name: 'GET /api/cycles, right after a cycle edit', path: '/api/cycles', kind: 'list' },
      client.send, token, recorder, { warmup: 2, requests: Math.min(20, options.requests) }, edit);
    const cycleEntries = (await readCatalog('cycles')).length;
    const facilityEntries = (await readCatalog('facilities')).length;
    if (cycleEntries < SCALE.cycles || facilityEntries < SCALE.facilities) throw new Error('the catalogs are missing entries');
    const coldCycleCatalog = await timed(8, () => readAllShards('cycles', 24, cycleEntries));
    const coldFacilityCatalog = await timed(8, () => readAllShards('facilities', 8, facilityEntries));
    return { startupSeconds, load, loadSeconds, verifySeconds, scenarios, afterWrite, coldCycleCatalog, coldFacilityCatalog, commandsSeen: recorder.all };
  } finally {
    client.close();
    await program.stop();
  }
}
