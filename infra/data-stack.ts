/**
 * The program's state: the single table, the uploads and exports buckets, one queue and dead-letter
 * queue per job kind and per kind of event (SES's returned e-mail, with its configuration set and topic:
 * email-events.ts), the app secret and one credentials secret per outside system. Built from
 * shared/resources.ts and shared/jobs.ts, the same definitions the local bootstrap creates, so local and
 * deployed never drift.
 */
import { Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { HttpMethods } from 'aws-cdk-lib/aws-s3';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  APP_TABLE, BUCKETS, BUCKET_EXPIRATIONS, CHECKED_PROOFS_PREFIX, EXPORTS_RECORD_VERSION_DAYS, EXPORTS_SCRATCH_VERSION_DAYS, EXPORTS_TEMPORARY_PREFIX, EXTERNAL_SYSTEMS, IMPORT_REPORT_DAYS, IMPORT_REPORTS_PREFIX, TEMPORARY_EXPORT_DAYS, UPLOAD_CORS,
  projectionOf,
} from '../shared/resources';
import type { BucketName, ExternalSystem, IndexProjection } from '../shared/resources';
import { WORKER_QUEUES, dlqName } from '../shared/jobs';
import type { WorkerQueueName } from '../shared/jobs';
import { alarmEverything, alarmTopic } from './alarms';
import { emailEvents } from './email-events';
import type { EmailEvents } from './email-events';
import { secureBucket } from './secure-bucket';

/** Defined in shared/resources.ts (the export and import-report writers use them too); re-exported for the infra tests. */
export { EXPORTS_TEMPORARY_PREFIX, IMPORT_REPORT_DAYS, IMPORT_REPORTS_PREFIX, TEMPORARY_EXPORT_DAYS };

/** The bucket's expiration rules of shared/resources.ts, as CDK takes them. */
const expirations = (bucket: BucketName) =>
  BUCKET_EXPIRATIONS[bucket].map((rule) => ({ id: rule.id, prefix: rule.prefix, expiration: Duration.days(rule.days) }));

export class DataStack extends Stack {
  readonly table: Table;
  readonly buckets: Record<BucketName, Bucket>;
  /**
   * Bucket ARNs exported under fixed names. IAM statements in other stacks build object ARNs from
   * them, so the cdk-nag finding for `arn/*` names a stable export, not a generated one.
   */
  readonly bucketArnExports: Record<BucketName, { name: string; value: string }>;
  readonly queues: Record<WorkerQueueName, Queue>;
  readonly deadLetterQueues: Record<WorkerQueueName, Queue>;
  /** The SES configuration set every e-mail names, and the topic its events reach the email-events queue by. */
  readonly emailEvents: EmailEvents;
  readonly appSecret: Secret;
  /** Credentials of each outside system (functions/external/secret-settings.ts), filled in by ops. */
  readonly externalSecrets: Record<ExternalSystem, Secret>;
  /** The program's alarm topic (alarms.ts): ops subscribe with -c alarmEmail; the API stack's alarms use it too. */
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.table = this.appTable();

