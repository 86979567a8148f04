/**
 * The CDK data stack deployed into LocalStack through CloudFormation (localstack/data-stack.ts): what the
 * program runs on is what the template says, a template LocalStack refuses fails with its reasons, and a
 * stack deployed from an older template gains what the current one adds (npm start on a kept stack).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, GetBucketLifecycleConfigurationCommand, GetBucketVersioningCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CloudFormationClient, DescribeStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { nameKeysMigrated } from '../../functions/tenants/name-key-migration';
import { JOB_QUEUES, queueEnvName } from '../../shared/jobs';
import { APP_TABLE, BUCKET_EXPIRATIONS, ENV, EXPORTS_RECORD_VERSION_DAYS, UPLOAD_CORS } from '../../shared/resources';
import { StackRefused, dataStackName, dataTemplate, deployDataStack, deployTemplate, resourceEnv } from '../../localstack/data-stack';
import { deadLetterQueueUrl } from './helpers';

const region = () => process.env.AWS_REGION ?? 'us-east-1';
const prefix = () => `ds-${randomBytes(3).toString('hex')}`;

describe('the data stack in LocalStack', () => {
  it('deploys the table with every index and TTL, the buckets with CORS and expirations, the queues with their redrive', async () => {
    const name = prefix();
    const env = await deployDataStack(name);
    const table = (await new DynamoDBClient({ region: region() }).send(new DescribeTableCommand({ TableName: env[ENV.table] }))).Table!;
    expect(table.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.IndexStatus]).sort()).toEqual(APP_TABLE.indexes.map((i) => [i.name, 'ACTIVE']).sort());
    const ttl = await new DynamoDBClient({ region: region() }).send(new DescribeTimeToLiveCommand({ TableName: env[ENV.table] }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: APP_TABLE.ttlAttribute, TimeToLiveStatus: 'ENABLED' });

    const s3 = new S3Client({ region: region(), forcePathStyle: true });
    const cors = await s3.send(new GetBucketCorsCommand({ Bucket: env[ENV.uploadsBucket] }));
    expect(cors.CORSRules).toEqual([expect.objectContaining({ AllowedMethods: [...UPLOAD_CORS.allowedMethods], AllowedOrigins: [...UPLOAD_CORS.allowedOrigins] })]);
    for (const [bucket, name] of [['uploads', env[ENV.uploadsBucket]], ['exports', env[ENV.exportsBucket]]] as const) {
      const rules = (await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: name }))).Rules ?? [];
      for (const rule of BUCKET_EXPIRATIONS[bucket]) {
        expect(rules, `${bucket}: ${rule.id}`).toContainEqual(expect.objectContaining({ Expiration: { Days: rule.days } }));
      }
    }
    // Issue 26: the exports bucket keeps versions (records of what was mailed), a replaced one for three years.
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: env[ENV.exportsBucket] }))).Status).toBe('Enabled');
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: env[ENV.uploadsBucket] }))).Status).toBeUndefined();
    const exportRules = (await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: env[ENV.exportsBucket] }))).Rules ?? [];
    expect(exportRules).toContainEqual(expect.objectContaining({ NoncurrentVersionExpiration: expect.objectContaining({ NoncurrentDays: EXPORTS_RECORD_VERSION_DAYS }) }));

    const sqs = new SQSClient({ region: region() });
    for (const q of JOB_QUEUES) {
      const url = env[queueEnvName(q.name)]!;
      const attributes = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['VisibilityTimeout', 'RedrivePolicy'] }))).Attributes!;
      expect(Number(attributes.VisibilityTimeout)).toBe(q.visibilityTimeoutSeconds);
      expect(Number(JSON.parse(attributes.RedrivePolicy!).maxReceiveCount)).toBe(q.maxReceiveCount);
      expect(await deadLetterQueueUrl(url)).not.toBe(url);
    }
    expect(env[ENV.appSecretArn]).toMatch(/^arn:aws:secretsmanager:/);
    // Issue 26: the alarm topic and every alarm of the template were created.
    const resources = (await new CloudFormationClient({ region: region() }).send(new DescribeStackResourcesCommand({ StackName: dataStackName(name) }))).StackResources ?? [];
    const { template } = await dataTemplate();
    const wanted = (type: string) => Object.values((template as { Resources: Record<string, { Type: string }> }).Resources).filter((r) => r.Type === type).length;
    for (const type of ['AWS::SNS::Topic', 'AWS::CloudWatch::Alarm']) {
      const made = resources.filter((r) => r.ResourceType === type);
      expect(made.length, type).toBe(wanted(type));
      expect(made.length, type).toBeGreaterThan(0);
      expect(made.every((r) => r.ResourceStatus === 'CREATE_COMPLETE'), type).toBe(true);
    }
    // A table just made holds no tenant from before the search keys: npm start has nothing to migrate.
    expect(await nameKeysMigrated(env[ENV.table])).toBe(true);
  });

  it('fails with the resource LocalStack refused and its reason', async () => {
    const { template } = await dataTemplate();
    const resources = structuredClone((template as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> }).Resources);
    const [tableId, table] = Object.entries(resources).find(([, r]) => r.Type === 'AWS::DynamoDB::Table')!;
    // An index keyed on an attribute the table does not define: DynamoDB refuses it.
    const indexes = table.Properties.GlobalSecondaryIndexes as { KeySchema: { AttributeName: string }[] }[];
    indexes[0]!.KeySchema[0]!.AttributeName = 'not_defined';
    const refused = deployTemplate(dataStackName(prefix()), { ...template, Resources: { [tableId]: table } });
    await expect(refused).rejects.toThrow(StackRefused);
    await expect(refused).rejects.toThrow(new RegExp(`${tableId} \\(AWS::DynamoDB::Table\\)`));
  });

  it('a stack deployed from an older template gains the index the current one adds, filled from the items that carry its keys', async () => {
    const p = prefix();
    const { template, logicalIds } = await dataTemplate();
    const older = structuredClone(template) as { Resources: Record<string, { Properties: Record<string, unknown> }> };
    const tableProps = older.Resources[logicalIds.table]!.Properties as {
      GlobalSecondaryIndexes: { IndexName: string }[]; AttributeDefinitions: { AttributeName: string }[];
    };
    tableProps.GlobalSecondaryIndexes = tableProps.GlobalSecondaryIndexes.filter((i) => i.IndexName !== 'tname2');
    tableProps.AttributeDefinitions = tableProps.AttributeDefinitions.filter((a) => !a.AttributeName.startsWith('tname2'));
    await deployTemplate(dataStackName(p), older);
    const name = (await resourceEnv(dataStackName(p)))[ENV.table]!;
    await dynamo().send(new PutCommand({ TableName: name, Item: { pk: 'TENANT#kept-1', sk: 'TENANT', tname2pk: 'om', tname2sk: 'omar garcia#kept-1' } }));

    const env = await deployDataStack(p);
    expect(env[ENV.table]).toBe(name);
    // Kept from before: its tenants still need their search keys written (npm start runs the migration).
    expect(await nameKeysMigrated(name)).toBe(false);
    const table = (await new DynamoDBClient({ region: region() }).send(new DescribeTableCommand({ TableName: name }))).Table!;
    expect(table.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.IndexStatus]).sort()).toEqual(APP_TABLE.indexes.map((i) => [i.name, 'ACTIVE']).sort());
    const found = await dynamo().send(new QueryCommand({
      TableName: name, IndexName: 'tname2', KeyConditionExpression: 'tname2pk = :pk AND begins_with(tname2sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'om', ':prefix': 'omar garc' },
    }));
    expect(found.Items?.map((i) => i.pk)).toEqual(['TENANT#kept-1']);
  });
});
