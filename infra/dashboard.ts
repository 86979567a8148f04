/**
 * The program's CloudWatch dashboard (issue 26; docs/operations.md "Reading the dashboard"): the API as a
 * whole and by route group (one Lambda per group), each job queue and its dead letters with its worker (and
 * the returned-e-mail queue beside them),
 * the jobs' own metrics, the tenant portal's, the table, and the e-mail SES sends. Built from the same
 * records as the stacks and the code (API_GROUPS, WORKER_QUEUES, BUSINESS_METRICS), so a new group, queue or
 * dimension value appears on it by itself.
 */
import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Dashboard, GraphWidget, Metric, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { WORKER_QUEUES } from '../shared/jobs';
import type { WorkerQueueName } from '../shared/jobs';
import { BUSINESS_METRICS, METRICS_NAMESPACE, PROGRAM_SERVICE } from '../shared/metrics';
import type { MetricName } from '../shared/metrics';
import { API_GROUPS } from '../shared/routes';
import type { ApiGroup } from '../shared/routes';
import { SCHEDULES } from '../shared/schedules';
import type { ScheduleName } from '../shared/schedules';
import { TABLE_OPERATIONS, sesReputation } from './alarms';
import type { AppFunction } from './app-function';
import type { DataStack } from './data-stack';

const PERIOD = Duration.minutes(5);
const WIDE = 12;
const HEIGHT = 6;

export interface DashboardParts {
  stage: string;
  api: RestApi;
  apiFunctions: Record<ApiGroup, AppFunction>;
  workers: Record<WorkerQueueName, AppFunction>;
  schedules: Record<ScheduleName, AppFunction>;
  data: DataStack;
}

const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
  new GraphWidget({ title, left, right, width: WIDE, height: HEIGHT, period: PERIOD });

const heading = (markdown: string) => new TextWidget({ markdown, width: 24, height: 1 });

/**
 * A metric the program records (functions/runtime/metrics.ts), summed per period: one line, or one line
 * per value of its own dimension. The dimensions are the ones its embedded-metric lines carry (service,
 * then its own), or CloudWatch would show another metric.
 */
function programMetric(name: MetricName, label: string = name): Metric[] {
  const own = BUSINESS_METRICS[name].dimension;
  const metric = (dimensions: Record<string, string>, lineLabel: string) => new Metric({
    namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { service: PROGRAM_SERVICE, ...dimensions },
    period: PERIOD, statistic: 'Sum', label: lineLabel,
  });
  return own ? own.values.map((value) => metric({ [own.name]: value }, `${label} ${value}`)) : [metric({}, label)];
}

