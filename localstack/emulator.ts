/**
 * The AWS endpoint for local runs and tests: AWS_ENDPOINT_URL when set (LocalStack or any compatible
 * emulator); otherwise moto_server from a project-local Python virtual environment with a pinned moto.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const MOTO_VERSION = '5.2.5';
export const REPO_ROOT = resolve(import.meta.dirname, '..');
const VENV = join(REPO_ROOT, '.venv-moto');
const MOTO_SERVER = join(VENV, 'bin', 'moto_server');
/** moto_server with DynamoDB calls serialized: moto's DynamoDB is not thread-safe (see the script). */
const MOTO_LAUNCHER = join(REPO_ROOT, 'localstack', 'moto-server.py');

export interface Emulator {
  endpoint: string;
  /** True when this process started the emulator (and stop() ends it). */
  owned: boolean;
  stop: () => Promise<void>;
}

export class EmulatorError extends Error {}

/** Creates the virtual environment and installs the pinned moto once; later runs reuse it. */
export function ensureMotoInstalled(log: (line: string) => void = console.log): void {
  const marker = join(VENV, '.moto-version');
  if (existsSync(MOTO_SERVER) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === MOTO_VERSION) return;
  log(`Installing moto[server]==${MOTO_VERSION} into ${VENV} (first run only)...`);
  const python = process.env.PYTHON ?? 'python3';
  const venv = spawnSync(python, ['-m', 'venv', VENV], { stdio: 'inherit' });
  if (venv.status !== 0) {
    throw new EmulatorError(
      `Could not create a Python virtual environment with '${python} -m venv'. Install Python 3 with venv ` +
      `(Debian: apt-get install -y python3 python3-venv), or set AWS_ENDPOINT_URL to a running LocalStack.`,
    );
  }
  const pip = spawnSync(join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `moto[server]==${MOTO_VERSION}`], { stdio: 'inherit' });
  if (pip.status !== 0) {
    throw new EmulatorError(
      `pip could not install moto[server]==${MOTO_VERSION}. It needs access to PyPI (or a mirror set with PIP_INDEX_URL); ` +
      `alternatively set AWS_ENDPOINT_URL to a running LocalStack.`,
    );
  }
  writeFileSync(marker, MOTO_VERSION);
}

async function answers(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/moto-api/`, { signal: AbortSignal.timeout(1500) });
    return res.status < 500;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Returns a running endpoint. `port: 'free'` always starts a private emulator (tests); a number reuses
 * an emulator already answering there (npm start run twice) or starts one.
 */
export async function startEmulator(options: { port: number | 'free'; log?: (line: string) => void }): Promise<Emulator> {
  const log = options.log ?? console.log;
  const external = process.env.AWS_ENDPOINT_URL;
  if (external) return { endpoint: external, owned: false, stop: async () => undefined };

  const port = options.port === 'free' ? await freePort() : options.port;
  const endpoint = `http://127.0.0.1:${port}`;
  if (options.port !== 'free' && (await answers(endpoint))) {
    log(`Reusing the AWS emulator already running at ${endpoint}.`);
    return { endpoint, owned: false, stop: async () => undefined };
  }
  ensureMotoInstalled(log);
  const child: ChildProcess = spawn(join(VENV, 'bin', 'python'), [MOTO_LAUNCHER, '-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
  const deadline = Date.now() + 30_000;
  while (!(await answers(endpoint))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new EmulatorError(`moto_server did not start on ${endpoint}. Is the port in use? Its output:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    endpoint,
    owned: true,
    stop: () => new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    }),
  };
}

/** The SDK settings every local process uses: the endpoint and dummy credentials the emulator accepts. */
export function useEndpoint(endpoint: string): void {
  process.env.AWS_ENDPOINT_URL = endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  // Lambdas run a current Node; this machine's Node 20 only gets the SDK's upgrade notice, which is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}
