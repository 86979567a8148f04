/**
 * One large facility for the archive worker's memory (issue 17: a 50,000-tenant archive under 300 MB):
 * the facility and its cycles made through their stores, the tenants bulk-loaded as the scale seed loads
 * them (localstack/scale-data.ts: `tenantItem` shapes and access-code claims, BatchWriteItem, the demo seed's generated tenants
 * whose plans answer as real cycles do), each with the history a real tenant carries, in the tenant
 * store's own entry shape (`historyPut`): created by the import, its audit letter marked sent, and for
 * those who answered, the manager's change of status. The counters are added to exactly what the tenants
 * count (`countersOfTenants`, as the scale seed sums them) and the catalog entries refreshed, so the
 * archive counts, verifies and deletes a facility that looks like any other.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchWriteCommandOutput, NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { CYCLE_DATE_FIELDS, createCycle, cycleStatsKey } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { createFacility, facilityStatsKey } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import type { Counters } from '../../functions/program/counters';
import { historyPut } from '../../functions/tenants/tenant-history';
import type { TenantWrite } from '../../functions/tenants/tenant-history';
import { TENANT_DEFAULTS, tenantItem } from '../../functions/tenants/tenant-record';
import type { TenantRecord } from '../../functions/tenants/tenant-record';
import { refreshCatalogOf } from '../../functions/tenants/tenant-store';
import { dayAfter } from '../../localstack/demo/cycles';
import type { DemoCycle } from '../../localstack/demo/cycles';
import type { DemoFacility } from '../../localstack/demo/facilities';
import { countersOfTenants, cycleRecordOf, facilityFields, plannedTenants, utcToday } from '../../localstack/demo/records';
import { SeedAccessCodes } from '../../localstack/seed-access-codes';

export interface SeededFacility {
  facility: FacilityRecord;
  cycles: { id: string; tenants: number }[];
  tenants: number;
  historyEntries: number;
  seconds: number;
}

type Item = Record<string, NativeAttributeValue>;

/** BatchWriteItem calls in flight (the scale seed's measured best for DynamoDB Local). */
const WRITES_IN_FLIGHT = 4;

async function batchWrite(items: readonly Item[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending: Record<string, unknown>[] | undefined = chunks[next++]!.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending?.length; attempt += 1) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = out.UnprocessedItems?.[tableName()];
      }
    }
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, worker));
}

/** ADD of every counter the tenants move, as the tenant store's transactions would have added them one by one. */
async function addCounters(key: { pk: string; sk: string }, counters: Partial<Counters>): Promise<void> {
  const moved = Object.entries(counters).filter(([, v]) => v !== 0);
  if (!moved.length) return;
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: key,
    UpdateExpression: `ADD ${moved.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(moved.map(([k], i) => [`#c${i}`, k])),
    ExpressionAttributeValues: Object.fromEntries(moved.map(([, v], i) => [`:c${i}`, v])),
  }));
}

const IMPORTED: TenantWrite = { actor: { user_id: 'bench-monitor', username: 'monitor' }, action: 'import' };
const LETTERED: TenantWrite = { actor: { user_id: 'bench-monitor', username: 'monitor' }, action: 'letter' };

/** The entries a tenant of the program carries by the time its facility is archived (tenant-history.ts shapes). */
function historyOf(t: TenantRecord, manager: TenantWrite): Item[] {
  const at = (days: number) => `${dayAfter(t.created_at.slice(0, 10), days)}T15:00:00.000Z`;
  const entries = [historyPut(null, t, IMPORTED, t.created_at)];
  if (t.initial_letter_sent_date) {
    entries.push(historyPut({ ...t, initial_letter_sent_date: null }, t, LETTERED, at(3)));
  }
  if (t.status) {
    entries.push(historyPut({ ...t, status: null, coverage_id: null }, t, manager, at(20)));
  }
  return entries.map((e) => e.Put.Item as Item);
}

/**
 * A facility numbered `number` with `tenants` tenants over `cycleCount` cycles a season apart, the newest
 * in its audit phase, the older ones complete (their tenants answered, letters sent).
 */
export async function seedLargeFacility(number: string, tenants: number, cycleCount: number, log: (line: string) => void): Promise<SeededFacility> {
  const started = performance.now();
  const today = utcToday();
  const perCycle = Math.ceil(tenants / cycleCount);
  const plans: DemoCycle[] = Array.from({ length: cycleCount }, (_, i) => {
    const newest = i === cycleCount - 1;
    return {
      phase: newest ? 'audit' : 'complete', initialLetterIn: newest ? -5 : -120 * (cycleCount - i), profile: 'typical',
      tenants: Math.min(perCycle, tenants - perCycle * i),
    };
  });
  const plan: DemoFacility = {
    number, account_name: 'Bench Large Storage', corporate_group: 'Bench Storage Group', address: '500 Commerce Drive', city: 'Austin', state: 'TX',
    zip_code: '78701', phone: '5125550150', contact_name: 'Pat Large', software: 'storedge', program: 'pma', prime_site_id: `7${number}`, cycles: plans,
  };
  const planned = plans.map((_, index) => plannedTenants(plan, index, today));
  const facility = await createFacility(facilityFields(plan, randomUUID(), null, today, (index) => planned[index]!));
  const manager: TenantWrite = { actor: { user_id: 'bench-manager', username: `manager${number}` }, action: 'manager_edit' };
  const cycles: { id: string; tenants: number }[] = [];
  const codes = new SeedAccessCodes();
  let historyEntries = 0;
  for (const [index, list] of planned.entries()) {
    const shape = cycleRecordOf(plan, facility.id, index, { id: 'planned', created_at: '' }, list, today);
    const dates = Object.fromEntries(CYCLE_DATE_FIELDS.map((f) => [f, shape[f]]));
    const cycle: CycleRecord = await createCycle({ facility_id: facility.id, facility_number: number, label: shape.label, ...dates });
    const createdAt = `${dayAfter(today, plans[index]!.initialLetterIn - 30)}T14:00:00.000Z`;
    const records = list.map((t, i): TenantRecord => ({
      ...TENANT_DEFAULTS, ...t, id: `${cycle.id}-t${i + 1}`, cycle_id: cycle.id, facility_id: facility.id, facility_number: number,
      access_code: codes.codeFor(`${cycle.id}-t${i + 1}`), created_at: createdAt, updated_at: createdAt,
    }));
    const history = records.flatMap((t) => historyOf(t, manager));
    await batchWrite([...records.flatMap((t) => [tenantItem(t), SeedAccessCodes.claimItem(t.access_code, t.id)]), ...history]);
    const counters = countersOfTenants(list);
    await addCounters(cycleStatsKey(cycle.id), counters);
    await addCounters(facilityStatsKey(facility.id), counters);
    await refreshCatalogOf(cycle);
    cycles.push({ id: cycle.id, tenants: records.length });
    historyEntries += history.length;
    log(`bench:   cycle ${index + 1} of ${cycleCount}: ${records.length.toLocaleString('en-US')} tenants, ${history.length.toLocaleString('en-US')} history entries`);
  }
  return { facility, cycles, tenants: cycles.reduce((n, c) => n + c.tenants, 0), historyEntries, seconds: (performance.now() - started) / 1000 };
}
