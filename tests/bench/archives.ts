/**
 * Archives (issue 17), three measurements in one private program (DynamoDB Local on disk, as the tenant
 * phase runs it), self-contained so the phase can be run alone (`npm run bench -- --only archives`):
 *
 *   archive  the scale seed loaded with `scaleTenants` tenants (150,000: a smaller program than the tenant
 *            phase's 1.5 million, which archives its largest facility at every step too), then its
 *            `archiveRounds` largest facilities archived one after another through the wizard's calls,
 *            each from POST /api/facility-archives/{id}/execute to download-export answering a link
 *            (archive-timing.ts), judged on the slowest;
 *   memory   the archive-exports worker's peak RSS on a 50,000-tenant facility with its history, in a
 *            fresh node process (archive-memory.ts);
 *   list     GET /api/facility-archives with `archives` archives on record (bulk-written as the archive
 *            store shapes them, `archiveItem`, and counted in its count item as `recordArchive` counts):
 *            page 1, the next page by cursor, the facility number filter, the letter effective date
 *            filter and both, `requests` times each after a warm-up, over HTTP one at a time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { startProgram } from '../../localstack/runtime/program';
import { dayAfter } from '../../localstack/demo/cycles';
import { generator, pick } from '../../localstack/demo/tenants';
import { SCALE_FIRST_NUMBER, loadScaleData, scaleFacilityId } from '../../localstack/scale-data';
import { archiveFileKey } from '../../functions/archives/archive-job-input';
import { ARCHIVES_COUNT_KEY, archiveCount, archiveItem } from '../../functions/archives/archive-store';
import type { ArchiveRecord } from '../../functions/archives/archive-store';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { ARCHIVES_PAGE_SIZE } from '../../shared/contracts/archives';
import { archiveSummary, largestFacilities, timeFacilityArchive } from './archive-timing';
import type { FacilityArchiveTiming } from './archive-timing';
import { measureArchiveWorkerMemory } from './archive-memory';
import type { ArchiveWorkerMemory } from './archive-memory';
import { createClient, headersOf, login } from './http-client';
import type { Send } from './http-client';
import { summarize } from './stats';
import type { Summary } from './stats';
import { TENANT_SCALE, storageDir } from './tenants';

export interface ArchiveBenchOptions {
  /** Tenants of the scale seed loaded for the facility archives (whole facilities in number order). */
  scaleTenants: number;
  archiveRounds: number;
  memoryTenants: number;
  memoryCycles: number;
  /** Archives on record while the list is measured. */
  archives: number;
  warmup: number;
  requests: number;
}

export const ARCHIVE_RUN: ArchiveBenchOptions = {
  scaleTenants: 150_000, archiveRounds: 3, memoryTenants: 50_000, memoryCycles: 5, archives: 10_000, warmup: 5, requests: 60,
};

export interface ArchiveListScenario {
  name: string;
  path: string;
  error: string | null;
  ms: Summary | null;
  rows: number | null;
  total: number | null;
  exact: boolean | null;
}

export interface ArchiveListResult {
  /** Archives on record while measured (the count item), those the bench wrote, and how long writing them took. */
  onRecord: number;
  written: number;
  writeSeconds: number;
  facilities: number;
  letterEffectiveDates: number;
  /** Set when the list could not be prepared (the records, page 1's cursor); no call was measured then. */
  error: string | null;
  scenarios: ArchiveListScenario[];
}

export interface ArchiveBenchResult {
  startupSeconds: number;
  storage: string;
  scaleLoad: { tenants: number; seconds: number };
  archives: FacilityArchiveTiming[];
  memory: ArchiveWorkerMemory;
  list: ArchiveListResult;
  options: ArchiveBenchOptions;
}

// ---------------------------------------------------------------------------------------------------
// The list at 10,000 archives

/**
 * Archive records as a program that has archived for years leaves them: spread over the scale seed's
 * facilities (each archived every few months), archived on days over the last three years, their letter
 * effective dates the 1st or 15th of a month (a season's letters share a few dates), one in five a
 * cycle archive. Reproducible: a seeded generator.
 */
