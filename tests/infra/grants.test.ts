/**
 * Every function's IAM policy and environment match its line in shared/grants.ts: no table write for
 * read-only groups, no queue beyond its list, no bucket beyond its list, secrets only where listed.
 */
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../shared/contracts';
import { API_GRANTS, SCHEDULE_GRANTS, SESSION_UPKEEP, WORKER_GRANTS, authenticatesRequests } from '../../shared/grants';
import { SCHEDULE_NAMES } from '../../shared/schedules';
import type { FunctionGrant } from '../../shared/grants';
import { JOB_QUEUE_NAMES, WORKER_QUEUE_NAMES, queueEnvName } from '../../shared/jobs';
import type { WorkerQueueName } from '../../shared/jobs';
import { APP_TABLE, BUCKETS, ENV, EXTERNAL_SYSTEMS } from '../../shared/resources';
import type { BucketName } from '../../shared/resources';
import { API_GROUPS, ROUTES } from '../../shared/routes';
import type { ApiGroup } from '../../shared/routes';
import type { AppFunction } from '../../infra/app-function';
import { logicalId, mentions, resourcesOf, synthApp } from './synth';

const { stacks, templates } = synthApp();
const functions = resourcesOf(templates.api, 'AWS::Lambda::Function');
const policies = Object.values(resourcesOf(templates.api, 'AWS::IAM::Policy'));

interface Statement { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }
const actionsOf = (s: Statement) => [s.Action].flat();
const resourcesOfStatement = (s: Statement) => [s.Resource].flat();

function statementsOf(target: AppFunction): Statement[] {
  const roleId = logicalId(target.role);
  return policies
    .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const OBJECT_READ = ['s3:GetObject', 's3:ListBucket'];
const OBJECT_WRITE = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];
const CONSUME = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];
const ALLOWED_SERVICES = ['logs', 'dynamodb', 's3', 'sqs', 'secretsmanager', 'ses', 'xray'];
/** Active tracing (infra/app-function.ts): writing the function's traces, nothing read. */
const TRACE_WRITE = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

interface Case { name: string; target: AppFunction; grant: FunctionGrant; group?: ApiGroup; queue?: WorkerQueueName }
const cases: Case[] = [
  ...API_GROUPS.map((group) => ({ name: `api ${group}`, target: stacks.api.apiFunctions[group], grant: API_GRANTS[group], group })),
  ...WORKER_QUEUE_NAMES.map((queue) => ({ name: `worker ${queue}`, target: stacks.api.workers[queue], grant: WORKER_GRANTS[queue], queue })),
  ...SCHEDULE_NAMES.map((schedule) => ({ name: `schedule ${schedule}`, target: stacks.api.schedules[schedule], grant: SCHEDULE_GRANTS[schedule] })),
];

describe('the grant table', () => {
  it.each(cases.map((c) => [c.name, c.grant] as const))('%s: sending a job implies writing its job record, and says why', (_name, grant) => {
    if (grant.sendTo.length > 0) expect(grant.table).toBe('readwrite');
    expect(grant.why.length).toBeGreaterThan(15);
  });
});

describe('signed cursors (functions/runtime/cursor.ts)', () => {
  const takesCursor = (key: string) => {
    const query = (CONTRACTS as Record<string, { query?: z.ZodType }>)[key]?.query;
    return query instanceof z.ZodObject && 'cursor' in query.shape;
  };
  const paged = ROUTES.filter((r) => takesCursor(`${r.method} ${r.path}`));

  it('every group answering a list paged by cursor reads the app secret its cursor key is derived from', () => {
    expect(paged.length).toBeGreaterThanOrEqual(7);
    for (const route of paged) expect(API_GRANTS[route.group].appSecret, `${route.method} ${route.path}`).toBe(true);
  });

  it('so do the tenant export\'s route and worker, which page the program-wide tenant list', () => {
    expect(API_GRANTS.exports.appSecret).toBe(true);
    expect(WORKER_GRANTS['archive-exports'].appSecret).toBe(true);
  });
});

describe('the tenant portal\'s groups', () => {
  it('respond answers tenants: table, proof files by presigned POST in the uploads bucket, confirmation e-mails; nothing else', () => {
    expect(API_GRANTS.respond).toMatchObject({ table: 'readwrite', buckets: { uploads: 'readwrite' }, sendsEmail: true, sendTo: [], appSecret: false, external: [] });
    expect(Object.keys(API_GRANTS.respond.buckets)).toEqual(['uploads']);
  });

  it('proof-reviews only reads the proof files (to presign a look), and e-mails rejections', () => {
    // The app secret for its list's signed cursors only.
    expect(API_GRANTS['proof-reviews']).toMatchObject({ table: 'readwrite', buckets: { uploads: 'read' }, sendsEmail: true, sendTo: [], appSecret: true, external: [] });
    expect(Object.keys(API_GRANTS['proof-reviews'].buckets)).toEqual(['uploads']);
  });
});

