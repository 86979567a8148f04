/**
 * The one way the program calls an outside system: Node's fetch with a timeout, no redirects followed
 * (credentials travel in headers), every transport failure turned into an ExternalSystemError, and each
 * call an X-Ray subsegment where the function is traced (tracing.ts).
 */
import { ENV, EXTERNAL_SYSTEMS } from '../../shared/resources';
import type { ExternalSystem } from '../../shared/resources';
import { ExternalSystemError } from './errors';
import { traced } from './tracing';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Answers larger than this are not coverage tables or account records. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** A whole facility's report (SiteLink's rent roll: ~75 columns a unit, thousands of units) may be larger. */
export const MAX_REPORT_BYTES = 50 * 1024 * 1024;

export interface ExternalAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** EXTERNAL_API_TIMEOUT_MS when set to a positive number, else 10 s. */
export function timeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[ENV.externalTimeoutMs]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/**
 * The system's environment variables in EXTERNAL_SYSTEMS order (URL first). Any of them empty, or a
 * URL that is not http(s), means the system is not configured.
 */
export function settingsFromEnv(system: ExternalSystem, env: NodeJS.ProcessEnv = process.env): string[] {
  const names: readonly string[] = EXTERNAL_SYSTEMS[system].env;
  const values = names.map((name) => (env[name] ?? '').trim());
  const missing = names.filter((_, i) => values[i] === '');
  if (missing.length > 0) throw new ExternalSystemError(system, 'not_configured', `${missing.join(', ')} not set`);
  if (!isHttpUrl(values[0]!)) throw new ExternalSystemError(system, 'not_configured', `${names[0]} is not an http(s) URL`);
  return values;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} seconds`);

/** Words for a failed connection, from undici's error and its cause. */
function transportDetail(err: unknown, url: URL, timeoutMs: number): { failure: 'timeout' | 'unreachable'; detail: string } {
  const e = err as { name?: string; message?: string; cause?: { code?: string; name?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.cause?.name === 'TimeoutError') {
    return { failure: 'timeout', detail: `it did not answer within ${seconds(timeoutMs)}` };
  }
  const code = e?.cause?.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return { failure: 'unreachable', detail: `the connection to ${url.host} was refused` };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { failure: 'unreachable', detail: `the host name ${url.hostname} could not be resolved` };
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return { failure: 'unreachable', detail: 'the connection was closed before it answered' };
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { failure: 'unreachable', detail: `the connection to ${url.host} timed out` };
    default:
      return { failure: 'unreachable', detail: `the connection failed (${code || e?.cause?.message || e?.message || 'unknown error'})` };
  }
}

export async function callExternal(
  system: ExternalSystem, url: URL, init: RequestInit, timeoutMs: number, maxBytes = MAX_ANSWER_BYTES,
): Promise<ExternalAnswer> {
  return traced(system, init.method ?? 'GET', url, () => exchange(system, url, init, timeoutMs, maxBytes));
}

async function exchange(system: ExternalSystem, url: URL, init: RequestInit, timeoutMs: number, maxBytes: number): Promise<ExternalAnswer> {
  // One signal for the whole exchange: a system that sends headers and then stalls times out too.
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal, redirect: 'manual' });
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel();
      throw new ExternalSystemError(system, 'malformed', `its answer is larger than ${maxBytes} bytes`);
    }
    const text = await res.text();
    if (Buffer.byteLength(text) > maxBytes) {
      throw new ExternalSystemError(system, 'malformed', `its answer is larger than ${maxBytes} bytes`);
    }
    return { status: res.status, headers: res.headers, text };
  } catch (err) {
    if (err instanceof ExternalSystemError) throw err;
    const { failure, detail } = transportDetail(err, url, timeoutMs);
    throw new ExternalSystemError(system, failure, detail);
  }
}

/** A short, single-line excerpt of an answer for an error message. */
export function excerpt(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** 'it answered HTTP 500', plus the system's own message when it gave one. */
export function statusDetail(status: number, message?: string | null): string {
  const said = message ? excerpt(message) : '';
  return `it answered HTTP ${status}${said ? ` (${said})` : ''}`;
}
