/**
 * Builds the web app and starts the program (private emulators, resources under a fresh prefix, demo
 * data, runtime on a free port) once for the whole suite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '../../localstack/build-web';
import { startProgram } from '../../localstack/runtime/program';
import type { RunningProgram } from '../../localstack/runtime/program';

declare global {
  var e2eProgram: { program: RunningProgram; webRoot: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  // A private build: web/dist is shared with `npm start` and other builds in this working tree, and a
  // rebuild there (emptyOutDir) would pull the pages away from under a running suite.
  const webRoot = mkdtempSync(join(tmpdir(), 'alp-e2e-web-'));
  try {
    buildWeb(webRoot);
  } catch (e) {
    rmSync(webRoot, { recursive: true, force: true });
    throw e;
  }
  // The handlers run in this process; the tests' expected failures must not fill the output with logs
  // (nor the metric lines, functions/runtime/metrics.ts).
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  const program = await startProgram({
    port: 0,
    emulatorPorts: 'free',
    prefix: `e2e-${randomBytes(4).toString('hex')}`,
    seed: true,
    webRoot,
    log: () => undefined,
  });
  globalThis.e2eProgram = { program, webRoot };
  // Workers start after global setup and inherit this, so use.baseURL points at the program.
  process.env.E2E_BASE_URL = program.url;
  // What the program's stores need to reach its emulators, for set-ups no call offers yet (an archived cycle).
  process.env.E2E_AWS_ENV = JSON.stringify(program.env);
}
