/** The same handler modules Lambda runs, loaded by group and by queue for the local runtime. */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { ApiGroup } from '../../shared/routes';
import type { WorkerQueueName } from '../../shared/jobs';
import type { ScheduleName } from '../../shared/schedules';

export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
export type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

const apiModules: Record<ApiGroup, () => Promise<{ handler: unknown }>> = {
  auth: () => import('../../functions/api/auth'),
  app: () => import('../../functions/api/app'),
  users: () => import('../../functions/api/users'),
  managers: () => import('../../functions/api/managers'),
  facilities: () => import('../../functions/api/facilities'),
  coverages: () => import('../../functions/api/coverages'),
  'insurance-programs': () => import('../../functions/api/insurance-programs'),
  'facility-archives': () => import('../../functions/api/facility-archives'),
  'retired-facilities': () => import('../../functions/api/retired-facilities'),
  'facility-stats': () => import('../../functions/api/facility-stats'),
  exports: () => import('../../functions/api/exports'),
  monitors: () => import('../../functions/api/monitors'),
  cycles: () => import('../../functions/api/cycles'),
  tenants: () => import('../../functions/api/tenants'),
  imports: () => import('../../functions/api/imports'),
  'import-history': () => import('../../functions/api/import-history'),
  letters: () => import('../../functions/api/letters'),
  'facility-software': () => import('../../functions/api/facility-software'),
  'policy-setup': () => import('../../functions/api/policy-setup'),
  'letter-batches': () => import('../../functions/api/letter-batches'),
  jobs: () => import('../../functions/api/jobs'),
  respond: () => import('../../functions/api/respond'),
  'proof-reviews': () => import('../../functions/api/proof-reviews'),
};

const workerModules: Record<WorkerQueueName, () => Promise<{ handler: unknown }>> = {
  'rent-roll-imports': () => import('../../functions/workers/rent-roll-imports'),
  'letter-generation': () => import('../../functions/workers/letter-generation'),
  'archive-exports': () => import('../../functions/workers/archive-exports'),
  'setup-batches': () => import('../../functions/workers/setup-batches'),
  'ledger-checks': () => import('../../functions/workers/ledger-checks'),
  'email-events': () => import('../../functions/workers/email-events'),
  'proof-reading': () => import('../../functions/workers/proof-reading'),
};

const scheduleModules: Record<ScheduleName, () => Promise<{ handler: unknown }>> = {
  'daily-schedule': () => import('../../functions/workers/daily-schedule'),
};

export type ScheduleHandler = () => Promise<unknown>;

export async function loadScheduleHandlers(): Promise<Record<ScheduleName, ScheduleHandler>> {
  const entries = await Promise.all(Object.entries(scheduleModules).map(async ([s, load]) => [s, (await load()).handler] as const));
  return Object.fromEntries(entries) as Record<ScheduleName, ScheduleHandler>;
}

export async function loadApiHandlers(): Promise<Record<ApiGroup, ApiHandler>> {
  const entries = await Promise.all(Object.entries(apiModules).map(async ([g, load]) => [g, (await load()).handler] as const));
  return Object.fromEntries(entries) as Record<ApiGroup, ApiHandler>;
}

export async function loadWorkerHandlers(): Promise<Record<WorkerQueueName, WorkerHandler>> {
  const entries = await Promise.all(Object.entries(workerModules).map(async ([q, load]) => [q, (await load()).handler] as const));
  return Object.fromEntries(entries) as Record<WorkerQueueName, WorkerHandler>;
}

let invocation = 0;
/** A Lambda context good enough for Powertools and middy (timeouts are not simulated). */
export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const started = Date.now();
  const id = `local-${process.pid}-${++invocation}`;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: id,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
