/**
 * DynamoDB Local in memory against on disk (docs/decisions.md, "DynamoDB Local for DynamoDB"): loads N
 * tenant-shaped items (default 50,000; 100 per cycle) with BatchWriteItem, four requests in flight as the
 * scale seed writes, then times a gsi1 Query of one cycle's 100 tenants and a GetItem, and reads the JVM's
 * resident memory and the size of the SQLite files. Each mode gets a private LocalStack of its own.
 * Also prints the ConsumedCapacity DynamoDB Local answers with ReturnConsumedCapacity TOTAL.
 *   npx tsx tests/bench/dynamodb-local-storage.ts [items]
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPO_ROOT, startEmulator, useEndpoints } from '../../localstack/emulator';
import { descendantsOf } from '../../localstack/localstack-aws';
import { bootstrapResources } from '../../localstack/bootstrap';
import { ENV } from '../../shared/resources';
import { summarize } from './stats';

const ITEMS = Number(process.argv[2] ?? 50_000);
const PER_CYCLE = 100;
const PROBES = 200;

const tenant = (n: number) => {
  const cycle = Math.floor(n / PER_CYCLE);
  const id = `bench-tenant-${n}`;
  return {
    pk: `TENANT#${id}`, sk: 'PROFILE', type: 'tenant', id, facility_id: `bench-facility-${cycle % 3000}`, facility_number: String(20001 + (cycle % 3000)),
    cycle_id: `bench-cycle-${cycle}`, first_name: `First${n % 977}`, last_name: `Last${n % 1231}`, email: `tenant${n}@mail.example`,
    address: `${n % 9000} Storage Way`, city: 'Springfield', state: 'TX', zip_code: String(70000 + (n % 9999)), unit: `U-${n % 400}`,
    ledger_id: `L${n}`, coverage_id: n % 3 ? 'cov-2000-12' : null, provided_proof_date: n % 5 ? null : '2026-10-01', opt_out_date: null,
    move_out_date: null, bad_address_date: null, status: 'no_response', tagged_for_removal: false,
    created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z',
    gsi1pk: `CYCLE#bench-cycle-${cycle}#TENANTS`, gsi1sk: `last${n % 1231}#first${n % 977}#${id}`,
  };
};

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Files and folders only: the run's folder links to LocalStack's shared lib/ (DynamoDB Local's jars).
    if (entry.isDirectory()) total += dirBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Resident memory of the DynamoDB Local JVM this process's LocalStack started. */
function jvmRssMiB(): number {
  for (const pid of descendantsOf(process.pid)) {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('LoopbackServerRunner')) continue;
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  }
  return NaN;
}

async function measure(onDisk: boolean): Promise<void> {
  delete process.env.AWS_ENDPOINT_URL; // the previous mode's, which startEmulator would take as an external one
  const emulator = await startEmulator({ ports: 'free', dynamodbOnDisk: onDisk, log: () => undefined });
  try {
    useEndpoints(emulator.endpoints);
    const table = (await bootstrapResources(`storage-${onDisk ? 'disk' : 'memory'}`))[ENV.table]!;
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    let next = 0;
    let writeUnits = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (next < ITEMS) {
        const first = next;
        next += 25;
        let request: Record<string, object[]> | undefined = {
          [table]: Array.from({ length: Math.min(25, ITEMS - first) }, (_, i) => ({ PutRequest: { Item: tenant(first + i) } })),
        };
        while (request && Object.keys(request).length > 0) {
          const out = await doc.send(new BatchWriteCommand({ RequestItems: request as never, ReturnConsumedCapacity: 'TOTAL' }));
          writeUnits += out.ConsumedCapacity?.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0) ?? 0;
          request = out.UnprocessedItems as typeof request;
        }
      }
    }));
    const loadSeconds = (performance.now() - started) / 1000;
    const cycles = Math.ceil(ITEMS / PER_CYCLE);
    const queryMs: number[] = [];
    let readUnits = 0;
    for (let i = 0; i < PROBES; i += 1) {
      const t = performance.now();
      const out = await doc.send(new QueryCommand({
        TableName: table, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': `CYCLE#bench-cycle-${(i * 7919) % cycles}#TENANTS` }, ReturnConsumedCapacity: 'TOTAL',
      }));
      queryMs.push(performance.now() - t);
      if (out.Count !== Math.min(PER_CYCLE, ITEMS - ((i * 7919) % cycles) * PER_CYCLE)) throw new Error(`gsi1 Query answered ${out.Count} items`);
      readUnits = out.ConsumedCapacity?.CapacityUnits ?? NaN;
    }
    const getMs: number[] = [];
    for (let i = 0; i < PROBES; i += 1) {
      const t = performance.now();
      const out = await doc.send(new GetCommand({ TableName: table, Key: { pk: `TENANT#bench-tenant-${(i * 7919) % ITEMS}`, sk: 'PROFILE' } }));
      getMs.push(performance.now() - t);
      if (!out.Item) throw new Error('GetItem found nothing');
    }
    const q = summarize(queryMs);
    const g = summarize(getMs);
    // The run's LocalStack folder (FILESYSTEM_ROOT, named by its gateway's port), DynamoDB Local's SQLite files below it.
    const port = new URL(emulator.endpoints.aws).port;
    const disk = onDisk ? `, SQLite files ${(dirBytes(join(REPO_ROOT, '.local', `localstack-${port}`)) / 2 ** 20).toFixed(0)} MiB` : '';
    console.log(`${onDisk ? 'on disk  ' : 'in memory'}: ${ITEMS} items in ${loadSeconds.toFixed(1)} s (${(ITEMS / loadSeconds).toFixed(0)} items/s, `
      + `${writeUnits} WCU reported); gsi1 Query of ${PER_CYCLE} items p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms (${readUnits} RCU reported); `
      + `GetItem p50 ${g.p50.toFixed(1)} ms; JVM resident ${jvmRssMiB().toFixed(0)} MiB${disk}`);
  } finally {
    await emulator.stop();
  }
}

await measure(false);
await measure(true);
