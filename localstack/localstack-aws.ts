/**
 * LocalStack (community, `localstack-core[runtime]`) on 127.0.0.1 without Docker: installed by the project
 * on first use, started per run, stopped by whoever started it (localstack/emulator.ts chooses it).
 *
 * What is installed, all from package registries by name:
 * - `.venv-localstack`: a Python virtual environment (CPython 3.12 or newer: LocalStack 4.14's code uses
 *   3.12 syntax) with exactly the packages of localstack/localstack-requirements.txt, each pinned;
 * - `.localstack/lib/dynamodb-local/2/`: AWS DynamoDB Local from Maven Central where LocalStack looks for
 *   it (`<FILESYSTEM_ROOT>/var/lib/localstack/lib/dynamodb-local/2/`): its jars and sqlite4java's native
 *   libraries in `DynamoDBLocal_lib/`, and a `DynamoDBLocal.jar` of our own that LocalStack runs with
 *   `java -jar`: a manifest naming those jars (the Maven artifact's manifest names the jar files of AWS's
 *   zip, which Maven does not use) and the launcher that keeps DynamoDB Local on 127.0.0.1
 *   (localstack/dynamodb-local/LoopbackServerRunner.java). LocalStack's Java agent is not placed: see
 *   localstack/localstack-server.py.
 *
 * Each run gets a folder of its own as LocalStack's FILESYSTEM_ROOT (its temporary files and, on disk,
 * DynamoDB Local's SQLite files), removed when it stops; the shared `.localstack/lib` is linked into it.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** `localstack-core` in localstack/localstack-requirements.txt. */
export const LOCALSTACK_VERSION = '4.14.0';
/** software.amazon.dynamodb:DynamoDBLocal on Maven Central (localstack/dynamodb-local/pom.xml). */
export const DYNAMODB_LOCAL_VERSION = '3.1.0';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const VENV = join(REPO_ROOT, '.venv-localstack');
const VENV_PYTHON = join(VENV, 'bin', 'python');
const REQUIREMENTS = join(REPO_ROOT, 'localstack', 'localstack-requirements.txt');
const LAUNCHER = join(REPO_ROOT, 'localstack', 'localstack-server.py');
/** LocalStack's `var/lib/localstack/lib`, shared by every run. */
const LIB = join(REPO_ROOT, '.localstack', 'lib');
const DYNAMODB_LOCAL = join(LIB, 'dynamodb-local', '2');
const DYNAMODB_LOCAL_SOURCES = join(REPO_ROOT, 'localstack', 'dynamodb-local');
const SQLITE_NATIVE = 'libsqlite4java-linux-amd64-1.0.392.so';
/** The oldest Python LocalStack 4.14 runs on (its code has 3.12 syntax although its metadata says 3.10). */
const PYTHON_MIN: [number, number] = [3, 12];

/**
 * The services the program uses: S3, SQS, DynamoDB, SES (v1), Secrets Manager, STS, and CloudFormation to
 * deploy the data stack, with the SNS topic and CloudWatch alarms that stack holds (infra/alarms.ts). Lambda, API Gateway, CloudFront and WAF are not here: LocalStack community runs
 * Lambda only in Docker, so the local runtime runs the handlers in-process (DESIGN.md, Local runtime).
 */
export const LOCALSTACK_SERVICES = ['s3', 'sqs', 'dynamodb', 'ses', 'secretsmanager', 'sts', 'cloudformation', 'sns', 'cloudwatch'] as const;

