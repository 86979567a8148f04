/**
 * Outside systems (SiteLink, StorEdge, the CRM): the URL comes from CDK context named like its variable
 * (empty when unset), the credentials from one Secrets Manager secret per system. Only the functions
 * whose grant lists a system get its URL and secret ARN; no credential is ever in a function's environment.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildAuditApp } from '../../infra/audit-app';
import { API_GRANTS, WORKER_GRANTS } from '../../shared/grants';
import { EXTERNAL_SYSTEMS } from '../../shared/resources';
import type { ExternalSystem } from '../../shared/resources';
import { API_GROUPS } from '../../shared/routes';
import { WORKER_QUEUE_NAMES } from '../../shared/jobs';
import { TEST_REGION, TEST_STAGE, TEST_VERSION, logicalId } from './synth';

const SITELINK_URL = 'https://api.smdservers.example/CCWs_3.5/CallCenterWs.asmx';

const cdkJson = JSON.parse(readFileSync(join(process.cwd(), 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const app = new App({
  context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], SITELINK_API_URL: SITELINK_URL },
  outdir: mkdtempSync(join(tmpdir(), 'cdk-out-')),
});
const stacks = buildAuditApp(app, { stage: TEST_STAGE, version: TEST_VERSION, region: TEST_REGION, webDist: join(tmpdir(), 'no-web-dist-here') });
const api = Template.fromJSON(app.synth().getStackArtifact(stacks.api.artifactId).template);
const resources = api.toJSON().Resources as Record<string, { Properties: { Environment?: { Variables?: Record<string, unknown> } } }>;
const envOf = (fn: { fn: unknown }) => resources[logicalId(fn.fn as never)]!.Properties.Environment?.Variables ?? {};
const ALL_SETTINGS = Object.values(EXTERNAL_SYSTEMS).flatMap((s) => [...s.env, s.secretArn]);
/** What a function calling these systems gets: each URL and each secret's ARN, never a credential. */
const settingsOf = (systems: readonly ExternalSystem[]) => systems.flatMap((s) => [EXTERNAL_SYSTEMS[s].env[0], EXTERNAL_SYSTEMS[s].secretArn]);
const data = Template.fromJSON(app.synth().getStackArtifact(stacks.data.artifactId).template);

describe('outside system settings', () => {
  it('coverages calls SiteLink and StorEdge; facilities calls the CRM', () => {
    expect(API_GRANTS.coverages.external).toEqual(['sitelink', 'storedge']);
    expect(API_GRANTS.facilities.external).toEqual(['crm']);
  });

  it.each(API_GROUPS.map((g) => [g]))('API function %s has exactly the settings of the systems it calls', (group) => {
    const env = envOf(stacks.api.apiFunctions[group]);
    const expected = settingsOf(API_GRANTS[group].external);
    expect(ALL_SETTINGS.filter((name) => name in env).sort()).toEqual([...expected].sort());
  });

  it.each(WORKER_QUEUE_NAMES.map((q) => [q]))('worker %s has exactly the settings of the systems it calls', (queue) => {
    const env = envOf(stacks.api.workers[queue]);
    expect(ALL_SETTINGS.filter((name) => name in env).sort()).toEqual([...settingsOf(WORKER_GRANTS[queue].external)].sort());
  });

  it('takes each URL from the context of the same name, empty (not configured) when unset', () => {
    const coverages = envOf(stacks.api.apiFunctions.coverages);
    expect(coverages.SITELINK_API_URL).toBe(SITELINK_URL);
    expect(coverages.STOREDGE_API_URL).toBe('');
    expect(envOf(stacks.api.apiFunctions.facilities).CRM_API_URL).toBe('');
  });

  it.each(Object.entries(EXTERNAL_SYSTEMS))('%s credentials live in a secret of their own, empty until ops fill them in', (system, { env, secretArn }) => {
    const secret = stacks.data.externalSecrets[system as ExternalSystem];
    const template = data.toJSON().Resources[logicalId(secret as never)] as { Type: string; Properties: { SecretString: unknown } };
    expect(template.Type).toBe('AWS::SecretsManager::Secret');
    const [, ...credentials] = env;
    expect(template.Properties.SecretString).toBe(JSON.stringify(Object.fromEntries(credentials.map((name) => [name, '']))));
    const outputs = data.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs[`${system[0]!.toUpperCase()}${system.slice(1)}CredentialsSecret`]!.Value)).toContain(logicalId(secret as never));
    // The function is told which secret, by an ARN from the data stack.
    expect(JSON.stringify(envOf(system === 'crm' ? stacks.api.apiFunctions.facilities : stacks.api.apiFunctions.coverages)[secretArn])).toContain('Fn::ImportValue');
  });
});
