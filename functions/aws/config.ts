/** Physical resource names, from the environment CDK (or the local runtime) sets. */
import { ENV } from '../../shared/resources';
import type { BucketName } from '../../shared/resources';
import { queueEnvName } from '../../shared/jobs';
import type { WorkerQueueName } from '../../shared/jobs';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const tableName = (): string => required(ENV.table);

export const bucketName = (bucket: BucketName): string =>
  required(bucket === 'uploads' ? ENV.uploadsBucket : ENV.exportsBucket);


export const queueUrl = (queue: WorkerQueueName): string => required(queueEnvName(queue));

export const appVersion = (): string => process.env[ENV.version] ?? '0.0.0';
