/**
 * `npm run bench`: bundle sizes, cold module init, local-runtime latency, the lists at scale and the
 * tenants at program scale, written to docs/benchmarks.md. Bounded in count and time; stops the emulators
 * and leaves nothing running.
 *
 * `npm run bench -- --only tenants [--tenants 150000[,all]]` runs the tenant phase alone (steps: tenant
 * caps, `all` for the whole seed; default 150000,all) and replaces only its section and its target rows in
 * docs/benchmarks.md; `--only imports` does the same for the rent-roll import phase, `--only bundles` for the
 * bundle sizes and cold init, `--only letters` for the letter phase, `--only policy` for policy setup and Check Charges,
 * `--only archives` for the archive phase (a facility archive, the worker's memory, the Archives tab's list),
 * `--only proofs` for the declarations reader (issue 27: accuracy over its test set, a text PDF's and a phone photo's read, the photo's memory).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, bundleAll, zodWhatIf } from './bundles';
import type { BundleResult } from './bundles';
import type { ColdStart } from './cold-start';
import type { Contention } from './contention';
import { measureColdStarts } from './cold-start';
import { waitForQuiet, watchCpu } from './contention';
import { measureLatency } from './latency';
import type { LatencyOptions } from './latency';
import type { ScaleBenchOptions, ScaleBenchResult } from './scale';
import { describeMachine } from './machine';
import { benchChildPids, startWatchdog } from './processes';
import { DEFAULT_TENANT_STEPS } from './tenants';
import type { TenantBenchOptions, TenantBenchResult } from './tenants';
import { IMPORT_RUN } from './imports';
import type { ImportBenchResult } from './imports';
import { measureInChild } from './in-child';
import {
  BUNDLE_SECTION_HEADING, BUNDLE_TARGET_PREFIX, COLD_SECTION_HEADING, COLD_TARGET_PREFIX, TENANT_SECTION_HEADING, TENANT_TARGET_PREFIX,
  bundleSection, bundleTargetLines, coldSection, renderReport, targetLines, tenantSection, tenantTargetLines,
} from './report';
import type { BenchData } from './report';
import { IMPORT_SECTION_HEADING, IMPORT_TARGET_PREFIX, importSection, importTargetLines } from './import-report';
import { LETTER_RUN } from './letters';
import type { LetterBenchResult } from './letters';
import { LETTER_SECTION_HEADING, LETTER_TARGET_PREFIX, letterSection, letterTargetLines } from './letter-report';
import { POLICY_RUN } from './policy';
import type { PolicyBenchResult } from './policy';
import { POLICY_SECTION_HEADING, POLICY_TARGET_PREFIX, policySection, policyTargetLines } from './policy-report';
import { ARCHIVE_RUN } from './archives';
import type { ArchiveBenchResult } from './archives';
import { ARCHIVE_SECTION_HEADING, ARCHIVE_TARGET_PREFIX, archiveSection, archiveTargetLines } from './archive-report';
import { archiveSummary } from './archive-timing';
import { PROOF_RUN } from './proofs';
import type { ProofBenchResult } from './proofs';
import { PROOF_SECTION_HEADING, PROOF_TARGET_PREFIX, proofSection, proofTargetLines } from './proof-report';
import { EMPTY_REPORT, patchSection } from './report-parts';
import type { TargetLine } from './report-parts';
import { verdict } from './targets';

const COLD_REPEATS = 5;
const LATENCY: LatencyOptions = { warmupRounds: 30, rounds: 200, budgetMs: 60_000 };
/** The facility and cycle lists need some tenants for their flags; the tenant phase grows the program to all of them. */
const SCALE_RUN: ScaleBenchOptions = { warmup: 5, requests: 60, tenants: 15_000 };
const TENANT_RUN: Omit<TenantBenchOptions, 'steps'> = { warmup: 5, requests: 60, updates: 40, bulkRounds: 5, exportRounds: 3 };
/** The phases before the tenant phase take about ten minutes (DynamoDB Local on disk loads the scale seed in minutes); past this something hangs. */
const WATCHDOG_MS = 25 * 60_000;
/** The tenant phase: measuring and writing take minutes; loading runs at several hundred tenants a second at worst. */
const tenantWatchdogMs = (steps: readonly (number | null)[]) => (15 * 60 + Math.max(...steps.map((s) => s ?? 1_600_000)) / 300) * 1000;
/** How long a timing phase may wait for other work on the machine to calm down before it runs anyway. */
const QUIET_WAIT_MS = 60_000;

