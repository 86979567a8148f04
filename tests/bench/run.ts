/**
 * `npm run bench`: bundle sizes, cold module init, local-runtime latency and the lists at scale, written to
 * docs/benchmarks.md. Bounded in count and time; stops the emulators and leaves nothing running.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, bundleAll, zodWhatIf } from './bundles';
import type { BundleResult, WhatIf } from './bundles';
import type { ColdStart } from './cold-start';
import type { Contention } from './contention';
import { measureColdStarts } from './cold-start';
import { waitForQuiet, watchCpu } from './contention';
import { measureLatency } from './latency';
import type { LatencyOptions } from './latency';
import { measureScaleInChild } from './scale';
import type { ScaleBenchOptions } from './scale';
import { describeMachine } from './machine';
import { benchChildPids, startWatchdog } from './processes';
import { renderReport, targetLines } from './report';
import type { BenchData } from './report';

const COLD_REPEATS = 5;
const LATENCY: LatencyOptions = { warmupRounds: 30, rounds: 200, budgetMs: 60_000 };
const SCALE_RUN: ScaleBenchOptions = { warmup: 5, requests: 60 };
/**
 * Normal runs take about eight minutes (the scale phase loads 45,000 items into DynamoDB Local on disk,
 * 3 minutes of it); past this something hangs.
 */
const WATCHDOG_MS = 25 * 60_000;
/** How long a timing phase may wait for other work on the machine to calm down before it runs anyway. */
const QUIET_WAIT_MS = 60_000;

async function main(): Promise<number> {
  const stopWatchdog = startWatchdog(WATCHDOG_MS);
  const started = performance.now();
  const machine = describeMachine();
  const date = new Date().toISOString();
  const loadBefore = loadavg()[0]!;

  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  let bundles: BundleResult[], whatIf: WhatIf[], coldStarts: ColdStart[], coldWait: number, coldCpu: Contention | null;
  try {
    console.log('bench: bundling every Lambda with the CDK options...');
    bundles = await bundleAll(dir);
    whatIf = await zodWhatIf(bundles);
    coldWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
    console.log(`bench: cold module init, ${COLD_REPEATS} fresh node processes per bundle...`);
    const watch = watchCpu();
    coldStarts = await measureColdStarts(bundles, COLD_REPEATS);
    coldCpu = watch();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const latencyWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: latency through the local runtime (starting private emulators)...');
  const watch = watchCpu();
  const latency = await measureLatency(LATENCY);
  const latencyCpu = watch();

  const scaleWait = await waitForQuiet(QUIET_WAIT_MS, console.log);
  console.log('bench: lists and dashboard at scale (starting other private emulators, DynamoDB Local on disk)...');
  const watchScale = watchCpu();
  const scale = await measureScaleInChild(SCALE_RUN, console.log);
  const scaleCpu = watchScale();

  const data: BenchData = {
    date, machine, seconds: (performance.now() - started) / 1000, bundles, whatIf, coldStarts, coldRepeats: COLD_REPEATS,
    latency, latencyOptions: LATENCY, scale, scaleOptions: SCALE_RUN,
    quietWaitLimitSeconds: QUIET_WAIT_MS / 1000,
    machineUse: {
      cold: { waitedSeconds: coldWait, cpu: coldCpu }, latency: { waitedSeconds: latencyWait, cpu: latencyCpu },
      scale: { waitedSeconds: scaleWait, cpu: scaleCpu },
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
  console.log('');
  const lines = targetLines(data);
  for (const t of lines) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}${t.machine ? ` [machine: ${t.machine}]` : ''}`);
  console.log(`\nbench: wrote ${file} (${data.seconds.toFixed(0)} s)`);
  if (data.leftRunning.length) console.error(`bench: child processes still running: ${data.leftRunning.join(', ')}`);
  // Missed targets are findings, reported in the file, not a crash of the bench.
  return 0;
}

main().then((code) => process.exit(code), (err) => {
  console.error('bench failed:', err);
  process.exit(1);
});
