/**
 * Issue 26: ops are paged. Every function, queue, dead-letter queue, the table and the API have their
 * alarms on the synthesized templates, each alarm tells the program's topic when it fires and when it
 * recovers and names a section of the runbook that exists; a function or queue added to a stack gets
 * them without being listed; the WAF's sign-in alarm is in us-east-1 with a topic there; the e-mail
 * reputation alarms and the dashboard exist; `-c alarmEmail` subscribes ops.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { App, Duration } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Template } from 'aws-cdk-lib/assertions';
import { API_ALARM_LEVELS, RUNBOOK, SES_ALARM_LEVELS, SES_REVIEW_LEVELS, alarmEmails } from '../../infra/alarms';
import { AppFunction } from '../../infra/app-function';
import { buildAuditApp } from '../../infra/audit-app';
import { apiEntry } from '../../infra/bundling';
import { PORTAL_SIGN_IN_BLOCKED_ALARM } from '../../infra/waf-stack';
import { API_GROUPS } from '../../shared/routes';
import { WORKER_QUEUES } from '../../shared/jobs';
import { SCHEDULES } from '../../shared/schedules';
import { BUSINESS_METRICS, METRICS_NAMESPACE, PROGRAM_SERVICE } from '../../shared/metrics';
import { TEST_REGION, TEST_STAGE, fakeWebDist, logicalId, mentions, resourcesOf, synthApp } from './synth';
import type { Resource } from './synth';

const { stacks, templates: stackTemplates } = synthApp();
/** The API stack's alarms and dashboard are in its nested stack `monitoring`. */
const templates = { ...stackTemplates, monitoring: Template.fromStack(stacks.api.monitoring) };

const alarmsOf = (template: Template) => Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
const topicId = (template: Template) => Object.keys(resourcesOf(template, 'AWS::SNS::Topic'))[0]!;
/** The alarms whose metric (or one of its math inputs) has this dimension value. */
const alarmsOn = (template: Template, idOrName: string) => alarmsOf(template).filter((a) => mentions(a.Properties.Dimensions ?? a.Properties.Metrics ?? null, idOrName));
const byMetric = (alarms: Resource[], metricName: string) => alarms.filter((a) => a.Properties.MetricName === metricName);
/**
 * The nested stack reaches the API stack's resources (and what it imports from the data stack) through
 * parameters: those whose value in the API stack mentions this logical id or export.
 */
const nestedParams = (api: Template, id: string) => {
  const [nested] = Object.values(resourcesOf(api, 'AWS::CloudFormation::Stack'));
  return Object.entries(nested!.Properties.Parameters as Record<string, unknown>).filter(([, value]) => mentions(value, id)).map(([name]) => name);
};
/** The monitoring stack's alarms on a resource of the API stack. */
const nestedAlarmsOn = (api: Template, monitoring: Template, id: string) => {
  const params = nestedParams(api, id);
  expect(params, id).not.toEqual([]);
  return alarmsOf(monitoring).filter((a) => params.some((param) => mentions(a.Properties.Dimensions ?? a.Properties.Metrics ?? null, param)));
};

