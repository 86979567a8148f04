/** The data stack matches shared/resources.ts and shared/jobs.ts, and every bucket and queue is locked down. */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { EXPORTS_TEMPORARY_PREFIX, IMPORT_REPORT_DAYS, IMPORT_REPORTS_PREFIX, TEMPORARY_EXPORT_DAYS } from '../../infra/data-stack';
import { WORKER_QUEUES } from '../../shared/jobs';
import {
  APP_TABLE, BUCKETS, CHECKED_PROOFS_PREFIX, IMPORT_UPLOAD_DAYS, IMPORT_UPLOADS_PREFIX, PROOF_UPLOAD_DAYS, PROOF_UPLOADS_PREFIX, UPLOAD_CORS, projectionOf,
  EMAIL_CONFIGURATION_SET_SUFFIX, EMAIL_EVENT_TYPES, EXPORTS_RECORD_VERSION_DAYS, EXPORTS_SCRATCH_VERSION_DAYS,
} from '../../shared/resources';
import { logicalId, mentions, resourcesOf, synthApp } from './synth';

const { stacks, templates } = synthApp();
const data = templates.data;

describe('app table', () => {
  const [table] = Object.values(resourcesOf(data, 'AWS::DynamoDB::Table'));
  const props = table!.Properties;

  it('is the only table, keyed and indexed (with each index\'s projection) as APP_TABLE says', () => {
    expect(Object.keys(resourcesOf(data, 'AWS::DynamoDB::Table'))).toHaveLength(1);
    expect(props.KeySchema).toEqual([
      { AttributeName: APP_TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: APP_TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(props.GlobalSecondaryIndexes).toHaveLength(APP_TABLE.indexes.length);
    for (const index of APP_TABLE.indexes) {
      expect(props.GlobalSecondaryIndexes).toContainEqual({
        IndexName: index.name,
        KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, { AttributeName: index.sortKey, KeyType: 'RANGE' }],
        Projection: projectionOf(index.projection),
      });
    }
    // DynamoDB refuses more than 100 projected non-key attributes summed over a table's indexes.
    const projected = (props.GlobalSecondaryIndexes as { Projection: { NonKeyAttributes?: string[] } }[]).reduce((n, i) => n + (i.Projection.NonKeyAttributes?.length ?? 0), 0);
    expect(projected).toBeLessThanOrEqual(100);
  });

  it('withholds the indexes -c withholdIndexes names (an upgrade adds one index per deployment), and refuses a name it does not have', () => {
    const withheld = resourcesOf(synthApp({ context: { withholdIndexes: 'temail' } }).templates.data, 'AWS::DynamoDB::Table');
    const names = (Object.values(withheld)[0]!.Properties.GlobalSecondaryIndexes as { IndexName: string }[]).map((i) => i.IndexName);
    expect(names).toEqual(APP_TABLE.indexes.map((i) => i.name).filter((n) => n !== 'temail'));
    expect(() => synthApp({ context: { withholdIndexes: 'temail,tnames' } })).toThrow(/withholdIndexes names no index of the table: tnames/);
  });

  it('is on-demand with point-in-time recovery, TTL and protection against deletion', () => {
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: APP_TABLE.ttlAttribute, Enabled: true });
    expect(props.DeletionProtectionEnabled).toBe(true);
    expect(table!.DeletionPolicy).toBe('Retain');
  });
});

