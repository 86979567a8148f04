/** The API stack is driven by ROUTES, WORKER_QUEUES and SCHEDULES: a method per route, a function per group and queue (jobs' and events'), and per schedule with its rule. */
import { describe, expect, it } from 'vitest';
import { API_STAGE_NAME, API_THROTTLE, PUBLIC_SIGN_IN_THROTTLE, publicSignInRoutes } from '../../infra/api-stack';
import { WORKER_QUEUES } from '../../shared/jobs';
import { SCHEDULES } from '../../shared/schedules';
import { ENV } from '../../shared/resources';
import { API_GROUPS, ROUTES } from '../../shared/routes';
import { TEST_STAGE, TEST_VERSION, logicalId, mentions, resourcesOf, synthApp } from './synth';

const { stacks, templates } = synthApp();
const api = templates.api;
const resources = api.toJSON().Resources;
const functions = resourcesOf(api, 'AWS::Lambda::Function');

/** Full path of an AWS::ApiGateway::Resource, walking ParentId up to the root resource. */
function pathOf(resourceId: string): string {
  const props = resources[resourceId].Properties;
  const parent = props.ParentId.Ref ? pathOf(props.ParentId.Ref) : '';
  return `${parent}/${props.PathPart}`;
}

const methods = Object.values(resourcesOf(api, 'AWS::ApiGateway::Method')).map(({ Properties: p }) => ({
  key: `${p.HttpMethod} ${pathOf(p.ResourceId.Ref)}`,
  props: p,
}));

describe('routes', () => {
  it('has exactly one method per ROUTES entry and nothing else (no CORS preflights: one host)', () => {
    expect(methods.map((m) => m.key).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s is a Lambda proxy to its group function', (key, route) => {
    const method = methods.find((m) => m.key === key)!.props;
    expect(method.Integration.Type).toBe('AWS_PROXY');
    expect(method.Integration.IntegrationHttpMethod).toBe('POST');
    expect(mentions(method.Integration.Uri, `"${logicalId(stacks.api.apiFunctions[route.group].fn)}"`)).toBe(true);
    // Authorization is the Lambda's job (route table access and scope); see the cdk-nag acknowledgement.
    expect(method.AuthorizationType).toBe('NONE');
  });

  it('lets API Gateway invoke each API function through one permission, not two per method', () => {
    // The others are EventBridge's, one per schedule (below).
    const permissions = Object.values(resourcesOf(api, 'AWS::Lambda::Permission')).filter((p) => p.Properties.Principal === 'apigateway.amazonaws.com');
    expect(permissions).toHaveLength(API_GROUPS.length);
    expect(Object.values(resourcesOf(api, 'AWS::Lambda::Permission'))).toHaveLength(API_GROUPS.length + SCHEDULES.length);
    for (const group of API_GROUPS) {
      const fnId = logicalId(stacks.api.apiFunctions[group].fn);
      expect(permissions.filter((p) => mentions(p.Properties.FunctionName, `"${fnId}"`)), group).toHaveLength(1);
    }
  });

  it('answers an unknown route with a JSON 404 that is never cached', () => {
    api.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseParameters: { 'gatewayresponse.header.Cache-Control': "'no-store'" },
    });
  });
});

