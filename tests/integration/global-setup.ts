/**
 * Starts the whole program once for the integration suite: private emulators on free ports (or
 * AWS_ENDPOINT_URL), resources under a unique prefix, demo data, and the local runtime on a free port.
 */
import 'vitest';
import type { TestProject } from 'vitest/node';
import { startProgram } from '../../localstack/runtime/program';
import type { RunningProgram } from '../../localstack/runtime/program';

let program: RunningProgram | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The runtime's handlers run in this process: the suite's expected failures (outside systems down,
  // refused requests) must not fill the output with their WARN/ERROR logs.
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  program = await startProgram({ port: 0, emulatorPorts: 'free', prefix: `it-${Date.now().toString(36)}`, seed: true, log: () => undefined });
  project.provide('baseUrl', program.url);
  // Resource names and both endpoints (AWS_ENDPOINT_URL, AWS_ENDPOINT_URL_DYNAMODB).
  project.provide('awsEnv', program.env);
}

export async function teardown(): Promise<void> {
  await program?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    awsEnv: Record<string, string>;
  }
}
