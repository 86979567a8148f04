/**
 * The REST API and the workers. Every ROUTES entry becomes a resource and method with a Lambda proxy
 * integration to its group's function; every WORKER_QUEUES entry (jobs and events) gets a worker fed by its queue; every
 * SCHEDULES entry (issue 27: the daily schedule) a function an EventBridge rule starts. Access comes only from
 * shared/grants.ts (grant-access.ts).
 */
import { Duration, NestedStack, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import {
  AccessLogFormat, EndpointType, LambdaIntegration, LogGroupLogDestination, MethodLoggingLevel, ResponseType, RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { API_GRANTS, SCHEDULE_GRANTS, WORKER_GRANTS, authenticatesRequests } from '../shared/grants';
import { WORKER_QUEUES, queueEnvName } from '../shared/jobs';
import type { WorkerQueueName } from '../shared/jobs';
import { ENV } from '../shared/resources';
import { API_GROUPS, ROUTES } from '../shared/routes';
import type { ApiGroup } from '../shared/routes';
import { SCHEDULES } from '../shared/schedules';
import type { ScheduleName } from '../shared/schedules';
import { alarmEverything, emailReputationAlarms } from './alarms';
import { AppFunction } from './app-function';
import { apiEntry, workerEntry } from './bundling';
import type { DataStack } from './data-stack';
import { programDashboard } from './dashboard';
import { grantAccess } from './grant-access';

/** CloudFront prefixes this to the /api/... path it forwards (see web-stack.ts). */
export const API_STAGE_NAME = 'live';
/** An internal tool for ~300 staff and managers: generous for people, a ceiling for runaway scripts. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 };
/**
 * The tenant portal's sign-in is public and answers every tenant of the program: its own, lower ceiling
 * (over all callers) still lets 10 tenants a second in, and holds even for calls that skip CloudFront
 * and its WAF by going to the execute-api address directly.
 */
export const PUBLIC_SIGN_IN_THROTTLE = { rateLimit: 10, burstLimit: 20 };
/** The public routes that check a credential the caller types (guessable): the portal's sign-in. */
export const publicSignInRoutes = () => ROUTES.filter((route) => route.access === 'public' && route.group === 'respond');
/** API Gateway gives up on an integration after 29 s, so a longer Lambda timeout would only waste time. */
const API_TIMEOUT = Duration.seconds(29);
/** scrypt password hashing is CPU-bound and Lambda CPU grows with memory. */
const API_MEMORY_MB = 1024;
/** Spreadsheets (exceljs) and PDF letters (pdf-lib) of large facilities are built in memory. */
const WORKER_MEMORY_MB = 2048;

export interface ApiStackProps extends StackProps {
  data: DataStack;
  /** APP_STAGE and APP_VERSION for the handlers. */
  stage: string;
  version: string;
}

export class ApiStack extends Stack {
  readonly api: RestApi;
  readonly apiFunctions: Record<ApiGroup, AppFunction>;
  readonly workers: Record<WorkerQueueName, AppFunction>;
  /** Work on a clock (shared/schedules.ts), each started by its EventBridge rule. */
  readonly schedules: Record<ScheduleName, AppFunction>;
  /** Alarms and dashboard (alarms.ts, dashboard.ts). */
  readonly monitoring: NestedStack;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { data } = props;
    const environment = { [ENV.version]: props.version, [ENV.stage]: props.stage };

    this.apiFunctions = {} as Record<ApiGroup, AppFunction>;
    for (const group of API_GROUPS) {
      const fn = new AppFunction(this, `api-${group}`, {
        entry: apiEntry(group), description: `API group ${group}`, memorySize: API_MEMORY_MB, timeout: API_TIMEOUT, environment,
      });
      grantAccess(fn, API_GRANTS[group], data, { sessionUpkeep: authenticatesRequests(group) });
      this.apiFunctions[group] = fn;
    }

    this.workers = {} as Record<WorkerQueueName, AppFunction>;
    for (const def of WORKER_QUEUES) {
      const worker = new AppFunction(this, `worker-${def.name}`, {
        entry: workerEntry(def.name),
        description: `Worker for queue ${def.name}`,
        memorySize: def.workerMemoryMB ?? WORKER_MEMORY_MB,
        timeout: Duration.seconds(def.workerTimeoutSeconds),
        environment: { ...environment, ...(def.workerNodeOptions ? { NODE_OPTIONS: def.workerNodeOptions } : {}) },
      });
      grantAccess(worker, WORKER_GRANTS[def.name], data);
      // Its own queue's URL: a refused job's message is made visible again at once (functions/runtime/worker.ts
      // letGo); the event source's consume grant already allows ChangeMessageVisibility.
      worker.fn.addEnvironment(queueEnvName(def.name), data.queues[def.name].queueUrl);
      // Workers answer with batchItemFailures, so one failed job does not retry the whole batch.
      worker.fn.addEventSource(new SqsEventSource(data.queues[def.name], { batchSize: def.batchSize, reportBatchItemFailures: true }));
      this.workers[def.name] = worker;
    }

    this.schedules = {} as Record<ScheduleName, AppFunction>;
    for (const def of SCHEDULES) {
      const fn = new AppFunction(this, `schedule-${def.name}`, {
        entry: workerEntry(def.name), description: def.description, memorySize: API_MEMORY_MB,
        timeout: Duration.seconds(def.timeoutSeconds), environment,
      });
      grantAccess(fn, SCHEDULE_GRANTS[def.name], data);
      // Every day at its hour (UTC). A failed run is retried twice by EventBridge; its reminders are claimed
      // once each, so a retry sends only what the failed run did not, and tomorrow's run makes up what is left.
      new Rule(this, `schedule-${def.name}-rule`, {
        description: def.description,
        schedule: Schedule.cron({ minute: String(def.minuteUtc), hour: String(def.hourUtc) }),
        targets: [new LambdaFunction(fn.fn, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
      });
      this.schedules[def.name] = fn;
    }

    this.api = this.restApi(props.stage);

    // The alarms (one topic for the program's: the data stack's) and the dashboard, in a nested stack: about 40
    // resources that would take this stack, its routes and functions, near CloudFormation's 500.
    this.monitoring = new NestedStack(this, 'monitoring', { description: 'Audit Letter Program: alarms of the API and its workers, and the dashboard' });
    alarmEverything(this, data.alarmTopic, this.monitoring);
    // The e-mail (welcome certificates, portal confirmations, proof rejections) is sent from this stack's functions.
    emailReputationAlarms(this.monitoring, data.alarmTopic);
    programDashboard(this.monitoring, { stage: props.stage, api: this.api, apiFunctions: this.apiFunctions, workers: this.workers, schedules: this.schedules, data });
  }

  private restApi(stage: string): RestApi {
    const accessLogs = new LogGroup(this, 'api-access-logs', { retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN });
    const api = new RestApi(this, 'api', {
      restApiName: `audit-letter-${stage}`,
      description: 'Audit Letter Program /api, one Lambda per route group (shared/routes.ts).',
      // CloudFront is the only front door the app uses; an edge-optimized API would add a second CDN hop.
      endpointTypes: [EndpointType.REGIONAL],
      // Uploads (rent rolls, insurance sheets) arrive base64-encoded instead of being mangled as text.
      binaryMediaTypes: ['multipart/form-data'],
      // Access and execution logs need the account-level CloudWatch role; kept on delete because other
      // APIs in the account rely on the same setting.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: API_THROTTLE.rateLimit,
        throttlingBurstLimit: API_THROTTLE.burstLimit,
        // Stage throttling applies to each method on its own; the portal's sign-in gets less.
        methodOptions: Object.fromEntries(publicSignInRoutes().map((route) => [
          `${route.path}/${route.method}`,
          { throttlingRateLimit: PUBLIC_SIGN_IN_THROTTLE.rateLimit, throttlingBurstLimit: PUBLIC_SIGN_IN_THROTTLE.burstLimit },
        ])),
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        loggingLevel: MethodLoggingLevel.ERROR,
        // Never log bodies: they carry passwords and tenant data.
        dataTraceEnabled: false,
        metricsEnabled: true,
      },
    });

    // One permission per function covering the whole API instead of two per method: ~95 routes would
    // otherwise add ~190 AWS::Lambda::Permission resources.
    const integrations = new Map(API_GROUPS.map((group) => [
      group, new LambdaIntegration(this.apiFunctions[group].fn, { scopePermissionToMethod: false }),
    ]));
    for (const route of ROUTES) api.root.resourceForPath(route.path).addMethod(route.method, integrations.get(route.group)!);

    // API Gateway's own answers speak the handlers' JSON shape ({ error }) and, like the handlers'
    // answers, say no-store so CloudFront never caches them. An unknown route is a 404 as in the local
    // runtime, not API Gateway's 403 'Missing Authentication Token'.
    const noStore = { 'Cache-Control': "'no-store'" };
    const jsonError = { 'application/json': '{"error":$context.error.messageString}' };
    api.addGatewayResponse('unknown-route', {
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      responseHeaders: noStore,
      templates: { 'application/json': '{"error":"No such API route."}' },
    });
    api.addGatewayResponse('default-4xx', { type: ResponseType.DEFAULT_4XX, responseHeaders: noStore, templates: jsonError });
    api.addGatewayResponse('default-5xx', { type: ResponseType.DEFAULT_5XX, responseHeaders: noStore, templates: jsonError });

    Validations.of(api).acknowledge(
      {
        id: 'AwsSolutions-APIG2',
        reason: 'Each route validates its request with its zod contract in the Lambda (shared/contracts), the one place both local and deployed runs use.',
      },
      {
        id: 'AwsSolutions-APIG4',
        reason: 'Authorization is done in the Lambda per the route table (shared/routes.ts access and scope): bearer session tokens from the program\'s own user store, as DESIGN.md requires.',
      },
      {
        id: 'AwsSolutions-COG4',
        reason: 'The program keeps its own user store and sessions (spec: generated manager passwords, has_changed_password); there is no Cognito user pool to authorize against.',
      },
      {
        id: 'AwsSolutions-APIG3',
        reason: 'The stage\'s web ACL is in the Web stack (infra/api-origin-guard.ts: only requests carrying CloudFront\'s secret origin header pass), beside the distribution that sends the header, so this stack alone still deploys where WAF is not available (LocalStack).',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason: 'The account-level API Gateway logging role; this AWS-managed policy is the documented one and grants log writes only.',
      },
    );
    return api;
  }
}
