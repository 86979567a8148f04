/**
 * The program at scale, for `npm run seed:scale` and the benchmarks: 3,000 facilities (numbers 20001 on,
 * each with its manager account manager{number}) and 10,000 cycles with maintained counters, built in
 * memory from generated plans with the demo seed's own builders (localstack/demo/records.ts) and
 * bulk-loaded: BatchWriteItem for the records, then bulkLoadCatalog for the catalog shards and COUNTS,
 * whose entries come from facilityEntryOf/cycleEntryOf like every refresh (docs/decisions.md "Scale
 * seed bulk-loads"). Tenants are written as the tenant store writes them (tenantItem: the record and its list
 * index keys; beside it the claim of its access code, localstack/seed-access-codes.ts), facility by
 * facility and streamed, with counters that sum exactly the tenants written:
 * `tenants` caps how many are written (whole facilities, in number order), so the program can be grown
 * in steps (150,000 then 1,500,000) with the same facilities and cycles, the first ones complete.
 *
 * The record shapes below are the stores' (facility-store, cycle-store, user-store); `verifyScaleData`
 * reads a sample back through the stores and fails if any entry differs from what a refresh computes.
 * Ids and numbers are fixed, so loading again overwrites the same records instead of adding more.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '../functions/auth/passwords';
import { dynamo } from '../functions/aws/clients';
import { tableName } from '../functions/aws/config';
import type { CycleEntry, CycleRecord } from '../functions/cycles/cycle-store';
import { cycleEntryOf, cycleKey, cycleStatsKey, getCycle, getCycleCounters } from '../functions/cycles/cycle-store';
import type { FacilityEntry, FacilityRecord } from '../functions/facilities/facility-store';
import {
  facilityCycleIds, facilityEntryOf, facilityKey, facilityStatsKey, getFacility, getFacilityByNumber, getFacilityCounters,
} from '../functions/facilities/facility-store';
import { bulkLoadCatalog, readCatalog } from '../functions/program/catalog';
import type { Counters } from '../functions/program/counters';
import { sumCounters, zeroCounters } from '../functions/program/counters';
import { TENANT_DEFAULTS, tenantItem } from '../functions/tenants/tenant-record';
import type { NewTenant, TenantRecord } from '../functions/tenants/tenant-record';
import { findAccessCode } from '../functions/tenants/access-codes';
import { getTenant } from '../functions/tenants/tenant-store';
import { getUserByUsername } from '../functions/users/user-store';
import type { UserRecord } from '../functions/users/user-store';
import type { Phase, Profile } from './demo/cycles';
import { dayAfter } from './demo/cycles';
import type { DemoCycle } from './demo/cycles';
import type { DemoFacility } from './demo/facilities';
import { countersOfTenants, cycleRecordOf, facilityFields, plannedTenants, utcToday } from './demo/records';
import { generator, pick } from './demo/tenants';
import { SeedAccessCodes } from './seed-access-codes';

export const SCALE_FIRST_NUMBER = 20001;
export const scaleFacilityId = (n: number): string => `scale-facility-${SCALE_FIRST_NUMBER + n}`;
const scaleCycleId = (n: number, index: number) => `scale-cycle-${SCALE_FIRST_NUMBER + n}-${index + 1}`;

const PLACES = [
  'Oakwood', 'Riverside', 'Hillcrest', 'Fairview', 'Lakeview', 'Brookside', 'Cedar Ridge', 'Meadowbrook', 'Westgate', 'Eastside',
  'Northpoint', 'Southpark', 'Pine Valley', 'Willow Creek', 'Stone Bridge', 'Harbor View', 'Sunset', 'Highland', 'Maple Grove', 'Elm Park',
  'Crossroads', 'Gateway', 'Summit', 'Canyon', 'Prairie', 'Bayside', 'Foothill', 'Mesa', 'Heritage', 'Pioneer', 'Liberty', 'Frontier',
  'Redwood', 'Aspen', 'Sycamore', 'Magnolia', 'Cypress', 'Juniper', 'Silver Lake', 'Golden Valley',
];
const KINDS = ['Self Storage', 'Storage Center', 'Mini Storage', 'Storage Depot', 'Storage Solutions', 'Secure Storage', 'Climate Storage'];
const GROUPS = [
  'Blue Harbor Storage Group', 'Coastal Storage Holdings', 'Evergreen Storage LLC', 'Heartland Storage Trust', 'Metro Storage Group',
  'Pacific Storage Partners', 'Southern Storage Co', 'Southwest Storage Partners', 'Summit Storage Partners', 'Keystone Self Storage',
  'Granite Storage REIT', 'Northstar Storage Partners', 'Prime Storage Holdings', 'Atlas Storage Group', 'Independent',
];
const LOCATIONS: readonly [string, string, string][] = [
  ['Springfield', 'IL', '62704'], ['Columbus', 'OH', '43215'], ['Charlotte', 'NC', '28202'], ['Denver', 'CO', '80205'],
  ['Phoenix', 'AZ', '85004'], ['San Antonio', 'TX', '78205'], ['Dallas', 'TX', '75201'], ['Jacksonville', 'FL', '32202'],
  ['Orlando', 'FL', '32801'], ['Nashville', 'TN', '37203'], ['Louisville', 'KY', '40202'], ['Indianapolis', 'IN', '46204'],
  ['Kansas City', 'MO', '64105'], ['Omaha', 'NE', '68102'], ['Oklahoma City', 'OK', '73102'], ['Albuquerque', 'NM', '87102'],
  ['Tucson', 'AZ', '85701'], ['Sacramento', 'CA', '95814'], ['Fresno', 'CA', '93721'], ['Portland', 'OR', '97205'],
  ['Spokane', 'WA', '99201'], ['Boise', 'ID', '83702'], ['Salt Lake City', 'UT', '84101'], ['Reno', 'NV', '89501'],
  ['Atlanta', 'GA', '30303'], ['Birmingham', 'AL', '35203'], ['Richmond', 'VA', '23219'], ['Pittsburgh', 'PA', '15222'],
  ['Buffalo', 'NY', '14202'], ['Hartford', 'CT', '06103'], ['Milwaukee', 'WI', '53202'], ['Des Moines', 'IA', '50309'],
];
const STREETS = ['Main Street', 'Commerce Drive', 'Industrial Parkway', 'Highway 20', 'Market Street', 'Airport Road', 'Center Avenue', 'Route 9'];
const FIRST = ['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Drew', 'Cameron', 'Reese', 'Parker', 'Rowan'];
const LAST = ['Walker', 'Reyes', 'Brooks', 'Sullivan', 'Ng', 'Fischer', 'Diaz', 'Coleman', 'Price', 'Bennett', 'Wood', 'Ramos', 'Hayes', 'Kim'];
const SOFTWARE = ['sitelink_web', 'sitelink_web', 'storedge', 'storedge', 'easystorage', 'syrasoft'] as const;
const PROGRAMS = ['pma', 'pma', 'pma', 'pma', 'pma', 'pma', 'aig', 'aig', 'safeleases', 'storsmart'] as const;
const PROFILES: readonly Profile[] = ['typical', 'typical', 'typical', 'typical', 'typical', 'opt_outs', 'proof', 'bad_addresses', 'move_outs'];

/** The phase a cycle is in when its audit letter date is `days` from today (as the demo's phases). */
function phaseAt(days: number): Phase {
  if (days > 7) return 'tagging';
  if (days > 0) return 'confirmed';
  if (days > -21) return 'audit';
  if (days > -45) return 'reminder';
  if (days >= -50) return 'recent';
  if (days >= -59) return 'setup';
  return 'complete';
}

