/**
 * Paging ops (issue 26). The program's alarms go to one SNS topic in the data stack; the WAF stack has a
 * second in us-east-1 (CloudWatch alarms notify only a topic of their own region, and the WAF's metrics
 * are there). Ops subscribe to both with `-c alarmEmail=...` (README, Deploy). Every function, queue,
 * table and REST API of the data and API stacks gets its alarms by construction: `alarmEverything` adds an aspect that visits each one, so a new
 * function or queue is covered without anyone listing it. Every alarm also tells the topic when it
 * recovers, and its description says what broke and which section of the runbook (docs/operations.md)
 * says what to do.
 */
import { Aspects, Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IAspect } from 'aws-cdk-lib';
import { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import { EVENT_QUEUE_NAMES, dlqName } from '../shared/jobs';
import type { EventQueueName } from '../shared/jobs';

/** The runbook's section for each alarm (docs/operations.md has a heading of each; a test checks it). */
export const RUNBOOK = {
  deadLetters: 'A job in a dead-letter queue',
  queueAge: 'A job queue falling behind',
  functionErrors: 'A function failing',
  functionThrottles: 'A function throttled',
  apiErrors: 'The API answering 5xx',
  apiLatency: 'The API slow',
  tableThrottles: 'DynamoDB throttling',
  tableErrors: 'DynamoDB system errors',
  emailBounces: 'E-mail bounce rate',
  emailComplaints: 'E-mail complaint rate',
  portalSignInBlocked: 'Portal sign-ins blocked',
} as const;
export type RunbookSection = keyof typeof RUNBOOK;

/**
 * SES puts an account under review at a 5% bounce rate and a 0.1% complaint rate (and may pause its
 * sending at 10% and 0.5%): ops hear before the first.
 */
export const SES_REVIEW_LEVELS = { bounceRate: 0.05, complaintRate: 0.001 } as const;
export const SES_ALARM_LEVELS = { bounceRate: 0.04, complaintRate: 0.0008 } as const;

/** The API's alarms: a 5xx share over two 5-minute periods in a row, and a p99 over three. */
export const API_ALARM_LEVELS = { serverErrorShare: 0.05, minRequests: 5, p99Ms: 5000 } as const;

/** The operations of the program's table that alarms watch (a metric-math alarm takes at most 10 metrics). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.SCAN, Operation.PUT_ITEM, Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM, Operation.BATCH_WRITE_ITEM, Operation.TRANSACT_WRITE_ITEMS,
];

/** What a dead letter of each event queue leaves undone, for its alarm. */
const EVENT_DEAD_LETTERS: Record<EventQueueName, (dlq: string) => string> = {
  'email-events': (dlq) => `An SES bounce, complaint or delivery event failed every try and moved to the dead-letter queue ${dlq}: its address may not be suppressed until the event is redriven.`,
  'proof-reading': (dlq) => `A proof the portal kept could not be read in any try and its S3 notice moved to the dead-letter queue ${dlq}: Proof Review shows the proof as not read (staff still decide it by eye) until the notice is redriven.`,
};

const FIVE_MINUTES = Duration.minutes(5);

/** `-c alarmEmail=a@x.com,b@y.com`: who the alarms reach (none: the topic is there to subscribe later). */
export function alarmEmails(scope: Construct): string[] {
  const raw = scope.node.tryGetContext('alarmEmail');
  const addresses = String(raw ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  const wrong = addresses.filter((a) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a));
  if (wrong.length) throw new Error(`-c alarmEmail holds what is not an e-mail address: ${wrong.join(', ')} (give addresses separated by commas).`);
  return addresses;
}

/** The stack's alarm topic, with the ops addresses subscribed. */
export function alarmTopic(stack: Stack): Topic {
  const topic = new Topic(stack, 'alarms', {
    displayName: 'Audit Letter Program alarms',
    enforceSSL: true,
  });
  for (const address of alarmEmails(stack)) topic.addSubscription(new EmailSubscription(address));
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason: 'Alarm notifications carry alarm names and states, no program data; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key for this alone adds cost and a key policy to keep.',
  });
  return topic;
}