describe('stage', () => {
  const stage = Object.values(resourcesOf(api, 'AWS::ApiGateway::Stage'))[0]!.Properties;

  it('throttles every method and logs errors without request bodies', () => {
    expect(stage.StageName).toBe(API_STAGE_NAME);
    expect(stage.MethodSettings).toContainEqual(expect.objectContaining({
      HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit,
      LoggingLevel: 'ERROR', DataTraceEnabled: false,
    }));
  });

  it('holds the public portal sign-in to a lower ceiling of its own, and only it', () => {
    expect(publicSignInRoutes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/respond/sign-in']);
    // Method settings name the resource path with '/' escaped as '~1'.
    expect(stage.MethodSettings).toHaveLength(2);
    expect(stage.MethodSettings).toContainEqual(expect.objectContaining({
      HttpMethod: 'POST', ResourcePath: '/~1api~1respond~1sign-in',
      ThrottlingRateLimit: PUBLIC_SIGN_IN_THROTTLE.rateLimit, ThrottlingBurstLimit: PUBLIC_SIGN_IN_THROTTLE.burstLimit,
    }));
    expect(PUBLIC_SIGN_IN_THROTTLE.rateLimit).toBeLessThan(API_THROTTLE.rateLimit);
  });

  it('writes JSON access logs to a log group with a retention', () => {
    expect(JSON.parse(stage.AccessLogSetting.Format)).toHaveProperty('requestId');
    const [groupId] = Object.entries(resourcesOf(api, 'AWS::Logs::LogGroup'))
      .find(([id]) => mentions(stage.AccessLogSetting.DestinationArn, `"${id}"`))!;
    expect(resources[groupId].Properties.RetentionInDays).toBeGreaterThan(0);
  });
});

describe('functions', () => {
  it('has one function per API group, per worker queue and per schedule', () => {
    expect(Object.keys(functions)).toHaveLength(API_GROUPS.length + WORKER_QUEUES.length + SCHEDULES.length);
    for (const group of API_GROUPS) expect(functions[logicalId(stacks.api.apiFunctions[group].fn)]).toBeDefined();
    for (const def of WORKER_QUEUES) expect(functions[logicalId(stacks.api.workers[def.name].fn)]).toBeDefined();
    for (const def of SCHEDULES) expect(functions[logicalId(stacks.api.schedules[def.name].fn)]).toBeDefined();
  });

  it.each(SCHEDULES.map((def) => [def.name, def] as const))('schedule %s is started once a day by its EventBridge rule, retried, with its timeout', (name, def) => {
    const fnId = logicalId(stacks.api.schedules[name].fn);
    expect(functions[fnId]!.Properties.Timeout).toBe(def.timeoutSeconds);
    const rules = Object.values(resourcesOf(api, 'AWS::Events::Rule')).filter((r) => mentions(r.Properties.Targets, fnId));
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe(`cron(${def.minuteUtc} ${def.hourUtc} * * ? *)`);
    expect(rules[0]!.Properties.State ?? 'ENABLED').toBe('ENABLED');
    expect(rules[0]!.Properties.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2 });
    // EventBridge may invoke it, and nothing else is allowed to.
    const permissions = Object.values(resourcesOf(api, 'AWS::Lambda::Permission')).filter((p) => mentions(p.Properties.FunctionName, fnId));
    expect(permissions.map((p) => p.Properties.Principal)).toEqual(['events.amazonaws.com']);
  });

  it.each(Object.entries(functions))('%s runs current Node on ARM with JSON logs, retention and the shared env', (_id, fn) => {
    const p = fn.Properties;
    expect(p.Runtime).toMatch(/^nodejs(2[2-9]|[3-9]\d)\.x$/);
    expect(p.Architectures).toEqual(['arm64']);
    expect(p.Handler).toBe('index.handler');
    expect(p.LoggingConfig.LogFormat).toBe('JSON');
    expect(resources[p.LoggingConfig.LogGroup.Ref].Properties.RetentionInDays).toBeGreaterThan(0);
    expect(p.Environment.Variables).toMatchObject({
      [ENV.version]: TEST_VERSION, [ENV.stage]: TEST_STAGE, POWERTOOLS_SERVICE_NAME: expect.any(String), POWERTOOLS_LOG_LEVEL: 'INFO',
    });
    expect(p.Environment.Variables[ENV.table]).toBeDefined();
  });

  it('gives API functions a timeout within API Gateway\'s 29 s', () => {
    for (const group of API_GROUPS) expect(functions[logicalId(stacks.api.apiFunctions[group].fn)]!.Properties.Timeout).toBeLessThanOrEqual(29);
  });

  it.each(WORKER_QUEUES.map((def) => [def.name, def] as const))('worker %s is fed by its queue with partial batch responses', (name, def) => {
    const workerId = logicalId(stacks.api.workers[name].fn);
    expect(functions[workerId]!.Properties.Timeout).toBe(def.workerTimeoutSeconds);
    const mappings = Object.values(resourcesOf(api, 'AWS::Lambda::EventSourceMapping')).filter((m) => m.Properties.FunctionName.Ref === workerId);
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({ BatchSize: def.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(mentions(mappings[0]!.Properties.EventSourceArn, logicalId(stacks.data.queues[name]))).toBe(true);
    // The V8 flags the bench measured the worker with (tests/bench/imports.ts), or none.
    expect(functions[workerId]!.Properties.Environment.Variables.NODE_OPTIONS).toBe(def.workerNodeOptions);
  });
});

describe('template size', () => {
  // The API stack holds 405 with the daily schedule's function and rule (issue 27: six resources); the next
  // large addition goes into a nested stack, as the alarms and dashboard did (docs/decisions.md "Alarms").
  it.each(Object.entries(templates))('%s stays well under CloudFormation\'s 500 resources', (_name, template) => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(420);
  });
});
