/**
 * AWS SDK v3 clients, created once per process (Lambda container or local runtime). The SDK reads
 * AWS_ENDPOINT_URL itself, and AWS_ENDPOINT_URL_DYNAMODB before it for DynamoDB (checked with this SDK
 * version), so the same code talks to AWS or LocalStack (localstack/emulator.ts).
 *
 * DynamoDB is used by nearly every request and is loaded at init. The S3 and SQS clients are loaded on
 * first use (`await import`): most requests of the Lambdas that carry them (auth, validation, lookups)
 * never touch a bucket or a queue, and loading them at init cost ≈ 35 ms of cold start
 * (docs/decisions.md, "Spreadsheet exports run as jobs"). Modules that send S3 or SQS commands load the
 * command classes the same way (`s3Commands()`, `sqsCommands()`); type-only imports stay static.
 * Secrets Manager is read once per container for a key or a set of credentials (`secretString`), so it
 * is loaded on first use too.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
/** Emulators serve buckets by path, not by virtual host. */
const forcePathStyle = Boolean(process.env.AWS_ENDPOINT_URL);

export type S3Module = typeof import('@aws-sdk/client-s3');
export type SQSModule = typeof import('@aws-sdk/client-sqs');

let doc: DynamoDBDocumentClient | undefined;
let s3Module: Promise<S3Module> | undefined;
let sqsModule: Promise<SQSModule> | undefined;
let s3: Promise<S3Client> | undefined;
let sqs: Promise<SQSClient> | undefined;
let ses: Promise<import('@aws-sdk/client-ses').SESClient> | undefined;
let sesModule: Promise<typeof import('@aws-sdk/client-ses')> | undefined;
let secretsModule: Promise<typeof import('@aws-sdk/client-secrets-manager')> | undefined;
let secrets: Promise<SecretsManagerClient> | undefined;

/** A failed load is not cached, so the next call tries again. */
function once<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  return load().catch((err: unknown) => {
    forget();
    throw err;
  });
}

export function dynamo(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(new DynamoDBClient({ region }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

/** The S3 package (client and command classes), loaded on first use. */
export function s3Commands(): Promise<S3Module> {
  s3Module ??= once(() => import('@aws-sdk/client-s3'), () => { s3Module = undefined; });
  return s3Module;
}

/** The SQS package (client and command classes), loaded on first use. */
export function sqsCommands(): Promise<SQSModule> {
  sqsModule ??= once(() => import('@aws-sdk/client-sqs'), () => { sqsModule = undefined; });
  return sqsModule;
}

export function s3Client(): Promise<S3Client> {
  s3 ??= once(async () => new (await s3Commands()).S3Client({ region, forcePathStyle }), () => { s3 = undefined; });
  return s3;
}

export function sqsClient(): Promise<SQSClient> {
  sqs ??= once(async () => new (await sqsCommands()).SQSClient({ region }), () => { sqs = undefined; });
  return sqs;
}

/** The SES package, loaded on first use (only the letter worker sends e-mail). */
export function sesCommands(): Promise<typeof import('@aws-sdk/client-ses')> {
  sesModule ??= once(() => import('@aws-sdk/client-ses'), () => { sesModule = undefined; });
  return sesModule;
}

export function sesClient(): Promise<import('@aws-sdk/client-ses').SESClient> {
  ses ??= once(async () => new (await sesCommands()).SESClient({ region }), () => { ses = undefined; });
  return ses;
}

function secretsCommands(): Promise<typeof import('@aws-sdk/client-secrets-manager')> {
  secretsModule ??= once(() => import('@aws-sdk/client-secrets-manager'), () => { secretsModule = undefined; });
  return secretsModule;
}

/** The current string value of a Secrets Manager secret (ARN or name); undefined for a binary secret. */
export async function secretString(secretId: string): Promise<string | undefined> {
  const { SecretsManagerClient, GetSecretValueCommand } = await secretsCommands();
  secrets ??= once(async () => new SecretsManagerClient({ region }), () => { secrets = undefined; });
  const out = await (await secrets).send(new GetSecretValueCommand({ SecretId: secretId }));
  return out.SecretString;
}