describe('alarms on every resource', () => {
  it('gives every function of the API stack an errors and a throttles alarm', () => {
    const functions = Object.keys(resourcesOf(templates.api, 'AWS::Lambda::Function'));
    expect(functions.length).toBe(API_GROUPS.length + WORKER_QUEUES.length + SCHEDULES.length);
    for (const fn of functions) {
      const alarms = nestedAlarmsOn(templates.api, templates.monitoring, fn);
      expect(byMetric(alarms, 'Errors'), fn).toHaveLength(1);
      expect(byMetric(alarms, 'Throttles'), fn).toHaveLength(1);
    }
  });

  it('alarms when a dead-letter queue holds a message, and when a job queue\'s oldest message is older than one try', () => {
    const queues = resourcesOf(templates.data, 'AWS::SQS::Queue');
    const deadLetterIds = new Set(Object.values(queues).flatMap((q) => (q.Properties.RedrivePolicy ? [q.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string] : [])));
    expect(deadLetterIds.size).toBe(WORKER_QUEUES.length);
    for (const [id, queue] of Object.entries(queues)) {
      const alarms = alarmsOn(templates.data, id);
      if (deadLetterIds.has(id)) {
        expect(alarms.map((a) => [a.Properties.MetricName, a.Properties.Threshold, a.Properties.ComparisonOperator]), id)
          .toEqual([['ApproximateNumberOfMessagesVisible', 1, 'GreaterThanOrEqualToThreshold']]);
      } else {
        expect(alarms.map((a) => [a.Properties.MetricName, a.Properties.Threshold]), id).toEqual([['ApproximateAgeOfOldestMessage', queue.Properties.VisibilityTimeout]]);
      }
    }
  });

  it('alarms on the e-mail events\' queue, dead-letter queue and worker like a job\'s (issue 26)', () => {
    const [queue, dlq] = [logicalId(stacks.data.queues['email-events']), logicalId(stacks.data.deadLetterQueues['email-events'])];
    expect(alarmsOn(templates.data, queue).map((a) => a.Properties.MetricName)).toEqual(['ApproximateAgeOfOldestMessage']);
    const dead = alarmsOn(templates.data, dlq);
    expect(dead.map((a) => a.Properties.MetricName)).toEqual(['ApproximateNumberOfMessagesVisible']);
    expect(dead[0]!.Properties.AlarmDescription).toContain('SES bounce, complaint or delivery event');
    const worker = nestedAlarmsOn(templates.api, templates.monitoring, logicalId(stacks.api.workers['email-events'].fn));
    expect(worker.map((a) => a.Properties.MetricName).sort()).toEqual(['Errors', 'Throttles']);
  });

  it('alarms on the table\'s throttled requests and system errors', () => {
    const table = logicalId(stacks.data.table);
    const alarms = alarmsOf(templates.data).filter((a) => mentions(a.Properties.Metrics ?? null, table));
    const metricNames = alarms.map((a) => [...new Set((a.Properties.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[])
      .flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])))]);
    expect(metricNames.sort()).toEqual([['SystemErrors'], ['ThrottledRequests']]);
    // A metric-math alarm takes at most 10 metrics (and one expression).
    for (const alarm of alarms) expect((alarm.Properties.Metrics as unknown[]).length).toBeLessThanOrEqual(11);
  });

  it('alarms on the API\'s share of 5xx answers and its p99 latency', () => {
    const alarms = alarmsOf(templates.monitoring);
    const share = alarms.find((a) => mentions(a.Properties.Metrics ?? null, "5XXError"))!;
    expect(share.Properties.Threshold).toBe(API_ALARM_LEVELS.serverErrorShare);
    expect(JSON.stringify(share.Properties.Metrics)).toContain(`IF(requests >= ${API_ALARM_LEVELS.minRequests}, errors / requests, 0)`);
    const latency = alarms.find((a) => a.Properties.MetricName === 'Latency')!;
    expect([latency.Properties.ExtendedStatistic, latency.Properties.Threshold, latency.Properties.EvaluationPeriods]).toEqual(['p99', API_ALARM_LEVELS.p99Ms, 3]);
  });

  it('alarms on the account\'s SES bounce and complaint rates before AWS reviews it', () => {
    const rates = alarmsOf(templates.monitoring).filter((a) => a.Properties.Namespace === 'AWS/SES');
    expect(rates.map((a) => [a.Properties.MetricName, a.Properties.Threshold]).sort()).toEqual([
      ['Reputation.BounceRate', SES_ALARM_LEVELS.bounceRate], ['Reputation.ComplaintRate', SES_ALARM_LEVELS.complaintRate],
    ]);
    expect(SES_ALARM_LEVELS.bounceRate).toBeLessThan(SES_REVIEW_LEVELS.bounceRate);
    expect(SES_ALARM_LEVELS.complaintRate).toBeLessThan(SES_REVIEW_LEVELS.complaintRate);
  });

  it('alarms in us-east-1, with a topic there, when the WAF blocks many portal sign-ins', () => {
    const [alarm, ...others] = alarmsOf(templates.waf);
    expect(others).toEqual([]);
    expect(alarm!.Properties).toMatchObject({
      Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests', Threshold: PORTAL_SIGN_IN_BLOCKED_ALARM,
      Dimensions: expect.arrayContaining([{ Name: 'Rule', Value: 'respond-sign-in-rate' }, { Name: 'WebACL', Value: `audit-letter-${TEST_STAGE}-site` }]),
    });
    expect(mentions(alarm!.Properties.AlarmActions, topicId(templates.waf))).toBe(true);
  });
});