/**
 * The stack's name as CloudFormation knows it (the same template deployed twice, a second stage or the
 * local tests' stacks, names its alarms apart); in a nested stack, its parent's.
 */
function alarmNamePrefix(scope: Construct): string {
  const parent = Stack.of(scope).nestedStackParent;
  return parent ? parent.stackName : Aws.STACK_NAME;
}

/** Adds an alarm that tells the topic when it fires and when it recovers. */
export function pagingAlarm(scope: Construct, id: string, topic: ITopic, p: {
  /** Short, unique within the stack: the alarm's name is the stack's name, then this. */
  name: string;
  /** What broke, for the person paged. */
  what: string;
  runbook: RunbookSection;
  metric: IMetric;
  threshold: number;
  comparison?: ComparisonOperator;
  evaluationPeriods?: number;
}): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmName: `${alarmNamePrefix(scope)} ${p.name}`,
    alarmDescription: `${p.what} What to do: docs/operations.md, "${RUNBOOK[p.runbook]}".`,
    metric: p.metric,
    threshold: p.threshold,
    comparisonOperator: p.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: p.evaluationPeriods ?? 1,
    // No data is no traffic (a quiet night), not a failure.
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}

/**
 * Every function, queue, table and REST API of the stack gets its alarms (the aspect below), made in
 * `into` (default: the stack itself; the API stack's go to a nested stack, outside its 500 resources).
 */
export function alarmEverything(stack: Stack, topic: ITopic, into: Construct = stack): void {
  Aspects.of(stack).add(new EveryResourceAlarmed(topic, into));
}

/** What a construct is called in alarm names: the id of the construct the program made (an AppFunction, not its inner Fn). */
function nameOf(node: IConstruct): string {
  return node.node.id === 'Fn' && node.node.scope ? node.node.scope.node.id : node.node.id;
}

/** Is this queue another queue's dead-letter queue? */
function isDeadLetterQueue(queue: Queue): boolean {
  return Stack.of(queue).node.findAll().some((c) => c instanceof Queue && c.deadLetterQueue?.queue === queue);
}

class EveryResourceAlarmed implements IAspect {
  constructor(private readonly topic: ITopic, private readonly into: Construct) {}

  /** The alarm's construct id in `into`: from the watched resource's path, so unique. */
  private alarm(node: IConstruct, kind: string, p: Parameters<typeof pagingAlarm>[3]): Alarm {
    return pagingAlarm(this.into, `${node.node.path.replace(/\//g, '-')}-${kind}`, this.topic, p);
  }

  visit(node: IConstruct): void {
    if (node instanceof LambdaFunction) this.functionAlarms(node);
    else if (node instanceof Queue) this.queueAlarms(node);
    else if (node instanceof Table) this.tableAlarms(node);
    else if (node instanceof RestApi) this.apiAlarms(node);
  }

