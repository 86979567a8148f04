/**
 * The whole CDK app: data, API and web stacks, checked by cdk-nag (AWS Solutions). The entry point
 * (app.ts) and the infra tests both build it through here, so tests check what `cdk synth` deploys.
 */
import { Validations } from 'aws-cdk-lib';
import type { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { WebStack } from './web-stack';

export interface AuditAppOptions {
  /** Deployment stage (APP_STAGE); part of every stack name so stages can share an account. */
  stage: string;
  /** APP_VERSION shown by /api/app/status. */
  version: string;
  /** The built SPA directory (web/dist). */
  webDist: string;
}

export interface AuditStacks { data: DataStack; api: ApiStack; web: WebStack }

export function buildAuditApp(app: App, options: AuditAppOptions): AuditStacks {
  const name = (part: string) => `audit-letter-${options.stage}-${part}`;
  const description = 'Audit Letter Program';
  const data = new DataStack(app, 'Data', { stackName: name('data'), description: `${description}: table, buckets, queues, secret` });
  const api = new ApiStack(app, 'Api', {
    stackName: name('api'), description: `${description}: REST API and workers`, data, stage: options.stage, version: options.version,
  });
  const web = new WebStack(app, 'Web', {
    stackName: name('web'), description: `${description}: CloudFront and the single-page app`, api: api.api, webDist: options.webDist,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, api, web };
}
