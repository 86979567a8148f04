/** docs/benchmarks.md: the rent-roll import phase (tests/bench/imports.ts), its target rows and its section. */
import type { Contention } from './contention';
import type { ImportBenchResult } from './imports';
import { ms } from './stats';
import { IMPORT_LIMIT_MS, IMPORT_READER_MIN_RATIO, IMPORT_WORKER_MEMORY_LIMIT_BYTES, verdict } from './targets';
import { machineNote, row } from './report-parts';
import type { TargetLine } from './report-parts';

/** Every target row of the import phase starts with this, so an import-only run can replace just those rows. */
export const IMPORT_TARGET_PREFIX = 'Imports: ';
export const IMPORT_SECTION_HEADING = '## 6. Rent-roll imports';

const count = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

export const importReaderPasses = (i: ImportBenchResult): boolean => i.reader.results.every((r) => r.ratio >= IMPORT_READER_MIN_RATIO);
export const importTimingPasses = (i: ImportBenchResult): boolean => i.import.error === null && i.import.ms !== null && i.import.ms.max < IMPORT_LIMIT_MS;
export const importMemoryPasses = (i: ImportBenchResult): boolean =>
  i.memory.error === null && i.memory.peakRssBytes !== null && i.memory.peakRssBytes < IMPORT_WORKER_MEMORY_LIMIT_BYTES;

export function importTargetLines(i: ImportBenchResult | Error, cpu: Contention | null): TargetLine[] {
  if (i instanceof Error) return [{ target: `${IMPORT_TARGET_PREFIX}the import phase ran`, measured: `failed: ${i.message}`, pass: false, machine: null }];
  const slowest = [...i.reader.results].sort((a, b) => a.ratio - b.ratio)[0]!;
  const t = i.import;
  const m = i.memory;
  return [
    {
      target: `${IMPORT_TARGET_PREFIX}reading and mapping a ${count(i.reader.rows)}-row rent roll at no less than ${IMPORT_READER_MIN_RATIO}× exceljs's streaming reader's rate (median of ${i.reader.rounds} paired rounds, each software)`,
      measured: `lowest ${slowest.software} ${slowest.ratio.toFixed(2)}× (${count(slowest.reader.rowsPerSecond)} vs ${count(slowest.exceljs.rowsPerSecond)} rows/s); `
        + i.reader.results.map((r) => `${r.software} ${r.ratio.toFixed(2)}×`).join(', '),
      pass: importReaderPasses(i),
      machine: machineNote(cpu),
    },
    {
      target: `${IMPORT_TARGET_PREFIX}a ${count(t.rows)}-row import from upload to done under ${IMPORT_LIMIT_MS / 1000} s (every run)`,
      measured: t.error ?? `slowest ${seconds(t.ms!.max)} of ${t.ms!.n} (p50 ${seconds(t.ms!.p50)}); ${count(t.tenants)} tenants each`,
      pass: importTimingPasses(i),
      machine: machineNote(cpu),
    },
    {
      target: `${IMPORT_TARGET_PREFIX}the worker's peak memory on a ${count(m.rows)}-row file under ${mb(IMPORT_WORKER_MEMORY_LIMIT_BYTES)}`,
      measured: m.error ?? `peak RSS ${mb(m.peakRssBytes!)} (V8 heap at most ${mb(m.peakHeapBytes!)}; ${mb(m.loadedRssBytes!)} once loaded); ${count(m.tenants)} tenants in ${m.seconds!.toFixed(0)} s`,
      pass: importMemoryPasses(i),
      machine: null,
    },
  ];
}

