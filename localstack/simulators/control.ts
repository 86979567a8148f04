/**
 * The control API of the SiteLink and StorEdge simulators, for tests and benches only (the simulators
 * never run in a deployed system): each simulator serves it on its own 127.0.0.1 port under
 * /__simulator/, refusing any caller that is not on this machine.
 *   POST   /__simulator/faults                      {operation, facility?, ledger?, fault, times?, delay_ms?}  → 204
 *   DELETE /__simulator/faults                      → 204
 *   PUT    /__simulator/latency                     {ms} → 204
 *   GET    /__simulator/ledgers/{facility}/{ledger} → {insurance, insurance_writes}
 * Fault kinds: 'error' (HTTP 500; SiteLink a SOAP fault), 'refuse' (the system's refusal: SiteLink a
 * negative Ret_Code, StorEdge 422), 'timeout' (no answer until the client gives up), 'slow' (the answer
 * after delay_ms), 'garbage' (an answer that cannot be parsed). A write whose answer is lost or late
 * ('timeout', 'slow') is still carried out, as a real system that did the work and then stalled would;
 * 'error', 'refuse' and 'garbage' answer instead of doing it. Tests steer it through control-client.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deliver, sendJson } from './server';
import type { Answer, Silence } from './server';

export const CONTROL_PREFIX = '/__simulator/';

export type SimulatedSystem = 'sitelink' | 'storedge';
/** SiteLink's SOAP operation names the simulator serves. */
export const SITELINK_OPERATIONS = ['InsuranceCoverageRetrieve', 'InsuranceLedgerStatusByLedgerIDs', 'InsuranceCoverageAddToLedger', 'RentRoll'] as const;
export type SiteLinkOperation = (typeof SITELINK_OPERATIONS)[number];
/** StorEdge's calls, named resource.action. */
export const STOREDGE_OPERATIONS = ['invoiceable_items.list', 'ledgers.list', 'ledgers.update'] as const;
export type StorEdgeOperation = (typeof STOREDGE_OPERATIONS)[number];

export const FAULT_KINDS = ['error', 'refuse', 'timeout', 'slow', 'garbage'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  operation: SiteLinkOperation | StorEdgeOperation;
  /** Only calls for this facility number; any facility when absent. */
  facility?: string;
  /** Only calls that name this ledger (among others, for a list); any call when absent. */
  ledger?: string;
  fault: FaultKind;
  /** How many matching calls get the fault; 1 when absent. */
  times?: number;
  /** 'slow': how long the answer waits (default 1000 ms). */
  delay_ms?: number;
}

/** A ledger's insurance as either simulator holds it (SiteLink's InsurCoverageID or StorEdge's invoiceable item id). */
export interface SimulatedInsurance {
  coverage_id: string;
  policy_number: string;
  /** YYYY-MM-DD */
  start_date: string;
  coverage_amount: number;
  premium: number;
}

export interface LedgerState {
  insurance: SimulatedInsurance | null;
  /** Insurance writes the simulator carried out on this ledger. */
  insurance_writes: number;
}

/** What a simulator answers a call with, and instead of it for each injected fault. */
export interface FaultAnswers<C> {
  answer: (call: C) => Answer | Silence;
  error: (call: C) => Answer;
  refuse: (call: C) => Answer;
  garbage: (call: C) => Answer;
}

/** One call of the protocol, as faults are matched against it. */
export interface SimulatedCall {
  operation: string;
  facility: string;
  /** The ledgers the call names (lower case). */
  ledgers: readonly string[];
}

interface ActiveFault {
  operation: string;
  facility: string | null;
  ledger: string | null;
  fault: FaultKind;
  remaining: number;
  delayMs: number;
}

