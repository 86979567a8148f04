/**
 * A 50,000-row rent roll sorted by unit is streamed: the heap that stays alive while it is read
 * (measured after a full garbage collection) holds the workbook's shared strings and the tenants being
 * merged (a tenant is complete only once the sheet is read), not the rows; nothing is kept once the
 * tenants are handed over. The whole file's rows would be several hundred MB as exceljs rows; the
 * bounds here are far below that and above what the reader keeps, so the test fails if rows pile up or
 * a tenant grows heavy. Speed is measured by the bench (tests/bench/import-reader.ts), not here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRentRoll } from '../../../functions/imports/rent-roll-reader';
import type { ReadProgress } from '../../../functions/imports/rent-roll-reader';
import { writeSampleRentRoll } from '../../../localstack/samples/rent-rolls';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rent-roll-50k-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

/** The sample's file, and what the test needs of its model (the model itself is let go before measuring). */
async function writeSample() {
  const sample = await writeSampleRentRoll({ software: 'sitelink_alp', primeSiteId: '40104', rows: 50_000, seed: 50, dir });
  return {
    path: sample.files.rent_roll,
    tenantsWritten: sample.tenants.length,
    apart: sample.tenants.filter((t) => t.rows.length > 1).length,
    lastRow: Math.max(...sample.tenants.map((t) => t.rows.at(-1)!)),
  };
}

it('reads 50,000 rows sorted by unit, holding the tenants and not the rows, and keeps nothing after', async () => {
  const { path, tenantsWritten, apart, lastRow } = await writeSample();
  expect(apart).toBeGreaterThan(2000);

  // The sample's writer lets go of its buffers a moment after the file is written.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = liveHeapMb();
  const progress: ReadProgress = { rowsRead: 0 };
  // Sampled while the sheet is read (a timer's turn comes between exceljs's batches of rows); each
  // sample is a full collection, so not too often.
  const live: number[] = [];
  const sampler = setInterval(() => live.push(liveHeapMb() - before), 500);
  let tenants = 0;
  let merged = 0;
  let refused = 0;
  let held = 0;
  try {
    for await (const item of readRentRoll('sitelink_alp', { rent_roll: path }, progress)) {
      if ('tenant' in item) {
        // The first tenant comes once the sheet is read: every tenant is held then.
        if (tenants === 0) held = liveHeapMb() - before;
        tenants += 1;
        if (item.tenant.units.length > 1) merged += 1;
      } else refused += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const after = liveHeapMb() - before;

  expect([tenants, refused, merged]).toEqual([tenantsWritten, 0, apart]);
  expect(progress.rowsRead).toBeGreaterThanOrEqual(50_000);
  expect(progress.rowsRead).toBeLessThanOrEqual(lastRow + 2);
  // A few samples at least (how many depends on how fast the machine reads: 5 in 2.5 s failed once).
  expect(live.length).toBeGreaterThanOrEqual(2);
  // Measured ≈ 17 MB at the start (the shared strings), rising as tenants are read to ≈ 33 MB with all
  // 45,337 held (≈ 0.35 KB a tenant beyond the strings); rows piling up would be hundreds of MB.
  expect(Math.max(...live, held)).toBeLessThan(80);
  expect((held * 1e6) / tenantsWritten).toBeLessThan(1200);
  // Nothing of the file is kept once it is read.
  expect(after).toBeLessThan(5);
}, 120_000);
