/**
 * `npm run seed:scale`: loads 3,000 facilities (numbers 20001-23000, managers manager20001...),
 * 10,000 cycles and about 1.5 million tenants into the running local stack (npm start's emulator and
 * tables), or into the emulator at AWS_ENDPOINT_URL (DynamoDB: AWS_ENDPOINT_URL_DYNAMODB when set) and the
 * tables of --prefix. Options:
 * --facilities N --cycles N --tenants N (a cap: whole facilities in number order) --prefix P.
 * Loading again overwrites the same records. See localstack/scale-data.ts and docs/decisions.md.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENV } from '../shared/resources';
import { endpointsFromEnv, useEndpoints } from './emulator';
import { loadScaleData, verifyScaleData } from './scale-data';
import { localResourceEnv } from './ops-target';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const facilities = Number(option('facilities', '3000'));
const cycles = Number(option('cycles', '10000'));
const prefix = option('prefix', 'alp-local');
const tenantCap = option('tenants', 'all');
const tenants = tenantCap === 'all' ? undefined : Number(tenantCap);
if (!Number.isInteger(facilities) || facilities < 1 || !Number.isInteger(cycles) || cycles < 0 || (tenants !== undefined && !(Number.isInteger(tenants) && tenants >= 0))) {
  console.error('Usage: npm run seed:scale -- [--facilities 3000] [--cycles 10000] [--tenants all|N] [--prefix alp-local]');
  process.exit(2);
}

const endpoint = endpointsFromEnv().dynamodb;
useEndpoints(endpointsFromEnv());
let table = '';
try {
  table = (await localResourceEnv(prefix))[ENV.table]!;
  process.env[ENV.table] = table;
  await new DynamoDBClient({ region: process.env.AWS_REGION }).send(new DescribeTableCommand({ TableName: table }));
} catch (err) {
  console.error(`No table ${table || `of the stack ${prefix}-data`} at ${endpoint} (${(err as Error).name}). Start the program first with \`npm start\`, `
    + 'or point AWS_ENDPOINT_URL and --prefix at a stack that has its tables.');
  process.exit(1);
}

const started = performance.now();
console.log(`Loading ${facilities} facilities and ${cycles} cycles into ${table} at ${endpoint}...`);
const result = await loadScaleData({ facilities, cycles, tenants, log: (line) => console.log(line) });
console.log(`Wrote ${result.tenants} tenants in ${result.tenantSeconds.toFixed(1)} s, ${result.items} facility and cycle items in ${result.writeSeconds.toFixed(1)} s `
  + `and the catalogs in ${result.catalogSeconds.toFixed(1)} s; checking a sample...`);
await verifyScaleData(facilities);
console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Facilities ${facilities} (20001 on), cycles ${cycles}, tenants ${result.tenants}; `
  + 'manager logins manager20001... with password demo1234.');