describe('buckets', () => {
  const allBuckets = Object.entries(templates).flatMap(([stack, template]) =>
    Object.entries(resourcesOf(template, 'AWS::S3::Bucket')).map(([id, bucket]) => ({ stack, id, bucket, template })));

  it('has the shared buckets plus a log bucket in the data stack', () => {
    expect(Object.keys(resourcesOf(data, 'AWS::S3::Bucket'))).toHaveLength(Object.keys(BUCKETS).length + 1);
  });

  it.each(allBuckets.map((b) => [`${b.stack}/${b.id}`, b] as const))('%s is encrypted, private and TLS-only', (_name, { id, bucket, template }) => {
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
    });
    const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy')).filter((p) => mentions(p.Properties.Bucket, id));
    expect(policies).toHaveLength(1);
    expect(policies[0]!.Properties.PolicyDocument.Statement).toContainEqual(expect.objectContaining({
      Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    }));
  });

  it('logs access to the uploads and exports buckets', () => {
    const logBucket = logicalId(stacks.data.node.findChild('access-logs'));
    for (const bucket of Object.values(stacks.data.buckets)) {
      const props = data.toJSON().Resources[logicalId(bucket)].Properties;
      expect(mentions(props.LoggingConfiguration.DestinationBucketName, logBucket)).toBe(true);
    }
  });

  it('expires temporary exports after a week and import reports after 90 days, and keeps the rest (archive spreadsheets, letters)', () => {
    const exportsBucket = data.toJSON().Resources[logicalId(stacks.data.buckets.exports)].Properties;
    const expiring = exportsBucket.LifecycleConfiguration.Rules.filter((rule: { ExpirationInDays?: number }) => rule.ExpirationInDays);
    expect(expiring).toEqual([
      expect.objectContaining({ Prefix: EXPORTS_TEMPORARY_PREFIX, ExpirationInDays: TEMPORARY_EXPORT_DAYS, Status: 'Enabled' }),
      expect.objectContaining({ Prefix: IMPORT_REPORTS_PREFIX, ExpirationInDays: IMPORT_REPORT_DAYS, Status: 'Enabled' }),
    ]);
    expect(IMPORT_REPORT_DAYS).toBe(90);
    // S3 applies the shortest expiration of overlapping rules: the reports must not sit under the temporary prefix.
    expect(IMPORT_REPORTS_PREFIX.startsWith(EXPORTS_TEMPORARY_PREFIX)).toBe(false);
  });

  it('keeps versions of the exports bucket (records of what was mailed): a replaced one three years, a temporary file\'s or report\'s a day; uploads unversioned', () => {
    const resources = data.toJSON().Resources;
    const exportsBucket = resources[logicalId(stacks.data.buckets.exports)].Properties;
    expect(exportsBucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = exportsBucket.LifecycleConfiguration.Rules as { Prefix?: string; NoncurrentVersionExpiration?: { NoncurrentDays: number } }[];
    // The record rule covers every key (no prefix); each expiring prefix drops its old versions sooner.
    expect(rules.filter((r) => !r.Prefix && r.NoncurrentVersionExpiration).map((r) => r.NoncurrentVersionExpiration)).toEqual([{ NoncurrentDays: EXPORTS_RECORD_VERSION_DAYS }]);
    expect(EXPORTS_RECORD_VERSION_DAYS).toBe(1095);
    for (const prefix of [EXPORTS_TEMPORARY_PREFIX, IMPORT_REPORTS_PREFIX]) {
      expect(rules.find((r) => r.Prefix === prefix)?.NoncurrentVersionExpiration, prefix).toEqual({ NoncurrentDays: EXPORTS_SCRATCH_VERSION_DAYS });
    }
    expect(resources[logicalId(stacks.data.buckets.uploads)].Properties.VersioningConfiguration).toBeUndefined();
  });

  it('expires an import\'s files after a week and proof uploads never submitted after a day, and keeps checked proofs with the tenant\'s record', () => {
    const uploads = data.toJSON().Resources[logicalId(stacks.data.buckets.uploads)].Properties;
    const expiring = uploads.LifecycleConfiguration.Rules.filter((rule: { ExpirationInDays?: number }) => rule.ExpirationInDays);
    expect(expiring).toEqual([
      expect.objectContaining({ Prefix: IMPORT_UPLOADS_PREFIX, ExpirationInDays: IMPORT_UPLOAD_DAYS, Status: 'Enabled' }),
      expect.objectContaining({ Prefix: PROOF_UPLOADS_PREFIX, ExpirationInDays: PROOF_UPLOAD_DAYS, Status: 'Enabled' }),
    ]);
    expect(PROOF_UPLOAD_DAYS).toBe(1);
    // No expiring rule covers the checked proofs (a rule without a prefix would cover every key).
    for (const rule of expiring) expect(rule.Prefix && CHECKED_PROOFS_PREFIX.startsWith(rule.Prefix)).toBeFalsy();
    expect(CHECKED_PROOFS_PREFIX.startsWith(PROOF_UPLOADS_PREFIX) || PROOF_UPLOADS_PREFIX.startsWith(CHECKED_PROOFS_PREFIX)).toBe(false);
  });

  it('answers the browser\'s presigned POSTs to the uploads bucket from the site, and only POSTs', () => {
    const uploads = data.toJSON().Resources[logicalId(stacks.data.buckets.uploads)].Properties;
    expect(uploads.CorsConfiguration.CorsRules).toEqual([expect.objectContaining({
      AllowedMethods: ['POST'], AllowedOrigins: [...UPLOAD_CORS.allowedOrigins], AllowedHeaders: [...UPLOAD_CORS.allowedHeaders],
    })]);
    // The site's origin is the distribution's address, made by the Web stack after this one: '*' covers it.
    expect(UPLOAD_CORS.allowedOrigins).toEqual(['*']);
    const exportsBucket = data.toJSON().Resources[logicalId(stacks.data.buckets.exports)].Properties;
    expect(exportsBucket.CorsConfiguration).toBeUndefined();
  });
});