const DEFAULT_SLOW_MS = 1000;
const MAX_DELAY_MS = 10 * 60_000;

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SimulatorControl {
  private faults: ActiveFault[] = [];
  private latencyMs = 0;

  constructor(
    private readonly operations: readonly string[],
    /** What GET /__simulator/ledgers/{facility}/{ledger} answers. */
    private readonly ledgerState: (facility: string, ledgerId: string) => LedgerState,
  ) {}

  /** Waits the latency set, then hands back the fault this call gets (counted as used), if any. */
  async admit(call: SimulatedCall): Promise<{ fault: FaultKind; delayMs: number } | null> {
    if (this.latencyMs > 0) await wait(this.latencyMs);
    const index = this.faults.findIndex((f) => f.operation === call.operation
      && (f.facility === null || f.facility === call.facility)
      && (f.ledger === null || call.ledgers.includes(f.ledger)));
    if (index < 0) return null;
    const found = this.faults[index]!;
    found.remaining -= 1;
    if (found.remaining <= 0) this.faults.splice(index, 1);
    return { fault: found.fault, delayMs: found.delayMs };
  }

  /**
   * Answers one call of the protocol as the faults injected say: its answer, or the system's failure,
   * refusal or garbage instead; a timed-out or slow write is still carried out (its answer lost or late),
   * so the caller must ask before writing again, as against the real system.
   */
  async serve<C extends SimulatedCall>(res: ServerResponse, call: C, answers: FaultAnswers<C>): Promise<void> {
    const injected = await this.admit(call);
    switch (injected?.fault) {
      case undefined:
        deliver(res, answers.answer(call));
        return;
      case 'error':
        deliver(res, answers.error(call));
        return;
      case 'refuse':
        deliver(res, answers.refuse(call));
        return;
      case 'garbage':
        deliver(res, answers.garbage(call));
        return;
      case 'timeout':
        answers.answer(call); // the work is done; the answer never comes
        return;
      case 'slow':
        await wait(injected.delayMs);
        deliver(res, answers.answer(call));
    }
  }

  /** Serves the control API; false when the request is not for it. */
  handle(req: IncomingMessage, res: ServerResponse, body: string): boolean {
    const path = (req.url ?? '').split('?')[0]!;
    if (!path.startsWith(CONTROL_PREFIX)) return false;
    if (!isLoopback(req.socket.remoteAddress)) {
      sendJson(res, 403, { error: 'The simulator control API answers only this machine.' });
      return true;
    }
    const rest = path.slice(CONTROL_PREFIX.length);
    const ledger = /^ledgers\/([^/]+)\/([^/]+)$/.exec(rest);
    if (rest === 'faults' && req.method === 'POST') this.addFault(res, body);
    else if (rest === 'faults' && req.method === 'DELETE') {
      this.faults = [];
      res.writeHead(204).end();
    } else if (rest === 'latency' && req.method === 'PUT') this.setLatency(res, body);
    else if (ledger && req.method === 'GET') {
      sendJson(res, 200, this.ledgerState(decodeURIComponent(ledger[1]!).trim(), decodeURIComponent(ledger[2]!).trim()));
    } else sendJson(res, 404, { error: `No control call ${req.method} ${path}` });
    return true;
  }

  private addFault(res: ServerResponse, body: string): void {
    const spec = parseObject(body) as Partial<Record<keyof FaultSpec, unknown>> | null;
    const problem = !spec ? 'the body must be a JSON object'
      : typeof spec.operation !== 'string' || !this.operations.includes(spec.operation) ? `operation must be one of ${this.operations.join(', ')}`
        : typeof spec.fault !== 'string' || !(FAULT_KINDS as readonly string[]).includes(spec.fault) ? `fault must be one of ${FAULT_KINDS.join(', ')}`
          : spec.facility !== undefined && typeof spec.facility !== 'string' ? 'facility must be a string'
            : spec.ledger !== undefined && typeof spec.ledger !== 'string' ? 'ledger must be a string'
              : spec.times !== undefined && !(Number.isInteger(spec.times) && (spec.times as number) >= 1) ? 'times must be a positive integer'
                : spec.delay_ms !== undefined && !(Number.isInteger(spec.delay_ms) && (spec.delay_ms as number) >= 0 && (spec.delay_ms as number) <= MAX_DELAY_MS)
                  ? `delay_ms must be an integer from 0 to ${MAX_DELAY_MS}` : null;
    if (problem || !spec) {
      sendJson(res, 400, { error: problem });
      return;
    }
    this.faults.push({
      operation: spec.operation as string,
      facility: typeof spec.facility === 'string' ? spec.facility.trim() : null,
      ledger: typeof spec.ledger === 'string' ? spec.ledger.trim().toLowerCase() : null,
      fault: spec.fault as FaultKind,
      remaining: (spec.times as number | undefined) ?? 1,
      delayMs: (spec.delay_ms as number | undefined) ?? DEFAULT_SLOW_MS,
    });
    res.writeHead(204).end();
  }

  private setLatency(res: ServerResponse, body: string): void {
    const ms = (parseObject(body) as { ms?: unknown } | null)?.ms;
    if (!Number.isInteger(ms) || (ms as number) < 0 || (ms as number) > MAX_DELAY_MS) {
      sendJson(res, 400, { error: `ms must be an integer from 0 to ${MAX_DELAY_MS}` });
      return;
    }
    this.latencyMs = ms as number;
    res.writeHead(204).end();
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