/** The import phase: reader rounds, three imports and the 50,000-row worker take a few minutes. */
const IMPORT_WATCHDOG_MS = 20 * 60_000;
/** The letter phase: render rounds and three 300-letter jobs take a minute or two. */
const LETTER_WATCHDOG_MS = 10 * 60_000;
/** The policy phase: three 300-tenant setup jobs and four 2,000-tenant charge checks take a few minutes. */
const POLICY_WATCHDOG_MS = 10 * 60_000;
/** The archive phase: a 150,000-tenant scale load, three facility archives, a 50,000-tenant seed and its archive, the list: about twenty minutes. */
const ARCHIVE_WATCHDOG_MS = 45 * 60_000;
/** The proofs phase: ten documents read a few times each, OCR seconds a page: a few minutes. */
const PROOF_WATCHDOG_MS = 10 * 60_000;

type OnlyPhase = 'bundles' | 'tenants' | 'imports' | 'letters' | 'policy' | 'archives' | 'proofs';
const ONLY_PHASES: readonly OnlyPhase[] = ['bundles', 'tenants', 'imports', 'letters', 'policy', 'archives', 'proofs'];
interface Args { only: OnlyPhase | null; steps: (number | null)[] }

function parseArgs(argv: readonly string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = value('only');
  if (only !== undefined && !ONLY_PHASES.includes(only as OnlyPhase)) throw new Error(`--only takes ${ONLY_PHASES.join(', ')} (got '${only}')`);
  const caps = value('tenants');
  const steps = caps === undefined ? [...DEFAULT_TENANT_STEPS] : caps.split(',').map((c) => (c.trim() === 'all' ? null : Number(c.trim())));
  if (steps.length === 0 || steps.some((c) => c !== null && !(Number.isInteger(c) && c > 0))) throw new Error(`--tenants takes caps like 150000 or 150000,all (got '${caps}')`);
  const numeric = steps.map((c) => c ?? Infinity);
  if (numeric.some((c, i) => i > 0 && c <= numeric[i - 1]!)) throw new Error('--tenants steps must grow (150000,all)');
  return { only: (only as OnlyPhase | undefined) ?? null, steps };
}

/** The command as typed, for the report. */
function commandOf(args: Args): string {
  const steps = args.steps.map((s) => s ?? 'all').join(',');
  const defaults = steps === DEFAULT_TENANT_STEPS.map((s) => s ?? 'all').join(',');
  const flags = [...(args.only ? ['--only', args.only] : []), ...(defaults || (args.only && args.only !== 'tenants') ? [] : ['--tenants', steps])];
  return flags.length ? `npm run bench -- ${flags.join(' ')}` : 'npm run bench';
}

function printTargets(lines: TargetLine[]): void {
  for (const t of lines) console.log(`${verdict(t.pass).padEnd(4)}  ${t.target}: ${t.measured}${t.machine ? ` [machine: ${t.machine}]` : ''}`);
}

function printProofs(p: ProofBenchResult): void {
  for (const f of p.fixtures) console.log(`  ${f.name}: ${f.right}/${f.total} fields, first read ${f.firstMs.toFixed(0)} ms, then p50 ${f.ms.p50.toFixed(0)} ms`);
  const photo = p.photo;
  console.log(`  ${photo.megapixels.toFixed(1)} MP photo in a fresh process: ${photo.error ? `FAIL ${photo.error}` : `${photo.seconds!.toFixed(1)} s, peak RSS ${(photo.peakRssBytes! / 1e6).toFixed(0)} MB`}`);
}

function printTenants(t: TenantBenchResult): void {
  for (const step of t.steps) {
    console.log(`  load to ${step.load.tenants} tenants: ${step.load.written} written in ${step.load.seconds.toFixed(0)} s (${(step.load.written / step.load.seconds).toFixed(0)}/s)`);
    for (const s of step.scenarios) {
      console.log(`  [${step.load.tenants}] ${s.name}: ${s.error ? `FAIL ${s.error}` : `p50 ${s.ms!.p50.toFixed(1)} ms, p95 ${s.ms!.p95.toFixed(1)} ms; read ${s.usage!.items.max} items, ${s.usage!.units.max} RCU; ${s.operations}`}`);
    }
  }
  for (const w of t.writes) console.log(`  ${w.name}: ${w.error ? `FAIL ${w.error}` : `p50 ${w.ms!.p50.toFixed(0)} ms, p95 ${w.ms!.p95.toFixed(0)} ms, max ${w.ms!.max.toFixed(0)} ms`}`);
  for (const step of t.steps) console.log(`  [${step.load.tenants}] archive of ${archiveSummary(step.archive)}`);
}

