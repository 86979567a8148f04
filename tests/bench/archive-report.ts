/** docs/benchmarks.md: the archive phase (tests/bench/archives.ts), its target rows and its section. */
import type { Contention } from './contention';
import type { ArchiveBenchResult } from './archives';
import type { FacilityArchiveTiming } from './archive-timing';
import { phasesText } from './archive-timing';
import { machineNote, row } from './report-parts';
import type { TargetLine } from './report-parts';
import { ms } from './stats';
import {
  ARCHIVE_LIMIT_MS, ARCHIVE_LIST_P95_LIMIT_MS, ARCHIVE_WORKER_MEMORY_LIMIT_BYTES, archiveListPasses, archiveMemoryPasses, archivePasses, verdict,
} from './targets';

/** Every target row of the archive phase starts with this, so an archive-only run replaces just those rows. */
export const ARCHIVE_TARGET_PREFIX = 'Archives: ';
export const ARCHIVE_SECTION_HEADING = '## 9. Archives';

const count = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

const slowest = (list: FacilityArchiveTiming[]) => [...list].sort((a, b) => (b.error ? Infinity : b.ms!) - (a.error ? Infinity : a.ms!))[0];

export function archiveTargetLines(r: ArchiveBenchResult | Error, cpu: Contention | null): TargetLine[] {
  if (r instanceof Error) return [{ target: `${ARCHIVE_TARGET_PREFIX}the archive phase ran`, measured: `failed: ${r.message}`, pass: false, machine: null }];
  const worst = slowest(r.archives);
  const m = r.memory;
  return [
    {
      target: `${ARCHIVE_TARGET_PREFIX}archiving the ${r.options.archiveRounds} largest facilities of a ${count(r.scaleLoad.tenants)}-tenant program, the call to a download link, under ${ARCHIVE_LIMIT_MS / 1000} s (every run)`,
      measured: !worst ? 'no facility to archive'
        : worst.error ? `facility ${worst.facilityNumber}: ${worst.error}`
          : `slowest ${seconds(worst.ms!)} (facility ${worst.facilityNumber}, ${count(worst.tenants)} tenants); ${r.archives.map((a) => (a.error ? 'FAIL' : seconds(a.ms!))).join(', ')}`,
      pass: r.archives.length > 0 && r.archives.every(archivePasses),
      machine: machineNote(cpu),
    },
    {
      target: `${ARCHIVE_TARGET_PREFIX}the archive-exports worker's peak memory on a ${count(m.tenants)}-tenant archive under ${mb(ARCHIVE_WORKER_MEMORY_LIMIT_BYTES)}`,
      measured: m.error ?? `peak RSS ${mb(m.peakRssBytes!)} (V8 heap at most ${mb(m.peakHeapBytes!)}; ${mb(m.loadedRssBytes!)} once loaded); ${m.seconds!.toFixed(0)} s in ${m.invocations} invocation(s)`,
      pass: archiveMemoryPasses(m),
      machine: null,
    },
    ...(r.list.error ? [{
      target: `${ARCHIVE_TARGET_PREFIX}GET /api/facility-archives at ${count(r.options.archives)} archives: p95 under ${ARCHIVE_LIST_P95_LIMIT_MS} ms`,
      measured: `not measured: ${r.list.error}`, pass: false, machine: null,
    }] : []),
    ...r.list.scenarios.map((s) => ({
      target: `${ARCHIVE_TARGET_PREFIX}GET /api/facility-archives at ${count(r.list.onRecord)} archives, ${s.name}: p95 under ${ARCHIVE_LIST_P95_LIMIT_MS} ms`,
      measured: s.error ?? `p95 ${ms(s.ms!.p95, 1)} ms (p50 ${ms(s.ms!.p50, 1)}, max ${ms(s.ms!.max, 1)}); ${s.rows} rows`,
      pass: archiveListPasses(s),
      machine: machineNote(cpu),
    })),
  ];
}

function archiveRow(a: FacilityArchiveTiming): string {
  if (a.error || a.ms === null || !a.parts) return row([a.facilityNumber, a.cycles, count(a.tenants), '—', '—', '—', '—', '—', `FAIL: ${a.error}`]);
  return row([
    a.facilityNumber, a.cycles, count(a.tenants), seconds(a.ms), `${ms(a.parts.executeMs, 0)} ms`, `${seconds(a.parts.jobMs)}${phasesText(a.parts.phases)}`, `${ms(a.parts.linkMs, 0)} ms`,
    `${(a.exportBytes! / 1e6).toFixed(2)} MB`, `${verdict(archivePasses(a))} (< ${ARCHIVE_LIMIT_MS / 1000} s)`,
  ]);
}

