/**
 * `cdk synth` / `cdk deploy` entry (cdk.json: npx tsx infra/app.ts). Environment-agnostic, so synth
 * needs no account, credentials or network. Stage from `-c stage=<name>` (default prod).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from './app-function';
import { buildAuditApp } from './audit-app';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'prod');
const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;
buildAuditApp(app, { stage, version, webDist: join(REPO_ROOT, 'web', 'dist') });
app.synth();
