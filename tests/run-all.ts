/**
 * `npm test`: every check and every suite. They run in two lanes side by side: the end-to-end suite
 * (Chromium against a program of its own) in one, and in the other the checks and the vitest suites in
 * order from cheapest to slowest (the integration suite against a program of its own), then the end-to-end
 * suite's tail (tests/e2e/parts.ts), which would otherwise keep the first lane going alone. A suite waits on
 * round trips through the emulator more than it computes, so on CI's two cores the lanes together take
 * about as long as the end-to-end suite alone, not the sum (docs/decisions.md "npm test in two lanes").
 * Each line of output carries its lane's name. All steps run even when one fails, so one run shows
 * everything that is red; the exit code is non-zero if any step failed. Each step's time is printed in the
 * summary; the last line counts the tests as 'tests: N passed, N failed'.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { playwrightFailures, vitestFailures } from './failed-tests';
import type { PlaywrightSuite, VitestReport } from './failed-tests';
import { TAIL_SPECS } from './e2e/parts';
import type { E2EPart } from './e2e/parts';

const root = join(import.meta.dirname, '..');
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, '.local', 'test-summary');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step { name: string; cmd: string[]; env?: Record<string, string> }

const vitestStep = (project: 'unit' | 'infra' | 'integration'): Step => ({
  name: `${project} tests (vitest)`,
  // One vitest run per project, so each phase's time is printed (the summary below).
  cmd: ['npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, `vitest-${project}.json`)}`],
});

/** One part of the end-to-end suite (tests/e2e/parts.ts), each against a program of its own. */
const e2eStep = (part: E2EPart): Step => ({
  name: `end-to-end tests, ${part === 'head' ? 'most files' : `the tail (${TAIL_SPECS.length} files)`} (Playwright, Chromium)`,
  cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
  env: { E2E_PART: part, PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, `e2e-${part}.json`) },
});

const lanes: { lane: string; steps: Step[] }[] = [
  { lane: 'e2e', steps: [e2eStep('head')] },
  {
    lane: 'checks',
    steps: [
      { name: 'typecheck', cmd: ['npx', 'tsc', '-p', '.'] },
      { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
      { name: 'dependency rules', cmd: ['npm', 'run', '--silent', 'deps'] },
      vitestStep('unit'),
      vitestStep('infra'),
      vitestStep('integration'),
      // The lane ends minutes before the end-to-end one: a few of its files fill that time.
      e2eStep('tail'),
    ],
  },
];

interface Outcome { name: string; ok: boolean; seconds: number }

/** Runs one step with each line of its output prefixed by the lane's name. */
function run(lane: string, step: Step): Promise<Outcome> {
  const say = (line: string) => console.log(`[${lane}] ${line}`);
  say(`=== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const child = spawn(step.cmd[0]!, step.cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', say);
  return new Promise((resolve) => {
    // A command that cannot start is that step's failure, not the run's crash ('close' follows 'error').
    child.on('error', (err) => say(`could not start: ${err.message}`));
    child.on('close', (code) => {
      const outcome = { name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 };
      say(`=== ${step.name}: ${outcome.ok ? 'ok' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s`);
      resolve(outcome);
    });
  });
}

// Both lanes start a LocalStack: install it (a check when it is there) before either, not twice at once.
const install: Outcome[] = process.env.AWS_ENDPOINT_URL ? [] : [await run('setup', { name: 'LocalStack and DynamoDB Local installed', cmd: ['npx', 'tsx', 'localstack/install.ts'] })];
const lanesStarted = Date.now();
const laneOutcomes = (await Promise.all(lanes.map(async ({ lane, steps }) => {
  const done: Outcome[] = [];
  for (const step of steps) done.push(await run(lane, step));
  return done;
}))).flat();
const outcomes = [...install, ...laneOutcomes];
const wallSeconds = (Date.now() - lanesStarted) / 1000;

function readJson(file: string): Record<string, unknown> | null {
  const path = join(results, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null;
}

const vitest = ['unit', 'infra', 'integration'].map((project) => readJson(`vitest-${project}.json`) as ({ numPassedTests?: number; numFailedTests?: number } & VitestReport) | null);
const e2e = ['head', 'tail'].map((part) => readJson(`e2e-${part}.json`) as { stats?: { expected?: number; unexpected?: number; flaky?: number }; suites?: PlaywrightSuite[] } | null);
const passed = vitest.reduce((sum, v) => sum + (v?.numPassedTests ?? 0), 0) + e2e.reduce((sum, r) => sum + (r?.stats?.expected ?? 0) + (r?.stats?.flaky ?? 0), 0);
const failed = vitest.reduce((sum, v) => sum + (v?.numFailedTests ?? 0), 0) + e2e.reduce((sum, r) => sum + (r?.stats?.unexpected ?? 0), 0);

// The failed tests with their first error line, just above the summary: a CI log is read from its end.
const failures = [...vitest.flatMap((v) => vitestFailures(v, root)), ...e2e.flatMap((r) => playwrightFailures(r))];
if (failures.length) {
  console.log(`\n=== failed tests (${failures.length}), the first line of each one's error`);
  for (const f of failures.slice(0, 20)) console.log(`- ${f.where} › ${f.name}\n    ${f.error}`);
  if (failures.length > 20) console.log(`- and ${failures.length - 20} more (above)`);
}

console.log(`\n=== summary (the two lanes side by side: ${wallSeconds.toFixed(1)} s)`);
for (const o of outcomes) console.log(`${o.ok ? 'ok  ' : 'FAIL'}  ${o.name} (${o.seconds.toFixed(1)} s)`);
const stepsFailed = outcomes.filter((o) => !o.ok).length;
// A red step with no red test (type check, lint, a suite that did not start) still counts as a failure.
console.log(`tests: ${passed} passed, ${failed + (failed === 0 ? stepsFailed : 0)} failed`);
process.exit(stepsFailed > 0 ? 1 : 0);
