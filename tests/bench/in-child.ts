/**
 * The scale, import and tenant phases each run in a process of their own (tests/bench/phase-child.ts):
 * the AWS clients of functions/aws/clients.ts are created once per process with the endpoints of the
 * first emulators they see, so a phase's own private emulators need a fresh process; its catalog caches
 * and handlers start cold too. The phase's output lines go to `log`; its result comes back as JSON and a
 * copy is kept in .local/bench-{phase}-result.json for a look after the run (the report can be rendered
 * again from it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINT_VARS, REPO_ROOT } from '../../localstack/emulator';
import type { BenchPhase } from './phase-child';

/** The endpoints the bench was started with (none: private emulators), before an in-process phase set its own. */
const ENDPOINTS_AT_START = Object.fromEntries(ENDPOINT_VARS.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));

export async function measureInChild<Result>(phase: BenchPhase, options: unknown, log: (line: string) => void): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${phase}-`));
  const out = join(dir, 'result.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'phase-child.ts'), phase, JSON.stringify(options), out], {
        stdio: ['ignore', 'pipe', 'pipe'],
        // Not the endpoints an earlier phase's emulators left in this process's environment (they are stopped).
        env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !ENDPOINT_VARS.includes(k))), ...ENDPOINTS_AT_START },
      });
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => { for (const line of chunk.toString().split('\n')) if (line.trim()) log(line); });
      child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the ${phase} phase exited with ${code}: ${stderr}`))));
    });
    const text = readFileSync(out, 'utf8');
    try { writeFileSync(join(REPO_ROOT, '.local', `bench-${phase}-result.json`), text); } catch { /* no .local: fine */ }
    return JSON.parse(text) as Result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
