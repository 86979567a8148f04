/**
 * Issue 26: the program's own metrics are embedded-metric log lines (functions/runtime/metrics.ts), written
 * once per invocation. Real paths run through the Lambda handlers in this process, whose standard output
 * the test reads: a rent-roll import through the import worker, portal sign-ins through the respond
 * group's handler. Each line is checked as CloudWatch reads it: the namespace, the metric's name and unit,
 * its dimensions (with their values on the line) and its value. The suite's runtime writes no metric
 * lines (global-setup turns them off, as it silences the logs); this file turns them on for itself.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyResult, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import './helpers';
import { facilityWith, stem } from './facility-fixtures';
import { makeCycle, makeProgramFacility, tenant } from './cycle-fixtures';
import { TEST_WRITE } from './fixtures';
import { createJobRecordOnly } from './job-fixture';
import { createCycle } from '../../functions/cycles/cycle-store';
import { importFileKey, putImportFile } from '../../functions/imports/import-files';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import { getJob } from '../../functions/jobs/job-store';
import { CODE_MAX_FAILURES } from '../../functions/respond/sign-in-limits';
import { createTenants } from '../../functions/tenants/tenant-store';
import { lambdaContext } from '../../localstack/runtime/handlers';
import { toProxyEvent } from '../../localstack/runtime/http-server';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import { METRICS_NAMESPACE, PROGRAM_SERVICE } from '../../shared/metrics';
import type { MetricName } from '../../shared/metrics';
import { matchRoute } from '../../shared/routes';

let respondHandler: typeof import('../../functions/api/respond').handler;
let importWorker: typeof import('../../functions/workers/rent-roll-imports').handler;

beforeAll(async () => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  // The suite's files share one module graph (vitest.config.ts): the handlers are loaded afresh, so their
  // Powertools Metrics are made now, with metrics on, not taken from a file that ran with them off.
  vi.resetModules();
  ({ handler: respondHandler } = await import('../../functions/api/respond'));
  ({ handler: importWorker } = await import('../../functions/workers/rent-roll-imports'));
});

afterAll(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  vi.resetModules();
});

interface EmfLine {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

/** The embedded-metric lines written to standard output while `run` runs. */
async function metricLinesOf(run: () => Promise<unknown>): Promise<EmfLine[]> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written.join('').split('\n').filter((l) => l.startsWith('{"_aws"')).map((l) => JSON.parse(l) as EmfLine);
}

/** The lines that carry `name`, each with its value and dimension values as CloudWatch would read them. */
function recorded(lines: EmfLine[], name: MetricName) {
  return lines.filter((l) => l._aws.CloudWatchMetrics[0]!.Metrics.some((m) => m.Name === name)).map((l) => {
    const [directive] = l._aws.CloudWatchMetrics;
    const dimensionNames = directive!.Dimensions.flat();
    return {
      namespace: directive!.Namespace,
      unit: directive!.Metrics.find((m) => m.Name === name)!.Unit,
      dimensions: Object.fromEntries(dimensionNames.map((d) => [d, l[d]])),
      value: l[name],
    };
  });
}

afterEach(() => vi.restoreAllMocks());

