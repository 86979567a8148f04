/** Every bucket of the program starts from the same baseline: private, encrypted, TLS 1.2+ only, logged. */
import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import type { BucketProps, IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface SecureBucketProps extends BucketProps {
  /** Where S3 server access logs go (under `${id}/`); omitted only for the log bucket itself. */
  accessLogs?: IBucket;
}

export function secureBucket(scope: Construct, id: string, { accessLogs, ...props }: SecureBucketProps): Bucket {
  return new Bucket(scope, id, {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    removalPolicy: RemovalPolicy.RETAIN,
    ...(accessLogs ? { serverAccessLogsBucket: accessLogs, serverAccessLogsPrefix: `${id}/` } : {}),
    ...props,
  });
}
