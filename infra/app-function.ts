/**
 * The one way a handler file becomes a Lambda: bundled with the shared esbuild options, current Node on
 * ARM, JSON logs into its own log group with a retention, X-Ray active tracing, and an own role that
 * starts with nothing but writing to that log group and its traces (grant-access.ts adds what
 * shared/grants.ts lists).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { PROGRAM_SERVICE } from '../shared/metrics';
import { BUNDLE, INSTALL_PLATFORM, nodeModulesFor } from './bundling';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

const LOG_LEVEL = 'INFO';

export interface AppFunctionProps {
  /** Handler file relative to the repository root (apiEntry / workerEntry). */
  entry: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  environment: Record<string, string>;
}

export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const nodeModules = nodeModulesFor(props.entry);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.THREE_MONTHS,
      // Logs are diagnostics, not records: the table and buckets hold what must survive.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role instead of the default one, which carries the AWS-managed basic execution policy
    // (logs on every log group); this one may write only to its own group.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Fn', {
      entry: join(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup,
      // X-Ray traces every invocation (issue 26); the calls to outside systems add their subsegments (functions/external/tracing.ts).
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      environment: {
        ...props.environment,
        // The Logger's and the metrics' service name (functions/runtime/logger.ts), so local and deployed logs agree.
        POWERTOOLS_SERVICE_NAME: PROGRAM_SERVICE,
        POWERTOOLS_LOG_LEVEL: LOG_LEVEL,
      },
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        minify: BUNDLE.minify,
        sourceMap: BUNDLE.sourceMap,
        target: BUNDLE.target,
        format: OutputFormat.ESM,
        banner: BUNDLE.banner,
        externalModules: BUNDLE.externalModules,
        // Only when there is something to install: any nodeModules list, even empty, makes CDK run `npm ci`.
        ...(nodeModules.length > 0 ? { nodeModules, environment: { ...INSTALL_PLATFORM } } : {}),
      },
    });
    // Active tracing gives the role X-Ray's two write actions, which take no resource but '*'.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) support no resource-level permissions; they write traces only.',
    });
  }
}