function archiveRecords(count: number, facilities: number): ArchiveRecord[] {
  const random = generator(17_000);
  const now = Date.now();
  const span = 3 * 365 * 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    const n = Math.floor(random() * facilities);
    const number = String(SCALE_FIRST_NUMBER + n);
    const prime = String(60000 + n);
    const archivedAt = new Date(now - span + Math.floor((i / count) * span) + Math.floor(random() * 3_600_000)).toISOString();
    const month = archivedAt.slice(0, 8);
    const led = `${month}${pick(random, ['01', '15'])}`;
    const id = randomUUID();
    const cycle = random() < 0.2;
    const filename = `${number}_${prime}_${led}.xlsx`;
    return {
      id, scope: cycle ? 'cycle' : 'facility', facility_id: scaleFacilityId(n), facility_number: number, prime_site_id: prime,
      letter_effective_date: led, percent_complete: 40 + Math.floor(random() * 60), cycle_id: cycle ? `scale-cycle-${number}-1` : null,
      cycle_label: cycle ? `Cycle ${dayAfter(led, -30)}` : null, tenant_count: 60 + Math.floor(random() * 400), export_filename: filename,
      archived_at: archivedAt, archived_by: 'monitor', retired: false, file_key: archiveFileKey(scaleFacilityId(n), id, filename), job_id: randomUUID(),
    } satisfies ArchiveRecord;
  });
}

/** Writes the records 25 a call (4 calls in flight) and adds them to the count item, as recordArchive counts one. */
async function writeArchiveRecords(records: readonly ArchiveRecord[]): Promise<void> {
  const items = records.map(archiveItem);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const start = next;
      next += 25;
      let pending: Record<string, unknown>[] | undefined = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
      while (pending?.length) {
        const out: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = out.UnprocessedItems?.[tableName()];
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: ARCHIVES_COUNT_KEY, UpdateExpression: 'ADD #total :n', ExpressionAttributeNames: { '#total': 'total' },
    ExpressionAttributeValues: { ':n': records.length },
  }));
}

interface ListCall { name: string; path: string; matching: number }
interface ListAnswer { data: unknown[]; pagination: { total: number; exact: boolean; next_cursor: string | null } }

async function listOnce(send: Send, token: string, path: string): Promise<{ ms: number; answer: ListAnswer }> {
  const reply = await send({ method: 'GET', path, headers: headersOf(token) });
  if (reply.status === 501) throw new Error('answers 501 (not built yet)');
  if (reply.status !== 200) throw new Error(`answers ${reply.status}: ${reply.body.slice(0, 200)}`);
  const answer = JSON.parse(reply.body) as ListAnswer;
  if (!Array.isArray(answer.data) || answer.data.length === 0) throw new Error(`no rows: ${reply.body.slice(0, 200)}`);
  return { ms: reply.ms, answer };
}

/** `matching`: how many of the bench's records the call matches; it must answer a full page of them (or all, when fewer). */
async function measureListCall(send: Send, token: string, call: ListCall, options: ArchiveBenchOptions): Promise<ArchiveListScenario> {
  const { name, path } = call;
  const result: ArchiveListScenario = { name, path, error: null, ms: null, rows: null, total: null, exact: null };
  try {
    for (let i = 0; i < options.warmup; i += 1) await listOnce(send, token, path);
    const times: number[] = [];
    for (let i = 0; i < options.requests; i += 1) {
      const { ms, answer } = await listOnce(send, token, path);
      const least = Math.min(ARCHIVES_PAGE_SIZE, call.matching);
      if (answer.data.length < least) throw new Error(`answered ${answer.data.length} rows; ${call.matching} archives match`);
      times.push(ms);
      Object.assign(result, { rows: answer.data.length, total: answer.pagination.total, exact: answer.pagination.exact });
    }
    result.ms = summarize(times);
  } catch (err) {
    result.error = (err as Error).message;
  }
  return result;
}

const mostCommon = (values: readonly string[]): [string, number] =>
  [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>())].sort((a, b) => b[1] - a[1])[0]!;

async function measureArchiveList(send: Send, token: string, options: ArchiveBenchOptions, log: (line: string) => void): Promise<ArchiveListResult> {
  try {
    return await listAtScale(send, token, options, log);
  } catch (err) {
    return { onRecord: 0, written: 0, writeSeconds: 0, facilities: 0, letterEffectiveDates: 0, error: (err as Error).message, scenarios: [] };
  }
}