describe.each(cases)('$name', ({ target, grant, group, queue }) => {
  const statements = statementsOf(target);
  const allows = (prefix: string) => statements.filter((s) => s.Effect === 'Allow' && actionsOf(s).some((a) => a.startsWith(prefix)));
  const env = functions[logicalId(target.fn)]!.Properties.Environment.Variables as Record<string, unknown>;

  it('uses no wildcard actions and no service outside its data', () => {
    for (const action of statements.flatMap(actionsOf)) {
      expect(action).not.toContain('*');
      expect(ALLOWED_SERVICES).toContain(action.split(':')[0]);
    }
    expect(allows('xray:').flatMap(actionsOf).sort()).toEqual([...TRACE_WRITE].sort());
  });

  it(`${grant.table === 'read' ? 'only reads' : 'reads and writes'} the app table (never Scan)`, () => {
    const tableId = logicalId(stacks.data.table);
    const actions = allows('dynamodb:').filter((s) => !s.Condition).flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(TABLE_READ));
    const allowed = grant.table === 'readwrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ;
    for (const action of actions) expect(allowed).toContain(action);
    if (grant.table === 'readwrite') expect(actions).toEqual(expect.arrayContaining(TABLE_WRITE));
    for (const resource of allows('dynamodb:').flatMap(resourcesOfStatement)) expect(mentions(resource, tableId)).toBe(true);
    expect(env[ENV.table]).toBeDefined();
  });

  const upkeep = group !== undefined && grant.table === 'read' && authenticatesRequests(group);
  it(upkeep ? 'may update only session expiry and last activity (authenticated requests)' : 'has no conditional table writes', () => {
    const conditioned = allows('dynamodb:').filter((s) => s.Condition);
    if (!upkeep) return expect(conditioned).toEqual([]);
    expect(conditioned).toHaveLength(SESSION_UPKEEP.length);
    for (const { keyPrefix, attributes } of SESSION_UPKEEP) {
      expect(conditioned).toContainEqual(expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${keyPrefix}*`] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [APP_TABLE.partitionKey, APP_TABLE.sortKey, ...attributes] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
        },
      }));
    }
  });

  it.each(Object.keys(BUCKETS) as BucketName[])('has exactly its listed access to the %s bucket', (bucket) => {
    const exportName = stacks.data.bucketArnExports[bucket].name;
    const onBucket = allows('s3:').filter((s) => resourcesOfStatement(s).some((r) => mentions(r, exportName)));
    const actions = new Set(onBucket.flatMap(actionsOf));
    const access = grant.buckets[bucket];
    const expected = access === 'readwrite' ? [...OBJECT_READ, ...OBJECT_WRITE] : access === 'read' ? OBJECT_READ : [];
    expect([...actions].sort()).toEqual([...expected].sort());
    const envName = bucket === 'uploads' ? ENV.uploadsBucket : ENV.exportsBucket;
    expect(env[envName] !== undefined).toBe(access !== undefined);
  });

  it('touches no bucket outside the data stack\'s shared buckets', () => {
    const names = Object.values(stacks.data.bucketArnExports).map((e) => e.name);
    for (const resource of allows('s3:').flatMap(resourcesOfStatement)) expect(names.some((n) => mentions(resource, n))).toBe(true);
  });

  it(`sends only to ${grant.sendTo.join(', ') || 'no queue'}`, () => {
    const sendResources = allows('sqs:SendMessage').flatMap(resourcesOfStatement);
    const reached = WORKER_QUEUE_NAMES.filter((q) => sendResources.some((r) => mentions(r, logicalId(stacks.data.queues[q]))));
    expect(reached.sort()).toEqual([...grant.sendTo].sort());
    expect(sendResources).toHaveLength(grant.sendTo.length);
    // A worker also knows its own queue's URL (to let a refused job's message go at once, functions/runtime/worker.ts).
    for (const q of WORKER_QUEUE_NAMES) expect(env[queueEnvName(q)] !== undefined, q).toBe((grant.sendTo as readonly string[]).includes(q) || q === queue);
  });

  it(queue ? 'consumes its own queue only' : 'consumes no queue', () => {
    // Reading a dead-letter queue (Failed jobs) is checked on its own below.
    const dlqIds = JOB_QUEUE_NAMES.map((q) => logicalId(stacks.data.deadLetterQueues[q]));
    // (A function reading DLQs has GetQueueAttributes on their queues, for the RedrivePolicy: checked below.)
    const consuming = grant.deadLetters.length > 0 ? CONSUME.filter((a) => a !== 'sqs:GetQueueAttributes') : CONSUME;
    const consume = statements.filter((s) => actionsOf(s).some((a) => consuming.includes(a)))
      .filter((s) => !resourcesOfStatement(s).every((r) => dlqIds.some((id) => mentions(r, id))));
    if (!queue) return expect(consume).toEqual([]);
    const resources = consume.flatMap(resourcesOfStatement);
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) expect(mentions(resource, logicalId(stacks.data.queues[queue]))).toBe(true);
  });

  it(`reads the dead-letter queues of ${grant.deadLetters.join(', ') || 'no queue'} only`, () => {
    const dlqStatements = statements.filter((s) => resourcesOfStatement(s).some((r) => JOB_QUEUE_NAMES.some((q) => mentions(r, logicalId(stacks.data.deadLetterQueues[q])))));
    const reached = JOB_QUEUE_NAMES.filter((q) => dlqStatements.flatMap(resourcesOfStatement).some((r) => mentions(r, logicalId(stacks.data.deadLetterQueues[q]))));
    expect(reached.sort()).toEqual([...grant.deadLetters].sort());
    for (const s of dlqStatements) expect(actionsOf(s).sort()).toEqual(['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage']);
    // The DLQ's URL comes from its queue's RedrivePolicy: GetQueueAttributes on exactly those queues.
    for (const q of grant.deadLetters) expect(grant.sendTo).toContain(q);
    // A worker's own queue's attributes come with its event source; the others' only with DLQ reads.
    if (queue) return;
    const attributes = statements.filter((s) => actionsOf(s).includes('sqs:GetQueueAttributes')).flatMap(resourcesOfStatement);
    expect(JOB_QUEUE_NAMES.filter((q) => attributes.some((r) => mentions(r, logicalId(stacks.data.queues[q])))).sort()).toEqual([...grant.deadLetters].sort());
    expect(attributes).toHaveLength(grant.deadLetters.length);
  });

  it('reads only the secrets it is granted: the app secret if listed, and its outside systems\' credentials', () => {
    const reads = allows('secretsmanager:');
    for (const statement of reads) expect(actionsOf(statement)).toEqual(['secretsmanager:GetSecretValue']);
    const granted = [...(grant.appSecret ? [stacks.data.appSecret] : []), ...grant.external.map((s) => stacks.data.externalSecrets[s])];
    const every = [stacks.data.appSecret, ...Object.values(stacks.data.externalSecrets)];
    const resources = reads.flatMap(resourcesOfStatement);
    const reached = every.filter((secret) => resources.some((r) => mentions(r, logicalId(secret))));
    expect(reached.map(logicalId).sort()).toEqual(granted.map(logicalId).sort());
    expect(resources).toHaveLength(granted.length);
    expect(env[ENV.appSecretArn] !== undefined).toBe(grant.appSecret);
    for (const [system, { secretArn }] of Object.entries(EXTERNAL_SYSTEMS)) {
      expect(env[secretArn] !== undefined).toBe((grant.external as readonly string[]).includes(system));
    }
  });

  it(grant.sendsEmail ? 'sends e-mail only as the program\'s certificate sender, through its configuration set' : 'sends no e-mail', () => {
    const sends = allows('ses:');
    expect(env[ENV.certificateSender] !== undefined).toBe(grant.sendsEmail);
    // The configuration set whose bounce, complaint and delivery events come back (functions/email/outgoing-email.ts).
    expect(env[ENV.emailConfigurationSet] !== undefined).toBe(grant.sendsEmail);
    if (!grant.sendsEmail) return expect(sends).toEqual([]);
    expect(mentions(env[ENV.emailConfigurationSet], logicalId(stacks.data.emailEvents.configurationSet))).toBe(true);
    expect(sends).toHaveLength(1);
    // Plain text goes by SendEmail (confirmations, rejections), the certificate by SendRawEmail.
    expect(actionsOf(sends[0]!)).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect((sends[0] as { Condition?: unknown }).Condition).toEqual({ StringEquals: { 'ses:FromAddress': env[ENV.certificateSender] } });
  });

  it('writes logs only to its own log group', () => {
    const groupId = functions[logicalId(target.fn)]!.Properties.LoggingConfig.LogGroup.Ref as string;
    for (const resource of allows('logs:').flatMap(resourcesOfStatement)) expect(resource).toEqual({ 'Fn::GetAtt': [groupId, 'Arn'] });
  });
});
