/**
 * The local resources are the CDK's: the data stack (infra/data-stack.ts: the table with its indexes and
 * TTL, the buckets with their CORS and lifecycle rules, the queues with their dead-letter queues and
 * redrive policies, the secrets) is synthesized and its CloudFormation template deployed into the
 * emulator through its CloudFormation API, as stack `<prefix>-data`. The program then runs on the
 * names CloudFormation gave them (resourceEnv). A template the emulator refuses fails here, with the
 * resources it refused and why, so every start and test run checks that the template deploys.
 *
 * One difference from `cdk deploy`: the template is synthesized without the CDK bootstrap-version
 * parameter and rule (generateBootstrapVersionRule: false). They check the account's `cdk bootstrap`
 * stack (asset bucket, deploy roles), which a local deploy of a template without assets never uses.
 * The synthesized template is kept in `.local/` under a hash of what it is made from, so a start
 * synthesizes again only after infra/, shared/, cdk.json or the CDK version changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CloudFormationClient, CreateStackCommand, DescribeStackEventsCommand, DescribeStackResourcesCommand, DescribeStacksCommand,
  GetTemplateCommand, UpdateStackCommand,
} from '@aws-sdk/client-cloudformation';
import type { Stack } from '@aws-sdk/client-cloudformation';
import type { CfnElement } from 'aws-cdk-lib';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BUCKETS, ENV, emailConfigurationSetName } from '../shared/resources';
import type { BucketName } from '../shared/resources';
import { WORKER_QUEUES, queueEnvName } from '../shared/jobs';
import { markNameKeysMigrated } from '../functions/tenants/name-key-migration';

const REPO_ROOT = join(import.meta.dirname, '..');
const CACHE = join(REPO_ROOT, '.local', 'data-stack-template.json');

/** The synthesized template and the logical ids of what the program needs from it. */
export interface DataTemplate {
  template: Record<string, unknown>;
  logicalIds: {
    table: string;
    buckets: Record<BucketName, string>;
    queues: Record<string, string>;
    deadLetterQueues: Record<string, string>;
    appSecret: string;
    /** The topic SES's returned-mail events go to (infra/email-events.ts). */
    emailEventsTopic: string;
  };
}

/** The topic of the stack's SES events, for the local bootstrap only (no function needs it). */
export const EMAIL_EVENTS_TOPIC_ARN = 'LOCAL_EMAIL_EVENTS_TOPIC_ARN';

/** The environment variable each of the program's resources is handed over in. */
const BUCKET_ENV: Record<BucketName, string> = { uploads: ENV.uploadsBucket, exports: ENV.exportsBucket };

function filesBelow(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** A hash of everything the data stack's template is made from. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...filesBelow(join(REPO_ROOT, 'infra'), (n) => n.endsWith('.ts')),
    ...filesBelow(join(REPO_ROOT, 'shared'), (n) => n.endsWith('.ts')),
    join(REPO_ROOT, 'cdk.json'),
    join(REPO_ROOT, 'node_modules', 'aws-cdk-lib', 'package.json'),
  ];
  for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * Synthesizes the data stack (the same DataStack class and cdk.json context the app deploys; bundling
 * off, as the data stack has no assets) into a CloudFormation template.
 */
export async function synthDataTemplate(region = 'us-east-1'): Promise<DataTemplate> {
  const { App, DefaultStackSynthesizer, Stack: CdkStack } = await import('aws-cdk-lib');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { DataStack } = await import('../infra/data-stack');
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] }, outdir: mkdtempSync(join(tmpdir(), 'cdk-local-data-')) });
  const stack = new DataStack(app, 'Data', {
    env: { region }, stackName: 'local-data', synthesizer: new DefaultStackSynthesizer({ generateBootstrapVersionRule: false }),
  });
  const template = app.synth().getStackArtifact(stack.artifactId).template as Record<string, unknown>;
  const idOf = (construct: { node: { defaultChild?: unknown } }) => CdkStack.of(stack).getLogicalId(construct.node.defaultChild as CfnElement);
  const byQueue = (queues: Record<string, { node: { defaultChild?: unknown } }>) =>
    Object.fromEntries(Object.entries(queues).map(([name, queue]) => [name, idOf(queue)]));
  return {
    template,
    logicalIds: {
      table: idOf(stack.table),
      buckets: { uploads: idOf(stack.buckets.uploads), exports: idOf(stack.buckets.exports) },
      queues: byQueue(stack.queues),
      deadLetterQueues: byQueue(stack.deadLetterQueues),
      appSecret: idOf(stack.appSecret),
      emailEventsTopic: idOf(stack.emailEvents.topic),
    },
  };
}

let synthesized: Promise<DataTemplate> | undefined;