describe('every alarm', () => {
  const runbook = readFileSync(join(process.cwd(), 'docs', 'operations.md'), 'utf8');
  const all = (['data', 'monitoring', 'waf'] as const).flatMap((stack) => alarmsOf(templates[stack]).map((alarm) => ({ stack, alarm })));

  it('tells the program\'s topic when it fires and when it recovers (the API stack\'s use the data stack\'s topic)', () => {
    expect(all.length).toBeGreaterThan(30);
    // The data stack's other topic carries SES's returned-mail events to the email-events queue, no alarm.
    const dataTopic = logicalId(stacks.data.alarmTopic);
    for (const t of [templates.api, templates.monitoring]) expect(Object.keys(resourcesOf(t, 'AWS::SNS::Topic'))).toEqual([]);
    for (const { stack, alarm } of all) {
      // The API stack's (in its nested stack) import the data stack's export of it.
      const topic = stack === 'waf' ? topicId(templates.waf) : dataTopic;
      expect(mentions(alarm.Properties.AlarmActions, topic), JSON.stringify(alarm.Properties.AlarmName)).toBe(true);
      expect(mentions(alarm.Properties.OKActions, topic), JSON.stringify(alarm.Properties.AlarmName)).toBe(true);
    }
  });

  it('has a unique name and a description that names a section the runbook has', () => {
    const names = all.map(({ alarm }) => JSON.stringify(alarm.Properties.AlarmName));
    expect(new Set(names).size).toBe(names.length);
    const headings = new Set([...runbook.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.trim()));
    for (const section of Object.values(RUNBOOK)) expect(headings, section).toContain(section);
    for (const { alarm } of all) {
      const description = JSON.stringify(alarm.Properties.AlarmDescription);
      const section = /docs\/operations\.md, \\"([^"\\]+)\\"/.exec(description)?.[1];
      expect(section, description).toBeDefined();
      expect(headings, description).toContain(section);
    }
  });
});