describe('a rent-roll import through its worker', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'metrics-import-'));
    return () => rm(dir, { recursive: true, force: true });
  });

  it('writes the tenants it imported and refused once, when the invocation ends, and nothing on a second delivery of the job done', async () => {
    const site = `S${stem()}1`;
    const facility = await facilityWith(stem(), { prime_site_id: site, software: 'sitelink_web' });
    const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Cycle ${stem()}` });
    const sample = await writeSampleRentRoll({ software: 'sitelink_web', primeSiteId: site, rows: 12, seed: 7, dir });
    const id = randomUUID();
    const key = importFileKey(id, 'rent_roll');
    await putImportFile(key, await readFile(sample.files.rent_roll));
    // A job record with no queue message, so no poller of the suite's runtime runs it: this worker does.
    await createJobRecordOnly({
      id, queue: 'rent-roll-imports', type: IMPORT_JOB_TYPE, createdBy: 'test',
      input: { software: 'sitelink_web', cycle_id: cycle.id, files: { rent_roll: { key, name: 'roll.xlsx' } }, user_id: 'test', username: 'test' },
    });
    const event = { Records: [{ messageId: `m-${id}`, receiptHandle: 'r', body: JSON.stringify({ job_id: id, type: IMPORT_JOB_TYPE }), attributes: { ApproximateReceiveCount: '1' } }] } as unknown as SQSEvent;

    const lines = await metricLinesOf(() => importWorker(event, lambdaContext('worker-rent-roll-imports')));
    const job = await getJob(id);
    expect(job?.status, job?.error ?? '').toBe('done');
    const line = { namespace: METRICS_NAMESPACE, unit: 'Count', dimensions: { service: PROGRAM_SERVICE } };
    expect(recorded(lines, 'TenantsImported')).toEqual([{ ...line, value: sample.tenants.length }]);
    expect(recorded(lines, 'TenantsRefused')).toEqual([{ ...line, value: 0 }]);

    // The message again (SQS may deliver twice): the job is done, nothing is imported or counted again.
    expect(await metricLinesOf(() => importWorker(event, lambdaContext('worker-rent-roll-imports')))).toEqual([]);
  });
});

describe('portal sign-ins through the respond group\'s handler', () => {
  let addressCount = 0;
  /** A loopback address of this test's own, so its failures count against no other test's address. */
  const newAddress = () => `127.${200 + (++addressCount % 50)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

  /** One POST through the respond group's Lambda handler, with the event the local runtime builds. */
  async function post(path: string, body: unknown, address: string, token?: string): Promise<APIGatewayProxyResult> {
    const match = matchRoute('POST', path);
    if (!('route' in match)) throw new Error(`no route ${path}`);
    const headers = { host: 'local', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const request = { url: path, method: 'POST', headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
    const event = toProxyEvent(request, Buffer.from(JSON.stringify(body)), match.route.path, match.pathParameters);
    return respondHandler(event as never, lambdaContext('api-respond') as never) as Promise<APIGatewayProxyResult>;
  }
  const signIn = (accessCode: string, zip: string, address: string) => post('/api/respond/sign-in', { access_code: accessCode, zip_code: zip }, address);

  it('counts a sign-in, a refused one and one refused by the lock, each on its own line at the end of its invocation', async () => {
    const facility = await makeProgramFacility({ coverages: [{ coverage: 2000, premium: 12 }] });
    const cycle = await makeCycle(facility);
    const [made] = await createTenants(cycle, [tenant(null, { zip_code: '75001', email: '' })], TEST_WRITE);
    const address = newAddress();
    const line = { namespace: METRICS_NAMESPACE, unit: 'Count', dimensions: { service: PROGRAM_SERVICE }, value: 1 };

    let answer: APIGatewayProxyResult | undefined;
    const signedIn = await metricLinesOf(async () => { answer = await signIn(made!.access_code, '75001', address); });
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(recorded(signedIn, 'PortalSignIns')).toEqual([line]);
    expect(signedIn).toHaveLength(1);

    const refused = await metricLinesOf(async () => { answer = await signIn(made!.access_code, '99999', address); });
    expect(answer?.statusCode).toBe(401);
    expect(recorded(refused, 'PortalSignInsRefused')).toEqual([line]);
    expect(recorded(refused, 'PortalSignIns')).toEqual([]);

    // The code's last failures take its lock; then even the right ZIP code is refused, as a lockout.
    const failures = await metricLinesOf(async () => {
      for (let failure = 2; failure <= CODE_MAX_FAILURES; failure += 1) expect((await signIn(made!.access_code, '99999', address)).statusCode).toBe(401);
    });
    expect(recorded(failures, 'PortalSignInsRefused')).toEqual(Array.from({ length: CODE_MAX_FAILURES - 1 }, () => line));
    const locked = await metricLinesOf(async () => { answer = await signIn(made!.access_code, '75001', address); });
    expect(answer?.statusCode).toBe(401);
    expect(recorded(locked, 'PortalLockouts')).toEqual([line]);
    expect(locked).toHaveLength(1);
  });

  it('counts an answer by its kind and its confirmation e-mail by its kind, each on the line of its own dimensions', async () => {
    const facility = await makeProgramFacility({ coverages: [{ coverage: 2000, premium: 12 }] });
    const [made] = await createTenants(await makeCycle(facility), [tenant(null, { zip_code: '75001', email: '' })], TEST_WRITE);
    const address = newAddress();
    let token = '';
    // Its sign-in's line is the test above's; read here so that it is not printed.
    await metricLinesOf(async () => { token = (JSON.parse((await signIn(made!.access_code, '75001', address)).body) as { token: string }).token; });

    let answer: APIGatewayProxyResult | undefined;
    const lines = await metricLinesOf(async () => {
      answer = await post('/api/respond/coverage', { coverage_id: 'cov-2000-12', email: `metrics-${stem().toLowerCase()}@example.com` }, address, token);
    });
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ confirmation_email: 'sent' });
    const base = { namespace: METRICS_NAMESPACE, unit: 'Count', value: 1 };
    expect(recorded(lines, 'PortalAnswers')).toEqual([{ ...base, dimensions: { service: PROGRAM_SERVICE, answer: 'coverage' } }]);
    expect(recorded(lines, 'EmailsSent')).toEqual([{ ...base, dimensions: { service: PROGRAM_SERVICE, email: 'portal_confirmation' } }]);
    expect(lines).toHaveLength(2);
  });
});