function printArchives(a: ArchiveBenchResult): void {
  for (const t of a.archives) console.log(`  archive of ${archiveSummary(t)}`);
  const m = a.memory;
  console.log(`  worker on a ${m.tenants}-tenant archive: ${m.error ? `FAIL ${m.error}` : `peak RSS ${(m.peakRssBytes! / 1e6).toFixed(0)} MB, ${m.seconds!.toFixed(0)} s`}`);
  for (const s of a.list.scenarios) console.log(`  archives list, ${s.name}: ${s.error ? `FAIL ${s.error}` : `p50 ${s.ms!.p50.toFixed(1)} ms, p95 ${s.ms!.p95.toFixed(1)} ms; ${s.rows} rows`}`);
}

async function runTenants(args: Args): Promise<TenantBenchResult> {
  return measureInChild<TenantBenchResult>('tenants', { ...TENANT_RUN, steps: args.steps } satisfies TenantBenchOptions, console.log);
}

function printPolicy(p: PolicyBenchResult): void {
  for (const t of [p.setup, ...p.charges]) {
    console.log(`  ${t.name}: ${t.error ? `FAIL ${t.error}` : `p50 ${(t.ms!.p50 / 1000).toFixed(1)} s, max ${(t.ms!.max / 1000).toFixed(1)} s`}`);
  }
}

function printLetters(l: LetterBenchResult): void {
  console.log(`  letters: renderer ${l.render.ratio.toFixed(2)}x pdf-lib alone (${l.render.renderer_letters_per_s.toFixed(0)} vs ${l.render.baseline_letters_per_s.toFixed(0)} letters/s), ${(l.render.bytes_per_letter / 1000).toFixed(1)} kB a letter`);
  const j = l.job;
  console.log(`  ${j.letters}-letter job: ${j.error ? `FAIL ${j.error}` : `p50 ${(j.ms!.p50 / 1000).toFixed(1)} s, max ${(j.ms!.max / 1000).toFixed(1)} s, ${(j.pdfBytes / j.letters / 1000).toFixed(1)} kB a letter`}`);
}

function printImports(i: ImportBenchResult): void {
  for (const r of i.reader.results) console.log(`  reader ${r.software}: ${r.ratio.toFixed(2)}x exceljs (${r.reader.rowsPerSecond} vs ${r.exceljs.rowsPerSecond} rows/s)`);
  const t = i.import;
  console.log(`  import of ${t.rows} rows: ${t.error ? `FAIL ${t.error}` : `p50 ${(t.ms!.p50 / 1000).toFixed(1)} s, max ${(t.ms!.max / 1000).toFixed(1)} s`}`);
  const m = i.memory;
  console.log(`  worker on ${m.rows} rows: ${m.error ? `FAIL ${m.error}` : `peak RSS ${(m.peakRssBytes! / 1e6).toFixed(0)} MB`}`);
}