export class LocalStackError extends Error {}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** A Python of at least PYTHON_MIN with venv, its path and version; null when none is found. */
export function findPython(): { path: string; version: string } | null {
  const candidates: string[] = [];
  if (process.env.PYTHON) candidates.push(process.env.PYTHON);
  candidates.push('python3.14', 'python3.13', 'python3.12', 'python3');
  // pyenv's builds (on these machines 3.13 beside a 3.11 default, whose shims answer only for the default).
  const pyenvRoot = process.env.PYENV_ROOT ?? join(homedir(), '.pyenv');
  const versions = join(pyenvRoot, 'versions');
  if (existsSync(versions)) {
    const built = readdirSync(versions).filter((v) => /^3\.\d+\.\d+$/.test(v))
      .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    candidates.push(...built.map((v) => join(versions, v, 'bin', 'python3')));
  }
  for (const path of candidates) {
    const run = spawnSync(path, ['-c', 'import sys, venv, ensurepip; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' });
    if (run.error || run.status !== 0) continue;
    const version = run.stdout.trim();
    const [major, minor] = version.split('.').map(Number) as [number, number];
    if (major > PYTHON_MIN[0] || (major === PYTHON_MIN[0] && minor >= PYTHON_MIN[1])) return { path, version };
  }
  return null;
}