describe('by construction', () => {
  it('a function or queue added to a stack gets its alarms without being listed anywhere', () => {
    const cdkJson = JSON.parse(readFileSync(join(process.cwd(), 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const built = buildAuditApp(app, { stage: TEST_STAGE, version: '0', region: TEST_REGION, webDist: fakeWebDist() });
    // A function made the program's one way (an AppFunction), and queues as the data stack makes them.
    const extraFn = new AppFunction(built.api, 'extra-fn', { entry: apiEntry('auth'), description: 'extra', memorySize: 128, timeout: Duration.seconds(3), environment: {} }).fn;
    const extraDlq = new Queue(built.data, 'extra-dlq', { enforceSSL: true });
    const extraQueue = new Queue(built.data, 'extra-queue', { enforceSSL: true, deadLetterQueue: { queue: extraDlq, maxReceiveCount: 3 } });
    const assembly = app.synth({ validateOnSynthesis: false });
    const data = Template.fromJSON(assembly.getStackArtifact(built.data.artifactId).template);
    expect(assembly).toBeDefined();
    const api = Template.fromJSON(assembly.getStackArtifact(built.api.artifactId).template);
    const monitoring = Template.fromStack(built.api.monitoring);
    expect(nestedAlarmsOn(api, monitoring, logicalId(extraFn)).map((a) => a.Properties.MetricName).sort()).toEqual(['Errors', 'Throttles']);
    expect(alarmsOn(data, logicalId(extraDlq)).map((a) => a.Properties.MetricName)).toEqual(['ApproximateNumberOfMessagesVisible']);
    expect(alarmsOn(data, logicalId(extraQueue)).map((a) => [a.Properties.MetricName, a.Properties.Threshold])).toEqual([['ApproximateAgeOfOldestMessage', 30]]);
  });
});

describe('ops subscribe through CDK context', () => {
  it('subscribes each -c alarmEmail address to the program\'s topic and the WAF stack\'s', () => {
    const { templates: withOps } = synthApp({ context: { alarmEmail: 'ops@example.com, oncall@example.com' } });
    for (const stack of ['data', 'waf'] as const) {
      // Only e-mail subscriptions: the e-mail events topic's one is the email-events queue's.
      const subscriptions = Object.values(resourcesOf(withOps[stack], 'AWS::SNS::Subscription')).filter((s) => s.Properties.Protocol !== 'sqs');
      expect(subscriptions.map((s) => [s.Properties.Protocol, s.Properties.Endpoint]).sort(), stack).toEqual([['email', 'oncall@example.com'], ['email', 'ops@example.com']]);
    }
    expect(Object.values(resourcesOf(templates.data, 'AWS::SNS::Subscription')).filter((s) => s.Properties.Protocol !== 'sqs')).toEqual([]);
  });

  it('refuses what is not an address, naming it', () => {
    const app = new App({ context: { alarmEmail: 'ops@example.com,not-an-address' } });
    expect(() => alarmEmails(app)).toThrow(/not-an-address/);
  });
});

describe('the dashboard', () => {
  it('shows the API, each route group, each job and event queue with its dead letters and worker, the table and SES', () => {
    const dashboards = Object.values(resourcesOf(templates.monitoring, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe(`audit-letter-${TEST_STAGE}`);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const group of API_GROUPS) expect(body, group).toContain(`\\"label\\":\\"${group}\\"`);
    for (const q of WORKER_QUEUES) {
      expect(body, q.name).toContain(nestedParams(templates.api, logicalId(stacks.api.workers[q.name].fn))[0]);
      expect(body, q.name).toContain(`\\"label\\":\\"${q.name}\\"`);
    }
    for (const metric of ['5XXError', 'Latency', 'ApproximateAgeOfOldestMessage', 'ThrottledRequests', 'Reputation.BounceRate', 'Complaint']) expect(body, metric).toContain(metric);
  });

  it('shows every metric the program records, in its namespace with the dimensions its lines carry (a line per dimension value)', () => {
    const [dashboard] = Object.values(resourcesOf(templates.monitoring, 'AWS::CloudWatch::Dashboard'));
    // The body is a Fn::Join of text and references (each inside a JSON string); the program's metrics are all text.
    const text = (dashboard!.Properties.DashboardBody['Fn::Join'][1] as unknown[]).map((part) => (typeof part === 'string' ? part : 'ref')).join('');
    const widgets = (JSON.parse(text) as { widgets: { properties: { metrics?: unknown[][] } }[] }).widgets;
    const ours = widgets.flatMap((w) => w.properties.metrics ?? []).filter((m) => m[0] === METRICS_NAMESPACE);
    const shown = ours.map((m) => {
      const fields = m.slice(2, -1) as string[];
      return [m[1], Object.fromEntries(Array.from({ length: fields.length / 2 }, (_, i) => [fields[2 * i], fields[2 * i + 1]]))];
    });
    const expected = Object.entries(BUSINESS_METRICS).flatMap(([name, def]) => (def.dimension
      ? def.dimension.values.map((value) => [name, { service: PROGRAM_SERVICE, [def.dimension.name]: value }])
      : [[name, { service: PROGRAM_SERVICE }]]));
    expect(shown.sort()).toEqual(expected.sort());
    for (const m of ours) expect(m.at(-1), String(m[1])).toMatchObject({ stat: 'Sum' });
  });
});

describe('tracing', () => {
  it('traces every function of the program actively, with the role allowed to write its traces', () => {
    const functions = resourcesOf(templates.api, 'AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(API_GROUPS.length + WORKER_QUEUES.length + SCHEDULES.length);
    const policies = Object.values(resourcesOf(templates.api, 'AWS::IAM::Policy'));
    for (const [id, fn] of Object.entries(functions)) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const statements = policies.filter((p) => mentions(p.Properties.Roles, role)).flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]);
      expect(statements.flatMap((s) => s.Action), id).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
    }
  });
});
