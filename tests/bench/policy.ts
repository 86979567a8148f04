/**
 * Policy setup and Check Charges (issue 16), through the local runtime against the simulators slowed to
 * answer every call in SIMULATOR_LATENCY_MS (a facility software on the internet, not one on this machine):
 *
 *   setup   a 300-tenant StorEdge setup job: POST /api/tenants/setup-policies with the 300 ledgers of one
 *           cycle, then GET /api/jobs/{id} every 100 ms until done (the runtime's poller runs the
 *           setup-batches worker: 60 batches of 5 in order, each one ledgers read and 5 writes). Each run
 *           checks every batch complete and every tenant set up, and that the simulator holds one write
 *           per ledger.
 *   charges a 2,000-tenant Check Charges of each software: GET /api/facilities/{id}/check-charges, then the
 *           job until done (SiteLink asked 200 ledgers a call, StorEdge 100). Every tenant's ledger is one
 *           the simulator reports insured, so each run confirms all 2,000.
 * Each run uses a facility of its own (numbers of the simulators' 1100-1999 range), seeded through the
 * tenant store as the other benches do.
 */
import { randomBytes } from 'node:crypto';
import { startProgram } from '../../localstack/runtime/program';
import { ledgerState, setLatency } from '../../localstack/simulators/control-client';
import { ledgerIdsOfKind, siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';
import { coverageIdOf } from '../../shared/coverage-ids';
import type { CoverageOption } from '../../shared/contracts/program';
import { createCycle } from '../../functions/cycles/cycle-store';
import { createTenants } from '../../functions/tenants/tenant-store';
import type { NewTenant } from '../../functions/tenants/tenant-store';
import { TEST_WRITE } from '../integration/test-write';
import { facilityWith } from '../integration/facility-fixtures';
import { createClient, headersOf, login } from './http-client';
import type { Send } from './http-client';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface PolicyBenchOptions { setupTenants: number; setupRounds: number; chargeTenants: number; chargeRounds: number; latencyMs: number }
export const POLICY_RUN: PolicyBenchOptions = { setupTenants: 300, setupRounds: 3, chargeTenants: 2000, chargeRounds: 2, latencyMs: 50 };

export interface PolicyJobTiming {
  name: string;
  tenants: number;
  error: string | null;
  /** Per run: the call to the job done. */
  ms: Summary | null;
  samples: number[];
}

export interface PolicyBenchResult {
  startupSeconds: number;
  options: PolicyBenchOptions;
  setup: PolicyJobTiming;
  charges: PolicyJobTiming[];
}

type Software = 'sitelink' | 'storedge';

/** A facility number of the simulators' range no earlier run of this program used. */
const usedNumbers = new Set<string>();
function freshNumber(): string {
  for (;;) {
    const n = String(1100 + (randomBytes(2).readUInt16BE(0) % 900));
    if (!usedNumbers.has(n)) { usedNumbers.add(n); return n; }
  }
}

/** The facility's plans as the software names them, so the setup sends the software's own plan id. */
function coveragesOf(number: string, software: Software): CoverageOption[] {
  if (software === 'sitelink') {
    return siteLinkCoverages(number).map((c) => ({ coverage: c.dcCoverage, premium: c.dcPremium, sitelink_coverage_id: c.InsurCoverageID }));
  }
  return storEdgeItems(number).filter((i) => i.kind === 'insurance' && i.active)
    .map((i) => ({ coverage: i.coverage_amount!, premium: i.amount, storedge_coverage_id: i.id }));
}

/** A facility of the software whose `count` tenants all chose its first plan, on ledgers of `kind` in the simulator. */
async function facilityOfChosenTenants(software: Software, count: number, kind: 'current' | 'insured') {
  const number = freshNumber();
  const coverages = coveragesOf(number, software);
  const facility = await facilityWith(number, { software: software === 'sitelink' ? 'sitelink_web' : 'storedge', coverages, account_name: `Policy Bench ${number}` });
  const cycle = await createCycle({ facility_id: facility.id, facility_number: number, label: `Bench ${number}`, letter_effective_date: '2027-01-15' });
  const plan = coverageIdOf(coverages[0]!);
  const ledgers = ledgerIdsOfKind(number, kind, count, 'PB');
  if (ledgers.length < count) throw new Error(`the simulator has only ${ledgers.length} ${kind} ledgers for ${number}`);
  const tenants: NewTenant[] = ledgers.map((ledger_id, i) => ({
    facility_number: number, first_name: `Tenant${i}`, last_name: `Bench${String(i).padStart(4, '0')}`, unit: `P${i}`, ledger_id,
    address: `${100 + i} Main Street`, city: 'Austin', state: 'TX', zip_code: '78701', status: plan, coverage_id: plan, insurance_effective_date: '2027-01-15',
  }));
  await createTenants(cycle, tenants, TEST_WRITE);
  return { facility, cycle, ledgers };
}

function ok(what: string, reply: { status: number; body: string }): unknown {
  if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body);
}