export function importSection(i: ImportBenchResult | Error, meta: { command: string; date: string; commit: string; partial: boolean }): string[] {
  const head = [
    IMPORT_SECTION_HEADING,
    '',
    `Command: \`${meta.command}\`, ${meta.date}, commit ${meta.commit}.${meta.partial ? ' Only this section and the "Imports:" rows of the targets table come from that run; the rest of the file is from the last full run.' : ''}`,
    '',
  ];
  if (i instanceof Error) return [...head, `The import phase failed: ${i.message}`, ''];
  const r = i.reader;
  const t = i.import;
  const m = i.memory;
  return [
    ...head,
    '### Reading: the reader against exceljs',
    '',
    `Samples of ${count(r.rows)} tenant rows per software (\`localstack/samples/rent-rolls.ts\`: sorted by unit, so a tenant's rows are apart; title rows,`,
    'merged cells, blank rows, dates as serials or text, money as text). In this one process, in alternating order round by round: exceljs\'s `WorkbookReader` over every',
    'file of the import counting rows and nothing else, and `readRentRoll` (headers found, columns mapped, every row validated, EasyStorage\'s',
    `three files joined). ${r.rounds} rounds after a warm-up; the ratio is exceljs's time / the reader's, per round, and its median is judged.`,
    '',
    row(['Software', 'Sheet rows', 'File(s)', 'exceljs p50 (ms)', 'Reader p50 (ms)', 'exceljs rows/s', 'Reader rows/s', 'Tenants, refused', 'Ratio (wall)', 'Ratio (CPU)', 'Target']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    ...r.results.map((s) => row([
      s.software, count(s.rows), `${(s.bytes / 1e6).toFixed(2)} MB`, ms(s.exceljs.wallMs.p50, 0), ms(s.reader.wallMs.p50, 0), count(s.exceljs.rowsPerSecond),
      count(s.reader.rowsPerSecond), `${count(s.reader.tenants)}, ${s.reader.refused}`, `${s.ratio.toFixed(2)}×`, `${s.cpuRatio.toFixed(2)}×`,
      `${verdict(s.ratio >= IMPORT_READER_MIN_RATIO)} (≥ ${IMPORT_READER_MIN_RATIO}×)`,
    ])),
    '',
    '### Importing: upload to done',
    '',
    `A private program (startup ${i.startupSeconds.toFixed(1)} s; DynamoDB Local in memory) with the demo seed. ${t.samples.length || i.options.importRounds} imports of a`,
    `${count(t.rows)}-row ${t.software} rent roll (${t.bytes ? `${(t.bytes / 1e6).toFixed(2)} MB, ` : ''}${count(t.tenants)} tenants), each into a new facility's cycle so every tenant is written,`,
    'as the browser makes them: `POST /api/tenants/import-uploads`, the presigned POST of the file to the uploads bucket,',
    '`POST /api/cycles/import-tenants` with the upload id, then `GET /api/jobs/{id}` every 100 ms until `done`; the runtime\'s queue poller',
    'hands the message to the worker, which runs in the program\'s process. Each run is checked: every tenant imported and counted.',
    '',
    ...(t.error
      ? [`FAIL: ${t.error}`, '']
      : [
        row(['Runs', 'p50', 'max', 'Last run: ask, upload, start, job', 'Target']),
        row(['---:', '---:', '---:', '---', '---']),
        row([t.ms!.n, seconds(t.ms!.p50), seconds(t.ms!.max),
          t.parts ? `${ms(t.parts.askMs, 0)} ms, ${ms(t.parts.uploadMs, 0)} ms, ${ms(t.parts.startMs, 0)} ms, ${seconds(t.parts.jobMs)}` : '—',
          `${verdict(importTimingPasses(i))} (every run < ${IMPORT_LIMIT_MS / 1000} s)`]),
        '',
      ]),
    '### The worker\'s memory',
    '',
    `A ${count(m.rows)}-row ${m.software} rent roll sorted by unit${m.bytes ? ` (${(m.bytes / 1e6).toFixed(1)} MB, ${count(m.tenants)} tenants)` : ''} put in the uploads bucket and a job record made`,
    'for it without a queue message; the rent-roll-imports worker bundled as CDK bundles it (`infra/bundling.ts`), loaded by a fresh `node`',
    `(node flags: ${m.nodeFlags}) and handed the SQS event of that job, as a Lambda execution environment runs it. Peak memory is the process's`,
    'peak resident set size (`process.resourceUsage().maxRSS`, what Lambda reports as Max Memory Used); the V8 heap was sampled every 25 ms.',
    'The job is checked: done, every tenant imported.',
    '',
    ...(m.error
      ? [`FAIL: ${m.error}`, '']
      : [
        row(['Tenants', 'Time', 'RSS once loaded', 'Peak V8 heap', 'Peak RSS', 'Target']),
        row(['---:', '---:', '---:', '---:', '---:', '---']),
        row([count(m.tenants), `${m.seconds!.toFixed(0)} s`, mb(m.loadedRssBytes!), mb(m.peakHeapBytes!), mb(m.peakRssBytes!),
          `${verdict(importMemoryPasses(i))} (< ${mb(IMPORT_WORKER_MEMORY_LIMIT_BYTES)})`]),
        '',
      ]),
  ];
}