/** Facility `n`'s plan: its place, software and program, and `cycles` cycles 90-150 days apart, the newest near today. */
function scalePlan(n: number, cycles: number): DemoFacility {
  const random = generator(SCALE_FIRST_NUMBER + n);
  const [city, state, zip] = pick(random, LOCATIONS);
  const retired = random() < 0.04;
  const plans: DemoCycle[] = [];
  // The newest cycle is 65 days past to 45 ahead (a retired facility's ended long ago).
  let days = retired ? -200 - Math.floor(random() * 100) : Math.floor(random() * 110) - 65;
  for (let i = 0; i < cycles; i += 1) {
    const phase = retired ? 'retired' : phaseAt(days);
    // About 150 tenants a cycle (the program: 1.5 million over 10,000 cycles), one in a hundred a big one of 2,000.
    const size = random();
    const tenants = phase === 'tagging' && random() < 0.15 ? 0 : size < 0.01 ? 2000 : 60 + Math.floor(random() * 150);
    plans.unshift({
      phase, initialLetterIn: days, tenants, profile: pick(random, PROFILES),
      tagged: phase === 'tagging' || phase === 'confirmed' ? Math.floor(random() * 4) : 0,
      ...(phase !== 'tagging' && random() < 0.1 ? { confirmed: 'monitor' as const } : {}),
    });
    days -= 90 + Math.floor(random() * 60);
  }
  return {
    number: String(SCALE_FIRST_NUMBER + n),
    account_name: `${pick(random, PLACES)} ${pick(random, KINDS)}`,
    corporate_group: pick(random, GROUPS),
    address: `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)}`,
    city, state, zip_code: zip,
    phone: `${200 + Math.floor(random() * 700)}555${String(1000 + (n % 9000)).padStart(4, '0')}`,
    contact_name: `${pick(random, FIRST)} ${pick(random, LAST)}`,
    software: pick(random, SOFTWARE),
    program: pick(random, PROGRAMS),
    prime_site_id: String(60000 + n),
    was_prime: random() < 0.1,
    ...(retired ? { retiredDaysAgo: 10 + Math.floor(random() * 300) } : {}),
    cycles: plans,
  };
}