interface JobAnswer { status: string; error: string | null; result: Record<string, unknown> | null; state: Record<string, unknown> | null }

async function untilDone(send: Send, token: string, jobId: string, started: number): Promise<JobAnswer> {
  for (;;) {
    if (performance.now() - started > 120_000) throw new Error(`job ${jobId} not done after 120 s`);
    await new Promise((r) => setTimeout(r, 100));
    const job = ok('job', await send({ method: 'GET', path: `/api/jobs/${jobId}`, headers: headersOf(token) })) as JobAnswer;
    if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
    if (job.status === 'done') return job;
  }
}

async function oneSetup(send: Send, token: string, count: number): Promise<number> {
  const { facility, cycle, ledgers } = await facilityOfChosenTenants('storedge', count, 'current');
  const started = performance.now();
  const body = new URLSearchParams({ cycle_id: cycle.id, ledger_ids: ledgers.join(',') }).toString();
  const queued = ok('setup-policies', await send({
    method: 'POST', path: '/api/tenants/setup-policies', headers: { ...headersOf(token), 'content-type': 'application/x-www-form-urlencoded' }, body,
  })) as { job_id: string };
  const job = await untilDone(send, token, queued.job_id, started);
  const ms = performance.now() - started;
  const batches = (job.state?.batches ?? []) as { state: string; error: string | null }[];
  const failed = batches.filter((b) => b.state !== 'complete');
  if (batches.length !== Math.ceil(count / 5) || failed.length) throw new Error(`${failed.length} of ${batches.length} batches not complete: ${failed[0]?.error ?? ''}`);
  // One write per ledger in the software: a sample of them, the simulator's control API is one call a ledger.
  for (const ledger of [ledgers[0]!, ledgers[Math.floor(count / 2)]!, ledgers[count - 1]!]) {
    const held = await ledgerState('storedge', facility.facility_number, ledger);
    if (held.insurance_writes !== 1) throw new Error(`ledger ${ledger} was written ${held.insurance_writes} times`);
  }
  return ms;
}

async function oneChargeCheck(send: Send, token: string, software: Software, count: number): Promise<number> {
  const { facility } = await facilityOfChosenTenants(software, count, 'insured');
  const started = performance.now();
  const queued = ok('check-charges', await send({ method: 'GET', path: `/api/facilities/${facility.id}/check-charges`, headers: headersOf(token) })) as { job_id: string };
  const job = await untilDone(send, token, queued.job_id, started);
  const ms = performance.now() - started;
  // The result lists the first rows only (a job record is one item); the count is of them all.
  const confirmed = job.result?.confirmed_count;
  if (confirmed !== count) throw new Error(`confirmed ${String(confirmed)} of ${count} insured tenants`);
  return ms;
}

async function timed(name: string, tenants: number, rounds: number, run: () => Promise<number>, log: (line: string) => void): Promise<PolicyJobTiming> {
  const timing: PolicyJobTiming = { name, tenants, error: null, ms: null, samples: [] };
  try {
    for (let round = 0; round < rounds; round += 1) {
      const ms = await run();
      timing.samples.push(ms);
      log(`bench:   ${name} ${round + 1}: ${(ms / 1000).toFixed(1)} s`);
    }
    timing.ms = summarize(timing.samples);
  } catch (err) {
    timing.error = (err as Error).message;
  }
  return timing;
}

export async function measurePolicy(options: PolicyBenchOptions, log: (line: string) => void): Promise<PolicyBenchResult> {
  const started = performance.now();
  const program = await startProgram({ port: 0, emulatorPorts: 'free', prefix: `bench-policy-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined });
  const startupSeconds = (performance.now() - started) / 1000;
  const client = createClient(program.url);
  try {
    await setLatency('sitelink', options.latencyMs);
    await setLatency('storedge', options.latencyMs);
    const token = await login(client.send, 'monitor');
    log(`bench: policy: ${options.setupRounds} StorEdge setup jobs of ${options.setupTenants} tenants, the simulator answering in ${options.latencyMs} ms...`);
    const setup = await timed(`StorEdge setup job, ${options.setupTenants} tenants`, options.setupTenants, options.setupRounds,
      () => oneSetup(client.send, token, options.setupTenants), log);
    log(`bench: policy: Check Charges of ${options.chargeTenants} tenants, each software...`);
    const charges: PolicyJobTiming[] = [];
    for (const software of ['sitelink', 'storedge'] as const) {
      charges.push(await timed(`Check Charges, ${software === 'sitelink' ? 'SiteLink' : 'StorEdge'}, ${options.chargeTenants} tenants`, options.chargeTenants,
        options.chargeRounds, () => oneChargeCheck(client.send, token, software, options.chargeTenants), log));
    }
    return { startupSeconds, options, setup, charges };
  } finally {
    client.close();
    await program.stop();
  }
}
