/** docs/benchmarks.md: the policy setup and Check Charges phase (tests/bench/policy.ts), its target rows and its section. */
import type { Contention } from './contention';
import type { PolicyBenchResult, PolicyJobTiming } from './policy';
import { machineNote, row } from './report-parts';
import type { TargetLine } from './report-parts';
import { verdict } from './targets';

/** Every target row of the phase starts with this, so a policy-only run replaces just those rows. */
export const POLICY_TARGET_PREFIX = 'Policy setup: ';
export const POLICY_SECTION_HEADING = '## 8. Policy setup and Check Charges';
/** Issue 16: a 300-tenant StorEdge setup job against a simulator answering in 50 ms. */
export const SETUP_JOB_LIMIT_MS = 10_000;
/** Issue 16: a charge check of 2,000 tenants. */
export const CHARGE_CHECK_LIMIT_MS = 15_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const passes = (t: PolicyJobTiming, limit: number) => t.error === null && t.ms !== null && t.ms.max < limit;
const measured = (t: PolicyJobTiming) => t.error ?? `slowest ${seconds(t.ms!.max)} of ${t.ms!.n} (p50 ${seconds(t.ms!.p50)})`;

export function policyTargetLines(p: PolicyBenchResult | Error, cpu: Contention | null): TargetLine[] {
  if (p instanceof Error) return [{ target: `${POLICY_TARGET_PREFIX}the policy phase ran`, measured: `failed: ${p.message}`, pass: false, machine: null }];
  return [
    {
      target: `${POLICY_TARGET_PREFIX}a ${p.setup.tenants}-tenant StorEdge setup job, the simulator answering in ${p.options.latencyMs} ms, done under ${SETUP_JOB_LIMIT_MS / 1000} s (every run)`,
      measured: measured(p.setup),
      pass: passes(p.setup, SETUP_JOB_LIMIT_MS),
      machine: machineNote(cpu),
    },
    ...p.charges.map((c) => ({
      target: `${POLICY_TARGET_PREFIX}${c.name.replace(/^Check Charges/, 'a Check Charges')} under ${CHARGE_CHECK_LIMIT_MS / 1000} s (every run)`,
      measured: measured(c),
      pass: passes(c, CHARGE_CHECK_LIMIT_MS),
      machine: machineNote(cpu),
    })),
  ];
}

export function policySection(p: PolicyBenchResult | Error, meta: { command: string; date: string; commit: string; partial: boolean }): string[] {
  const head = [
    POLICY_SECTION_HEADING,
    '',
    `Command: \`${meta.command}\`, ${meta.date}, commit ${meta.commit}.${meta.partial ? ' Only this section and the "Policy setup:" rows of the targets table come from that run; the rest of the file is from the last full run.' : ''}`,
    '',
  ];
  if (p instanceof Error) return [...head, `The policy phase failed: ${p.message}`, ''];
  const line = (t: PolicyJobTiming, limit: number) => (t.error
    ? row([t.name, '—', '—', '—', `FAIL: ${t.error}`])
    : row([t.name, t.ms!.n, seconds(t.ms!.p50), seconds(t.ms!.max), `${verdict(passes(t, limit))} (< ${limit / 1000} s)`]));
  return [
    ...head,
    `A private program (startup ${p.startupSeconds.toFixed(1)} s; DynamoDB Local in memory) with the demo seed, its SiteLink and StorEdge simulators`,
    `answering every call after ${p.options.latencyMs} ms (their control API's latency), as a facility software across the internet would. Each run`,
    'uses a facility of its own whose tenants all chose a plan, seeded through the tenant store, and is timed from the call to the job done',
    '(`GET /api/jobs/{id}` every 100 ms; the runtime\'s poller runs the worker).',
    '',
    `- Setup: \`POST /api/tenants/setup-policies\` with the ${p.setup.tenants} ledgers of one cycle; the setup-batches worker works ${Math.ceil(p.setup.tenants / 5)} batches of 5 in`,
    '  order (one ledgers read, then the writes of the batch concurrently, then the tenant writes). Each run checks every batch complete and',
    '  one insurance write per ledger in the simulator (three ledgers sampled).',
    `- Check Charges: \`GET /api/facilities/{id}/check-charges\` for ${p.options.chargeTenants.toLocaleString('en-US')} tenants on ledgers the simulator reports insured (SiteLink asked 200`,
    '  ledgers a call, StorEdge 100); each run must confirm every one of them.',
    '',
    row(['Job', 'Runs', 'p50', 'Slowest', 'Target']),
    row(['---', '---:', '---:', '---:', '---']),
    line(p.setup, SETUP_JOB_LIMIT_MS),
    ...p.charges.map((c) => line(c, CHARGE_CHECK_LIMIT_MS)),
    '',
  ];
}