export function programDashboard(scope: Construct, p: DashboardParts): Dashboard {
  const dashboard = new Dashboard(scope, 'dashboard', { dashboardName: `audit-letter-${p.stage}`, defaultInterval: Duration.hours(24) });
  const sum = { period: PERIOD, statistic: 'Sum' } as const;
  const groups = API_GROUPS.map((group) => ({ group, fn: p.apiFunctions[group].fn }));
  const ses = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, ...sum, label: metricName });

  dashboard.addWidgets(heading('## API (all of it, then by route group: one function per group)'));
  dashboard.addWidgets(
    graph('API requests and errors', [p.api.metricCount({ ...sum, label: 'requests' })], [
      p.api.metricClientError({ ...sum, label: '4xx' }), p.api.metricServerError({ ...sum, label: '5xx' }),
    ]),
    graph('API latency (ms)', [
      p.api.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }), p.api.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' }),
    ]),
  );
  dashboard.addWidgets(
    graph('Requests by group', groups.map(({ group, fn }) => fn.metricInvocations({ ...sum, label: group }))),
    graph('Errors by group (uncaught: a crash, a timeout)', groups.map(({ group, fn }) => fn.metricErrors({ ...sum, label: group }))),
  );
  dashboard.addWidgets(
    graph('Duration by group, p95 (ms)', groups.map(({ group, fn }) => fn.metricDuration({ period: PERIOD, statistic: 'p95', label: group }))),
    graph('Throttled by group', groups.map(({ group, fn }) => fn.metricThrottles({ ...sum, label: group }))),
  );

  dashboard.addWidgets(heading('## Jobs (a queue and its dead-letter queue per kind of work, and its worker; email-events carries SES\'s returned e-mail)'));
  dashboard.addWidgets(
    graph('Jobs waiting', WORKER_QUEUES.map((q) => p.data.queues[q.name].metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum', label: q.name }))),
    graph('Oldest job waiting (s)', WORKER_QUEUES.map((q) => p.data.queues[q.name].metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum', label: q.name }))),
  );
  dashboard.addWidgets(
    graph('Failed jobs in dead-letter queues', WORKER_QUEUES.map((q) => p.data.deadLetterQueues[q.name].metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum', label: q.name }))),
    graph('Worker runs and errors', WORKER_QUEUES.map((q) => p.workers[q.name].fn.metricInvocations({ ...sum, label: `${q.name} runs` })),
      WORKER_QUEUES.map((q) => p.workers[q.name].fn.metricErrors({ ...sum, label: `${q.name} errors` }))),
  );
  dashboard.addWidgets(
    graph('Worker duration, max (ms)', WORKER_QUEUES.map((q) => p.workers[q.name].fn.metricDuration({ period: PERIOD, statistic: 'Maximum', label: q.name }))),
    // Issue 27: the daily schedule runs once a day; a day without a run, or with an error, shows here (and alarms as every function does).
    graph('Daily schedule: runs, errors, and the longest run (ms)', SCHEDULES.flatMap((s) => [
      p.schedules[s.name].fn.metricInvocations({ ...sum, label: `${s.name} runs` }), p.schedules[s.name].fn.metricErrors({ ...sum, label: `${s.name} errors` }),
    ]), SCHEDULES.map((s) => p.schedules[s.name].fn.metricDuration({ period: PERIOD, statistic: 'Maximum', label: `${s.name} duration` }))),
  );

  dashboard.addWidgets(heading(`## The jobs' own work (the program's metrics, namespace ${METRICS_NAMESPACE})`));
  dashboard.addWidgets(
    graph('Rent-roll imports: tenants imported and rows refused', programMetric('TenantsImported', 'imported'), programMetric('TenantsRefused', 'refused')),
    graph('Letters generated and e-mails sent', programMetric('LettersGenerated', 'letters'), programMetric('EmailsSent', 'e-mails')),
  );
  dashboard.addWidgets(
    graph('Policy setups by software: succeeded and failed', programMetric('PolicySetupsSucceeded', 'set up'), programMetric('PolicySetupsFailed', 'failed')),
    graph('Charges confirmed by Check Charges, proofs decided', programMetric('ChargeChecksConfirmed', 'charges confirmed'), programMetric('ProofsDecided', 'proofs')),
  );
  dashboard.addWidgets(graph('Proofs that ended (tenants back to no response)', programMetric('ProofsExpired', 'proofs ended')));
  // Apart: an archive writes tens of thousands of rows, which would flatten the counts above.
  dashboard.addWidgets(graph('Archive rows written (tenants into archive exports)', programMetric('ArchiveRowsWritten', 'archive rows')));

  dashboard.addWidgets(heading('## Tenant portal'));
  dashboard.addWidgets(
    graph('Portal sign-ins, refusals and lockouts', programMetric('PortalSignIns', 'signed in'), [
      ...programMetric('PortalSignInsRefused', 'wrong code or ZIP'), ...programMetric('PortalLockouts', 'locked out'),
    ]),
    graph('Portal answers by kind', programMetric('PortalAnswers', 'answers')),
  );

  dashboard.addWidgets(heading('## Table'));
  const table = p.data.table;
  dashboard.addWidgets(
    graph('Capacity used (units)', [
      table.metricConsumedReadCapacityUnits({ ...sum, label: 'read' }), table.metricConsumedWriteCapacityUnits({ ...sum, label: 'write' }),
    ]),
    // Apart: both sums name their inputs after the operations, and one graph cannot hold the same id twice.
    graph('Throttled requests', [table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: PERIOD, label: 'throttled' })]),
  );
  dashboard.addWidgets(
    graph('System errors', [table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: PERIOD, label: 'system errors' })]),
  );

  dashboard.addWidgets(heading('## E-mail (SES, the whole account)'));
  dashboard.addWidgets(
    graph('E-mail sent, delivered, bounced, complained', [ses('Send'), ses('Delivery')], [ses('Bounce'), ses('Complaint')]),
    graph('Reputation (AWS reviews the account at 5% bounces, 0.1% complaints)', [
      sesReputation('Reputation.BounceRate', 'bounce rate'), sesReputation('Reputation.ComplaintRate', 'complaint rate'),
    ]),
  );
  return dashboard;
}
