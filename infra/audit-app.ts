/**
 * The whole CDK app: data, API and web stacks in the program's region, and the WAF stack in us-east-1,
 * checked by cdk-nag (AWS Solutions). The entry point (app.ts) and the infra tests both build it through
 * here, so tests check what `cdk synth` deploys.
 */
import { ReferenceStrength, Validations } from 'aws-cdk-lib';
import type { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { WAF_REGION, WafStack } from './waf-stack';
import { WebStack } from './web-stack';

export interface AuditAppOptions {
  /** Deployment stage (APP_STAGE); part of every stack name so stages can share an account. */
  stage: string;
  /** APP_VERSION shown by /api/app/status. */
  version: string;
  /** The built SPA directory (web/dist). */
  webDist: string;
  /**
   * The region of the data, API and web stacks. It is explicit (the account is not) because the Web
   * stack reads the web ACL's ARN from the WAF stack in us-east-1, and CDK references across regions
   * only between stacks whose regions it knows.
   */
  region: string;
}

export interface AuditStacks { data: DataStack; api: ApiStack; web: WebStack; waf: WafStack }

export function buildAuditApp(app: App, options: AuditAppOptions): AuditStacks {
  const name = (part: string) => `audit-letter-${options.stage}-${part}`;
  const description = 'Audit Letter Program';
  const env = { region: options.region };
  const data = new DataStack(app, 'Data', { env, stackName: name('data'), description: `${description}: table, buckets, queues, secret` });
  const api = new ApiStack(app, 'Api', {
    env, stackName: name('api'), description: `${description}: REST API and workers`, data, stage: options.stage, version: options.version,
  });
  const waf = new WafStack(app, 'Waf', {
    env: { region: WAF_REGION }, stackName: name('waf'), description: `${description}: AWS WAF web ACL of the CloudFront distribution (us-east-1)`, stage: options.stage,
  });
  // Fn::GetStackOutput reads the ARN across regions without the custom resources (and their Lambdas) a
  // strong cross-region reference needs. WAF refuses to delete a web ACL still attached to a
  // distribution, which is the protection a strong reference would add.
  waf.webAcl.applyCrossStackReferenceStrength(ReferenceStrength.WEAK);
  const web = new WebStack(app, 'Web', {
    env, stackName: name('web'), description: `${description}: CloudFront and the single-page app`,
    api: api.api, uploadsBucket: data.buckets.uploads, webAclArn: waf.webAcl.attrArn, webDist: options.webDist, stage: options.stage,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, api, web, waf };
}