/** Bundle sizes and cold init, as the full run measures them. */
async function measureBundles(): Promise<{ bundles: BundleResult[]; coldStarts: ColdStart[]; coldCpu: Contention | null; coldWait: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  // What a function installs beside its bundle (infra/bundling.ts nodeModulesFor) is found as in Lambda,
  // in a node_modules beside it: the packages of the lock file, as CDK installs them.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  try {
    console.log('bench: bundling every Lambda with the CDK options...');
    const bundles = await bundleAll(dir);
    const coldWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
    console.log(`bench: cold module init, ${COLD_REPEATS} fresh node processes per bundle...`);
    const watch = watchCpu();
    const coldStarts = await measureColdStarts(bundles, COLD_REPEATS);
    return { bundles, coldStarts, coldCpu: watch(), coldWait };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Phase = { heading: string; targetPrefix: string; section: string[]; lines: TargetLine[] };

/** `--only bundles|tenants|imports`: that phase alone, patched into the existing docs/benchmarks.md. */
async function onlyPhase(args: Args): Promise<number> {
  const stopWatchdog = startWatchdog(args.only === 'tenants' ? tenantWatchdogMs(args.steps) : args.only === 'letters' ? LETTER_WATCHDOG_MS
    : args.only === 'policy' ? POLICY_WATCHDOG_MS : args.only === 'archives' ? ARCHIVE_WATCHDOG_MS : args.only === 'proofs' ? PROOF_WATCHDOG_MS : IMPORT_WATCHDOG_MS);
  const started = performance.now();
  const machine = describeMachine();
  const waited = await waitForQuiet(QUIET_WAIT_MS, console.log);
  const meta = { command: commandOf(args), date: new Date().toISOString(), commit: machine.commit, partial: true };
  const note = `Command: \`${meta.command}\`, ${meta.date}, commit ${meta.commit}. Only this section and its rows of the targets table come from that run; the rest of the file is from the last full run.`;
  let phases: Phase[];
  let failed = false;
  if (args.only === 'bundles') {
    const { bundles, coldStarts, coldCpu } = await measureBundles();
    const [bundleLine, coldLine] = bundleTargetLines({ bundles, coldStarts, coldRepeats: COLD_REPEATS }, coldCpu);
    const [bundleHeading, ...bundleRest] = bundleSection({ bundles });
    const [coldHeading, ...coldRest] = coldSection({ coldStarts, coldRepeats: COLD_REPEATS });
    phases = [
      { heading: BUNDLE_SECTION_HEADING, targetPrefix: BUNDLE_TARGET_PREFIX, lines: [bundleLine!], section: [bundleHeading!, '', note, ...bundleRest] },
      { heading: COLD_SECTION_HEADING, targetPrefix: COLD_TARGET_PREFIX, lines: [coldLine!], section: [coldHeading!, '', note, ...coldRest] },
    ];
    console.log('');
    for (const b of bundles) console.log(`  ${b.kind.padEnd(6)} ${b.name.padEnd(20)} ${(b.bytes / 1000).toFixed(1).padStart(8)} kB`);
  } else if (args.only === 'tenants') {
    console.log(`bench: tenants at program scale, steps ${args.steps.map((s) => s ?? 'all').join(', ')} (starting a private emulator)...`);
    const tenants = await runTenants(args);
    phases = [{ heading: TENANT_SECTION_HEADING, targetPrefix: TENANT_TARGET_PREFIX, lines: tenantTargetLines(tenants), section: tenantSection(tenants, meta) }];
    console.log('');
    printTenants(tenants);
    failed = tenants.scans > 0;
  } else if (args.only === 'letters') {
    console.log('bench: letters (starting a private emulator)...');
    const watch = watchCpu();
    const letters = await measureInChild<LetterBenchResult>('letters', LETTER_RUN, console.log);
    phases = [{ heading: LETTER_SECTION_HEADING, targetPrefix: LETTER_TARGET_PREFIX, lines: letterTargetLines(letters, watch()), section: letterSection(letters, meta) }];
    console.log('');
    printLetters(letters);
  } else if (args.only === 'policy') {
    console.log('bench: policy setup and Check Charges (starting a private emulator)...');
    const watch = watchCpu();
    const policy = await measureInChild<PolicyBenchResult>('policy', POLICY_RUN, console.log);
    phases = [{ heading: POLICY_SECTION_HEADING, targetPrefix: POLICY_TARGET_PREFIX, lines: policyTargetLines(policy, watch()), section: policySection(policy, meta) }];
    console.log('');
    printPolicy(policy);
  } else if (args.only === 'archives') {
    console.log('bench: archives (starting a private emulator, DynamoDB Local on disk)...');
    const watch = watchCpu();
    const archives = await measureInChild<ArchiveBenchResult>('archives', ARCHIVE_RUN, console.log);
    phases = [{ heading: ARCHIVE_SECTION_HEADING, targetPrefix: ARCHIVE_TARGET_PREFIX, lines: archiveTargetLines(archives, watch()), section: archiveSection(archives, meta) }];
    console.log('');
    printArchives(archives);
  } else if (args.only === 'proofs') {
    console.log('bench: proofs: the declarations reader (no emulator)...');
    const watch = watchCpu();
    const proofs = await measureInChild<ProofBenchResult>('proofs', PROOF_RUN, console.log);
    phases = [{ heading: PROOF_SECTION_HEADING, targetPrefix: PROOF_TARGET_PREFIX, lines: proofTargetLines(proofs, watch()), section: proofSection(proofs, meta) }];
    console.log('');
    printProofs(proofs);
  } else {
    console.log('bench: rent-roll imports (starting a private emulator)...');
    const watch = watchCpu();
    const imports = await measureInChild<ImportBenchResult>('imports', IMPORT_RUN, console.log);
    phases = [{ heading: IMPORT_SECTION_HEADING, targetPrefix: IMPORT_TARGET_PREFIX, lines: importTargetLines(imports, watch()), section: importSection(imports, meta) }];
    console.log('');
    printImports(imports);
  }
  const file = join(REPO_ROOT, 'docs', 'benchmarks.md');
  writeFileSync(file, phases.reduce((text, phase) => patchSection(text, phase), existsSync(file) ? readFileSync(file, 'utf8') : EMPTY_REPORT));
  stopWatchdog();
  console.log('');
  printTargets(phases.flatMap((p) => p.lines));
  console.log(`\nbench: waited ${waited.toFixed(0)} s for a quiet moment; updated the ${args.only} section of ${file} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const left = benchChildPids();
  if (left.length) console.error(`bench: child processes still running: ${left.join(', ')}`);
  return failed ? 1 : 0;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.only) return onlyPhase(args);
  const stopWatchdog = startWatchdog(WATCHDOG_MS + IMPORT_WATCHDOG_MS + LETTER_WATCHDOG_MS + POLICY_WATCHDOG_MS + ARCHIVE_WATCHDOG_MS + PROOF_WATCHDOG_MS + tenantWatchdogMs(args.steps));
  const started = performance.now();
  const machine = describeMachine();
  const date = new Date().toISOString();
  const loadBefore = loadavg()[0]!;

  const { bundles, coldStarts, coldCpu, coldWait } = await measureBundles();
  const whatIf = await zodWhatIf(bundles);

  const latencyWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: latency through the local runtime (starting private emulators)...');
  const watch = watchCpu();
  const latency = await measureLatency(LATENCY);
  const latencyCpu = watch();

  const scaleWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: lists and dashboard at scale (starting other private emulators, DynamoDB Local on disk)...');
  const watchScale = watchCpu();
  const scale = await measureInChild<ScaleBenchResult>('scale', SCALE_RUN, console.log);
  const scaleCpu = watchScale();

  const importWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: rent-roll imports (starting another private emulator)...');
  const watchImports = watchCpu();
  // As the tenant phase: a failed import phase is reported, the others' results still written.
  const imports = await measureInChild<ImportBenchResult>('imports', IMPORT_RUN, console.log)
    .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  const importCpu = watchImports();

  const letterWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: letters (starting another private emulator)...');
  const watchLetters = watchCpu();
  const letters = await measureInChild<LetterBenchResult>('letters', LETTER_RUN, console.log)
    .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  const letterCpu = watchLetters();

  const policyWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: policy setup and Check Charges (starting another private emulator)...');
  const watchPolicy = watchCpu();
  const policy = await measureInChild<PolicyBenchResult>('policy', POLICY_RUN, console.log)
    .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  const policyCpu = watchPolicy();

  const archiveWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: archives (starting another private emulator, DynamoDB Local on disk)...');
  const watchArchives = watchCpu();
  const archives = await measureInChild<ArchiveBenchResult>('archives', ARCHIVE_RUN, console.log)
    .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  const archiveCpu = watchArchives();

  const proofWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: proofs: the declarations reader (no emulator)...');
  const watchProofs = watchCpu();
  const proofs = await measureInChild<ProofBenchResult>('proofs', PROOF_RUN, console.log)
    .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  const proofCpu = watchProofs();

  const tenantWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log(`bench: tenants at program scale, steps ${args.steps.map((s) => s ?? 'all').join(', ')} (starting another private emulator)...`);
  const watchTenants = watchCpu();
  // A failed tenant phase (its load, its program) is reported; the other phases' results are still written.
  const tenants = await runTenants(args).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  const tenantCpu = watchTenants();

  const data: BenchData = {
    date, machine, seconds: (performance.now() - started) / 1000, bundles, whatIf, coldStarts, coldRepeats: COLD_REPEATS,
    latency, latencyOptions: LATENCY, scale, scaleOptions: SCALE_RUN, tenants, tenantCommand: commandOf(args), imports, letters, policy, archives, proofs,
    quietWaitLimitSeconds: QUIET_WAIT_MS / 1000,
    machineUse: {
      cold: { waitedSeconds: coldWait, cpu: coldCpu }, latency: { waitedSeconds: latencyWait, cpu: latencyCpu },
      scale: { waitedSeconds: scaleWait, cpu: scaleCpu }, imports: { waitedSeconds: importWait, cpu: importCpu },
      letters: { waitedSeconds: letterWait, cpu: letterCpu },
      policy: { waitedSeconds: policyWait, cpu: policyCpu },
      archives: { waitedSeconds: archiveWait, cpu: archiveCpu },
      proofs: { waitedSeconds: proofWait, cpu: proofCpu },
      tenants: { waitedSeconds: tenantWait, cpu: tenantCpu },
    },
    load: { before: loadBefore, after: loadavg()[0]! }, leftRunning: benchChildPids(),
  };
  const file = join(REPO_ROOT, 'docs', 'benchmarks.md');
  writeFileSync(file, renderReport(data));
  stopWatchdog();

  console.log('');
  for (const b of bundles) console.log(`  ${b.kind.padEnd(6)} ${b.name.padEnd(20)} ${(b.bytes / 1000).toFixed(1).padStart(8)} kB`);
  for (const c of coldStarts) console.log(`  init ${c.bundle.kind.padEnd(6)} ${c.bundle.name.padEnd(20)} median ${c.importMs.p50.toFixed(1)} ms, max ${c.importMs.max.toFixed(1)} ms`);
  for (const s of latency.scenarios) {
    console.log(`  ${s.name}: HTTP p50 ${s.http.p50.toFixed(2)} ms, handler p50 ${s.inProcess.p50.toFixed(2)} ms, DynamoDB p50 ${s.dynamo.p50.toFixed(2)} ms`
      + `${s.cpu ? `, scrypt p50 ${s.cpu.p50.toFixed(2)} ms` : ''}; overhead median ${s.adapter.p50.toFixed(2)} ms, above DynamoDB median ${s.aboveDynamo.p50.toFixed(2)} ms`);
  }
  for (const s of [...scale.scenarios, scale.afterWrite]) {
    console.log(`  ${s.name}: ${s.error ? `FAIL ${s.error}` : `p50 ${s.ms!.p50.toFixed(1)} ms, p95 ${s.ms!.p95.toFixed(1)} ms, max ${s.ms!.max.toFixed(1)} ms; ${s.operations}`}`);
  }
  if (imports instanceof Error) console.log(`  import phase FAILED: ${imports.message}`);
  else printImports(imports);
  if (letters instanceof Error) console.log(`  letter phase FAILED: ${letters.message}`);
  else printLetters(letters);
  if (policy instanceof Error) console.log(`  policy phase FAILED: ${policy.message}`);
  else printPolicy(policy);
  if (archives instanceof Error) console.log(`  archive phase FAILED: ${archives.message}`);
  else printArchives(archives);
  if (proofs instanceof Error) console.log(`  proofs phase FAILED: ${proofs.message}`);
  else printProofs(proofs);
  if (tenants instanceof Error) console.log(`  tenant phase FAILED: ${tenants.message}`);
  else printTenants(tenants);
  console.log('');
  printTargets(targetLines(data));
  console.log(`\nbench: wrote ${file} (${data.seconds.toFixed(0)} s)`);
  if (data.leftRunning.length) console.error(`bench: child processes still running: ${data.leftRunning.join(', ')}`);
  // Missed targets are findings, reported in the file, not a crash of the bench; a Scan on a tenant path fails the run.
  if (tenants instanceof Error || imports instanceof Error || letters instanceof Error || policy instanceof Error || archives instanceof Error || proofs instanceof Error) return 1;
  if (tenants.scans > 0) console.error(`bench: the tenant phase sent ${tenants.scans} Scan commands`);
  return tenants.scans > 0 ? 1 : 0;
}

main().then((code) => process.exit(code), (err) => {
  console.error('bench failed:', err);
  process.exit(1);
});