    const accessLogs = secureBucket(this, 'access-logs', {
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(365) }],
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket of the uploads and exports buckets; logging it into itself would loop.',
    });
    const abortUploads = { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) };
    this.buckets = {
      uploads: secureBucket(this, BUCKETS.uploads.logicalName, {
        accessLogs,
        lifecycleRules: [abortUploads, ...expirations('uploads')],
        cors: [{
          allowedMethods: [HttpMethods.POST], allowedOrigins: [...UPLOAD_CORS.allowedOrigins],
          allowedHeaders: [...UPLOAD_CORS.allowedHeaders], maxAge: UPLOAD_CORS.maxAgeSeconds,
        }],
      }),
      // Records of what was mailed (issue 26): versioned, a replaced or deleted version kept for EXPORTS_RECORD_VERSION_DAYS;
      // what expires (temporary files, import reports) loses its old versions after a day (S3 applies the shorter rule).
      exports: secureBucket(this, BUCKETS.exports.logicalName, {
        accessLogs,
        versioned: true,
        lifecycleRules: [
          abortUploads,
          { id: 'keep-replaced-records', noncurrentVersionExpiration: Duration.days(EXPORTS_RECORD_VERSION_DAYS) },
          ...expirations('exports').map((rule) => ({ ...rule, noncurrentVersionExpiration: Duration.days(EXPORTS_SCRATCH_VERSION_DAYS) })),
        ],
      }),
    };
    this.bucketArnExports = mapKeys(BUCKETS, (key) => {
      const name = `${this.stackName}-${BUCKETS[key].logicalName}-bucket-arn`;
      return { name, value: this.exportValue(this.buckets[key].bucketArn, { name }) };
    });

    this.deadLetterQueues = {} as Record<WorkerQueueName, Queue>;
    this.queues = {} as Record<WorkerQueueName, Queue>;
    for (const def of WORKER_QUEUES) {
      const dlq = new Queue(this, dlqName(def.name), {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // The longest SQS allows, so a failed job's (or event's) message can be inspected and redriven.
        retentionPeriod: Duration.days(14),
      });
      this.deadLetterQueues[def.name] = dlq;
      this.queues[def.name] = new Queue(this, def.name, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
      });
    }

    this.emailEvents = emailEvents(this, this.queues['email-events']);
    proofNotices(this.buckets.uploads, this.queues['proof-reading']);

    this.appSecret = new Secret(this, 'app-secret', {
      description: 'Key material that seals generated first passwords until their users change them.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Sealed passwords in the table are unreadable without it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.appSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'An encryption key, not a credential: rotating it would make every sealed first password unreadable. Rotate by a planned re-seal, not on a schedule.',
    });

    this.externalSecrets = {} as Record<ExternalSystem, Secret>;
    for (const system of Object.keys(EXTERNAL_SYSTEMS) as ExternalSystem[]) {
      // The URL is not secret (CDK context); the credentials start empty, which the routes answer as
      // '<System> is not configured.' (503) until ops put the real values in.
      const { label, env: [, ...credentials] } = EXTERNAL_SYSTEMS[system];
      const secret = new Secret(this, `${system}-credentials`, {
        description: `${label} credentials for the program's calls: a JSON object with ${credentials.join(', ')}.`,
        secretObjectValue: Object.fromEntries(credentials.map((name) => [name, SecretValue.unsafePlainText('')])),
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: `Credentials issued by ${label}, not by AWS: they change when the vendor issues new ones, and ops put them in with put-secret-value (README, Deploy). No rotation Lambda can ask the vendor for new ones.`,
      });
      // Outputs SitelinkCredentialsSecret, StoredgeCredentialsSecret, CrmCredentialsSecret (README, Deploy).
      new CfnOutput(this, `${system[0]!.toUpperCase()}${system.slice(1)}CredentialsSecret`, { value: secret.secretName, description: `Put the ${label} credentials here (JSON: ${credentials.join(', ')})` });
      this.externalSecrets[system] = secret;
    }

    this.alarmTopic = alarmTopic(this);
    alarmEverything(this, this.alarmTopic);
  }

  private appTable(): Table {
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    const table = new Table(this, APP_TABLE.logicalName, {
      partitionKey: key(APP_TABLE.partitionKey),
      sortKey: key(APP_TABLE.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: APP_TABLE.ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of indexesToDeploy(this.node.tryGetContext('withholdIndexes'))) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        ...cdkProjection(index.projection),
      });
    }
    return table;
  }
}

/**
 * S3 tells the proof-reading queue of every proof the portal keeps (CHECKED_PROOFS_PREFIX), so the worker
 * reads it off the portal's path (functions/proofs/proof-reading.ts). Written on the bucket itself
 * (CloudFormation's NotificationConfiguration), not with addEventNotification, whose custom resource is a
 * Lambda function that the local stack's emulator cannot run. S3 checks that it may send before it
 * accepts the configuration, so the bucket waits for the queue's policy; the policy names this account's
 * buckets, not this bucket's ARN, which would make the two depend on each other.
 */
function proofNotices(bucket: Bucket, queue: Queue): void {
  const { policyDependable } = queue.addToResourcePolicy(new PolicyStatement({
    principals: [new ServicePrincipal('s3.amazonaws.com')],
    actions: ['sqs:SendMessage'],
    resources: [queue.queueArn],
    conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID }, ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:s3:::*` } },
  }));
  (bucket.node.defaultChild as CfnBucket).notificationConfiguration = {
    queueConfigurations: [{
      event: 's3:ObjectCreated:*', queue: queue.queueArn,
      filter: { s3Key: { rules: [{ name: 'prefix', value: CHECKED_PROOFS_PREFIX }] } },
    }],
  };
  if (policyDependable) bucket.node.addDependency(policyDependable);
}

function mapKeys<K extends string, V>(source: Record<K, unknown>, value: (key: K) => V): Record<K, V> {
  return Object.fromEntries((Object.keys(source) as K[]).map((key) => [key, value(key)])) as Record<K, V>;
}

/** The shared index projection (shared/resources.ts) in CDK's terms. */
function cdkProjection(projection: IndexProjection): { projectionType: ProjectionType; nonKeyAttributes?: string[] } {
  const { ProjectionType: type, NonKeyAttributes } = projectionOf(projection);
  const projectionType = type === 'INCLUDE' ? ProjectionType.INCLUDE : type === 'KEYS_ONLY' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL;
  return NonKeyAttributes ? { projectionType, nonKeyAttributes: NonKeyAttributes } : { projectionType };
}

/**
 * The table's indexes but those `-c withholdIndexes=a,b` names. CloudFormation creates one global
 * secondary index per table update; a release that adds two (issue 24: tname2 and temail) reaches a
 * stack deployed before it in two deployments, the first withholding the newer index (README: Deploy).
 */
export function indexesToDeploy(withhold: unknown): (typeof APP_TABLE.indexes)[number][] {
  const names = String(withhold ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !APP_TABLE.indexes.some((index) => index.name === n));
  if (unknown.length) throw new Error(`-c withholdIndexes names no index of the table: ${unknown.join(', ')} (its indexes: ${APP_TABLE.indexes.map((i) => i.name).join(', ')}).`);
  return APP_TABLE.indexes.filter((index) => !names.includes(index.name));
}
