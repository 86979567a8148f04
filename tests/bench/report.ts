/** docs/benchmarks.md: the latest run of `npm run bench`, with method and a verdict per target. */
import { ZOD_LOCALES, carriesAllZodLocales } from './bundles';
import type { BundleResult, Contributor, WhatIf } from './bundles';
import type { ColdStart } from './cold-start';
import type { Contention } from './contention';
import type { LatencyOptions, LatencyResult, ScenarioResult } from './latency';
import type { Machine } from './machine';
import type { ScaleBenchOptions, ScaleBenchResult, ScaleScenarioResult } from './scale';
import { SCALE } from './scale';
import { ms } from './stats';
import type { Summary } from './stats';
import { BUSY_OTHER_CORES } from './contention';
import {
  API_BUNDLE_LIMIT_BYTES, DASHBOARD_P95_LIMIT_MS, INIT_LIMIT_MS, LIST_P95_LIMIT_MS, OVERHEAD_LIMIT_MS, SCALE_LOAD_LIMIT_SECONDS,
  aboveDynamoPasses, adapterPasses, bundlePasses, initPasses, scaleLimitMs, scalePasses, verdict,
} from './targets';

export interface BenchData {
  date: string;
  machine: Machine;
  seconds: number;
  bundles: BundleResult[];
  whatIf: WhatIf[];
  coldStarts: ColdStart[];
  coldRepeats: number;
  latency: LatencyResult;
  latencyOptions: LatencyOptions;
  scale: ScaleBenchResult;
  scaleOptions: ScaleBenchOptions;
  /** Other processes' CPU use while each timing phase ran, and how long the phase waited for a quiet moment. */
  machineUse: Record<'cold' | 'latency' | 'scale', { waitedSeconds: number; cpu: Contention | null }>;
  quietWaitLimitSeconds: number;
  /** One-minute load average when the run started and ended: other work on the machine skews timings. */
  load: { before: number; after: number };
  leftRunning: number[];
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
const contributors = (list: Contributor[], n: number) => list.slice(0, n).map((c) => `${c.name} ${kb(c.bytes)}`).join(', ');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const stat = (s: Summary) => [ms(s.p50), ms(s.p95), ms(s.max)];

/** Long lists of misses stay readable in the summary table; the sections below list every bundle. */
function firstFew(items: string[], n = 4): string {
  return items.length <= n ? items.join(', ') : `${items.slice(0, n).join(', ')} and ${items.length - n} more`;
}

export interface TargetLine {
  target: string;
  measured: string;
  pass: boolean;
  /** For timing targets: whether other work on the machine left the timings conclusive. */
  machine: string | null;
}

export function machineNote(c: Contention | null): string {
  if (!c) return 'unknown (no /proc)';
  const others = `other processes ${c.otherCores.toFixed(2)} cores, bench ${c.ownCores.toFixed(2)}`;
  return c.busy ? `BUSY (${others}): not conclusive, rerun on a quiet machine` : `quiet (${others})`;
}

export function targetLines(d: BenchData): TargetLine[] {
  const api = d.bundles.filter((b) => b.kind === 'api');
  const overBudget = api.filter((b) => !bundlePasses(b));
  const largest = [...api].sort((a, b) => b.bytes - a.bytes)[0]!;
  const slowInit = d.coldStarts.filter((c) => !initPasses(c));
  const slowest = [...d.coldStarts].sort((a, b) => b.importMs.p50 - a.importMs.p50)[0]!;
  const lines: TargetLine[] = [
    {
      target: `Each API bundle under 1 MB minified (< ${API_BUNDLE_LIMIT_BYTES.toLocaleString('en-US')} bytes)`,
      measured: overBudget.length
        ? `${overBudget.length} of ${api.length} over: ${firstFew(overBudget.map((b) => `${b.name} ${kb(b.bytes)}`))}`
        : `all ${api.length} under; largest ${largest.name} ${kb(largest.bytes)}`,
      pass: overBudget.length === 0,
      machine: null,
    },
    {
      target: `Cold module init under ${INIT_LIMIT_MS} ms (median of ${d.coldRepeats}, every bundle)`,
      measured: slowInit.length
        ? `${slowInit.length} of ${d.coldStarts.length} over: ${firstFew(slowInit.map((c) => `${c.bundle.kind} ${c.bundle.name} ${ms(c.importMs.p50, 1)} ms`))}`
        : `all ${d.coldStarts.length} under; slowest ${slowest.bundle.kind} ${slowest.bundle.name} ${ms(slowest.importMs.p50, 1)} ms (max ${ms(slowest.importMs.max, 1)} ms)`,
      pass: slowInit.length === 0,
      machine: machineNote(d.machineUse.cold.cpu),
    },
  ];
  for (const s of d.latency.scenarios) {
    lines.push({
      target: `${s.name}: local-runtime overhead (HTTP − in-process handler) under ${OVERHEAD_LIMIT_MS} ms`,
      measured: `median ${ms(s.adapter.p50)} ms (p95 ${ms(s.adapter.p95)} ms)`,
      pass: adapterPasses(s),
      machine: machineNote(d.machineUse.latency.cpu),
    });
    lines.push({
      target: `${s.name}: everything above its DynamoDB calls${s.cpu ? ' and scrypt' : ''} (HTTP − bare DynamoDB${s.cpu ? ' − scrypt' : ''}) under ${OVERHEAD_LIMIT_MS} ms`,
      measured: `median ${ms(s.aboveDynamo.p50)} ms (p95 ${ms(s.aboveDynamo.p95)} ms)`,
      pass: aboveDynamoPasses(s),
      machine: machineNote(d.machineUse.latency.cpu),
    });
  }
  lines.push(...scaleTargetLines(d));
  return lines;
}

const p95Of = (s: ScaleScenarioResult) => (s.error ? `${s.name}: ${s.error}` : `${s.name} ${ms(s.ms!.p95, 1)} ms`);

function scaleTargetLines(d: BenchData): TargetLine[] {
  const sc = d.scale;
  const machine = machineNote(d.machineUse.scale.cpu);
  const group = (prefix: string) => sc.scenarios.filter((s) => s.name.startsWith(prefix));
  const worst = (list: ScaleScenarioResult[]) => [...list].sort((a, b) => (b.error ? Infinity : b.ms!.p95) - (a.error ? Infinity : a.ms!.p95))[0]!;
  const lines: TargetLine[] = [];
  for (const [prefix, label] of [['GET /api/facilities', 'GET /api/facilities'], ['GET /api/cycles', 'GET /api/cycles']] as const) {
    const list = group(prefix);
    const failed = list.filter((s) => !scalePasses(s));
    lines.push({
      target: `${label} at ${SCALE.facilities.toLocaleString('en-US')} facilities / ${SCALE.cycles.toLocaleString('en-US')} cycles, without and with filters: p95 under ${LIST_P95_LIMIT_MS} ms (${list.length} calls)`,
      measured: failed.length ? `${failed.length} of ${list.length} miss: ${firstFew(failed.map(p95Of), 3)}` : `all under; slowest p95 ${p95Of(worst(list))}`,
      pass: failed.length === 0,
      machine,
    });
  }
  for (const s of sc.scenarios.filter((x) => x.kind === 'dashboard')) {
    lines.push({ target: `${s.name} at that scale: p95 under ${DASHBOARD_P95_LIMIT_MS} ms`, measured: s.error ?? `p95 ${ms(s.ms!.p95, 1)} ms (p50 ${ms(s.ms!.p50, 1)})`, pass: scalePasses(s), machine });
  }
  const all = [...sc.scenarios, sc.afterWrite];
  const scans = all.reduce((n, s) => n + s.scans, 0);
  const ran = all.filter((s) => !s.error).length;
  lines.push({
    target: 'No Scan on any request path (every DynamoDB command of the measured requests recorded)',
    measured: ran === 0 ? 'no request could run' : `${scans} Scan in ${ran} of ${all.length} calls measured; commands the phase sent: ${Object.entries(sc.commandsSeen).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    pass: scans === 0 && ran === all.length,
    machine: null,
  });
  lines.push({
    target: `npm run seed:scale's loader: ${SCALE.facilities.toLocaleString('en-US')} facilities and ${SCALE.cycles.toLocaleString('en-US')} cycles in under ${SCALE_LOAD_LIMIT_SECONDS} s`,
    measured: `${sc.loadSeconds.toFixed(1)} s (${sc.load.items.toLocaleString('en-US')} items; build ${sc.load.buildSeconds.toFixed(1)} s, BatchWrite ${sc.load.writeSeconds.toFixed(1)} s, catalogs ${sc.load.catalogSeconds.toFixed(1)} s)`,
    pass: sc.loadSeconds < SCALE_LOAD_LIMIT_SECONDS,
    machine,
  });
  return lines;
}

function scaleRow(s: ScaleScenarioResult): string {
  if (s.error || !s.ms) return row([s.name, `\`${s.path}\``, '—', '—', '—', '—', '—', '—', `FAIL: ${s.error}`]);
  return row([
    s.name, `\`${s.path}\``, s.rows === null ? '—' : `${s.rows} of ${s.total}`, `${((s.bytes ?? 0) / 1000).toFixed(1)} kB`,
    ...stat(s.ms), `${s.operations}; ${ms(s.dynamoMs!.p50, 1)} ms`, `${verdict(scalePasses(s))} (< ${scaleLimitMs(s)} ms)`,
  ]);
}

function scaleSection(d: BenchData): string[] {
  const sc = d.scale;
  const o = d.scaleOptions;
  const slowest = [...sc.scenarios].filter((s) => s.ms).sort((a, b) => b.ms!.p50 - a.ms!.p50)[0];
  const out = [
    `## 4. Lists and dashboard at ${SCALE.facilities.toLocaleString('en-US')} facilities and ${SCALE.cycles.toLocaleString('en-US')} cycles`,
    '',
    `Private emulators, DynamoDB Local on disk as \`npm start\` runs it, with the demo seed (program startup ${sc.startupSeconds.toFixed(1)} s), then the scale seed's loader`,
    `(\`loadScaleData\`, what \`npm run seed:scale\` runs): ${sc.load.facilities.toLocaleString('en-US')} facilities with their manager accounts and`,
    `${sc.load.cycles.toLocaleString('en-US')} cycles with counters, ${sc.load.items.toLocaleString('en-US')} items in ${sc.loadSeconds.toFixed(1)} s`,
    `(building ${sc.load.buildSeconds.toFixed(1)} s, BatchWriteItem ${sc.load.writeSeconds.toFixed(1)} s, catalog shards and COUNTS ${sc.load.catalogSeconds.toFixed(1)} s);`,
    `a sample read back through the stores matched its refresh (${sc.verifySeconds.toFixed(1)} s). Signed in as \`monitor\`, each call`,
    `${o.warmup} times to warm up, then ${o.requests} measured requests over HTTP (one keep-alive connection, one at a time).`,
    '',
    row(['Call', 'Path', 'Rows', 'Answer', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'DynamoDB per request; waiting on it (p50)', 'Target (p95)']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---', '---']),
    ...sc.scenarios.map(scaleRow),
    scaleRow(sc.afterWrite),
    '',
    `- "Right after a cycle edit": before each request a staff edit (updateCycle of one cycle's label) moves one shard's version,`,
    `  so the list re-reads that shard (1/24 of the cycles catalog) instead of using the copy the process keeps: the first list of`,
    `  each warm Lambda instance after any write pays this. ${sc.afterWrite.ms ? `p50 ${ms(sc.afterWrite.ms.p50, 1)} ms, p95 ${ms(sc.afterWrite.ms.p95, 1)} ms.` : ''}`,
    `- A new Lambda instance reads every shard once: all 24 cycles shards (GetItem each, in parallel, entries parsed) p50`,
    `  ${ms(sc.coldCycleCatalog.p50, 1)} ms, max ${ms(sc.coldCycleCatalog.max, 1)} ms; the 8 facilities shards p50 ${ms(sc.coldFacilityCatalog.p50, 1)} ms (n=${sc.coldCycleCatalog.n}).`,
    '- "Waiting on it" is the time at least one of the request\'s DynamoDB calls was in flight (parallel calls count once); the rest of',
    '  a request is authentication\'s CPU, filtering and sorting the catalog in memory, building the page and its JSON, and HTTP.',
    ...(slowest ? [
      `- Where the time goes in the slowest call (${slowest.name}, p50 ${ms(slowest.ms!.p50, 1)} ms): waiting on DynamoDB ${ms(slowest.dynamoMs!.p50, 1)} ms`,
      `  (${slowest.operations}): with the catalog shards kept in memory, that is the BatchGetItem of the page's records, counters and`,
      '  facilities, answered by DynamoDB Local from its SQLite files; the rest is the handler and the runtime.',
    ] : []),
    `- Commands the process sent during the phase (warm-ups, the bench's logins and edits included): ${Object.entries(sc.commandsSeen).map(([k, v]) => `${k} ${v}`).join(', ')}.`,
    '',
  ];
  return out;
}

function bundleSection(d: BenchData): string[] {
  const out = [
    '## 1. Lambda bundle sizes (minified)',
    '',
    row(['Lambda', 'Entry', 'Bytes', 'Size', 'Largest contributors', 'Target']),
    row(['---', '---', '---:', '---:', '---', '---']),
  ];
  for (const b of d.bundles) {
    out.push(row([`${b.kind} ${b.name}`, `\`${b.entry}\``, b.bytes.toLocaleString('en-US'), `${kb(b.bytes)} (${mib(b.bytes)})`, contributors(b.packages, 3), verdict(bundlePasses(b))]));
  }
  out.push('', 'Workers have no size target; they are listed because they are bundled the same way.', '');
  const heavy = d.bundles.filter((b) => b.bytes >= API_BUNDLE_LIMIT_BYTES);
  const sample = heavy[0] ?? [...d.bundles].sort((a, b) => b.bytes - a.bytes)[0]!;
  out.push(
    `### What fills the bundles (esbuild metafile of ${sample.kind} ${sample.name})`,
    '',
    row(['Package', 'Bytes in output', 'Share']),
    row(['---', '---:', '---:']),
    ...sample.packages.slice(0, 10).map((c) => row([c.name, c.bytes.toLocaleString('en-US'), `${((100 * c.bytes) / sample.bytes).toFixed(1)} %`])),
    '',
    `Inside the largest package: ${contributors(sample.largestPackageAreas, 5)}.`,
    '',
  );
  return out;
}

function coldSection(d: BenchData): string[] {
  const out = [
    '## 2. Cold module init',
    '',
    `Each bundle imported by a fresh \`node\` process, ${d.coldRepeats} times. "Import" is the module's own init (import start to`,
    'import done); "process" adds Node\'s bootstrap (from the process\'s time origin), which Lambda also pays but which no code change here affects.',
    '',
    'CPU time (user + system of all threads, so it can exceed wall time) barely moves when other work competes for the cores; when the',
    'import time is far above it, the machine was busy rather than the module slow.',
    '',
    row(['Lambda', 'Import median (ms)', 'Import max (ms)', 'Import CPU median (ms)', 'Process median (ms)', `Target (median < ${INIT_LIMIT_MS} ms)`]),
    row(['---', '---:', '---:', '---:', '---:', '---']),
  ];
  for (const c of d.coldStarts) {
    out.push(row([`${c.bundle.kind} ${c.bundle.name}`, ms(c.importMs.p50, 1), ms(c.importMs.max, 1), ms(c.cpuMs.p50, 1), ms(c.totalMs.p50, 1), verdict(initPasses(c))]));
  }
  out.push('');
  return out;
}

function scenarioTable(s: ScenarioResult): string[] {
  const cpuRow = s.cpu ? [row([`CPU: ${s.cpuLabel}`, ...stat(s.cpu)])] : [];
  return [
    `### ${s.name}`,
    '',
    `${s.rounds} measured rounds in ${s.seconds.toFixed(1)} s${s.stoppedByTime ? ' (stopped by the time budget)' : ''}. Bare DynamoDB operations, in the handler's order: ${s.dynamoOps.join(' → ')}.`,
    '',
    row(['Measurement', 'p50 (ms)', 'p95 (ms)', 'max (ms)']),
    row(['---', '---:', '---:', '---:']),
    row(['HTTP through the local runtime', ...stat(s.http)]),
    row(['Handler in-process (API Gateway proxy event)', ...stat(s.inProcess)]),
    row(['Bare DynamoDB operations (SDK, same emulator)', ...stat(s.dynamo)]),
    ...cpuRow,
    row([`**Local-runtime overhead** = HTTP − handler (paired)`, ...stat(s.adapter)]),
    row([`Handler compute = handler − DynamoDB${s.cpu ? ' − scrypt' : ''} (paired)`, ...stat(s.handlerCompute)]),
    row([`**Above DynamoDB** = HTTP − DynamoDB${s.cpu ? ' − scrypt' : ''} (paired)`, ...stat(s.aboveDynamo)]),
    '',
    ...s.notes.map((n) => `- ${n}`),
    ...(s.notes.length ? [''] : []),
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

/** What the numbers point at, derived from this run's data (each finding appears only when it applies). */
function findingsSection(d: BenchData): string[] {
  const out: string[] = [];
  const withLocales = d.bundles.filter(carriesAllZodLocales);
  if (withLocales.length) {
    const locales = withLocales[0]!.areas.find((a) => a.name === ZOD_LOCALES)!;
    const zod = withLocales[0]!.packages.find((p) => p.name === 'zod');
    out.push(
      `- **zod's locales are bundled.** ${withLocales.length} bundle(s) (${withLocales.map((b) => `${b.kind} ${b.name}`).join(', ')}) carry`,
      `  ${kb(zod?.bytes ?? 0)} of zod, ${kb(locales.bytes)} of it \`${ZOD_LOCALES}\` (error messages in every language). \`import { z } from 'zod'\``,
      '  hands esbuild the whole `z` namespace object, which references every locale; `import * as z from \'zod\'` lets it tree-shake them.',
      '  Bundled with that one change (what-if, rewritten at load time, source untouched):',
      '',
      row(['Lambda', 'Now', 'With namespace imports', 'Saved']),
      row(['---', '---:', '---:', '---:']),
      ...d.whatIf.map((w) => row([w.name, kb(w.bytes), kb(w.whatIfBytes), kb(w.bytes - w.whatIfBytes)])),
      '',
    );
  }
  const hasZod = (c: ColdStart) => c.bundle.packages.some((p) => p.name === 'zod');
  const zodInit = d.coldStarts.filter(hasZod).map((c) => c.importMs.p50);
  const otherInit = d.coldStarts.filter((c) => !hasZod(c)).map((c) => c.importMs.p50);
  if (zodInit.length && otherInit.length) {
    out.push(
      `- **Contracts cost init time.** The median of per-bundle import medians is ${ms(median(zodInit), 1)} ms for the ${zodInit.length} bundles`,
      `  that carry zod (API groups whose routes and contracts exist) and ${ms(median(otherInit), 1)} ms for the ${otherInit.length} without it`,
      `  (API groups not implemented yet, and the workers), so those groups can expect roughly the higher figure once their contracts land,`,
      `  against the ${INIT_LIMIT_MS} ms budget.`,
      '',
    );
  }
  const g = d.latency.indexGrowth;
  out.push(
    `- **The index Query and the table's size.** The USERS gsi1 Query alone: p50 ${ms(g.before.p50)} ms with ${g.itemsBefore} items,`,
    `  ${ms(g.after.p50)} ms with ${g.itemsAfter} items after the login rounds. DynamoDB Local answers a GSI Query from the index, so the`,
    '  session items each login leaves (it runs no TTL deletion) should not slow it; a large difference here is a regression. The users',
    '  scenario still runs before the login rounds.',
    '',
  );
  return out.length ? ['## Findings', '', ...out] : [];
}

function methodSection(d: BenchData): string[] {
  const o = d.latencyOptions;
  return [
    '## Method',
    '',
    '- **Bundles**: esbuild\'s JS API with the options CDK\'s NodejsFunction gets from `infra/bundling.ts` (`BUNDLE`: minify, no source map,',
    '  target, ESM format, the `createRequire` banner, no externals) plus `platform: node`, `bundle: true`; entries from `apiEntry(group)` for',
    '  every `API_GROUPS` group and `workerEntry(queue)` for every `JOB_QUEUE_NAMES` queue; written as `.mjs` to a temporary directory that is',
    '  removed afterwards. Sizes are the output file\'s bytes; contributors come from the metafile (`bytesInOutput`).',
    `- **Cold init**: \`node --input-type=module -e <script> <bundle URL>\`; the script takes \`performance.now()\`, \`await import()\`s the bundle and prints`,
    '  the difference. The child gets only a Lambda-like environment with dummy values: `AWS_REGION`, dummy credentials, `AWS_LAMBDA_FUNCTION_NAME`,',
    '  every name in `ENV` (shared/resources.ts) and every `queueEnvName(queue)` (shared/jobs.ts). One child at a time; rounds go over all bundles',
    `  before repeating (${d.coldRepeats} rounds). Note: Node here is ${d.machine.node}; Lambda would run node22.`,
    '- **Latency**: `startProgram({ port: 0, emulatorPorts: \'free\', prefix: \'bench-<random>\', seed: true })` (private moto and DynamoDB Local in',
    '  memory, resources, demo data, HTTP runtime and job pollers, all in the bench process except the emulators). Each round makes the',
    '  call once over HTTP (node:http, one keep-alive connection), once in-process (the event built by the runtime\'s own `toProxyEvent`,',
    '  then only the `handler(event, lambdaContext())` call is timed), once as the bare DynamoDB operations (DynamoDB document client with the handler\'s settings, same emulator, same order) and,',
    `  for login, once as the scrypt verify. The order rotates every round. ${o.warmupRounds} warm-up rounds, then up to ${o.rounds} measured rounds`,
    `  or ${(o.budgetMs / 1000).toFixed(0)} s per call, whichever comes first. Overheads are per-round differences (paired), summarised by percentile;`,
    '  percentiles are nearest-rank. The overhead targets are judged on the median.',
    '- The login scenario logs in as `admin` / `demo1234` (form-encoded); the users scenario lists users as `admin` with a Bearer token from a',
    '  fresh login; every reply is checked (status 200, token present, demo users listed) so errors cannot pass as fast answers.',
    '- **Scale**: a second private program (`startProgram`, DynamoDB Local on disk, demo seed), then `loadScaleData` and `verifyScaleData` from `localstack/scale-data.ts`.',
    '  A middleware on the process\'s DynamoDB document client (`functions/aws/clients.ts`, which every handler uses) records each command\'s',
    '  name and duration; requests run one at a time, so the commands between a request\'s start and end are its own. Every answer is checked:',
    '  200, a list with rows, its pagination and stats (lists), counts over the whole program (dashboard); a 501 or any other answer marks',
    '  the call FAIL with the reason instead of a time. Percentiles are nearest-rank over the measured requests.',
    '',
  ];
}

export function renderReport(d: BenchData): string {
  const m = d.machine;
  return [
    '# Benchmarks',
    '',
    `Latest run of \`npm run bench\` (\`tsx tests/bench/run.ts\`), ${d.date}, ${d.seconds.toFixed(0)} s in all. This file is overwritten by each run.`,
    '',
    '## Machine',
    '',
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGiB} GiB; ${m.os}`,
    `- Node ${m.node}; esbuild ${m.esbuild}; AWS endpoint: ${m.emulator}`,
    `- Code: commit ${m.commit}`,
    `- Load average (1 min) at start ${d.load.before.toFixed(2)}, at end ${d.load.after.toFixed(2)}: other work in the same tree (test suites,`,
    '  builds) runs on these two cores too, and shows up as high maxima.',
    '',
    '## Targets',
    '',
    row(['Target', 'Measured', 'Result', 'Machine while measured']),
    row(['---', '---', '---', '---']),
    ...targetLines(d).map((t) => row([t.target, t.measured, verdict(t.pass), t.machine ?? 'n/a (sizes do not depend on load)'])),
    '',
    `"Machine while measured" is the CPU other processes used during the phase (from /proc/stat, minus the bench and its children). Above`,
    `${BUSY_OTHER_CORES} cores the timings are inflated by contention, and the verdict says only what was measured, not what the code does.`,
    `Before each timing phase the bench waited for a quiet moment: ${d.machineUse.cold.waitedSeconds.toFixed(0)} s before cold init,`,
    `${d.machineUse.latency.waitedSeconds.toFixed(0)} s before latency, ${d.machineUse.scale.waitedSeconds.toFixed(0)} s before the scale phase (at most ${d.quietWaitLimitSeconds} s each).`,
    '',
    ...bundleSection(d),
    ...coldSection(d),
    '## 3. Latency through the local runtime',
    '',
    `Program startup (emulator, resources, seed, handlers): ${d.latency.startupSeconds.toFixed(1)} s.`,
    '',
    ...d.latency.scenarios.flatMap(scenarioTable),
    ...scaleSection(d),
    ...findingsSection(d),
    ...methodSection(d),
    '## Reading the numbers',
    '',
    '- The HTTP client, the runtime and the handlers share one Node process and two cores with the emulators, so a paired difference contains',
    '  scheduling noise from both; single rounds can even be negative. The medians are the stable part, the p95s of differences mostly noise.',
    '- The bare DynamoDB times are DynamoDB Local\'s (a Java server over SQLite), not DynamoDB\'s; they are the floor the handler cannot go',
    '  below locally.',
    `- After the run, processes started by the bench still running: ${d.leftRunning.length === 0 ? 'none' : d.leftRunning.join(', ')}.`,
    '',
  ].join('\n');
}