type Item = Record<string, NativeAttributeValue>;

/** BatchWriteItem calls in flight for the tenant items (measured: DynamoDB Local gains nothing past 4). */
const TENANT_WRITES_IN_FLIGHT = 4;

/** The items the stores write, in their shapes (see the module comment). */
function facilityItems(f: FacilityRecord, counters: Counters, cycles: readonly { cycle: CycleRecord; counters: Counters }[], manager: UserRecord): Item[] {
  return [
    { pk: `FACILITYNUM#${f.facility_number.toLowerCase()}`, sk: 'CLAIM', type: 'facility-claim', facility_id: f.id },
    { ...facilityKey(f.id), type: 'facility', ...f },
    { ...facilityStatsKey(f.id), type: 'facility-stats', ...counters },
    { pk: `USERNAME#${manager.username.toLowerCase()}`, sk: 'USERNAME', user_id: manager.id },
    { pk: `USER#${manager.id}`, sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: manager.username.toLowerCase(), type: 'user', ...manager },
    ...cycles.flatMap(({ cycle, counters: c }) => [
      { ...cycleKey(cycle.id), type: 'cycle', ...cycle },
      { ...cycleStatsKey(cycle.id), type: 'cycle-stats', ...c },
      { pk: `FACILITY#${f.id}`, sk: `CYCLE#${cycle.id}`, type: 'facility-cycle', cycle_id: cycle.id, created_at: cycle.created_at },
    ]),
  ];
}

async function batchWrite(items: readonly Item[], concurrency: number, onProgress: (written: number) => void): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25) as Item[]);
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let request: Record<string, { PutRequest: { Item: Item } }[]> | undefined = { [tableName()]: chunk.map((Item) => ({ PutRequest: { Item } })) };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
        request = out.UnprocessedItems as typeof request;
      }
      written += chunk.length;
      onProgress(written);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * BatchWriteItem with up to `concurrency` calls in flight, fed as items are built: `write` waits only
 * when that many calls are already running, so building the next facility overlaps the writes.
 */
class BatchWriter {
  private running = new Set<Promise<void>>();
  constructor(private readonly concurrency: number) {}

  async write(items: readonly Item[]): Promise<void> {
    for (let i = 0; i < items.length; i += 25) {
      while (this.running.size >= this.concurrency) await Promise.race(this.running);
      const call = batchWrite(items.slice(i, i + 25), 1, () => undefined).finally(() => this.running.delete(call));
      this.running.add(call);
    }
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
  }
}

export interface ScaleOptions {
  facilities: number;
  cycles: number;
  /** At most this many tenant items (whole facilities, in number order); the rest get none. Default: all. */
  tenants?: number;
  /**
   * The `tenants` cap of an earlier load into the same table (loadScaleData growing the program in steps):
   * the facilities that load completed hold the same tenants now, so their tenant items are not written
   * again (their facility, cycle and counter items are, as for every facility).
   */
  tenantsLoaded?: number;
  /**
   * Facilities (ids) whose tenants the earlier load wrote but that no longer hold them (the tenant bench
   * archives one at each step): their tenants are written again, as their facility and cycle items are.
   */
  rewriteTenantsOf?: readonly string[];
  today?: string;
  log?: (line: string) => void;
}

export interface ScaleResult {
  facilities: number;
  cycles: number;
  items: number;
  buildSeconds: number;
  writeSeconds: number;
  catalogSeconds: number;
  /** Tenants the program holds after this load. */
  tenants: number;
  /** Tenant items this load wrote (fewer than `tenants` when an earlier load wrote the first facilities'). */
  tenantsWritten: number;
  tenantSeconds: number;
}

