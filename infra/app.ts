/**
 * `cdk synth` / `cdk deploy` entry (cdk.json: npx tsx infra/app.ts). Account-agnostic, so synth needs no
 * account, credentials or network. Stage from `-c stage=<name>` (default prod). Region from
 * `-c region=<name>`, else the CLI's (CDK_DEFAULT_REGION: AWS_REGION or the profile's, us-east-1 when
 * neither is set); the WAF stack is always in us-east-1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from './app-function';
import { buildAuditApp } from './audit-app';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'prod');
const region = app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION;
if (!region) throw new Error('No AWS region: run through the CDK CLI (npx cdk synth), set AWS_REGION, or pass -c region=<region>.');
const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;
buildAuditApp(app, { stage, version, region: String(region), webDist: join(REPO_ROOT, 'web', 'dist') });
app.synth();
