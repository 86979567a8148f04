/** What the numbers were measured on, so a later run on other hardware is not mistaken for a regression. */
import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem, type } from 'node:os';
import { version as esbuildVersion } from 'esbuild';
import { DYNAMODB_LOCAL_VERSION, LOCALSTACK_VERSION } from '../../localstack/emulator';
import { REPO_ROOT } from './bundles';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  esbuild: string;
  emulator: string;
  commit: string;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

export function describeMachine(): Machine {
  const list = cpus();
  const head = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  // Other work in the same tree is measured too when uncommitted; say so rather than hide it.
  const dirty = git(['status', '--porcelain', '--', 'functions', 'shared', 'infra', 'localstack']) !== '';
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    esbuild: esbuildVersion,
    emulator: process.env.AWS_ENDPOINT_URL
      ? `the emulator at ${process.env.AWS_ENDPOINT_URL} (AWS_ENDPOINT_URL)`
      : `LocalStack ${LOCALSTACK_VERSION} (its DynamoDB: DynamoDB Local ${DYNAMODB_LOCAL_VERSION}; private instances on 127.0.0.1)`,
    commit: `${head}${dirty ? ' + uncommitted changes in functions/, shared/, infra/ or localstack/' : ''}`,
  };
}
