/**
 * Request latency through the local runtime, split into its parts. Each round makes the same call
 * three ways (over HTTP, in-process to the handler, and as the bare DynamoDB operations it makes)
 * plus the CPU part (scrypt) where there is one. Modes take turns within a round, so the differences
 * are taken between samples of the same moment and emulator drift cancels out.
 */
import { randomBytes } from 'node:crypto';
import { startProgram } from '../../localstack/runtime/program';
import type { ApiHandler } from '../../localstack/runtime/handlers';
import { createDirectDynamo } from './direct-dynamo';
import type { DirectDynamo } from './direct-dynamo';
import { createClient } from './http-client';
import type { HttpCall, HttpReply } from './http-client';
import { invoke, loadHandler } from './in-process';
import { pairedDifferences, summarize } from './stats';
import type { Summary } from './stats';

export interface LatencyOptions {
  warmupRounds: number;
  rounds: number;
  /** Measured rounds stop here even if fewer than `rounds` ran. */
  budgetMs: number;
}

export interface ScenarioResult {
  name: string;
  dynamoOps: string[];
  cpuLabel: string | null;
  rounds: number;
  stoppedByTime: boolean;
  seconds: number;
  http: Summary;
  inProcess: Summary;
  dynamo: Summary;
  cpu: Summary | null;
  /** Paired per round: HTTP - in-process handler. */
  adapter: Summary;
  /** Paired per round: handler - bare DynamoDB - CPU. */
  handlerCompute: Summary;
  /** Paired per round: HTTP - bare DynamoDB - CPU; everything the request costs above its DynamoDB calls. */
  aboveDynamo: Summary;
  notes: string[];
}

/** The USERS index Query timed directly on the freshly seeded table and again after the login rounds. */
export interface IndexGrowth {
  itemsBefore: number;
  itemsAfter: number;
  before: Summary;
  after: Summary;
}

export interface LatencyResult {
  startupSeconds: number;
  scenarios: ScenarioResult[];
  indexGrowth: IndexGrowth;
}

type Mode = 'http' | 'inProcess' | 'dynamo' | 'cpu';
type Runner = Partial<Record<Mode, () => Promise<number>>>;

async function runRounds(modes: Runner, options: LatencyOptions) {
  const names = Object.keys(modes) as Mode[];
  const samples: Record<Mode, number[]> = { http: [], inProcess: [], dynamo: [], cpu: [] };
  const round = async (r: number, keep: boolean) => {
    for (let i = 0; i < names.length; i++) {
      // Rotate who goes first, so no mode always runs right after the same other mode.
      const name = names[(r + i) % names.length]!;
      const ms = await modes[name]!();
      if (keep) samples[name].push(ms);
    }
  };
  for (let r = 0; r < options.warmupRounds; r++) await round(r, false);
  const started = performance.now();
  let rounds = 0;
  while (rounds < options.rounds && performance.now() - started < options.budgetMs) await round(rounds++, true);
  return { samples, rounds, stoppedByTime: rounds < options.rounds, seconds: (performance.now() - started) / 1000 };
}

function expectOk(what: string, reply: { status: number; body: string }): void {
  if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
}

interface ScenarioDef {
  name: string;
  dynamoOps: string[];
  cpuLabel: string | null;
  call: HttpCall;
  handler: ApiHandler;
  dynamo: () => Promise<number>;
  cpu?: () => Promise<number>;
  check?: (body: string) => void;
}

async function runScenario(def: ScenarioDef, send: (c: HttpCall) => Promise<HttpReply>, host: string, options: LatencyOptions, notes: string[] = []) {
  const modes: Runner = {
    http: async () => {
      const reply = await send(def.call);
      expectOk(`HTTP ${def.name}`, reply);
      def.check?.(reply.body);
      return reply.ms;
    },
    inProcess: async () => {
      const reply = await invoke(def.handler, def.call, host);
      expectOk(`in-process ${def.name}`, reply);
      def.check?.(reply.body);
      return reply.ms;
    },
    dynamo: def.dynamo,
    ...(def.cpu ? { cpu: def.cpu } : {}),
  };
  const { samples, rounds, stoppedByTime, seconds } = await runRounds(modes, options);
  const base = def.cpu ? samples.dynamo.map((d, i) => d + samples.cpu[i]!) : samples.dynamo;
  return {
    name: def.name, dynamoOps: def.dynamoOps, cpuLabel: def.cpuLabel, rounds, stoppedByTime, seconds,
    http: summarize(samples.http), inProcess: summarize(samples.inProcess), dynamo: summarize(samples.dynamo),
    cpu: def.cpu ? summarize(samples.cpu) : null,
    adapter: summarize(pairedDifferences(samples.http, samples.inProcess)),
    handlerCompute: summarize(pairedDifferences(samples.inProcess, base)),
    aboveDynamo: summarize(pairedDifferences(samples.http, base)),
    notes,
  } satisfies ScenarioResult;
}

