/**
 * The app as a fresh clone synthesizes it (no web/dist), with CDK's CloudFormation validation on:
 * it synthesizes, cdk-nag (AWS Solutions) finds nothing unacknowledged, every acknowledgement gives a
 * reason, and the missing SPA is a warning, not a failure.
 */
import { describe, expect, it } from 'vitest';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { WAF_REGION } from '../../infra/waf-stack';
import { WEB_DIST_MISSING } from '../../infra/web-stack';
import { TEST_REGION, synthApp } from './synth';

const { app, stacks, assembly } = synthApp({ withoutWebDist: true, cloudFormationValidation: true });

describe('cdk-nag', () => {
  it('reports no unacknowledged finding, error or warning', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('gives every acknowledgement a real reason', () => {
    const acknowledgements = app.node.findAll().flatMap((construct) => construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>)));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) expect(reason.length, id).toBeGreaterThan(40);
  });
});

describe('fresh clone', () => {
  it('synthesizes without web/dist, deploys no site files and says why in a warning', () => {
    const web = assembly.getStackArtifact(stacks.web.artifactId);
    expect(Object.values(web.template.Resources).map((r) => (r as { Type: string }).Type)).not.toContain('Custom::CDKBucketDeployment');
    const warnings = web.messages.filter((m) => m.level === 'warning').map((m) => String(m.entry.data));
    expect(warnings).toContainEqual(expect.stringMatching(new RegExp(`index\\.html not found.*npm run build:web.*\\[ack: ${WEB_DIST_MISSING}\\]`)));
  });

  it('writes the four stacks: account-agnostic, the program\'s in its region and the WAF stack in us-east-1', () => {
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual(['audit-letter-test-api', 'audit-letter-test-data', 'audit-letter-test-waf', 'audit-letter-test-web']);
    for (const stack of assembly.stacks) expect(stack.environment.account).toBe('unknown-account');
    for (const stack of [stacks.data, stacks.api, stacks.web]) expect(stack.region).toBe(TEST_REGION);
    expect(stacks.waf.region).toBe(WAF_REGION);
  });
});
