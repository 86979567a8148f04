/**
 * Turns one line of shared/grants.ts into IAM statements on a function's role and the environment
 * variables that name what it may touch. Nothing else grants data access, so the grant table is the
 * whole truth about who can read or write what. Resources a function may not touch are not even named
 * in its environment, so a missing grant fails loudly ("Missing environment variable") in any stage.
 */
import { Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SESSION_UPKEEP } from '../shared/grants';
import type { FunctionGrant } from '../shared/grants';
import { queueEnvName } from '../shared/jobs';
import { APP_TABLE, ENV, EXTERNAL_SYSTEMS } from '../shared/resources';
import type { BucketName } from '../shared/resources';
import type { AppFunction } from './app-function';
import type { DataStack } from './data-stack';

/** Item reads; Scan is left out on purpose (DESIGN.md: no Scan on a request path). */
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
/** Transactions need no action of their own: IAM checks each Put/Update/Delete inside them. */
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
/** ListBucket lets a missing key answer NoSuchKey (404) instead of AccessDenied. */
const BUCKET_LIST = ['s3:ListBucket'];
const OBJECT_READ = ['s3:GetObject'];
/** AbortMultipartUpload lets the SDK's multipart upload clean up after a failed part. */
const OBJECT_WRITE = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];

const BUCKET_ENV: Record<BucketName, string> = { uploads: ENV.uploadsBucket, exports: ENV.exportsBucket };

/** What UpdateItem may ask DynamoDB to return: never whole items a read-only function could not read anyway. */
const NARROW_RETURN_VALUES = ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'];

export interface GrantOptions {
  /** The function authenticates requests (authenticatesRequests), so it slides sessions even when read-only. */
  sessionUpkeep?: boolean;
}

/** Grants `grant` to `target` and sets the environment variables naming the granted resources. */
export function grantAccess(target: AppFunction, grant: FunctionGrant, data: DataStack, options: GrantOptions = {}): void {
  const role = target.role;
  const env: Record<string, string> = { [ENV.table]: data.table.tableName };

  const tableArn = data.table.tableArn;
  // Indexes are named one by one so the policy carries no wildcard.
  const indexArns = APP_TABLE.indexes.map((index) => `${tableArn}/index/${index.name}`);
  role.addToPolicy(new PolicyStatement({ actions: TABLE_READ, resources: [tableArn, ...indexArns] }));
  if (grant.table === 'readwrite') role.addToPolicy(new PolicyStatement({ actions: TABLE_WRITE, resources: [tableArn] }));
  if (grant.table === 'read' && options.sessionUpkeep) {
    // DynamoDB fine-grained access: only these items (by partition key prefix) and these attributes.
    for (const upkeep of SESSION_UPKEEP) {
      role.addToPolicy(new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${upkeep.keyPrefix}*`] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [APP_TABLE.partitionKey, APP_TABLE.sortKey, ...upkeep.attributes] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': NARROW_RETURN_VALUES },
        },
      }));
    }
  }

  for (const [bucket, access] of Object.entries(grant.buckets) as [BucketName, FunctionGrant['table']][]) {
    const arn = data.bucketArnExports[bucket];
    const objects = `${arn.value}/*`;
    role.addToPolicy(new PolicyStatement({ actions: BUCKET_LIST, resources: [arn.value] }));
    role.addToPolicy(new PolicyStatement({
      actions: access === 'readwrite' ? [...OBJECT_READ, ...OBJECT_WRITE] : OBJECT_READ,
      resources: [objects],
    }));
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arn.name}/*]`,
      reason: `Object keys in the ${bucket} bucket are made at run time (per job, file and facility); the grant is that one bucket's objects, as shared/grants.ts lists.`,
    });
    env[BUCKET_ENV[bucket]] = data.buckets[bucket].bucketName;
  }

  for (const queue of grant.sendTo) {
    role.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [data.queues[queue].queueArn] }));
    env[queueEnvName(queue)] = data.queues[queue].queueUrl;
  }

  for (const queue of grant.deadLetters) {
    // The DLQ's URL is read from its queue's RedrivePolicy (functions/jobs/dead-letters.ts).
    role.addToPolicy(new PolicyStatement({ actions: ['sqs:GetQueueAttributes'], resources: [data.queues[queue].queueArn] }));
    role.addToPolicy(new PolicyStatement({
      actions: ['sqs:GetQueueUrl', 'sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'],
      resources: [data.deadLetterQueues[queue].queueArn],
    }));
  }

  if (grant.appSecret) {
    role.addToPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [data.appSecret.secretArn] }));
    env[ENV.appSecretArn] = data.appSecret.secretArn;
  }
  // An outside system's URL comes from CDK context named like its variable (`-c CRM_API_URL=https://...`;
  // unset is empty: the route answers 503 '<System> is not configured.'); its credentials stay in its
  // secret, which the function may read, so none of them shows in the function's configuration.
  for (const system of grant.external) {
    const { env: [urlName], secretArn } = EXTERNAL_SYSTEMS[system];
    const secret = data.externalSecrets[system];
    role.addToPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    env[urlName] = String(target.fn.node.tryGetContext(urlName) ?? '');
    env[secretArn] = secret.secretArn;
  }
  // The sender comes from CDK context (`-c CERTIFICATE_SENDER_EMAIL=certificates@example.com`); ops verify
  // it (or its domain) in SES. The function may send only as that address. Plain-text mail goes by
  // SendEmail, the certificate by SendRawEmail (functions/email/outgoing-email.ts), each naming the
  // configuration set whose events tell the program of returned mail.
  if (grant.sendsEmail) {
    const sender = String(target.fn.node.tryGetContext(ENV.certificateSender) ?? 'certificates@auditletter.example');
    role.addToPolicy(new PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: ['*'], conditions: { StringEquals: { 'ses:FromAddress': sender } },
    }));
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'SES identities are verified by ops outside this stack; the statement is limited to the one sender address by ses:FromAddress.',
    });
    env[ENV.certificateSender] = sender;
    env[ENV.emailConfigurationSet] = data.emailEvents.configurationSet.configurationSetName;
  }
  for (const [name, value] of Object.entries(env)) target.fn.addEnvironment(name, value);
}
