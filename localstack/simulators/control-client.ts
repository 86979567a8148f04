/**
 * Steers the running SiteLink and StorEdge simulators from tests and benches, through the control API
 * each simulator serves on its own port under /__simulator/ (localstack/simulators/control.ts): make the
 * next matching calls fail, time out, answer slowly or answer garbage; slow every answer down; read what
 * a ledger holds. It finds the simulators from the environment the program was started with:
 * SITELINK_API_URL / STOREDGE_API_URL in process.env (the integration suite's workers, the benches and
 * anything in the program's own process), else in E2E_AWS_ENV (Playwright's workers).
 */
import { ENV } from '../../shared/resources';
import { CONTROL_PREFIX } from './control';
import type { FaultSpec, LedgerState, SimulatedSystem } from './control';

export type { FaultKind, FaultSpec, LedgerState, SimulatedInsurance, SimulatedSystem, SiteLinkOperation, StorEdgeOperation } from './control';

/** The simulator's origin (http://127.0.0.1:port) from the running program's environment. */
export function simulatorOrigin(system: SimulatedSystem, env: NodeJS.ProcessEnv = process.env): string {
  const name = system === 'sitelink' ? ENV.sitelinkUrl : ENV.storedgeUrl;
  let url = env[name];
  if (!url && env.E2E_AWS_ENV) url = (JSON.parse(env.E2E_AWS_ENV) as Record<string, string>)[name];
  if (!url) throw new Error(`${name} is not set: start the program (tests/integration or tests/e2e global setup) before steering its ${system} simulator`);
  const { origin, hostname } = new URL(url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error(`${name} is ${url}, not a local simulator: the control API exists only on the simulators`);
  return origin;
}

async function control(system: SimulatedSystem, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${simulatorOrigin(system)}${CONTROL_PREFIX}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`the ${system} simulator refused ${method} ${CONTROL_PREFIX}${path}: HTTP ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The next `times` calls (default 1) of `operation` (optionally only for that facility, and that ledger)
 * get `fault` instead of their answer. Faults are kept in the order injected; a call takes the first
 * that matches.
 */
export async function injectFault(system: SimulatedSystem, spec: FaultSpec): Promise<void> {
  await control(system, 'POST', 'faults', spec);
}

/** Forgets every fault not yet used up. */
export async function clearFaults(system: SimulatedSystem): Promise<void> {
  await control(system, 'DELETE', 'faults');
}

/** What the simulator holds for the ledger: its insurance (null when none) and how many times insurance was written to it. */
export async function ledgerState(system: SimulatedSystem, facility: string, ledgerId: string): Promise<LedgerState> {
  return await control(system, 'GET', `ledgers/${encodeURIComponent(facility)}/${encodeURIComponent(ledgerId)}`) as LedgerState;
}

/** Every answer of the simulator's protocol waits this long first (0 turns it off). */
export async function setLatency(system: SimulatedSystem, ms: number): Promise<void> {
  await control(system, 'PUT', 'latency', { ms });
}
