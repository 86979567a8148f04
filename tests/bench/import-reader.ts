/**
 * The rent-roll reader's speed against exceljs's own streaming reader (issue 8: reading and mapping a
 * 5,000-row rent roll runs at no less than half the rate of exceljs reading the same file and doing
 * nothing else). For each software a sample of `rows` rows is written (localstack/samples/rent-rolls.ts),
 * then both read it in alternating rounds in this one process, so a busy machine slows both alike:
 *   exceljs  the WorkbookReader over each file of the import (each has one sheet), its rows counted, nothing else;
 *   reader   readRentRoll: the same files read, headers found, rows mapped, validated and merged.
 * Wall time and CPU time (all threads, so zlib's work counts) are both kept; CPU time hardly moves when
 * other work competes for the cores. The ratio is taken round by round (exceljs time / reader time) and
 * its median reported: 1 is as fast as exceljs, 0.5 half its rate.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_SOFTWARE_KEYS } from '../../shared/import-software';
import type { ImportSoftware } from '../../shared/import-software';
import { readRentRoll } from '../../functions/imports/rent-roll-reader';
import { writeSampleRentRoll } from '../../localstack/samples/rent-rolls';
import type { SampleFiles } from '../../localstack/samples/rent-rolls';
import { percentile, summarize } from './stats';
import { IMPORT_READER_MIN_RATIO } from './targets';
import type { Summary } from './stats';

interface Pass { wallMs: number; cpuMs: number; rows: number }

export interface ReaderSpeed {
  software: ImportSoftware;
  /** Sheet rows in all the files of the import (title, header and blank rows included), read by both. */
  rows: number;
  bytes: number;
  exceljs: { wallMs: Summary; cpuMs: Summary; rowsPerSecond: number };
  reader: { wallMs: Summary; cpuMs: Summary; rowsPerSecond: number; tenants: number; refused: number };
  /** Median of the rounds' exceljs wall time / reader wall time. */
  ratio: number;
  /** The same with CPU time. */
  cpuRatio: number;
}

export interface ImportReaderMeasurement {
  rows: number;
  rounds: number;
  target: number;
  results: ReaderSpeed[];
  /** Every software's ratio (wall) at or above the target. */
  ok: boolean;
}

async function timed(work: () => Promise<number>): Promise<Pass> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const rows = await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, rows };
}

/** exceljs alone: each file's first sheet, its rows counted and nothing else. */
async function exceljsRows(files: SampleFiles): Promise<number> {
  let rows = 0;
  for (const path of Object.values(files)) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
      worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
    });
    // The samples have one sheet; going on to the end lets exceljs delete its temporary copy of it, as the reader does.
    for await (const sheet of workbook) for await (const _row of sheet) rows += 1;
  }
  return rows;
}

async function readerRows(software: ImportSoftware, files: SampleFiles, counts: { tenants: number; refused: number }): Promise<number> {
  const progress = { rowsRead: 0 };
  counts.tenants = 0;
  counts.refused = 0;
  for await (const item of readRentRoll(software, files, progress)) {
    if ('tenant' in item) counts.tenants += 1;
    else counts.refused += 1;
  }
  return progress.rowsRead;
}

const rate = (rows: number, ms: Summary) => Math.round(rows / (ms.p50 / 1000));

export async function measureImportReader(rows = 5000, rounds = 7, log: (line: string) => void = () => {}): Promise<ImportReaderMeasurement> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-import-reader-'));
  const results: ReaderSpeed[] = [];
  try {
    for (const [i, software] of IMPORT_SOFTWARE_KEYS.entries()) {
      const sample = await writeSampleRentRoll({ software, primeSiteId: '40101', rows, seed: 500 + i, dir });
      const { files } = sample;
      let bytes = 0;
      for (const path of Object.values(files)) bytes += (await stat(path)).size;
      const counts = { tenants: 0, refused: 0 };
      // Warm-up: modules loaded and code compiled before anything is timed.
      await exceljsRows(files);
      await readerRows(software, files, counts);

      const raw: Pass[] = [];
      const ours: Pass[] = [];
      for (let round = 0; round < rounds; round += 1) {
        // Alternating which goes first, so neither always meets a warmer or a busier moment.
        const first = round % 2 === 0;
        if (first) raw.push(await timed(() => exceljsRows(files)));
        ours.push(await timed(() => readerRows(software, files, counts)));
        if (!first) raw.push(await timed(() => exceljsRows(files)));
      }
      if (raw.some((p) => p.rows !== ours[0]!.rows)) throw new Error(`${software}: exceljs read ${raw[0]!.rows} rows, the reader ${ours[0]!.rows}`);
      const sheetRows = ours[0]!.rows;
      const exceljsWall = summarize(raw.map((p) => p.wallMs));
      const readerWall = summarize(ours.map((p) => p.wallMs));
      const result: ReaderSpeed = {
        software,
        rows: sheetRows,
        bytes,
        exceljs: { wallMs: exceljsWall, cpuMs: summarize(raw.map((p) => p.cpuMs)), rowsPerSecond: rate(sheetRows, exceljsWall) },
        reader: { wallMs: readerWall, cpuMs: summarize(ours.map((p) => p.cpuMs)), rowsPerSecond: rate(sheetRows, readerWall), ...counts },
        ratio: percentile(raw.map((p, r) => p.wallMs / ours[r]!.wallMs), 50),
        cpuRatio: percentile(raw.map((p, r) => p.cpuMs / ours[r]!.cpuMs), 50),
      };
      results.push(result);
      log(`bench:   ${software}: ${sheetRows} rows, exceljs ${result.exceljs.rowsPerSecond} rows/s, reader ${result.reader.rowsPerSecond} rows/s,`
        + ` ratio ${result.ratio.toFixed(2)} (CPU ${result.cpuRatio.toFixed(2)})`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { rows, rounds, target: IMPORT_READER_MIN_RATIO, results, ok: results.every((r) => r.ratio >= IMPORT_READER_MIN_RATIO) };
}