describe('job queues', () => {
  const resources = data.toJSON().Resources;

  it('has one queue and one dead-letter queue per WORKER_QUEUES entry (jobs and events)', () => {
    expect(Object.keys(resourcesOf(data, 'AWS::SQS::Queue'))).toHaveLength(WORKER_QUEUES.length * 2);
  });

  it.each(WORKER_QUEUES.map((def) => [def.name, def] as const))('%s has its visibility timeout and redrive to its DLQ', (name, def) => {
    const queue = resources[logicalId(stacks.data.queues[name])].Properties;
    const dlqId = logicalId(stacks.data.deadLetterQueues[name]);
    expect(queue.VisibilityTimeout).toBe(def.visibilityTimeoutSeconds);
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: def.maxReceiveCount });
    expect(def.visibilityTimeoutSeconds).toBeGreaterThan(def.workerTimeoutSeconds);
  });

  it('encrypts every queue and refuses plain HTTP', () => {
    for (const [id, queue] of Object.entries(resourcesOf(data, 'AWS::SQS::Queue'))) {
      expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
      const policy = Object.values(resourcesOf(data, 'AWS::SQS::QueuePolicy')).find((p) => mentions(p.Properties.Queues, id));
      expect(policy?.Properties.PolicyDocument.Statement, id).toContainEqual(expect.objectContaining({
        Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }));
    }
  });
});

describe('app secret', () => {
  it('is generated by Secrets Manager, never written into the template, and kept on delete', () => {
    data.hasResource('AWS::SecretsManager::Secret', {
      Properties: { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }), SecretString: Match.absent() },
      DeletionPolicy: 'Retain',
    });
  });
});

describe('returned e-mail (issue 26)', () => {
  const resources = data.toJSON().Resources;
  const sets = resourcesOf(data, 'AWS::SES::ConfigurationSet');
  const destinations = resourcesOf(data, 'AWS::SES::ConfigurationSetEventDestination');
  const topicId = logicalId(stacks.data.emailEvents.topic);

  it('has one configuration set, named after the deployed stack, with reputation metrics', () => {
    expect(Object.keys(sets)).toEqual([logicalId(stacks.data.emailEvents.configurationSet)]);
    const props = Object.values(sets)[0]!.Properties;
    expect(props.Name).toEqual({ 'Fn::Join': ['', [{ Ref: 'AWS::StackName' }, EMAIL_CONFIGURATION_SET_SUFFIX]] });
    expect(props.ReputationOptions).toEqual({ ReputationMetricsEnabled: true });
  });

  it('publishes bounces, complaints and deliveries of the set to the e-mail events topic', () => {
    expect(Object.values(destinations)).toHaveLength(1);
    const props = Object.values(destinations)[0]!.Properties;
    expect(mentions(props.ConfigurationSetName, logicalId(stacks.data.emailEvents.configurationSet))).toBe(true);
    expect(props.EventDestination).toMatchObject({ Enabled: true, SnsDestination: { TopicARN: { Ref: topicId } } });
    expect([...props.EventDestination.MatchingEventTypes].sort()).toEqual([...EMAIL_EVENT_TYPES].sort());
  });

  it('lets only SES publish to the topic for this configuration set, over TLS', () => {
    const policies = Object.values(resourcesOf(data, 'AWS::SNS::TopicPolicy')).filter((p) => mentions(p.Properties.Topics, topicId));
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as { Effect: string; Principal?: { Service?: string }; Condition?: unknown }[]);
    const ses = statements.filter((s) => s.Effect === 'Allow' && s.Principal?.Service === 'ses.amazonaws.com');
    expect(ses).toHaveLength(1);
    expect(JSON.stringify(ses[0]!.Condition)).toContain('configuration-set/');
    expect(statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport'))).toBe(true);
  });

  it('feeds the email-events queue from the topic in SNS envelopes (no raw delivery)', () => {
    const queueId = logicalId(stacks.data.queues['email-events']);
    const subscriptions = Object.values(resourcesOf(data, 'AWS::SNS::Subscription')).filter((s) => mentions(s.Properties.TopicArn, topicId));
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.Properties).toMatchObject({ Protocol: 'sqs', Endpoint: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    expect(subscriptions[0]!.Properties.RawMessageDelivery).toBeUndefined();
    const queuePolicies = Object.values(resourcesOf(data, 'AWS::SQS::QueuePolicy')).filter((p) => mentions(p.Properties.Queues, queueId));
    expect(JSON.stringify(queuePolicies.map((p) => p.Properties.PolicyDocument))).toContain('sns.amazonaws.com');
    expect(resources[queueId].Properties.RedrivePolicy.deadLetterTargetArn).toEqual({ 'Fn::GetAtt': [logicalId(stacks.data.deadLetterQueues['email-events']), 'Arn'] });
  });
});