/**
 * The tenants of one facility's cycles, with fixed ids (loading again overwrites them), each with its
 * access code (drawn for every tenant held, written or not, so the codes stay the same from load to load).
 */
function tenantRecordsOf(facility: FacilityRecord, cycles: readonly CycleRecord[], tenants: readonly NewTenant[][], now: string, codes: SeedAccessCodes): TenantRecord[] {
  return cycles.flatMap((cycle, index) => tenants[index]!.map((t, i): TenantRecord => {
    const id = `${cycle.id}-t${i + 1}`;
    return {
      ...TENANT_DEFAULTS, ...t, id, cycle_id: cycle.id, facility_id: facility.id, facility_number: facility.facility_number,
      access_code: codes.codeFor(id), created_at: now, updated_at: now,
    };
  }));
}

/** A tenant's item and the claim of its access code, as the tenant store writes them. */
const tenantItemsOf = (records: readonly TenantRecord[]): Item[] =>
  records.flatMap((t) => [tenantItem(t), SeedAccessCodes.claimItem(t.access_code, t.id)]);

/** Builds and bulk-loads the facilities and cycles into the table of the current environment. */
export async function loadScaleData(options: ScaleOptions): Promise<ScaleResult> {
  const log = options.log ?? (() => undefined);
  const today = options.today ?? utcToday();
  const now = new Date().toISOString();
  const started = performance.now();
  const passwordHash = await hashPassword('demo1234');
  const items: Item[] = [];
  const facilityEntries: FacilityEntry[] = [];
  const cycleEntries: CycleEntry[] = [];
  const tenantCap = options.tenants ?? Number.POSITIVE_INFINITY;
  const loadedCap = options.tenantsLoaded ?? 0;
  if (loadedCap > tenantCap) throw new Error(`tenantsLoaded (${loadedCap}) is above the tenants cap (${tenantCap}): the program cannot shrink.`);
  let tenantsHeld = 0;
  let tenantsLoaded = 0;
  let tenantsWritten = 0;
  let tenantMs = 0;
  let reportedTenants = 0;
  // Tenant items are written as each facility is built, so 1.5 million never sit in memory at once.
  // DynamoDB Local applies writes on one SQLite thread: a few calls in flight keep it busy, more only queue.
  const tenantWriter = new BatchWriter(TENANT_WRITES_IN_FLIGHT);
  const codes = new SeedAccessCodes();
  for (let n = 0; n < options.facilities; n += 1) {
    // Cycles spread evenly: the first (cycles mod facilities) facilities get one more.
    const count = Math.floor(options.cycles / options.facilities) + (n < options.cycles % options.facilities ? 1 : 0);
    const plan = scalePlan(n, count);
    const manager: UserRecord = {
      id: `scale-user-${plan.number}`, username: `manager${plan.number}`, email: `manager${plan.number}@storage.example`, real_name: plan.contact_name,
      password_hash: passwordHash, is_admin: false, is_monitor: false, facility_id: scaleFacilityId(n), has_changed_password: true,
      original_password_sealed: null, last_active_at: null, sessions_valid_after: 0, created_at: now, updated_at: now,
    };
    // A cycle's planned tenants number plan.tenants: facilities past the cap are never generated.
    const size = plan.cycles.reduce((sum, c) => sum + c.tenants, 0);
    const held = tenantsHeld + size <= tenantCap;
    const loadedBefore = tenantsLoaded + size <= loadedCap;
    if (loadedBefore && !held) throw new Error(`facility ${plan.number} held tenants after the earlier load but not under this cap`);
    if (held) tenantsHeld += size;
    if (loadedBefore) tenantsLoaded += size;
    const tenants = plan.cycles.map((_, index) => (held ? plannedTenants(plan, index, today, 'named') : []));
    const facility: FacilityRecord = { ...facilityFields(plan, scaleFacilityId(n), manager.id, today, (index) => tenants[index]!), created_at: now, updated_at: now };
    const cycles = plan.cycles.map((c, index) => {
      const createdAt = `${dayAfter(today, c.initialLetterIn - 30)}T${String(8 + (n % 10)).padStart(2, '0')}:00:00.000Z`;
      const cycle = cycleRecordOf(plan, facility.id, index, { id: scaleCycleId(n, index), created_at: createdAt }, tenants[index]!, today);
      return { cycle, counters: countersOfTenants(tenants[index]!) };
    });
    const counters = { ...zeroCounters(), ...sumCounters(cycles.map((c) => c.counters)) };
    items.push(...facilityItems(facility, counters, cycles, manager));
    const emptied = loadedBefore && (options.rewriteTenantsOf?.includes(scaleFacilityId(n)) ?? false);
    const records = held ? tenantRecordsOf(facility, cycles.map((c) => c.cycle), tenants, now, codes) : [];
    if (held && (!loadedBefore || emptied) && size > 0) {
      const t0 = performance.now();
      await tenantWriter.write(tenantItemsOf(records));
      tenantMs += performance.now() - t0;
      tenantsWritten += size;
      if (tenantsWritten - reportedTenants >= 50_000) {
        reportedTenants = tenantsWritten;
        log(`  ${tenantsWritten} tenants (${Math.round(tenantsWritten / (tenantMs / 1000))}/s)`);
      }
    }
    facilityEntries.push(facilityEntryOf(facility, counters));
    for (const { cycle, counters: c } of cycles) cycleEntries.push(cycleEntryOf(cycle, facility, c));
  }
  const t1 = performance.now();
  await tenantWriter.drain();
  tenantMs += performance.now() - t1;
  const built = performance.now();
  log(`wrote ${tenantsWritten} tenants in ${(tenantMs / 1000).toFixed(1)} s; built ${facilityEntries.length} facilities, ${cycleEntries.length} cycles, ${items.length} items in ${((built - started) / 1000).toFixed(1)} s; writing...`);
  let reported = 0;
  await batchWrite(items, 4, (written) => {
    if (written - reported >= 5000 || written === items.length) {
      reported = written;
      log(`  ${written} / ${items.length} items`);
    }
  });
  const writtenAt = performance.now();
  await bulkLoadCatalog('facilities', facilityEntries);
  await bulkLoadCatalog('cycles', cycleEntries);
  const done = performance.now();
  return {
    facilities: facilityEntries.length, cycles: cycleEntries.length, items: items.length,
    buildSeconds: (built - started - tenantMs) / 1000, writeSeconds: (writtenAt - built) / 1000, catalogSeconds: (done - writtenAt) / 1000,
    tenants: tenantsHeld, tenantsWritten, tenantSeconds: tenantMs / 1000,
  };
}

