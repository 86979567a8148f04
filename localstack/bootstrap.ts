/**
 * Creates the program's table, buckets and queues in the emulator from shared/resources.ts and
 * shared/jobs.ts (the same definitions CDK deploys). Safe to run again: existing resources are kept.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, PutBucketLifecycleConfigurationCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, VerifyEmailIdentityCommand } from '@aws-sdk/client-ses';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { APP_TABLE, BUCKETS, BUCKET_EXPIRATIONS, ENV, LOCAL_CERTIFICATE_SENDER, UPLOAD_CORS, localName, projectionOf } from '../shared/resources';
import type { BucketName } from '../shared/resources';
import { JOB_QUEUES, dlqName, queueEnvName } from '../shared/jobs';
import { deployDataStack } from './data-stack';
import { localAws } from './emulator';

export type ResourceEnv = Record<string, string>;

/**
 * The program's resources under `prefix`: on LocalStack, the CDK data stack deployed through
 * CloudFormation (localstack/data-stack.ts); on moto, created one by one from the shared definitions.
 * Then the SES sender identity, which ops verify outside the stacks.
 */
export async function bootstrapResources(prefix: string): Promise<ResourceEnv> {
  if (localAws() === 'localstack') return { ...(await deployDataStack(prefix)), ...(await verifySender()) };
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const env: ResourceEnv = {};
  env[ENV.table] = await ensureTable(new DynamoDBClient({ region }), localName(prefix, APP_TABLE.logicalName));
  const s3 = new S3Client({ region, forcePathStyle: true });
  for (const [key, bucket] of Object.entries(BUCKETS)) {
    const name = localName(prefix, bucket.logicalName);
    await s3.send(new CreateBucketCommand({ Bucket: name })).catch((err) => {
      if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(err.name)) throw err;
    });
    if (key === 'uploads') {
      await s3.send(new PutBucketCorsCommand({
        Bucket: name,
        CORSConfiguration: {
          CORSRules: [{
            AllowedMethods: [...UPLOAD_CORS.allowedMethods], AllowedOrigins: [...UPLOAD_CORS.allowedOrigins],
            AllowedHeaders: [...UPLOAD_CORS.allowedHeaders], MaxAgeSeconds: UPLOAD_CORS.maxAgeSeconds,
          }],
        },
      }));
    }
    // The expiration rules CDK deploys (the emulator keeps them; whether it applies them is its business).
    await s3.send(new PutBucketLifecycleConfigurationCommand({
      Bucket: name,
      LifecycleConfiguration: {
        Rules: BUCKET_EXPIRATIONS[key as BucketName].map((rule) => ({
          ID: rule.id, Status: 'Enabled', Filter: { Prefix: rule.prefix }, Expiration: { Days: rule.days },
        })),
      },
    }));
    env[key === 'uploads' ? ENV.uploadsBucket : ENV.exportsBucket] = name;
  }
  const sqs = new SQSClient({ region });
  for (const q of JOB_QUEUES) {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: localName(prefix, dlqName(q.name)) }));
    const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
    const queue = await sqs.send(new CreateQueueCommand({
      QueueName: localName(prefix, q.name),
      Attributes: {
        VisibilityTimeout: String(q.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: q.maxReceiveCount }),
      },
    }));
    env[queueEnvName(q.name)] = queue.QueueUrl!;
  }
  return { ...env, ...(await verifySender()) };
}

/** SES sends only from a verified identity; deployed, ops verify the program's domain (docs/operations). */
async function verifySender(): Promise<ResourceEnv> {
  const sender = process.env[ENV.certificateSender] ?? LOCAL_CERTIFICATE_SENDER;
  await new SESClient({ region: process.env.AWS_REGION ?? 'us-east-1' }).send(new VerifyEmailIdentityCommand({ EmailAddress: sender }));
  return { [ENV.certificateSender]: sender };
}

/**
 * An index of APP_TABLE that a table made by an earlier version lacks (npm start keeps its table on disk)
 * is added, one at a time as DynamoDB (and CloudFormation) add them; the emulator fills it from the items
 * that carry its keys. Items written before their keys existed get them from the index's own migration
 * (the name indexes: localstack/tenant-names-migrate.ts, which npm start runs).
 */
async function addMissingIndexes(ddb: DynamoDBClient, name: string, existing: readonly string[]): Promise<void> {
  for (const index of APP_TABLE.indexes.filter((i) => !existing.includes(i.name))) {
    await ddb.send(new UpdateTableCommand({
      TableName: name,
      AttributeDefinitions: [index.partitionKey, index.sortKey].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
      GlobalSecondaryIndexUpdates: [{
        Create: {
          IndexName: index.name,
          KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, { AttributeName: index.sortKey, KeyType: 'RANGE' }],
          Projection: projectionOf(index.projection),
        },
      }],
    }));
    for (let waited = 0; ; waited += 1) {
      const table = await ddb.send(new DescribeTableCommand({ TableName: name }));
      if (table.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.name)?.IndexStatus === 'ACTIVE') break;
      if (waited >= 600) throw new Error(`The index ${index.name} of ${name} is not active after 10 minutes.`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function ensureTable(ddb: DynamoDBClient, name: string): Promise<string> {
  try {
    const table = await ddb.send(new DescribeTableCommand({ TableName: name }));
    await addMissingIndexes(ddb, name, (table.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? ''));
    return name;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  const attributes = new Set<string>([APP_TABLE.partitionKey, APP_TABLE.sortKey]);
  for (const index of APP_TABLE.indexes) { attributes.add(index.partitionKey); attributes.add(index.sortKey); }
  await ddb.send(new CreateTableCommand({
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: APP_TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: APP_TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: APP_TABLE.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: projectionOf(index.projection),
    })),
  }));
  await ddb.send(new UpdateTimeToLiveCommand({
    TableName: name,
    TimeToLiveSpecification: { AttributeName: APP_TABLE.ttlAttribute, Enabled: true },
  }));
  return name;
}