const LOGIN_FORM = 'username=admin&password=demo1234';
const loginCall: HttpCall = {
  method: 'POST', path: '/api/login', body: LOGIN_FORM,
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
};

async function loginScenario(direct: DirectDynamo, send: (c: HttpCall) => Promise<HttpReply>, host: string, options: LatencyOptions) {
  return runScenario({
    name: 'POST /api/login',
    dynamoOps: ['UpdateItem LOGIN#admin (count the attempt)', 'GetItem USERNAME#admin (claim)', 'GetItem USER#id', 'DeleteItem LOGIN#admin', 'PutItem SESSION#hash'],
    cpuLabel: 'scrypt verify (node:crypto, parameters of the stored hash)',
    call: loginCall,
    handler: await loadHandler('auth'),
    dynamo: () => direct.login('admin'),
    cpu: () => direct.scryptVerify('admin', 'demo1234'),
    check: (body) => { if (!JSON.parse(body).token) throw new Error('login answered without a token'); },
  }, send, host, options);
}

/**
 * authenticate() writes activity and session expiry at most once a minute. Warm-up makes those writes
 * happen before the measured rounds; comparing the items before and after shows whether any write
 * fell inside them, so the bare-DynamoDB baseline (reads only) matches what was measured.
 */
async function usersScenario(direct: DirectDynamo, send: (c: HttpCall) => Promise<HttpReply>, host: string, options: LatencyOptions) {
  const login = await send(loginCall);
  expectOk('login for the users scenario', login);
  const { token, user } = JSON.parse(login.body) as { token: string; user: { id: string } };
  const call: HttpCall = { method: 'GET', path: '/api/users', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } };
  const handler = await loadHandler('users');
  const writesBefore = async () => ({ active: (await direct.readUser(user.id)).last_active_at, expiry: (await direct.readSession(token)).expires_at });

  // Warm-up alone first, so the once-a-minute writes happen now; then the measured rounds.
  const notes: string[] = [];
  await runRounds({
    http: async () => (await send(call)).ms,
    inProcess: async () => (await invoke(handler, call, host)).ms,
    dynamo: () => direct.listUsers(token),
  }, { ...options, rounds: 0 });
  const before = await writesBefore();
  const result = await runScenario({
    name: 'GET /api/users',
    dynamoOps: ['GetItem SESSION#hash', 'GetItem USER#id', 'Query gsi1 USERS (all pages)', 'BatchGetItem FACILITY#id (page has 1 manager)'],
    cpuLabel: null,
    call,
    handler,
    dynamo: () => direct.listUsers(token),
    check: (body) => { if (!(JSON.parse(body).data?.length >= 3)) throw new Error('users list is missing the demo users'); },
  }, send, host, { ...options, warmupRounds: 0 }, notes);
  const after = await writesBefore();
  notes.push(before.active === after.active && before.expiry === after.expiry
    ? 'No activity or session-expiry write happened during the measured rounds (both items unchanged), so the reads-only baseline is exact.'
    : `Once-a-minute writes happened during the measured rounds (last_active_at ${before.active} -> ${after.active}, session expiry changed: ${before.expiry !== after.expiry}).`);
  const touch = summarize(await sequential(20, () => direct.touchActivity(user.id)));
  notes.push(`For reference, the conditional activity UpdateItem (at most once a minute per user) costs p50 ${touch.p50.toFixed(2)} ms, max ${touch.max.toFixed(2)} ms (n=${touch.n}).`);
  return result;
}

const INDEX_PROBES = 30;

async function sequential(n: number, run: () => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push(await run());
  return samples;
}

export async function measureLatency(options: LatencyOptions): Promise<LatencyResult> {
  const started = performance.now();
  const program = await startProgram({ port: 0, emulatorPorts: 'free', prefix: `bench-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined });
  const client = createClient(program.url);
  try {
    const startupSeconds = (performance.now() - started) / 1000;
    const host = new URL(program.url).host;
    const direct = createDirectDynamo();
    const indexQuery = async () => summarize(await sequential(INDEX_PROBES, direct.queryUsersIndex));
    // The users list goes first: every login leaves a session item (no TTL deletion locally), so listing
    // after hundreds of logins would measure a bigger table; the index Query is timed before and after.
    const itemsBefore = await direct.countItems();
    const before = await indexQuery();
    const users = await usersScenario(direct, client.send, host, options);
    const login = await loginScenario(direct, client.send, host, options);
    const itemsAfter = await direct.countItems();
    const after = await indexQuery();
    return { startupSeconds, scenarios: [login, users], indexGrowth: { itemsBefore, itemsAfter, before, after } };
  } finally {
    client.close();
    await program.stop();
  }
}