/**
 * Reads `sample` facilities and their cycles back through the stores and checks that the catalog holds
 * exactly the entries a refresh would compute, that numbers, links and manager logins resolve, and that
 * each cycle's first tenant (when loaded) has its access code claimed.
 * Throws on the first difference.
 */
export async function verifyScaleData(facilities: number, sample = 12): Promise<void> {
  const catalogFacilities = new Map((await readCatalog<FacilityEntry>('facilities')).map((e) => [e.id, JSON.stringify(e)]));
  const catalogCycles = new Map((await readCatalog<CycleEntry>('cycles')).map((e) => [e.id, JSON.stringify(e)]));
  for (let k = 0; k < sample; k += 1) {
    const n = Math.floor((k * facilities) / sample);
    const facility = await getFacility(scaleFacilityId(n));
    if (!facility) throw new Error(`scale facility ${scaleFacilityId(n)} is missing`);
    if ((await getFacilityByNumber(facility.facility_number))?.id !== facility.id) throw new Error(`facility number ${facility.facility_number} does not resolve`);
    if ((await getUserByUsername(`manager${facility.facility_number}`))?.facility_id !== facility.id) throw new Error(`manager${facility.facility_number} does not own its facility`);
    const entry = JSON.stringify(facilityEntryOf(facility, await getFacilityCounters(facility.id)));
    if (catalogFacilities.get(facility.id) !== entry) throw new Error(`catalog entry of ${facility.id} differs from its refresh:\n${catalogFacilities.get(facility.id)}\n${entry}`);
    for (const id of await facilityCycleIds(facility.id)) {
      const cycle = (await getCycle(id))!;
      const cycleEntry = JSON.stringify(cycleEntryOf(cycle, facility, await getCycleCounters(id)));
      if (catalogCycles.get(id) !== cycleEntry) throw new Error(`catalog entry of ${id} differs from its refresh:\n${catalogCycles.get(id)}\n${cycleEntry}`);
      const first = await getTenant(`${id}-t1`);
      if (first && (await findAccessCode(first.access_code))?.tenant_id !== first.id) throw new Error(`the access code of tenant ${first.id} is not claimed for it`);
    }
  }
}
