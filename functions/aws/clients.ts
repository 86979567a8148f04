/**
 * AWS SDK v3 clients, created once per process (Lambda container or local runtime). The SDK reads
 * AWS_ENDPOINT_URL itself, so the same code talks to AWS, LocalStack or moto.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';

const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
/** Emulators serve buckets by path, not by virtual host. */
const forcePathStyle = Boolean(process.env.AWS_ENDPOINT_URL);

let doc: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sqs: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(new DynamoDBClient({ region }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

export function s3Client(): S3Client {
  s3 ??= new S3Client({ region, forcePathStyle });
  return s3;
}

export function sqsClient(): SQSClient {
  sqs ??= new SQSClient({ region });
  return sqs;
}
