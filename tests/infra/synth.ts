/**
 * Synthesizes the real CDK app (infra/audit-app.ts) with cdk.json's context. The infra files share one
 * worker and its modules (vitest.config.ts, isolate: false), so the app with the default options is
 * synthesized once for all of them; a file that asks for other options gets a synth of its own.
 * Lambda bundling is skipped (the CLI's own switch for it), so a synth takes seconds; `npm run synth`
 * bundles for real. cdk-nag runs on every synth here, because buildAuditApp registers it.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { buildAuditApp } from '../../infra/audit-app';
import type { AuditStacks } from '../../infra/audit-app';

export interface Synthesized {
  app: App;
  stacks: AuditStacks;
  assembly: CloudAssembly;
  templates: { data: Template; api: Template; web: Template; waf: Template };
}

export interface SynthOptions {
  /**
   * Synthesize as on a fresh clone, without a built web/dist (the Web stack then warns). By default a
   * small fake web/dist (index.html + assets/) is used so the site deployment is part of the app.
   */
  withoutWebDist?: boolean;
  /** Also run CDK's built-in CloudFormation schema and rule validation (slow: ~8 s). */
  cloudFormationValidation?: boolean;
  /** The program's region (default TEST_REGION, which is not the WAF stack's us-east-1). */
  region?: string;
  /** More CDK context, as `-c name=value` gives it. */
  context?: Record<string, unknown>;
}

export const TEST_STAGE = 'test';
export const TEST_VERSION = '9.9.9';
/** Not us-east-1, so the tests see the web ACL's ARN cross a region as it does for most deployments. */
export const TEST_REGION = 'us-west-2';

let standard: Synthesized | undefined;

export function synthApp(options: SynthOptions = {}): Synthesized {
  // Read-only use only: a test that changes the app synthesizes its own (a CDK app synthesizes once).
  if (Object.keys(options).length === 0) return (standard ??= synthesize(options));
  return synthesize(options);
}

function synthesize(options: SynthOptions): Synthesized {
  const cdkJson = JSON.parse(readFileSync(join(process.cwd(), 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...options.context },
    builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
    outdir: mkdtempSync(join(tmpdir(), 'cdk-out-')),
  });
  const webDist = options.withoutWebDist ? join(tmpdir(), 'no-web-dist-here') : fakeWebDist();
  const stacks = buildAuditApp(app, { stage: TEST_STAGE, version: TEST_VERSION, region: options.region ?? TEST_REGION, webDist });
  const assembly = app.synth();
  const template = (stack: Stack) => Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template);
  return {
    app, stacks, assembly,
    templates: { data: template(stacks.data), api: template(stacks.api), web: template(stacks.web), waf: template(stacks.waf) },
  };
}

export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

/** The logical id a construct (or its default L1 child) has in its stack's template. */
export const logicalId = (construct: IConstruct): string => {
  const element = (CfnElement.isCfnElement(construct) ? construct : construct.node.defaultChild) as CfnElement;
  return Stack.of(element).getLogicalId(element);
};

/** True when a CloudFormation value (Ref, GetAtt, ImportValue, Join...) mentions the logical id or export. */
export const mentions = (value: unknown, name: string): boolean => JSON.stringify(value).includes(name);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Resource = { Type: string; Properties: any; DeletionPolicy?: string };

export const resourcesOf = (template: Template, type: string): Record<string, Resource> =>
  template.findResources(type) as Record<string, Resource>;