export function archiveSection(r: ArchiveBenchResult | Error, meta: { command: string; date: string; commit: string; partial: boolean }): string[] {
  const head = [
    ARCHIVE_SECTION_HEADING,
    '',
    `Command: \`${meta.command}\`, ${meta.date}, commit ${meta.commit}.${meta.partial ? ' Only this section and the "Archives:" rows of the targets table come from that run; the rest of the file is from the last full run.' : ''}`,
    '',
  ];
  if (r instanceof Error) return [...head, `The archive phase failed: ${r.message}`, ''];
  const m = r.memory;
  const l = r.list;
  return [
    ...head,
    `A private program (startup ${r.startupSeconds.toFixed(1)} s; DynamoDB Local ${r.storage}) with the demo seed and the scale seed's`,
    `facilities and cycles holding **${count(r.scaleLoad.tenants)} tenants** (loaded in ${r.scaleLoad.seconds.toFixed(0)} s): a tenth of the program, so the phase runs alone in minutes.`,
    'The archive at program scale (1.5 million tenants) is measured by the tenant phase, after its reads at every step',
    '("Archiving the largest facility at each step" in section 5).',
    '',
    '### Archiving a facility: the call to a download link',
    '',
    `The ${r.options.archiveRounds} facilities holding the most tenants, one after another, as staff archives them in the wizard (\`tests/bench/archive-timing.ts\`):`,
    'the proposed dates read first (`GET /api/facility-archives/{id}/new-dates`, untimed), then timed from `POST /api/facility-archives/{id}/execute`',
    'with those dates, through `GET /api/jobs/{id}` every 100 ms until `done` (the runtime\'s poller runs the archive-exports worker in the',
    'bench\'s process), to `GET /api/facility-archives/download-export` answering a link. Checked afterwards: the link serves the workbook,',
    'the job archived every tenant, the facility counts none.',
    '',
    row(['Facility', 'Cycles', 'Tenants', 'Call to link', 'execute', 'job (its phases)', 'download-export', 'Export', 'Target']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
    ...r.archives.map(archiveRow),
    '',
    '### The worker\'s memory on a 50,000-tenant archive',
    '',
    `Facility 39001 seeded with ${count(m.tenants)} tenants over ${m.cycles} cycles${m.seedSeconds !== null ? ` (in ${m.seedSeconds.toFixed(0)} s)` : ''} (\`tests/bench/archive-seed.ts\`: the facility and cycles`,
    'through their stores, the demo seed\'s generated tenants bulk-loaded in the tenant store\'s item shape as the scale seed loads them, the',
    `counters added to exactly what they count) with ${count(m.historyEntries)} history entries in the tenant store's shape (created by the import, the audit`,
    'letter marked sent, the manager\'s change of status for those who answered). The archive queued as the execute route queues it (lock,',
    'export name, job input) but with the job record only, no queue message; the archive-exports worker bundled as CDK bundles it, loaded by',
    `a fresh \`node\` (node flags: ${m.nodeFlags}) and handed the job's SQS event with a Lambda context (900 s), as a Lambda execution environment`,
    'runs it (`tests/bench/worker-in-child.ts`). A job that runs short of time sends itself on (JobContinues): its message goes to a queue',
    'of the bench\'s own and the next invocation is another fresh process handed it. Peak memory is the highest peak resident set size of',
    'those processes (`process.resourceUsage().maxRSS`, what Lambda reports as Max Memory Used); the V8 heap was sampled every 25 ms; the',
    'time is the invocations\' added up. Checked: the job done with every tenant archived, the facility counting none, the archive on record.',
    '',
    ...(m.error
      ? [`FAIL: ${m.error}`, '']
      : [
        row(['Tenants', 'History entries', 'Invocations', 'Time', 'RSS once loaded', 'Peak V8 heap', 'Peak RSS', 'Target']),
        row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
        row([count(m.tenants), count(m.historyEntries), m.invocations, `${m.seconds!.toFixed(0)} s`, mb(m.loadedRssBytes!), mb(m.peakHeapBytes!), mb(m.peakRssBytes!),
          `${verdict(archiveMemoryPasses(m))} (< ${mb(ARCHIVE_WORKER_MEMORY_LIMIT_BYTES)})`]),
        '',
      ]),
    `### The Archives tab at ${count(l.onRecord || r.options.archives)} archives`,
    '',
    ...(l.error ? [`FAIL: ${l.error}`, ''] : []),
    `${count(l.written)} archive records written (in ${l.writeSeconds.toFixed(1)} s) beside those the archives above recorded, in the archive store's own item shape`,
    '(`archiveItem`: the record and its three list keys) and counted in its count item as `recordArchive` counts them: archives of',
    `${count(l.facilities)} scale facilities over three years, ${count(l.letterEffectiveDates)} letter effective dates (the 1st or 15th of a month), one in five a cycle archive. Each call`,
    `as \`monitor\`, ${r.options.warmup} times to warm up, then ${r.options.requests} measured requests over HTTP (one keep-alive connection, one at a time); every answer`,
    'checked: 200, a full page of rows where that many archives match.',
    '',
    row(['Call', 'Path', 'Rows', 'Total', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'Target (p95)']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---']),
    ...l.scenarios.map((s) => (s.error || !s.ms
      ? row([s.name, `\`${s.path.slice(0, 90)}\``, '—', '—', '—', '—', '—', `FAIL: ${s.error}`])
      : row([s.name, `\`${s.path.length > 90 ? `${s.path.slice(0, 87)}…` : s.path}\``, s.rows!, `${count(s.total!)}${s.exact ? '' : '+'}`,
        ms(s.ms.p50, 1), ms(s.ms.p95, 1), ms(s.ms.max, 1), `${verdict(archiveListPasses(s))} (< ${ARCHIVE_LIST_P95_LIMIT_MS} ms)`]))),
    '',
  ];
}