async function listAtScale(send: Send, token: string, options: ArchiveBenchOptions, log: (line: string) => void): Promise<ArchiveListResult> {
  const held = await archiveCount();
  const records = archiveRecords(Math.max(0, options.archives - held), TENANT_SCALE.facilities);
  log(`bench:   writing ${records.length.toLocaleString('en-US')} archive records (${held} on record from the archives above)...`);
  const started = performance.now();
  await writeArchiveRecords(records);
  const writeSeconds = (performance.now() - started) / 1000;
  const onRecord = await archiveCount();
  const [facility, ofFacility] = mostCommon(records.map((r) => r.facility_number));
  const [date, ofDate] = mostCommon(records.map((r) => r.letter_effective_date!));
  const [both, ofBoth] = mostCommon(records.filter((r) => r.facility_number === facility).map((r) => r.letter_effective_date!));
  const first = await listOnce(send, token, '/api/facility-archives');
  const cursor = first.answer.pagination.next_cursor;
  if (!cursor) throw new Error(`page 1 of ${onRecord} archives answered no next_cursor`);
  const calls: ListCall[] = [
    { name: 'Page 1, unfiltered', path: '/api/facility-archives', matching: onRecord },
    { name: 'Page 2 by cursor (next_cursor of page 1)', path: `/api/facility-archives?page=2&cursor=${encodeURIComponent(cursor)}`, matching: onRecord - ARCHIVES_PAGE_SIZE },
    { name: `Facility number filter (the facility with the most archives, ${ofFacility})`, path: `/api/facility-archives?facility_number=${facility}`, matching: ofFacility },
    { name: `Letter effective date filter (the most common date, ${ofDate} archives)`, path: `/api/facility-archives?letter_effective_date=${date}`, matching: ofDate },
    {
      name: `Both filters (that facility and its most common date, ${ofBoth})`, path: `/api/facility-archives?facility_number=${facility}&letter_effective_date=${both}`,
      matching: ofBoth,
    },
  ];
  const scenarios: ArchiveListScenario[] = [];
  for (const call of calls) {
    log(`bench:   ${call.name}`);
    scenarios.push(await measureListCall(send, token, call, options));
  }
  return {
    onRecord, written: records.length, writeSeconds, facilities: new Set(records.map((r) => r.facility_number)).size,
    letterEffectiveDates: new Set(records.map((r) => r.letter_effective_date)).size, error: null, scenarios,
  };
}

// ---------------------------------------------------------------------------------------------------

export async function measureArchives(options: ArchiveBenchOptions, log: (line: string) => void): Promise<ArchiveBenchResult> {
  const started = performance.now();
  const dataDir = storageDir(options.scaleTenants + options.memoryTenants);
  const program = await startProgram({
    port: 0, emulatorPorts: 'free', dynamodbOnDisk: true, dynamodbDataDir: dataDir,
    prefix: `bench-archives-${randomBytes(4).toString('hex')}`, seed: true, log: () => undefined,
  });
  const startupSeconds = (performance.now() - started) / 1000;
  const client = createClient(program.url);
  const dir = mkdtempSync(join(tmpdir(), 'bench-archives-'));
  try {
    log(`bench: archives: loading the scale seed with ${options.scaleTenants.toLocaleString('en-US')} tenants...`);
    const loadStarted = performance.now();
    const loaded = await loadScaleData({ ...TENANT_SCALE, tenants: options.scaleTenants, log: (line) => log(`bench:   ${line.trim()}`) });
    const scaleLoad = { tenants: loaded.tenants, seconds: (performance.now() - loadStarted) / 1000 };
    const token = await login(client.send, 'monitor');

    log(`bench: archives: the ${options.archiveRounds} largest facilities archived, execute to a download link...`);
    const archives: FacilityArchiveTiming[] = [];
    for (const facility of await largestFacilities(options.archiveRounds)) {
      const timing = await timeFacilityArchive(client.send, token, facility);
      archives.push(timing);
      log(`bench:   ${archiveSummary(timing)}`);
    }

    log(`bench: archives: the worker's memory on ${options.memoryTenants.toLocaleString('en-US')} tenants...`);
    const memory = await measureArchiveWorkerMemory(program, options.memoryTenants, options.memoryCycles, dir, log);

    log(`bench: archives: the Archives tab's list with ${options.archives.toLocaleString('en-US')} archives on record...`);
    const list = await measureArchiveList(client.send, token, options, log);
    return {
      startupSeconds, storage: dataDir ? `on disk, SQLite files on the tmpfs ${dataDir}` : 'on disk, SQLite files under .local/',
      scaleLoad, archives, memory, list, options,
    };
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
    await program.stop();
  }
}
