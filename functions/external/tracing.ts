/**
 * X-Ray subsegments around the calls to the outside systems (issue 26), so a slow request's trace shows
 * the time SiteLink, StorEdge or the CRM took apart from the program's own. Every function is traced
 * actively by CDK (infra/app-function.ts); this adds the calls, each named after its system with the
 * method, the address without its query (credentials travel in some) and the answer's status.
 *
 * Powertools Tracer (with the X-Ray SDK: 125 kB and 80-150 ms to load) is not in any bundle: it is
 * installed beside the bundles of the functions that call out (infra/bundling.ts) and loaded by the
 * first traced call of a container (docs/decisions.md "Tracing"). Where no X-Ray daemon is (the local
 * runtime, the tests) nothing is loaded and the call runs as it is. Tracing never fails a call: a
 * tracer that cannot load or a segment that cannot be made leaves the call untraced.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { ExternalSystem } from '../../shared/resources';
import { PROGRAM_SERVICE } from '../../shared/metrics';
import { logger } from '../runtime/logger';

/** What X-Ray names each system's calls (its trace map shows them as nodes). */
const SUBSEGMENT_NAMES: Record<ExternalSystem, string> = { sitelink: 'SiteLink', storedge: 'StorEdge', crm: 'CRM' };

/** Lambda sets it when the function is traced actively. */
const DAEMON_ADDRESS = 'AWS_XRAY_DAEMON_ADDRESS';

let loading: Promise<Tracer | null> | undefined;

function tracer(): Promise<Tracer | null> {
  loading ??= import('@aws-lambda-powertools/tracer')
    // No patching of http or fetch: only the calls below are traced, each as one subsegment.
    .then(({ Tracer: PowertoolsTracer }) => new PowertoolsTracer({ serviceName: PROGRAM_SERVICE, captureHTTPsRequests: false }))
    .catch((error: unknown) => {
      logger.warn('calls to outside systems are not traced: the tracer did not load', { error: error as Error });
      return null;
    });
  return loading;
}

/** An X-Ray subsegment, with the `http` block X-Ray shows for a remote call (the SDK sets it only for node:http requests). */
type Subsegment = ReturnType<NonNullable<ReturnType<Tracer['getSegment']>>['addNewSubsegment']> & {
  http?: { request: { method: string; url: string }; response?: { status: number } };
};

/** A subsegment for the call under the invocation's segment, or null when there is none to be had. */
async function openSubsegment(system: ExternalSystem, method: string, url: URL): Promise<Subsegment | null> {
  if (!process.env[DAEMON_ADDRESS]) return null;
  const t = await tracer();
  if (!t?.isTracingEnabled()) return null;
  try {
    const sub: Subsegment | null = t.getSegment()?.addNewSubsegment(SUBSEGMENT_NAMES[system]) ?? null;
    if (sub) {
      sub.namespace = 'remote';
      sub.addAnnotation('external_system', system);
      sub.http = { request: { method, url: `${url.origin}${url.pathname}` } };
    }
    return sub;
  } catch (error) {
    logger.warn('a call to an outside system is not traced', { system, error: error as Error });
    return null;
  }
}

function closeSubsegment(sub: Subsegment | null, outcome: { status: number } | { error: unknown }): void {
  if (!sub) return;
  try {
    if ('status' in outcome) {
      if (sub.http) sub.http.response = { status: outcome.status };
      if (outcome.status === 429) sub.addThrottleFlag();
      else if (outcome.status >= 500) sub.addFaultFlag();
      else if (outcome.status >= 400) sub.addErrorFlag();
    } else sub.addError(outcome.error as Error, true);
    sub.close();
  } catch (error) {
    logger.warn('a traced call to an outside system could not be closed', { error: error as Error });
  }
}

/** Runs one call to an outside system inside its subsegment (when the function is traced). */
export async function traced<T extends { status: number }>(system: ExternalSystem, method: string, url: URL, call: () => Promise<T>): Promise<T> {
  const sub = await openSubsegment(system, method, url);
  try {
    const answer = await call();
    closeSubsegment(sub, { status: answer.status });
    return answer;
  } catch (error) {
    closeSubsegment(sub, { error });
    throw error;
  }
}