/** The data stack's template: from `.local/` when its sources are unchanged, else synthesized (and kept). */
export function dataTemplate(): Promise<DataTemplate> {
  synthesized ??= (async () => {
    const key = sourcesHash();
    if (existsSync(CACHE)) {
      const cached = JSON.parse(readFileSync(CACHE, 'utf8')) as { key: string } & DataTemplate;
      if (cached.key === key) return { template: cached.template, logicalIds: cached.logicalIds };
    }
    const fresh = await synthDataTemplate();
    mkdirSync(join(REPO_ROOT, '.local'), { recursive: true });
    writeFileSync(CACHE, JSON.stringify({ key, ...fresh }));
    return fresh;
  })();
  return synthesized;
}

export class StackRefused extends Error {}

/** The local stack's name for a resource prefix. */
export const dataStackName = (prefix: string): string => `${prefix}-data`;

const cloudFormation = () => new CloudFormationClient({ region: process.env.AWS_REGION ?? 'us-east-1' });

async function describe(cfn: CloudFormationClient, stackName: string): Promise<Stack | undefined> {
  try {
    return (await cfn.send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
  } catch (err) {
    if (/does not exist/.test((err as Error).message)) return undefined;
    throw err;
  }
}

/** Why the stack failed: each resource the emulator refused, with its reason. */
async function failures(cfn: CloudFormationClient, stackName: string): Promise<string> {
  const events = (await cfn.send(new DescribeStackEventsCommand({ StackName: stackName }))).StackEvents ?? [];
  const failed = events.filter((e) => /FAILED/.test(e.ResourceStatus ?? '') && e.ResourceStatusReason);
  return failed.map((e) => `${e.LogicalResourceId} (${e.ResourceType}): ${e.ResourceStatus} ${e.ResourceStatusReason}`).join('\n') || '(no reason given)';
}

/**
 * Deploys a template as stack `stackName` (created, or updated when its template changed) and waits
 * for it. Throws StackRefused, with each refused resource and its reason, when the emulator refuses it.
 */
/** Deploys a template as the stack `stackName`; answers whether it made the stack (rather than updating or keeping one). */
export async function deployTemplate(stackName: string, template: Record<string, unknown>, log: (line: string) => void = () => undefined): Promise<boolean> {
  const cfn = cloudFormation();
  const body = JSON.stringify(template);
  const existing = await describe(cfn, stackName);
  const create = !existing || existing.StackStatus === 'ROLLBACK_COMPLETE';
  if (create) {
    log(`Deploying the CDK data stack's template as ${stackName}...`);
    await cfn.send(new CreateStackCommand({ StackName: stackName, TemplateBody: body, OnFailure: 'DO_NOTHING' }));
  } else {
    const deployed = (await cfn.send(new GetTemplateCommand({ StackName: stackName }))).TemplateBody;
    if (deployed !== undefined && JSON.stringify(JSON.parse(deployed)) === body) return false;
    log(`Updating ${stackName} to the CDK data stack's current template...`);
    await cfn.send(new UpdateStackCommand({ StackName: stackName, TemplateBody: body }));
  }
  const deadline = Date.now() + 300_000;
  for (;;) {
    const stack = await describe(cfn, stackName);
    const status = stack?.StackStatus ?? 'MISSING';
    if (status === 'CREATE_COMPLETE' || status === 'UPDATE_COMPLETE') return create;
    if (!status.endsWith('_IN_PROGRESS') || Date.now() > deadline) {
      throw new StackRefused(`The emulator did not deploy the template of stack ${stackName} (${status}${stack?.StackStatusReason ? `, ${stack.StackStatusReason}` : ''}):\n${await failures(cfn, stackName)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Deploys the data stack's template as `<prefix>-data` and returns the program's resource settings.
 * Throws StackRefused when the emulator refuses it.
 */
export async function deployDataStack(prefix: string, log: (line: string) => void = () => undefined): Promise<Record<string, string>> {
  const { template, logicalIds } = await dataTemplate();
  const created = await deployTemplate(dataStackName(prefix), template, log);
  const env = await resourceEnv(dataStackName(prefix), logicalIds);
  await applyWhatCloudFormationLeftOut(template, logicalIds, env);
  if (created) await markNameKeysMigrated(env[ENV.table]!);
  return env;
}

type CfnResources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/**
 * What LocalStack's CloudFormation (community, 4.14) accepts in the template but does not apply, applied
 * here from the same template through the services' own APIs, so the program runs on what the template
 * says (docs/decisions.md, "LocalStack as the local AWS"):
 * - a bucket's LifecycleConfiguration (its AWS::S3::Bucket handler makes no PutBucketLifecycleConfiguration
 *   call; the stack still reports CREATE_COMPLETE);
 * - the indexes an updated table gains (its AWS::DynamoDB::Table update handler is not implemented: the
 *   update reports UPDATE_COMPLETE and changes nothing), added one at a time as CloudFormation does.
 */
async function applyWhatCloudFormationLeftOut(template: Record<string, unknown>, ids: DataTemplate['logicalIds'], env: Record<string, string>): Promise<void> {
  const resources = (template as { Resources: CfnResources }).Resources;
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const { PutBucketLifecycleConfigurationCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region, forcePathStyle: true });
  for (const bucket of Object.keys(BUCKETS) as BucketName[]) {
    const rules = ((resources[ids.buckets[bucket]]?.Properties?.LifecycleConfiguration as { Rules?: CfnLifecycleRule[] } | undefined)?.Rules) ?? [];
    if (rules.length === 0) continue;
    await s3.send(new PutBucketLifecycleConfigurationCommand({
      Bucket: env[BUCKET_ENV[bucket]],
      LifecycleConfiguration: {
        Rules: rules.map((rule) => ({
          ID: rule.Id,
          Status: rule.Status,
          Filter: { Prefix: rule.Prefix ?? '' },
          ...(rule.ExpirationInDays ? { Expiration: { Days: rule.ExpirationInDays } } : {}),
          ...(rule.NoncurrentVersionExpiration ? { NoncurrentVersionExpiration: rule.NoncurrentVersionExpiration } : {}),
          ...(rule.AbortIncompleteMultipartUpload ? { AbortIncompleteMultipartUpload: rule.AbortIncompleteMultipartUpload } : {}),
        })),
      },
    }));
  }
  const { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } = await import('@aws-sdk/client-dynamodb');
  const ddb = new DynamoDBClient({ region });
  const tableName = env[ENV.table]!;
  const wanted = resources[ids.table]!.Properties as {
    GlobalSecondaryIndexes?: { IndexName: string; KeySchema: { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[]; Projection: Record<string, unknown> }[];
    AttributeDefinitions: { AttributeName: string; AttributeType: 'S' | 'N' | 'B' }[];
  };
  const existing = new Set(((await ddb.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of (wanted.GlobalSecondaryIndexes ?? []).filter((i) => !existing.has(i.IndexName))) {
    const keys = index.KeySchema.map((k) => k.AttributeName);
    await ddb.send(new UpdateTableCommand({
      TableName: tableName,
      AttributeDefinitions: wanted.AttributeDefinitions.filter((a) => keys.includes(a.AttributeName)),
      GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
    }));
    for (let waited = 0; ; waited += 1) {
      const table = await ddb.send(new DescribeTableCommand({ TableName: tableName }));
      if (table.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.IndexName)?.IndexStatus === 'ACTIVE') break;
      if (waited >= 600) throw new StackRefused(`The index ${index.IndexName} of ${tableName} is not active after 10 minutes.`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

interface CfnLifecycleRule {
  Id?: string;
  Status: 'Enabled' | 'Disabled';
  Prefix?: string;
  ExpirationInDays?: number;
  NoncurrentVersionExpiration?: { NoncurrentDays: number };
  AbortIncompleteMultipartUpload?: { DaysAfterInitiation: number };
}

/** The program's settings for the resources of a deployed data stack: names, queue URLs, the secret's ARN. */
export async function resourceEnv(stackName: string, logicalIds?: DataTemplate['logicalIds']): Promise<Record<string, string>> {
  const ids = logicalIds ?? (await dataTemplate()).logicalIds;
  const resources = (await cloudFormation().send(new DescribeStackResourcesCommand({ StackName: stackName }))).StackResources ?? [];
  const physical = (logicalId: string) => {
    const id = resources.find((r) => r.LogicalResourceId === logicalId)?.PhysicalResourceId;
    if (!id) throw new StackRefused(`Stack ${stackName} has no resource ${logicalId}.`);
    return id;
  };
  const env: Record<string, string> = { [ENV.table]: physical(ids.table) };
  for (const bucket of Object.keys(BUCKETS) as BucketName[]) env[BUCKET_ENV[bucket]] = physical(ids.buckets[bucket]);
  const sqs = new SQSClient({ region: process.env.AWS_REGION ?? 'us-east-1' });
  // A queue's physical id is its URL on AWS; an emulator may give its name.
  const queueUrl = async (id: string) => (/^https?:\/\//.test(id) ? id : (await sqs.send(new GetQueueUrlCommand({ QueueName: id }))).QueueUrl!);
  for (const q of WORKER_QUEUES) {
    env[queueEnvName(q.name)] = await queueUrl(physical(ids.queues[q.name]!));
  }
  env[ENV.appSecretArn] = physical(ids.appSecret);
  // The emulator's CloudFormation has no SES configuration sets: bootstrap makes the stack's one through
  // the SES API under the name the deployed stack gives it, publishing to the stack's topic.
  env[ENV.emailConfigurationSet] = emailConfigurationSetName(stackName);
  env[EMAIL_EVENTS_TOPIC_ARN] = physical(ids.emailEventsTopic);
  return env;
}