function pinnedPackages(): string[] {
  return readFileSync(REQUIREMENTS, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

/** True when `.venv-localstack` holds exactly the packages of localstack-requirements.txt. */
export function localStackInstalled(): boolean {
  const marker = join(VENV, '.requirements-sha256');
  return existsSync(VENV_PYTHON) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === sha256(readFileSync(REQUIREMENTS));
}

/**
 * Creates `.venv-localstack` and installs the pinned packages once (about 1-2 minutes), reporting its
 * progress; later runs reuse it. A changed requirements file installs again.
 */
export async function ensureLocalStackInstalled(log: (line: string) => void = console.log): Promise<void> {
  if (localStackInstalled()) return;
  const packages = pinnedPackages();
  const python = findPython();
  if (!python) {
    throw new LocalStackError(
      `LocalStack ${LOCALSTACK_VERSION} needs Python ${PYTHON_MIN.join('.')} or newer with venv, and none was found `
      + '(tried $PYTHON, python3.14, python3.13, python3.12, python3 and pyenv\'s builds). Install one '
      + '(pyenv install 3.13, or a Debian with python3 >= 3.12 and python3-venv) or point PYTHON at it; '
      + 'or set AWS_ENDPOINT_URL to a LocalStack you run yourself.',
    );
  }
  log(`Installing LocalStack ${LOCALSTACK_VERSION} (${packages.length} pinned Python packages, localstack/localstack-requirements.txt) `
    + `into .venv-localstack with Python ${python.version} (first run only, about 1-2 minutes)...`);
  rmSync(VENV, { recursive: true, force: true });
  const venv = spawnSync(python.path, ['-m', 'venv', VENV], { encoding: 'utf8' });
  if (venv.status !== 0) {
    throw new LocalStackError(`'${python.path} -m venv ${VENV}' failed:\n${venv.stderr}\nInstall Python's venv module (Debian: python3-venv).`);
  }
  // --no-deps: the file lists every package, each pinned; nothing else may come in.
  const pip = spawn(join(VENV, 'bin', 'pip'), [
    'install', '--no-deps', '--disable-pip-version-check', '--no-input', '--progress-bar', 'off', '-r', REQUIREMENTS,
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const keep = (line: string) => { tail.push(line); if (tail.length > 60) tail.shift(); };
  let collected = 0;
  let lastReported = Date.now();
  createInterface({ input: pip.stdout! }).on('line', (line) => {
    keep(line);
    if (line.startsWith('Collecting ')) {
      collected += 1;
      // A line every few seconds, and the last one: enough to see it move without flooding the terminal.
      if (Date.now() - lastReported > 3000 || collected === packages.length) {
        lastReported = Date.now();
        log(`  LocalStack install: ${collected}/${packages.length} packages downloaded (${line.slice('Collecting '.length).split(' (from')[0]})`);
      }
    } else if (line.startsWith('Installing collected packages')) {
      log(`  LocalStack install: installing ${packages.length} packages into .venv-localstack...`);
    }
  });
  createInterface({ input: pip.stderr! }).on('line', keep);
  const status = await new Promise<number | null>((done) => {
    pip.once('error', () => done(null));
    pip.once('close', (code) => done(code));
  });
  if (status !== 0) {
    const failedOn = [...tail].reverse().find((l) => l.startsWith('Collecting '))?.slice('Collecting '.length);
    throw new LocalStackError(
      `pip could not install the pinned LocalStack packages${failedOn ? ` (it stopped at ${failedOn})` : ''}. `
      + 'It needs PyPI (or a mirror in PIP_INDEX_URL). Run `npm start`, `npm test` or .ci/run again once PyPI answers; the install starts over. '
      + `Or set AWS_ENDPOINT_URL to a LocalStack you run yourself. pip said:\n${tail.join('\n')}`,
    );
  }
  writeFileSync(join(VENV, '.requirements-sha256'), sha256(readFileSync(REQUIREMENTS)));
  log('  LocalStack install: done.');
}

/** The major version of `java` on the PATH, or null when there is none. */
function javaMajor(): number | null {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(run.stderr)?.slice(1) ?? [];
  return version[0] === '1' ? Number(version[1]) : Number(version[0]);
}

/** What marks a finished DynamoDB Local install: the version and the launcher it was compiled from. */
function dynamoDbLocalStamp(): string {
  return `${DYNAMODB_LOCAL_VERSION} ${sha256(readFileSync(join(DYNAMODB_LOCAL_SOURCES, 'LoopbackServerRunner.java')))}`;
}

/**
 * Puts DynamoDB Local (Maven Central) where LocalStack looks for it, once; later runs reuse it. Needs a
 * JDK 17 or newer (java, javac, jar) and Maven.
 */
export function ensureDynamoDbLocalForLocalStack(log: (line: string) => void = console.log): void {
  const marker = join(DYNAMODB_LOCAL, '.installed');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === dynamoDbLocalStamp()) return;
  const needs = 'DynamoDB Local needs a JDK 17 or newer and Maven (Debian: apt-get install -y openjdk-17-jdk-headless maven), '
    + 'or set AWS_ENDPOINT_URL to a LocalStack you run yourself.';
  const major = javaMajor();
  if (major === null) throw new LocalStackError(`No 'java' on the PATH. ${needs}`);
  if (major < 17) throw new LocalStackError(`'java' is version ${major}. ${needs}`);
  for (const tool of ['javac', 'jar', 'mvn']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error) throw new LocalStackError(`No '${tool}' on the PATH. ${needs}`);
  }
  log(`Installing DynamoDB Local ${DYNAMODB_LOCAL_VERSION} from Maven Central into ${DYNAMODB_LOCAL} (first run only)...`);
  // Built beside and renamed into place, so an interrupted install never looks finished.
  const building = `${DYNAMODB_LOCAL}.installing`;
  rmSync(building, { recursive: true, force: true });
  const lib = join(building, 'DynamoDBLocal_lib');
  const mvn = spawnSync('mvn', [
    '-q', '-B', '-Dstyle.color=never', '-f', join(DYNAMODB_LOCAL_SOURCES, 'pom.xml'), 'dependency:copy-dependencies',
    `-Ddynamodb.local.version=${DYNAMODB_LOCAL_VERSION}`, `-DoutputDirectory=${lib}`,
  ], { encoding: 'utf8' });
  if (mvn.status !== 0) {
    throw new LocalStackError(`Maven could not fetch software.amazon.dynamodb:DynamoDBLocal:${DYNAMODB_LOCAL_VERSION}. `
      + 'It needs Maven Central (or a mirror in ~/.m2/settings.xml); run again once it answers. '
      + `Maven said:\n${`${mvn.stdout ?? ''}${mvn.stderr ?? ''}`.slice(-4000)}`);
  }
  if (process.platform === 'linux' && process.arch === 'x64' && !existsSync(join(lib, SQLITE_NATIVE))) {
    throw new LocalStackError(`Maven did not copy sqlite4java's native library ${SQLITE_NATIVE} into ${lib}.`);
  }
  const classes = join(building, 'classes');
  const javac = spawnSync('javac', ['-cp', join(lib, '*'), '-d', classes, join(DYNAMODB_LOCAL_SOURCES, 'LoopbackServerRunner.java')], { encoding: 'utf8' });
  if (javac.status !== 0) throw new LocalStackError(`javac could not compile localstack/dynamodb-local/LoopbackServerRunner.java:\n${javac.stderr}`);
  // The jar LocalStack starts with `java -jar`: the launcher, and a class path of the Maven jars. A manifest
  // line continues on the next one after a single space, so each entry's line starts with two.
  const jars = readdirSync(lib).filter((f) => f.endsWith('.jar')).sort();
  const manifest = ['Main-Class: LoopbackServerRunner', 'Class-Path: .', ...jars.map((jar) => `  DynamoDBLocal_lib/${jar}`), ''].join('\n');
  writeFileSync(join(building, 'MANIFEST.txt'), manifest);
  const jar = spawnSync('jar', ['cfm', join(building, 'DynamoDBLocal.jar'), join(building, 'MANIFEST.txt'), '-C', classes, '.'], { encoding: 'utf8' });
  if (jar.status !== 0) throw new LocalStackError(`jar could not build DynamoDBLocal.jar:\n${jar.stderr}`);
  rmSync(classes, { recursive: true, force: true });
  writeFileSync(join(building, '.installed'), dynamoDbLocalStamp());
  mkdirSync(dirname(DYNAMODB_LOCAL), { recursive: true });
  rmSync(DYNAMODB_LOCAL, { recursive: true, force: true });
  renameSync(building, DYNAMODB_LOCAL);
}

export interface LocalStackOptions {
  /** The gateway's port on 127.0.0.1 (every AWS API). */
  port: number;
  /** DynamoDB Local's own port on 127.0.0.1 (LocalStack talks to it; the bench may too). */
  dynamodbPort: number;
  /** DynamoDB Local keeps its tables in SQLite files (npm start, the bench) rather than in memory (tests). */
  dynamodbOnDisk: boolean;
  /** The folder this run's FILESYSTEM_ROOT goes in (default `.local/`); on disk, DynamoDB Local's files are below it. */
  dataDir?: string;
  /** DynamoDB Local's JVM heap (LocalStack's DYNAMODB_HEAP_SIZE). */
  dynamodbHeap: string;
  /** A GC log of DynamoDB Local's JVM, to tell a stall that was a collection. */
  dynamodbGcLog?: string;
}

/** The environment LocalStack runs with (measured on these machines; docs/decisions.md). */
function localStackEnv(options: LocalStackOptions, root: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Its own internal AWS clients must not be sent elsewhere by the caller's settings.
  for (const name of Object.keys(env)) if (name.startsWith('AWS_ENDPOINT_URL') || name === 'AWS_PROFILE') delete env[name];
  Object.assign(env, {
    // /.dockerenv exists on these machines: without this LocalStack thinks it is in its container.
    OVERRIDE_IN_DOCKER: '0',
    FILESYSTEM_ROOT: root,
    GATEWAY_LISTEN: `127.0.0.1:${options.port}`,
    // The host name in the URLs it hands out (queue URLs): one that resolves here.
    LOCALSTACK_HOST: `127.0.0.1:${options.port}`,
    // Queue URLs as http://host/queue/<region>/<account>/<name>, not a subdomain that does not resolve.
    SQS_ENDPOINT_STRATEGY: 'path',
    SERVICES: LOCALSTACK_SERVICES.join(','),
    // Every service started before the health check answers, so the first request does not wait for one.
    EAGER_SERVICE_LOADING: '1',
    PERSISTENCE: '0',
    // No DNS server of its own (it needs an upstream resolver these machines lack), no certificate or
    // analytics downloads: nothing is fetched at run time.
    DNS_ADDRESS: '0',
    SKIP_SSL_CERT_DOWNLOAD: '1',
    DISABLE_EVENTS: '1',
    LOCALSTACK_TELEMETRY_DISABLED: '1',
    // One set of tables whatever the region or access key, as the program expects (DynamoDB Local -sharedDb).
    DYNAMODB_SHARE_DB: '1',
    DYNAMODB_IN_MEMORY: options.dynamodbOnDisk ? '0' : '1',
    DYNAMODB_HEAP_SIZE: options.dynamodbHeap,
    DYNAMODB_LOCAL_PORT: String(options.dynamodbPort),
    DEBUG: '0',
    // Warnings and errors only: a line per request costs time at the bench's rates.
    LS_LOG: 'warn',
  });
  if (options.dynamodbGcLog) env.JAVA_TOOL_OPTIONS = `-Xlog:gc:file=${options.dynamodbGcLog}:uptime`;
  return env;
}

/** The processes below `pid` (children, their children...), read from /proc; none where there is no /proc. */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  let entries: string[];
  try { entries = readdirSync('/proc'); } catch { return []; }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat, after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* ended meanwhile */ }
  }
  const found: number[] = [];
  let level = [pid];
  while (level.length > 0) {
    const next = [...parentOf].filter(([, parent]) => level.includes(parent)).map(([child]) => child);
    found.push(...next);
    level = next;
  }
  return found;
}

