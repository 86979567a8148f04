/**
 * `npm test`: every check and every suite, in order from cheapest to slowest. All steps run even when
 * one fails, so one run shows everything that is red; the exit code is non-zero if any step failed.
 * Each step's time is printed in the summary; the last line counts the tests as 'tests: N passed, N failed'.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, '.local', 'test-summary');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step { name: string; cmd: string[]; env?: Record<string, string> }

const steps: Step[] = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', '.'] },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'dependency rules', cmd: ['npm', 'run', '--silent', 'deps'] },
  // One vitest run per project, so each phase's time is printed (the summary below).
  ...(['unit', 'infra', 'integration'] as const).map((project) => ({
    name: `${project} tests (vitest)`,
    cmd: ['npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, `vitest-${project}.json`)}`],
  })),
  {
    name: 'end-to-end tests (Playwright, Chromium)',
    cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'e2e.json') },
  },
];

const outcomes: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.cmd[0]!, step.cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  const outcome = { name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 };
  outcomes.push(outcome);
  console.log(`=== ${step.name}: ${outcome.ok ? 'ok' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s`);
}

function readJson(file: string): Record<string, unknown> | null {
  const path = join(results, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null;
}

const vitest = ['unit', 'infra', 'integration'].map((project) => readJson(`vitest-${project}.json`) as { numPassedTests?: number; numFailedTests?: number } | null);
const e2e = readJson('e2e.json') as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | null;
const passed = vitest.reduce((sum, v) => sum + (v?.numPassedTests ?? 0), 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = vitest.reduce((sum, v) => sum + (v?.numFailedTests ?? 0), 0) + (e2e?.stats?.unexpected ?? 0);

console.log('\n=== summary');
for (const o of outcomes) console.log(`${o.ok ? 'ok  ' : 'FAIL'}  ${o.name} (${o.seconds.toFixed(1)} s)`);
const stepsFailed = outcomes.filter((o) => !o.ok).length;
// A red step with no red test (type check, lint, a suite that did not start) still counts as a failure.
console.log(`tests: ${passed} passed, ${failed + (failed === 0 ? stepsFailed : 0)} failed`);
process.exit(stepsFailed > 0 ? 1 : 0);
