/**
 * A 50,000-row rent roll is streamed: the heap that stays alive while it is read (measured after a
 * full garbage collection) holds the workbook's shared strings and a small entry per tenant id, not
 * the rows. The whole file's rows would be several hundred MB as exceljs rows; the bound here is far
 * below that and well above what the reader keeps, so the test fails only if rows pile up. Speed is
 * measured by the bench (tests/bench/import-reader.ts), not here.
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
  const sample = await writeSampleRentRoll({ software: 'syrasoft', primeSiteId: '40104', rows: 50_000, seed: 50, dir });
  return { path: sample.files.rent_roll, tenantsWritten: sample.tenants.length, lastRow: sample.tenants.at(-1)!.rows.at(-1)! };
}

it('reads 50,000 rows with the live heap flat', async () => {
  const { path, tenantsWritten, lastRow } = await writeSample();

  // The sample's writer lets go of its buffers a moment after the file is written.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = liveHeapMb();
  const progress: ReadProgress = { rowsRead: 0 };
  const live: number[] = [];
  let tenants = 0;
  let refused = 0;
  for await (const item of readRentRoll('syrasoft', { rent_roll: path }, progress)) {
    if ('tenant' in item) tenants += 1;
    else refused += 1;
    if ((tenants + refused) % 5000 === 0) live.push(liveHeapMb() - before);
  }
  const after = liveHeapMb() - before;

  expect([tenants, refused]).toEqual([tenantsWritten, 0]);
  expect(progress.rowsRead).toBeGreaterThanOrEqual(50_000);
  expect(progress.rowsRead).toBeLessThanOrEqual(lastRow + 2);
  // Measured ≈ 17 MB at the first measure (the shared strings), ≈ 20 MB at the end: reading on adds only
  // the tenant ids seen. Holding the rows would add tens of MB.
  expect(Math.max(...live) - live[0]!).toBeLessThan(10);
  expect(Math.max(...live)).toBeLessThan(60);
  // Nothing of the file is kept once it is read.
  expect(after).toBeLessThan(5);
}, 60_000);
