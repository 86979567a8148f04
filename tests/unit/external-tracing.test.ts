/**
 * Issue 26: a call to SiteLink, StorEdge or the CRM is an X-Ray subsegment where the function is traced
 * (functions/external/tracing.ts). Lambda's side is played here as Lambda sets it up for an actively
 * traced function: the execution environment, the invocation's trace header and the daemon's address,
 * the daemon being a UDP socket of this test that receives what the X-Ray SDK sends. Without a daemon
 * (locally) the same calls are answered untraced.
 */
import { createSocket } from 'node:dgram';
import type { Socket } from 'node:dgram';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callExternal } from '../../functions/external/http';

let daemon: Socket;
let site: Server;
let siteUrl = '';
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  daemon = createSocket('udp4');
  // Each datagram is the X-Ray header line, then one segment document.
  daemon.on('message', (msg) => received.push(JSON.parse(msg.toString('utf8').split('\n')[1]!) as Record<string, unknown>));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', () => resolve()));
  site = createServer((req, res) => {
    res.statusCode = req.url?.startsWith('/down') ? 503 : 200;
    res.end('<ok/>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

/** What the traced test sets as Lambda would; put back after it. */
const LAMBDA_ENV = ['AWS_EXECUTION_ENV', 'LAMBDA_TASK_ROOT', 'AWS_LAMBDA_FUNCTION_NAME', 'AWS_XRAY_DAEMON_ADDRESS', '_X_AMZN_TRACE_ID'] as const;
const saved = Object.fromEntries(LAMBDA_ENV.map((name) => [name, process.env[name]]));

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  daemon.close();
  await new Promise((resolve) => site.close(resolve));
});

async function subsegmentsNamed(name: string, count: number): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + 5000;
  while (received.filter((s) => s.name === name).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return received.filter((s) => s.name === name);
}

describe('calls to outside systems', () => {
  it('run untraced where there is no X-Ray daemon, loading no tracer', async () => {
    expect(process.env.AWS_XRAY_DAEMON_ADDRESS).toBeUndefined();
    const answer = await callExternal('crm', new URL(`${siteUrl}/accounts?token=secret`), { method: 'GET' }, 2000);
    expect(answer.status).toBe(200);
    expect(received).toEqual([]);
  });

  it('are each a subsegment of the invocation\'s trace in a traced function: the system, the address without its query, the status', async () => {
    const traceId = '1-67891233-abcdef012345678912345678';
    const parent = '53995c3f42cd8ad8';
    Object.assign(process.env, {
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', LAMBDA_TASK_ROOT: '/var/task', AWS_LAMBDA_FUNCTION_NAME: 'api-coverages',
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${daemon.address().port}`, _X_AMZN_TRACE_ID: `Root=${traceId};Parent=${parent};Sampled=1`,
    });
    const ok = await callExternal('sitelink', new URL(`${siteUrl}/CallCenterWs.asmx?password=secret`), { method: 'POST', body: '<x/>' }, 2000);
    expect(ok.status).toBe(200);
    const down = await callExternal('storedge', new URL(`${siteUrl}/down/ledgers`), { method: 'GET' }, 2000);
    expect(down.status).toBe(503);

    const [siteLink] = await subsegmentsNamed('SiteLink', 1);
    expect(siteLink).toMatchObject({
      type: 'subsegment', trace_id: traceId, parent_id: parent, namespace: 'remote',
      annotations: { external_system: 'sitelink' },
      http: { request: { method: 'POST', url: `${siteUrl}/CallCenterWs.asmx` }, response: { status: 200 } },
    });
    expect(JSON.stringify(siteLink)).not.toContain('secret');
    expect(Number(siteLink!.end_time)).toBeGreaterThanOrEqual(Number(siteLink!.start_time));
    const [storEdge] = await subsegmentsNamed('StorEdge', 1);
    expect(storEdge).toMatchObject({ trace_id: traceId, fault: true, http: { response: { status: 503 } } });

    // The container's next invocation, with its own trace: the call joins that one.
    const nextTrace = '1-67891234-0123456789abcdef01234567';
    process.env._X_AMZN_TRACE_ID = `Root=${nextTrace};Parent=a1b2c3d4e5f60718;Sampled=1`;
    await callExternal('crm', new URL(`${siteUrl}/accounts`), { method: 'GET' }, 2000);
    const [crm] = await subsegmentsNamed('CRM', 1);
    expect(crm).toMatchObject({ trace_id: nextTrace, parent_id: 'a1b2c3d4e5f60718', http: { response: { status: 200 } } });
  });
});