  private functionAlarms(fn: LambdaFunction): void {
    const name = nameOf(fn);
    this.alarm(fn, 'errors', {
      name: `${name} errors`, runbook: 'functionErrors',
      what: `The function ${name} ended with an error (an uncaught exception, a timeout or out of memory).`,
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), threshold: 1,
    });
    this.alarm(fn, 'throttles', {
      name: `${name} throttled`, runbook: 'functionThrottles',
      what: `Lambda refused to run the function ${name}: the account's concurrency is used up.`,
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), threshold: 1,
    });
  }

  private queueAlarms(queue: Queue): void {
    const name = nameOf(queue);
    if (isDeadLetterQueue(queue)) {
      // The event queues carry what AWS tells the program, not jobs (shared/jobs.ts EVENT_QUEUES).
      const events = EVENT_QUEUE_NAMES.find((q) => dlqName(q) === name);
      this.alarm(queue, 'dead-letters', {
        name: `${name} holds failed ${events ? 'events' : 'jobs'}`, runbook: 'deadLetters',
        what: events
          ? EVENT_DEAD_LETTERS[events](name)
          : `A job failed every try and its message moved to the dead-letter queue ${name}; the job shows as failed and stays undone until it is retried.`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }), threshold: 1,
      });
      return;
    }
    // A message older than one try's window (its visibility timeout) has failed a try, or nothing consumes the queue.
    const visibility = Number((queue.node.defaultChild as CfnQueue).visibilityTimeout ?? 30);
    this.alarm(queue, 'age', {
      name: `${name} falling behind`, runbook: 'queueAge',
      what: `A job of the queue ${name} has waited over ${visibility} s, longer than one try may take: its first try failed or its worker is not running.`,
      metric: queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }), threshold: visibility,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  private tableAlarms(table: Table): void {
    const name = nameOf(table);
    this.alarm(table, 'throttles', {
      name: `${name} table throttled`, runbook: 'tableThrottles',
      what: `DynamoDB refused requests to the table ${name} for lack of capacity; users see errors or slow pages.`,
      metric: table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES }), threshold: 1,
    });
    this.alarm(table, 'system-errors', {
      name: `${name} table system errors`, runbook: 'tableErrors',
      what: `DynamoDB answered requests to the table ${name} with its own errors (HTTP 500).`,
      metric: table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES }), threshold: 1,
    });
  }

  private apiAlarms(api: RestApi): void {
    const { serverErrorShare, minRequests, p99Ms } = API_ALARM_LEVELS;
    this.alarm(api, 'server-errors', {
      name: 'API 5xx', runbook: 'apiErrors',
      what: `Over ${serverErrorShare * 100}% of the API's answers were 5xx in two 5-minute periods in a row (counted once ${minRequests} requests came in).`,
      metric: new MathExpression({
        expression: `IF(requests >= ${minRequests}, errors / requests, 0)`,
        usingMetrics: { errors: api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }), requests: api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }) },
        period: FIVE_MINUTES, label: 'Share of 5xx answers',
      }),
      threshold: serverErrorShare, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 2,
    });
    this.alarm(api, 'latency', {
      name: 'API slow', runbook: 'apiLatency',
      what: `The API's p99 answer time was over ${p99Ms / 1000} s for 15 minutes.`,
      metric: api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }), threshold: p99Ms,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 3,
    });
  }
}

/** An account-wide SES reputation rate, its highest in each hour (the alarms below and the dashboard). */
export const sesReputation = (metricName: 'Reputation.BounceRate' | 'Reputation.ComplaintRate', label?: string) =>
  new Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Maximum', ...(label ? { label } : {}) });

/** SES's reputation of the account, near the levels at which AWS reviews it. */
export function emailReputationAlarms(scope: Construct, topic: ITopic): void {
  pagingAlarm(scope, 'email-bounce-rate', topic, {
    name: 'e-mail bounce rate', runbook: 'emailBounces',
    what: `The account's SES bounce rate reached ${SES_ALARM_LEVELS.bounceRate * 100}%; AWS reviews the account at ${SES_REVIEW_LEVELS.bounceRate * 100}% and may pause its sending.`,
    metric: sesReputation('Reputation.BounceRate'), threshold: SES_ALARM_LEVELS.bounceRate,
  });
  pagingAlarm(scope, 'email-complaint-rate', topic, {
    name: 'e-mail complaint rate', runbook: 'emailComplaints',
    what: `The account's SES complaint rate reached ${SES_ALARM_LEVELS.complaintRate * 100}%; AWS reviews the account at ${SES_REVIEW_LEVELS.complaintRate * 100}% and may pause its sending.`,
    metric: sesReputation('Reputation.ComplaintRate'), threshold: SES_ALARM_LEVELS.complaintRate,
  });
}