/** True when a LocalStack gateway answers at the endpoint with every service the program uses running. */
export async function localStackReady(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/_localstack/health`, { signal: AbortSignal.timeout(1500) });
    if (res.status !== 200) return false;
    const { services } = (await res.json()) as { services?: Record<string, string> };
    return LOCALSTACK_SERVICES.every((s) => services?.[s] === 'running' || services?.[s] === 'available');
  } catch {
    return false;
  }
}

/** True when every service has started (EAGER_SERVICE_LOADING), not only been found. */
async function localStackRunning(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/_localstack/health`, { signal: AbortSignal.timeout(1500) });
    if (res.status !== 200) return false;
    const { services } = (await res.json()) as { services?: Record<string, string> };
    return LOCALSTACK_SERVICES.every((s) => services?.[s] === 'running');
  } catch {
    return false;
  }
}

/**
 * Starts LocalStack and waits until every service runs. Returns its stop function, which ends it and
 * its DynamoDB Local (its own process group) and removes the run's folder.
 */
export async function startLocalStack(options: LocalStackOptions, log: (line: string) => void): Promise<() => Promise<void>> {
  await ensureLocalStackInstalled(log);
  ensureDynamoDbLocalForLocalStack(log);
  const endpoint = `http://127.0.0.1:${options.port}`;
  const root = join(options.dataDir ?? join(REPO_ROOT, '.local'), `localstack-${options.port}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'var', 'lib', 'localstack'), { recursive: true });
  // The JVM refuses to start when its GC log's folder is missing (a fresh clone's first bench has no .local/).
  if (options.dynamodbGcLog) mkdirSync(dirname(options.dynamodbGcLog), { recursive: true });
  symlinkSync(LIB, join(root, 'var', 'lib', 'localstack', 'lib'));
  // Its own process group: DynamoDB Local is LocalStack's child, and a kill of the group ends both.
  const child: ChildProcess = spawn(VENV_PYTHON, [LAUNCHER], {
    env: localStackEnv(options, root), detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-6000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  // LocalStack starts DynamoDB Local in a session of its own and does not always end it when it ends
  // itself, so its children are looked up while it runs and ended by their process ids.
  const children = new Set<number>();
  const killAll = () => {
    for (const pid of descendantsOf(child.pid!)) children.add(pid);
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    for (const pid of children) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
    }
  };
  // If this process ends without stop() (process.exit, an uncaught error), LocalStack ends with it.
  process.once('exit', killAll);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const cleanUp = async () => {
    process.off('exit', killAll);
    killAll();
    await exited;
    rmSync(root, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (!(await localStackRunning(endpoint))) {
    if (ended() || Date.now() > deadline) {
      await cleanUp();
      throw new LocalStackError(`LocalStack did not start on ${endpoint}. Is the port in use? Its output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  for (const pid of descendantsOf(child.pid!)) children.add(pid);
  return async () => {
    if (!ended()) {
      for (const pid of descendantsOf(child.pid!)) children.add(pid);
      // LocalStack stops its services (DynamoDB Local among them) on SIGTERM; the group kill after it
      // ends whatever is left.
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
    }
    await cleanUp();
  };
}
